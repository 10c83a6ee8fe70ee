"""The Amsterdam ``expert`` level: ISMCTS (:mod:`engine.ai.ismcts`) over the strong level's
candidates, the greedy heuristics as priors and play-out policy. Every iteration imagines a
world from the seat's view (:func:`engine.amsterdam.determinize`: the other hand, the deck
orders, the other's sealed answer if given, the RNG). The sealed choices are simultaneous
(AM-4.2): in an imagined world the other seat chooses greedily from its own hand without seeing
the searching seat's sealed card, as in MO-ISMCTS."""

from __future__ import annotations

import random

from engine.ai.ismcts import ExpertMixin
from engine.amsterdam.ai.strong import AmStrongAi
from engine.amsterdam.state import AmsterdamState

#: seconds per hardest decision; with the strong level's shares and a hard stop 0.3 s later its
#: p95 stays under 2 s
EXPERT_BUDGET = 1.5
#: rounds played out after the current one (the strong level's: 1)
EXPERT_HORIZON = 1
EXPERT_DEPTH = 3


class AmExpertAi(ExpertMixin[AmsterdamState], AmStrongAi):
    """The ``expert`` AI level."""

    level = "expert"

    #: the seat's own decisions searched per play-out, the root's included
    max_depth = EXPERT_DEPTH

    def __init__(
        self,
        budget_s: float = EXPERT_BUDGET,
        playouts: int | None = None,
        horizon_rounds: int = EXPERT_HORIZON,
    ) -> None:
        super().__init__(budget_s=budget_s, playouts=playouts, horizon_rounds=horizon_rounds)
        self._rng = random.Random(0)

    def tree_options(self, world: AmsterdamState, seat: int) -> list[str] | None:
        if world.over:
            return None
        d = world.decision_for(seat)
        if d is None:
            return None
        options = list(d.options)
        if len(options) <= 1:
            return options
        return self.candidates(world, seat, d.kind, options, self._rng)

    def apply_own(self, world: AmsterdamState, seat: int, command: str) -> None:
        world.apply(seat, command)

    def leaf_value(
        self, world: AmsterdamState, root: AmsterdamState, seat: int, rng: random.Random
    ) -> float:
        return self.finish(world, root, seat, rng)

    def reseed(self, world: AmsterdamState, seed: int) -> None:
        world.rng.state = seed

    def is_over(self, world: AmsterdamState) -> bool:
        return world.over

    def copy(self, world: AmsterdamState) -> AmsterdamState:
        return world.clone()
