"""AI levels for Canal Grande: ``random``, ``greedy`` (heuristics on one imagined world) and
``strong`` (determinized Monte-Carlo search on a time budget). All see only the seat's
``player_view`` and the pending Decision."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.base import AiPlayer, level_player

#: The AI levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "strong", "expert")


def ai_classes() -> dict[str, Callable[..., AiPlayer]]:
    """Each level's class (the strong one takes ``budget_s=``), imported when first needed."""
    from engine.canal_grande.ai.expert import CgExpertAi
    from engine.canal_grande.ai.greedy import CgGreedyAi, CgRandomAi
    from engine.canal_grande.ai.strong import CgStrongAi

    return {
        "random": CgRandomAi,
        "greedy": CgGreedyAi,
        "strong": CgStrongAi,
        "expert": CgExpertAi,
    }


def get_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    """A new Canal Grande AI of ``level`` (one per seat and game); ``strong@0.3`` or
    ``budget_s`` sets the strong level's seconds per decision."""
    return level_player(level, budget_s, "Canal Grande", ai_classes())  # not for players


__all__ = ["LEVELS", "ai_classes", "get_ai"]
