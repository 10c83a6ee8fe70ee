"""Venezia's golden images and render bench case (see :mod:`render.common.cases`).

The goldens (``tests/golden/venezia/``, kinds ``board`` / ``hand`` / ``end``) come from seeded
games of random legal moves: a 5-player board mid-game and its decider's hand, a 2-player board
with an imaginary front while draining, the end of a 4-player game. The bench times the
mid-game 5-player board (p50 <= 25 ms, PNG <= 200 KB, width >= 1000 px).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import JSON
from engine.venezia import VeneziaState
from render.common.cases import BenchCase, GoldenCases, RenderCases, play_random
from render.venezia.board_regions import clear_region_cache

NAMES = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
TARGET_P50_MS = 25.0
TARGET_PNG_BYTES = 200_000
TARGET_WIDTH = 1000  # sharp when opened full size; its aspect suits Discord (render.common.display)


def mid_game_state(
    seed: int = 5, turns: int = 24, players: list[str] | None = None
) -> VeneziaState:
    """A game played with seeded random legal moves until ``turns`` turns have begun (or over)."""
    state = VeneziaState.new(list(players or NAMES), seed=seed)
    return play_random(state, seed, lambda s: s.turn >= turns)


def _play(players: list[str], seed: int, until: Callable[[Any], bool]) -> Any:
    return play_random(VeneziaState.new(players, seed=seed), seed, until, limit=5000)


def canonical_views() -> dict[str, tuple[str, JSON]]:
    """name -> (kind, view) of the golden images, from seeded games."""
    five = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
    mid = _play(five, 5, lambda s: s.turn >= 24 and s.pending().kind == "place")
    two = _play(
        ["Zoë", "Kōji"],
        11,
        lambda s: s.turn >= 14 and s.public_view()["imaginary"]["front"] and s.phase == "drain",
    )
    end = _play(["Émile", "Sára", "Tomás", "さくら"], 3, lambda s: False)
    decider = mid.pending().seat
    return {
        "board_5p_mid": ("board", mid.public_view()),
        "board_2p": ("board", two.public_view()),
        "hand_5p_mid": ("hand", mid.player_view(decider)),
        "end_4p": ("end", end.public_view()),
    }


CASES = RenderCases(
    goldens=GoldenCases(
        kinds={"board": "board", "hand": "hand", "end": "end"},
        names=("board_5p_mid", "board_2p", "hand_5p_mid", "end_4p"),
        views=canonical_views,
        docs={"sample_board": "board_5p_mid", "sample_hand": "hand_5p_mid", "sample_end": "end_4p"},
    ),
    bench=BenchCase(
        what="mid-game 5-player board",  # not for players
        default_turns=24,
        build=lambda seed, turns, _variant: mid_game_state(seed, turns),
        kinds=("board",),
        target_ms=TARGET_P50_MS,
        target_bytes=TARGET_PNG_BYTES,
        target_width=TARGET_WIDTH,
        clear_regions=clear_region_cache,
        plain_kind="board",
    ),
)
