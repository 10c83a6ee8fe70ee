"""AI levels for Amsterdam: ``random`` (baseline), ``greedy`` (one ply on the public port
rebuilt from the view) and ``strong`` (determinized Monte-Carlo search on a time budget). All
see only the seat's ``player_view`` and the pending Decision."""

from __future__ import annotations

from engine.ai.base import AiPlayer, level_player

#: The AI levels, weakest first, and their classes.
AI_CLASSES = {
    "random": "engine.amsterdam.ai.greedy:RandomAi",
    "greedy": "engine.amsterdam.ai.greedy:GreedyAi",
    "strong": "engine.amsterdam.ai.strong:AmStrongAi",
}
LEVELS: tuple[str, ...] = tuple(AI_CLASSES)


def get_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    """A new Amsterdam AI of ``level`` (one per seat and game); ``strong@0.3`` or ``budget_s``
    sets the strong level's seconds per decision (default 1 s)."""
    return level_player(level, budget_s, "Amsterdam", AI_CLASSES)


__all__ = ["AI_CLASSES", "LEVELS", "get_ai"]
