"""AI players for Venezia: a registry of levels.

Levels, weakest first: ``random`` (baseline), ``greedy`` (one-ply heuristics on one imagined
world) and ``strong`` (Monte-Carlo search over many imagined worlds with a wall-clock budget).

Every AI is an :class:`~engine.ai.base.AiPlayer`: ``ai.choose(view, decision, rng)`` where
``view`` is the deciding seat's ``state.player_view(seat)``; it returns one of
``view["me"]["options"]`` (gold exchanges only when that seat is the active player). An AI object
may remember things between decisions of its seat, so use one object per seat and game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ai.base import AiPlayer
from engine.core import Decision
from engine.venezia.state import VeneziaState

Policy = Callable[[VeneziaState, Decision], str]

LEVELS: tuple[str, ...] = ("random", "greedy", "strong")


def get_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    """A new AI player of ``level`` (one per seat and game).

    ``budget_s``: the ``strong`` level's wall-clock budget per decision (default 1 s); the level
    name ``strong@0.3`` sets it too.
    """
    key = level.strip().casefold()
    if key == "random":
        from engine.ai.random_ai import RandomAi

        return RandomAi()
    if key == "greedy":
        from engine.ai.greedy import GreedyAi

        return GreedyAi()
    if key == "strong" or key.startswith("strong@"):
        from engine.ai.strong import StrongAi

        if key.startswith("strong@"):
            budget_s = float(key.partition("@")[2])
        return StrongAi() if budget_s is None else StrongAi(budget_s=budget_s)
    raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")


def policy_factory(level: str, budget_s: float | None = None) -> Callable[[random.Random], Policy]:
    """For self-play: ``policy_factory(level)(rng)`` is a Policy ``(state, decision) -> str``.

    The policy hands the AI only ``state.player_view(decision.seat)`` (never the state), so a
    self-play game exercises exactly what a table seat sees.
    """
    get_ai(level, budget_s)  # fail early on an unknown level

    def make(rng: random.Random) -> Policy:
        ai = get_ai(level, budget_s)

        def policy(state: VeneziaState, decision: Decision) -> str:
            return ai.choose(state.player_view(decision.seat), decision, rng)

        return policy

    return make


__all__ = ["LEVELS", "AiPlayer", "Policy", "get_ai", "policy_factory"]
