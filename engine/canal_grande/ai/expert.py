"""The Canal Grande ``expert`` level: ISMCTS (:mod:`engine.ai.ismcts`) over the strong level's
candidates, the heuristics as priors and play-out policy. Every iteration imagines a world from
the seat's view (:func:`engine.canal_grande.determinize`)."""

from __future__ import annotations

import random

from engine.ai.ismcts import ExpertMixin
from engine.canal_grande.ai.strong import CgStrongAi
from engine.canal_grande.state import CanalGrandeState

#: seconds per hardest decision; with the strong level's shares and a hard stop 0.3 s later its
#: p95 stays under 2 s (less than the other games' 1.5 s: its play-outs of 4 turns are long, and
#: on a loaded machine the last one ran past 2 s)
EXPERT_BUDGET = 1.3
#: turns played out after the current one (the strong level's: 2). At the counts the budgets buy
#: on an idle machine (strong 490 play-outs, docs/ai.md) 4 turns won 5 of 8 games against strong
#: at its own count (1,210) and 13 of 24 at 940; in the seconds of those 940, 6 turns won 5 of
#: 12 and 2 turns (more play-outs) 3 of 5; at the counts of a loaded machine (strong 45) 6 turns
#: had won 10 of 12
EXPERT_HORIZON = 4
#: a tree over the seat's later decisions did not help here: the root's race alone (flat)
EXPERT_DEPTH = 1


class CgExpertAi(ExpertMixin[CanalGrandeState], CgStrongAi):
    """The ``expert`` AI level."""

    level = "expert"

    #: the seat's own decisions searched per play-out, the root's included
    max_depth = EXPERT_DEPTH

    def __init__(
        self,
        budget_s: float = EXPERT_BUDGET,
        playouts: int | None = None,
        horizon_turns: int = EXPERT_HORIZON,
    ) -> None:
        super().__init__(budget_s=budget_s, playouts=playouts, horizon_turns=horizon_turns)

    def reseed(self, world: CanalGrandeState, seed: int) -> None:
        world.rng.state = seed

    def tree_options(self, world: CanalGrandeState, seat: int) -> list[str] | None:
        if world.over:
            return None
        d = world.pending()
        if d is None or d.seat != seat:
            return None
        options = list(d.options)
        if len(options) <= 1:
            return options
        return self.candidates(world, seat, options, d.kind)

    def apply_own(self, world: CanalGrandeState, seat: int, command: str) -> None:
        world.apply(seat, command)

    def leaf_value(
        self, world: CanalGrandeState, root: CanalGrandeState, seat: int, rng: random.Random
    ) -> float:
        return self.finish(world, root, seat, rng)

    def is_over(self, world: CanalGrandeState) -> bool:
        return world.over

    def copy(self, world: CanalGrandeState) -> CanalGrandeState:
        return world.clone()
