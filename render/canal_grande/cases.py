"""Canal Grande's golden images and render bench case (see :mod:`render.common.cases`).

The goldens (``tests/golden/canal_grande/``, kinds ``cg_board`` / ``cg_hand`` / ``cg_end``):
a vote under way, offers to choose from, a divide with odd names, the hand of the player
deciding the vote, the end of a game. The bench times the 2-player table with a vote in
progress, its hand and end images (p50 <= 10 ms, PNG <= 150 KB each).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.canal_grande import CanalGrandeState
from engine.core import JSON
from render.canal_grande.regions import clear_cache
from render.common.cases import BenchCase, GoldenCases, RenderCases, play_random


def _play(players: list[str], seed: int, until: Callable[[Any], bool]) -> Any:
    return play_random(CanalGrandeState.new(players, seed=seed), seed, until)


def _vote_under_way(state: Any) -> bool:
    v = state.public_view()
    vote = v["vote"]
    return bool(
        v["phase"] == "place"
        and state.turn >= 5
        and min(vote["votes"]) > 0
        and any(p[1] for side in vote["placed"] for p in side)
        and any(p["doges_waiting"] for p in v["players"])
    )


def canonical_views() -> dict[str, tuple[str, JSON]]:
    """name -> (kind, view) of the golden images, from seeded games."""
    vote = _play(["Giulia", "青熊"], 4, _vote_under_way)
    choose = _play(["Zoë", "Kōji"], 9, lambda s: s.turn >= 3 and s.phase == "choose")
    odd = _play(
        ["Maximilian-Alexander von Habsburg-Lothringen 🦁🦁", "さくら🌸"],  # not for players
        7,
        lambda s: s.turn >= 4 and s.phase == "divide",
    )
    end = _play(["Émile", "Sára"], 3, lambda s: False)
    return {
        "board_vote": ("cg_board", vote.public_view()),
        "board_choose": ("cg_board", choose.public_view()),
        "board_odd_names": ("cg_board", odd.public_view()),
        "hand_vote": ("cg_hand", vote.player_view(vote.pending().seat)),
        "end": ("cg_end", end.public_view()),
    }


def mid_game_state(seed: int, turns: int) -> Any:
    """A 2-player game of seeded random moves until ``turns`` turns have begun and a vote is
    under way (the fullest table)."""

    def placing(s: CanalGrandeState) -> bool:
        d = s.pending()
        return s.turn >= turns and d is not None and d.kind == "place"

    return play_random(CanalGrandeState.new(["Anna", "青熊"], seed=seed), seed, placing)


CASES = RenderCases(
    goldens=GoldenCases(
        kinds={"cg_board": "board", "cg_hand": "hand", "cg_end": "end"},
        names=("board_vote", "board_choose", "board_odd_names", "hand_vote", "end"),
        views=canonical_views,
        docs={
            "canal_grande_table": "board_vote",
            "canal_grande_hand": "hand_vote",
            "canal_grande_end": "end",
        },
    ),
    bench=BenchCase(
        what="Canal Grande, 2 players, vote in progress",  # not for players
        default_turns=6,
        build=lambda seed, turns, _variant: mid_game_state(seed, turns),
        kinds=("board", "hand", "end"),
        target_ms=10.0,
        target_bytes=150_000,
        clear_regions=clear_cache,
    ),
)
