"""AI levels for Canal Grande: ``random``, ``greedy`` (heuristics on one imagined world) and
``strong`` (determinized Monte-Carlo search on a time budget). All see only the seat's
``player_view`` and the pending Decision."""

from __future__ import annotations

from engine.ai.base import AiPlayer

LEVELS: tuple[str, ...] = ("random", "greedy", "strong")


def get_cg_ai(level: str, budget_s: float | None = None) -> AiPlayer:
    key = level.strip().casefold()
    if key == "random":
        from engine.ai.canal_grande.greedy import CgRandomAi

        return CgRandomAi()
    if key == "greedy":
        from engine.ai.canal_grande.greedy import CgGreedyAi

        return CgGreedyAi()
    if key == "strong" or key.startswith("strong@"):
        from engine.ai.canal_grande.strong import CgStrongAi

        if key.startswith("strong@"):
            budget_s = float(key.partition("@")[2])
        return CgStrongAi() if budget_s is None else CgStrongAi(budget_s=budget_s)
    raise ValueError(f"Canal Grande has no AI level {level!r}; levels: {', '.join(LEVELS)}")


__all__ = ["LEVELS", "get_cg_ai"]
