"""Fixed positions for AI benchmarks and golden tests: every third decision with a choice of
greedy games drawn from one seed, so a benchmark or a golden measures the same work on every
run and every commit."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.ai import get_ai
from engine.core import JSON, Decision
from engine.selfplay import selfplay_game

__all__ = ["greedy_positions"]


def greedy_positions(
    game: str,
    players: int,
    count: int,
    seed: int,
    options: Mapping[str, str] | None = None,
) -> list[tuple[JSON, Decision]]:
    """``count`` (view, decision) pairs from greedy games seeded from ``seed``."""
    kind = selfplay_game(game, options)
    out: list[tuple[JSON, Decision]] = []
    rng = random.Random(seed)
    while len(out) < count:
        game_seed = rng.getrandbits(48)
        state = kind.new([f"P{i + 1}" for i in range(players)], game_seed)
        ais = [get_ai("greedy", game=game) for _ in range(players)]
        arng = random.Random(game_seed)
        n = 0
        while not state.is_over and len(out) < count:
            d = state.pending()
            assert d is not None
            view = state.player_view(d.seat)
            if len(d.options) > 1:
                n += 1
                if n % 3 == 0:
                    out.append((view, d))
            command = ais[d.seat].choose(view, d, arng)
            state.apply(kind.command_seat(state, d, command), command)
    return out
