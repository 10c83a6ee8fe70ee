"""High Card's golden cases and render bench case: what a new game declares (next to its image
functions) so that ``render.golden`` and ``canalside bench render`` know it, with no edit in a
shared module (see :mod:`render.common.cases`)."""

from __future__ import annotations

from engine.core import JSON
from render.common.cases import BenchCase, GoldenCases, RenderCases, play_random
from tests.fourth_game.rules import GAME, HighCardState


def _game(seed: int, rounds: int) -> HighCardState:
    """Seeded random play until ``rounds`` rounds were played (or the end)."""
    state = GAME.new_state(["Ada", "さくら"], seed)
    return play_random(state, seed, lambda s: s.turn >= rounds)


def canonical_views() -> dict[str, tuple[str, JSON]]:
    mid = _game(1, 4)
    end = _game(2, 99)
    return {
        "board_mid": ("hc_board", mid.public_view()),
        "hand_mid": ("hc_hand", mid.player_view(0)),
        "end": ("hc_end", end.public_view()),
    }


CASES = RenderCases(
    goldens=GoldenCases(
        kinds={"hc_board": "board", "hc_hand": "hand", "hc_end": "end"},
        names=("board_mid", "hand_mid", "end"),
        views=canonical_views,
    ),
    bench=BenchCase(
        what="High Card, 2 players",  # not for players
        default_turns=4,
        build=lambda seed, turns, _variant: _game(seed, turns),
        kinds=("board", "hand", "end"),
        target_ms=5.0,
        target_bytes=20_000,
    ),
)
