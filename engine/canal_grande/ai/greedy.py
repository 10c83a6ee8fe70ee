"""The Canal Grande ``greedy`` and ``random`` levels: they see only the seat's player view."""

from __future__ import annotations

import random

from engine.canal_grande.ai.heuristics import DEFAULT, HeuristicPolicy, Weights
from engine.canal_grande.determinize import determinize
from engine.core import JSON, Decision


def view_options(view: JSON, decision: Decision) -> list[str]:
    me = view.get("me") or {}
    if int(me.get("seat", -1)) != decision.seat:
        raise ValueError(
            f"the view is seat {me.get('seat')}'s but the decision is seat "  # not for players
            f"{decision.seat}'s"
        )
    options: list[str] = list(me.get("options") or decision.options)
    if not options:
        raise ValueError(
            f"no legal command for seat {decision.seat} ({decision.prompt})"  # not for players
        )
    return options


class CgRandomAi:
    """Uniform over the decision's options."""

    level = "random"

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        return rng.choice(view_options(view, decision))


class CgGreedyAi:
    """One-ply heuristics on one imagined world (they read only what the seat may know)."""

    level = "greedy"

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.policy = HeuristicPolicy(weights)

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        options = view_options(view, decision)
        if len(options) == 1:
            return options[0]
        world = determinize(view, rng)
        command = self.policy.decide(world, decision.seat, options)
        return command if command in options else options[0]
