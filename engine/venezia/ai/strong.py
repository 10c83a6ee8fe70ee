"""The ``strong`` level: Monte-Carlo search over imagined worlds, within a wall-clock budget.

Determinized flat Monte-Carlo with racing:

1. The greedy heuristics rank the options on one imagined world; the best few are candidates
   (all of them when there are few).
2. Worlds are sampled from the seat's own view (:func:`~engine.venezia.determinize.determinize`:
   other hands, deck order and token values drawn consistently with what the seat has seen; it
   never reads hidden information). Every candidate is played out on the *same* worlds with the
   same random numbers (common random numbers), so candidates are compared pairwise, not against
   the luck of the draw.
3. A play-out applies the candidate, then lets the greedy policy play every seat of the imagined
   world until a horizon (by default until the seat's next turn is over), and scores the result
   with the greedy evaluation (position, gold at its expectation, potential of cards in front and
   in hand, relative to the opponents; a finished game by its result).
4. Candidates whose paired difference to the leader is clearly negative are dropped; when the
   budget is spent, the candidate with the best mean over the worlds all survivors share wins.

A decision with a single option is answered at once; cheap decisions get a share of the budget.
"""

from __future__ import annotations

import random
import time

from engine.ai.racing import STRONG_BUDGET, WorldSearchAi
from engine.core import JSON, Decision
from engine.venezia.ai.greedy import (
    DEFAULT_WEIGHTS,
    Evaluator,
    GreedyPlayer,
    Weights,
    no_stall,
)
from engine.venezia.ai.options import GameMemory, legal_options, split_options
from engine.venezia.determinize import determinize
from engine.venezia.state import VeneziaState

# Share of the budget per decision kind, and how many options the search considers.
BUDGET_SHARE = {
    "play": 1.0,
    "build": 0.6,
    "place": 0.6,
    "district": 0.3,
    "exchange_window": 0.4,
    "discard": 0.4,
    "drain": 0.35,
    "draw": 0.7,
    "take": 0.5,
    "flip_end": 0.5,
}
CANDIDATES = {"play": 6, "place": 5, "drain": 4, "draw": 6, "take": 5}
DEFAULT_CANDIDATES = 6
MAX_ROLLOUT_DECISIONS = 600
#: a play-out's flip is judged on one card type drawn by its odds, not on every type
ROLLOUT_FLIP_SAMPLES = 1


def might_end_by_exchange(state: VeneziaState, seat: int) -> bool:
    """Whether the seat's gold could take its gondola to the end of the track now."""
    gold = state.gold(seat)
    if gold < 5 or state.end_triggered:
        return False
    return state.destination(seat, gold // 5) >= state.comp.track_end


class StrongAi(WorldSearchAi[VeneziaState]):
    """The ``strong`` AI level. ``budget_s``: wall-clock seconds for the hardest decisions."""

    level = "strong"
    #: candidates raced beyond ``CANDIDATES`` (the expert, with more time, may race more)
    extra_candidates: int = 0

    def __init__(
        self,
        budget_s: float = STRONG_BUDGET,
        horizon: int = 1,
        weights: Weights = DEFAULT_WEIGHTS,
        rollout_weights: Weights = DEFAULT_WEIGHTS,
        min_worlds: int = 2,
        max_worlds: int | None = None,
        playouts: int | None = None,
        max_candidates: int | None = None,
    ) -> None:
        self.budget_s = float(budget_s)
        self.horizon = int(horizon)  # own turns played out after the current one
        self.weights = weights
        self.ranker = GreedyPlayer(weights)
        self.rollout = GreedyPlayer(rollout_weights, flip_samples=ROLLOUT_FLIP_SAMPLES)
        self.min_worlds = min_worlds
        self.playouts = playouts  # play-outs per decision instead of the clock
        self.max_worlds = max_worlds  # a cap (tests use it to make the search reproducible)
        self.max_candidates = max_candidates
        self.memory = GameMemory()
        self.last_stats: dict[str, object] = {}

    # -- the AiPlayer interface ---------------------------------------------------------------
    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        return self._choose(view, decision, rng)

    def _choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        start = time.perf_counter()
        options = legal_options(view, decision)
        self.memory.observe(view)
        choices, exchanges = split_options(options)
        if len(choices) == 1 and not exchanges:
            return choices[0]
        seat = decision.seat
        world = self.imagine(view, rng)
        command: str | None = None
        if exchanges and seat == world.active:
            command = self.ranker.exchange_choice(world, seat, exchanges)
        if command is None:
            choices = no_stall(world, seat, choices) if choices else choices
            if not choices:
                command = exchanges[0]
            elif len(choices) == 1:
                command = choices[0]
            else:
                kind = decision.kind
                if kind == "exchange_window":
                    choices = choices + exchanges
                scored = self.ranker.scores(world, seat, choices, kind)
                scored.sort(key=lambda x: -x[0])
                k = CANDIDATES.get(kind, DEFAULT_CANDIDATES) + self.extra_candidates
                if self.max_candidates is not None:
                    k = min(k, self.max_candidates)
                cands = [o for _, o in scored[:k]]
                if len(cands) == 1:
                    command = cands[0]
                else:
                    self.share = BUDGET_SHARE.get(kind, 0.5)
                    deadline, hard = self.clock_limits(start, self.share)
                    command = self.search(view, world, seat, cands, rng, deadline, hard).leader
        if command not in options:  # defensive: never answer something illegal
            command = choices[0] if choices else options[0]
        self.memory.record(command)
        return command

    # -- search -------------------------------------------------------------------------------
    def imagine(self, view: JSON, rng: random.Random) -> VeneziaState:
        return determinize(view, rng, self.memory.spent)

    def playout(self, world: VeneziaState, seat: int, command: str, seed: int) -> float:
        """Apply ``command`` on a copy of the world, play on greedily, evaluate for ``seat``."""
        rng = random.Random(seed)
        sim = world.clone()
        sim.play_option(sim.active if command.startswith("exchange") else seat, command)
        return self.finish(sim, world, seat, rng)

    def policy_step(self, sim: VeneziaState, rng: random.Random) -> None:
        """One decision of whoever decides in ``sim``, made by the play-out policy."""
        d = sim.pending()
        assert d is not None
        self.playout_decisions += 1
        options = list(d.options)
        if d.seat == sim.active and might_end_by_exchange(sim, d.seat):
            options = sim.legal_commands(d.seat)  # the only exchange greedy makes
        c = self.rollout.decide(sim, d.seat, rng, options)
        sim.play_option(sim.active if c.startswith("exchange") else d.seat, c)

    def finish(
        self, sim: VeneziaState, world: VeneziaState, seat: int, rng: random.Random
    ) -> float:
        """``sim`` played on greedily to the horizon counted from ``world``, valued for
        ``seat`` (relative to ``world``)."""
        # play on until the seat's next turn starts (horizon 0) or until ``horizon`` more of
        # its own turns are over
        root_mine = world.active == seat
        left_me = 0  # how often the turn passed from the seat to the next player
        last_active = sim.active
        horizon = self.horizon
        for _ in range(MAX_ROLLOUT_DECISIONS):
            if sim.over:
                break
            if sim.active != last_active:
                if last_active == seat:
                    left_me += 1
                last_active = sim.active
                if horizon == 0:
                    if sim.active == seat and (left_me or not root_mine):
                        break
                elif left_me - root_mine >= horizon:
                    break
            self.policy_step(sim, rng)
        return Evaluator(world, seat, self.weights).value(sim)
