"""AI levels for Venezia: ``random`` (baseline, now and then a gold exchange), ``greedy``
(one-ply heuristics on one imagined world) and ``strong`` (determinized Monte-Carlo search on a
time budget). All see only the seat's ``player_view`` and the pending Decision."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.base import AiPlayer, level_player

#: The AI levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "strong", "expert")


def ai_classes() -> dict[str, Callable[..., AiPlayer]]:
    """Each level's class (the strong one takes ``budget_s=``), imported when first needed."""
    from engine.venezia.ai.expert import ExpertAi
    from engine.venezia.ai.greedy import GreedyAi
    from engine.venezia.ai.random_ai import RandomAi
    from engine.venezia.ai.strong import StrongAi

    return {
        "random": RandomAi,
        "greedy": GreedyAi,
        "strong": StrongAi,
        "expert": ExpertAi,
    }


def get_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    """A new Venezia AI of ``level`` (one per seat and game); ``strong@0.3`` or ``budget_s``
    sets the strong level's seconds per decision (default 0.3 s)."""
    return level_player(level, budget_s, "Venezia", ai_classes())


__all__ = ["LEVELS", "ai_classes", "get_ai"]
