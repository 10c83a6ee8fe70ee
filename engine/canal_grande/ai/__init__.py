"""AI levels for Canal Grande: ``random``, ``greedy`` (heuristics on one imagined world) and
``strong`` (determinized Monte-Carlo search on a time budget). All see only the seat's
``player_view`` and the pending Decision."""

from __future__ import annotations

from engine.ai.base import AiPlayer, level_player

#: The AI levels, weakest first, and their classes.
AI_CLASSES = {
    "random": "engine.canal_grande.ai.greedy:CgRandomAi",
    "greedy": "engine.canal_grande.ai.greedy:CgGreedyAi",
    "strong": "engine.canal_grande.ai.strong:CgStrongAi",
}
LEVELS: tuple[str, ...] = tuple(AI_CLASSES)


def get_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    """A new Canal Grande AI of ``level`` (one per seat and game); ``strong@0.3`` or
    ``budget_s`` sets the strong level's seconds per decision."""
    return level_player(level, budget_s, "Canal Grande", AI_CLASSES)


__all__ = ["AI_CLASSES", "LEVELS", "get_ai"]
