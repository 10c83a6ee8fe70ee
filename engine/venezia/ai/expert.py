"""The Venezia ``expert`` level: ISMCTS (:mod:`engine.ai.ismcts`) over the strong level's
candidates, the greedy heuristics as priors and play-out policy. It sees only the seat's view:
every iteration imagines a world with :func:`~engine.venezia.determinize.determinize`.

How it spends its 5 times strong's seconds (two players, docs/ai.md "Expert against strong"):
on more of the heuristics' candidates at the root (4 more than strong races), with strong's
horizon and trees 3 own decisions deep. A longer horizon (2 own turns, with or without trees:
a play-out costs 1.8-2.1 times as much) and the flat race with 5.7 times strong's play-outs
lost more games to strong on the same deals than the wider root did."""

from __future__ import annotations

import random

from engine.ai.ismcts import ExpertMixin
from engine.core import JSON, Decision
from engine.venezia.ai.greedy import no_stall
from engine.venezia.ai.strong import CANDIDATES, DEFAULT_CANDIDATES, StrongAi
from engine.venezia.state import VeneziaState

#: seconds per hardest decision; with the strong level's shares and a hard stop 0.3 s later its
#: p95 stays under 2 s
EXPERT_BUDGET = 1.5
#: own turns played out after the current one (the strong level's: 1; 2 did not help)
EXPERT_HORIZON = 1
#: the seat's own decisions searched per play-out, the root's included (1: flat did not help)
EXPERT_DEPTH = 3
#: candidates raced at the root beyond the strong level's (a card: 10 instead of 6) with two
#: players: choices strong never tries (the wider root won more of the screened games than a
#: longer horizon or the flat race, docs/ai.md). With more players a decision buys fewer
#: iterations (about 2/3) and the expert met its goal with strong's candidates; more were not
#: measured there, so it keeps those
EXPERT_EXTRA_CANDIDATES = 4


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

    def _choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        two_players = len(view.get("players", [])) == 2
        self.extra_candidates = EXPERT_EXTRA_CANDIDATES if two_players else 0
        return super()._choose(view, decision, rng)

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
