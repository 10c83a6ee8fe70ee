"""AI levels for Venezia: ``random`` (baseline, now and then a gold exchange), ``greedy``
(one-ply heuristics on one imagined world) and ``strong`` (determinized Monte-Carlo search on a
time budget). All see only the seat's ``player_view`` and the pending Decision."""

from __future__ import annotations

from engine.ai.base import AiPlayer, level_player

#: The AI levels, weakest first, and their classes.
AI_CLASSES = {
    "random": "engine.venezia.ai.random_ai:RandomAi",
    "greedy": "engine.venezia.ai.greedy:GreedyAi",
    "strong": "engine.venezia.ai.strong:StrongAi",
}
LEVELS: tuple[str, ...] = tuple(AI_CLASSES)


def get_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    """A new Venezia AI of ``level`` (one per seat and game); ``strong@0.3`` or ``budget_s``
    sets the strong level's seconds per decision (default 1 s)."""
    return level_player(level, budget_s, "Venezia", AI_CLASSES)


__all__ = ["AI_CLASSES", "LEVELS", "get_ai"]
