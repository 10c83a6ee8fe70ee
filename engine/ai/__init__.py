"""AI players: a registry of levels per game (Venezia by default, Canal Grande with
``game="canal_grande"``, Amsterdam with ``game="amsterdam"``).

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
from typing import Any

from engine.ai.base import AiPlayer
from engine.core import Decision

Policy = Callable[[Any, Decision], str]

LEVELS: tuple[str, ...] = ("random", "greedy", "strong")
#: levels per game name; a level a game lacks is an error, never a silent fallback
GAME_LEVELS: dict[str, tuple[str, ...]] = {
    "venezia": LEVELS,
    "canal_grande": ("random", "greedy", "strong"),
    "amsterdam": ("random", "greedy", "strong"),
}
GAME_ALIASES = {
    "canal": "canal_grande",
    "canalgrande": "canal_grande",
    "canal-grande": "canal_grande",
}


def ai_game(game: str) -> str:
    key = game.strip().casefold()
    key = GAME_ALIASES.get(key, key)
    if key not in GAME_LEVELS:
        raise ValueError(f"no AI for the game {game!r}; games: {', '.join(GAME_LEVELS)}")
    return key


def get_ai(level: str, budget_s: float | None = None, game: str = "venezia") -> AiPlayer:
    """A new AI player of ``level`` for ``game`` (one per seat and game).

    ``budget_s``: the ``strong`` level's wall-clock budget per decision (default 1 s); the level
    name ``strong@0.3`` sets it too. A level the game does not have raises ValueError.
    """
    if ai_game(game) == "canal_grande":
        from engine.ai.canal_grande import get_cg_ai

        return get_cg_ai(level, budget_s)
    if ai_game(game) == "amsterdam":
        from engine.amsterdam.ai import get_ai as get_am_ai

        return get_am_ai(level, budget_s)
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


def policy_factory(
    level: str, budget_s: float | None = None, game: str = "venezia"
) -> Callable[[random.Random], Policy]:
    """For self-play: ``policy_factory(level)(rng)`` is a Policy ``(state, decision) -> str``.

    The policy hands the AI only ``state.player_view(decision.seat)`` (never the state), so a
    self-play game exercises exactly what a table seat sees.
    """
    get_ai(level, budget_s, game)  # fail early on an unknown level

    def make(rng: random.Random) -> Policy:
        ai = get_ai(level, budget_s, game)

        def policy(state: Any, decision: Decision) -> str:
            return ai.choose(state.player_view(decision.seat), decision, rng)

        return policy

    return make


__all__ = ["GAME_LEVELS", "LEVELS", "AiPlayer", "Policy", "ai_game", "get_ai", "policy_factory"]
