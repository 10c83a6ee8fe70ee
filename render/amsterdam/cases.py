"""Amsterdam's golden images and render bench case (see :mod:`render.common.cases`).

The goldens (``tests/golden/amsterdam/``, kinds ``am_board`` / ``am_hand`` / ``am_end``): a
base-game placement with the legal cells, a sealed choice half answered (and the hand of the
seat that answered), Canale Grande and Gomoku harbours, a special-cards game, the end of a
base game, of a Canale Grande game (every area scored, AM-G31) and of a Gomoku game won by three
areas in a row (AM-V6.4, highlighted). The bench times the 2-player harbour with a placement
pending, its hand and end images (p50 <= 10 ms, PNG <= 150 KB each), in any variant.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai import policy_factory
from engine.amsterdam import GAME
from engine.amsterdam.ai.greedy import RandomAi
from engine.core import JSON
from engine.registry import registration
from render.amsterdam.regions import clear_cache
from render.common.cases import BenchCase, GoldenCases, RenderCases, play_random


def play(players: list[str], seed: int, variant: str, until: Callable[[Any], bool]) -> Any:
    """A game of seeded random legal moves in ``variant`` until ``until(state)`` (or its end)."""
    return play_random(GAME.new_state(players, seed, {"variant": variant}), seed, until)


def _play_greedy(players: list[str], seed: int, variant: str) -> Any:
    """A greedy-vs-greedy game to its end (random play almost never makes Gomoku's row)."""
    state = GAME.new_state(players, seed, {"variant": variant})
    factory = policy_factory("greedy", game="amsterdam")
    policies = [factory(random.Random(seed + i)) for i in range(2)]
    for _ in range(20000):
        if state.is_over:
            break
        d = state.pending()
        assert d is not None
        state.apply(d.seat, policies[d.seat](state, d))
    return state


def _placing(state: Any, rounds: int) -> bool:
    d = state.pending()
    return bool(state.round >= rounds and d is not None and d.kind == "place")


def _half_sealed(state: Any) -> bool:
    """A sealed choice with one answer in (the harbour shows only who has chosen)."""
    answered = [p["answered"] for p in state.public_view()["players"]]
    return bool(state.round >= 8 and state.phase == "choose" and sorted(answered) == [False, True])


def canonical_views() -> dict[str, tuple[str, JSON]]:
    """name -> (kind, view) of the golden images, from seeded games."""
    base = play(["Anna", "Ben"], 5, "base", lambda s: _placing(s, 14))
    sealed = play(["Zoë", "Kōji"], 9, "special_cards", _half_sealed)
    chosen = next(p["seat"] for p in sealed.public_view()["players"] if p["answered"])
    canale = play(["Giulia", "青熊"], 4, "canale_grande", lambda s: _placing(s, 16))
    gomoku = play(["Émile", "Sára"], 6, "gomoku", lambda s: _placing(s, 20))
    end = play(["Émile", "Sára"], 10, "base", lambda s: False)
    gomoku_end = _play_greedy(["Anna", "Ben"], 2, "gomoku")
    canale_end = play(["Anna", "Ben"], 3, "canale_grande", lambda s: False)
    return {
        "board_place": ("am_board", base.public_view()),
        "board_sealed": ("am_board", sealed.public_view()),
        "board_canale": ("am_board", canale.public_view()),
        "board_gomoku": ("am_board", gomoku.public_view()),
        "hand_sealed": ("am_hand", sealed.player_view(chosen)),
        "end": ("am_end", end.public_view()),
        "end_gomoku": ("am_end", gomoku_end.public_view()),
        "end_canale": ("am_end", canale_end.public_view()),
    }


def mid_game_state(seed: int, turns: int, variant: str = "base") -> Any:
    """A game of seeded random moves until round ``turns`` is under way, stopped at a placement
    when one comes (the legal cells are highlighted: the fullest harbour)."""
    state = GAME.new_state(["Anna", "青熊"], seed, {"variant": variant})
    rng = random.Random(seed)
    ai = RandomAi()
    while not state.is_over:
        d = state.pending()
        assert d is not None
        if state.round >= turns and d.kind == "place":
            break
        if state.round >= turns + 3:
            break
        state.apply(d.seat, ai.choose(state.player_view(d.seat), d, rng))
    return state


CASES = RenderCases(
    goldens=GoldenCases(
        kinds={"am_board": "board", "am_hand": "hand", "am_end": "end"},
        names=(
            "board_place",
            "board_sealed",
            "board_canale",
            "board_gomoku",
            "hand_sealed",
            "end",
            "end_gomoku",
            "end_canale",
        ),
        views=canonical_views,
        docs={
            "amsterdam_board": "board_place",
            "amsterdam_sealed": "board_sealed",
            "amsterdam_hand": "hand_sealed",
            "amsterdam_end": "end",
            "amsterdam_end_gomoku": "end_gomoku",
            "amsterdam_end_canale_grande": "end_canale",
            "amsterdam_gomoku": "board_gomoku",
            "amsterdam_canale_grande": "board_canale",
        },
    ),
    bench=BenchCase(
        what="Amsterdam, 2 players, a placement pending",  # not for players
        default_turns=14,
        build=lambda seed, turns, variant: mid_game_state(seed, turns, variant or "base"),
        kinds=("board", "hand", "end"),
        target_ms=10.0,
        target_bytes=150_000,
        clear_regions=clear_cache,
        variants=registration("amsterdam").option("variant").choices,
    ),
)
