"""The Venezia ``expert`` level: ISMCTS (:mod:`engine.ai.ismcts`) over the strong level's
candidates, the greedy heuristics as priors and play-out policy. It sees only the seat's view:
every iteration imagines a world with :func:`~engine.venezia.determinize.determinize`."""

from __future__ import annotations

import random

from engine.ai.ismcts import ExpertMixin
from engine.venezia.ai.greedy import no_stall
from engine.venezia.ai.strong import CANDIDATES, DEFAULT_CANDIDATES, StrongAi
from engine.venezia.state import VeneziaState

#: seconds per hardest decision; with the strong level's shares and a hard stop 0.3 s later its
#: p95 stays under 2 s
EXPERT_BUDGET = 1.5
#: own turns played out after the current one (the strong level's: 1)
EXPERT_HORIZON = 1
EXPERT_DEPTH = 3


class ExpertAi(ExpertMixin[VeneziaState], StrongAi):
    """The ``expert`` AI level."""

    level = "expert"

    #: the seat's own decisions searched per play-out (the rest of its turn: a card's building,
    #: placing, drawing after the card)
    max_depth = EXPERT_DEPTH
    #: the tree covers the seat's own turn only: the play-out's horizon stays the strong one's
    max_steps = 0

    def __init__(
        self,
        budget_s: float = EXPERT_BUDGET,
        playouts: int | None = None,
        horizon: int = EXPERT_HORIZON,
    ) -> None:
        super().__init__(budget_s=budget_s, playouts=playouts, horizon=horizon)

    def tree_options(self, world: VeneziaState, seat: int) -> list[str] | None:
        if world.over:
            return None
        d = world.pending()
        if d is None or d.seat != seat:
            return None
        choices = no_stall(world, seat, [o for o in d.options if not o.startswith("exchange")])
        if len(choices) <= 1:
            return choices or list(d.options)
        scored = self.ranker.scores(world, seat, choices, d.kind)
        scored.sort(key=lambda x: -x[0])
        return [o for _, o in scored[: CANDIDATES.get(d.kind, DEFAULT_CANDIDATES)]]

    def apply_own(self, world: VeneziaState, seat: int, command: str) -> None:
        world.apply(world.active if command.startswith("exchange") else seat, command)

    def leaf_value(
        self, world: VeneziaState, root: VeneziaState, seat: int, rng: random.Random
    ) -> float:
        return self.finish(world, root, seat, rng)

    def is_over(self, world: VeneziaState) -> bool:
        return world.over

    def copy(self, world: VeneziaState) -> VeneziaState:
        return world.clone()
