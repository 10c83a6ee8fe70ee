"""AI levels for Canal Grande: ``random``, ``greedy`` (heuristics on one imagined world) and
``strong`` (determinized Monte-Carlo search on a time budget). All see only the seat's
``player_view`` and the pending Decision."""

from __future__ import annotations

from engine.ai.base import AiPlayer, level_player

#: The AI levels, weakest first, and their classes.
AI_CLASSES = {
    "random": "engine.ai.canal_grande.greedy:CgRandomAi",
    "greedy": "engine.ai.canal_grande.greedy:CgGreedyAi",
    "strong": "engine.ai.canal_grande.strong:CgStrongAi",
}
LEVELS: tuple[str, ...] = tuple(AI_CLASSES)


def get_cg_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    return level_player(level, budget_s, "Canal Grande", AI_CLASSES)


__all__ = ["LEVELS", "get_cg_ai"]
