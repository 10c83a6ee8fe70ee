"""The Amsterdam ``strong`` level: Monte-Carlo search over imagined worlds, on a time budget.

Determinized flat Monte-Carlo with racing, as Venezia's and Canal Grande's strong levels do:

1. The greedy heuristics rank the options on one imagined world; the best few are candidates.
2. Worlds are sampled from the seat's own view (:func:`engine.amsterdam.determinize`: the
   other's hand, the deck orders below their visible tops, the other's sealed answer if he has
   given it, the RNG); cards it saw him draw (visible deck tops, remembered from view to view
   by :class:`~engine.amsterdam.determinize.HandMemory`) stay in his hand. Every candidate
   is played out on the *same* worlds with the same random numbers, so candidates are
   compared pairwise, not against the luck of the draw.
3. A play-out applies the candidate, lets the greedy policy play both seats (each reading only
   its own hand in the imagined world) until the round after the current one is over (or the
   game), and scores the result with the greedy evaluation; a finished game by its result.
4. Candidates clearly behind the leader (paired differences) are dropped; when the budget is
   spent the best mean wins if it beats the heuristics' favourite (the first candidate) by
   more than a standard error on their shared worlds, else the favourite stays.

The search sees only ``player_view(seat)`` and the Decision, never the state.
"""

from __future__ import annotations

import math
import random
import time

from engine.ai.racing import STRONG_BUDGET, WorldSearchAi
from engine.amsterdam.ai.greedy import (
    area_terms,
    evaluate,
    greedy_command,
    place_value,
    ship_values,
)
from engine.amsterdam.determinize import HandMemory, determinize
from engine.amsterdam.state import AmsterdamState
from engine.core import JSON, Decision

BUDGET_SHARE = {"choose": 1.0, "place": 0.7, "ship": 0.6, "remove": 0.4, "buy": 0.5}
CANDIDATES = {"choose": 7, "place": 6, "ship": 5, "remove": 4, "buy": 1}
# "buy": 1 — the search does not weigh buying a special card (it cost games: 9-2-9 with, 12-1-7
# without, same 20 seeds); the heuristics never buy.
MAX_ROLLOUT_DECISIONS = 200
WIN_BONUS = 100.0


def greedy_guess(world: AmsterdamState, seat: int, options: list[str], rng: random.Random) -> str:
    """The other seat's sealed answer, imagined: mostly what greedy would say, sometimes any."""
    if rng.random() < 0.25:
        return rng.choice(options)
    return greedy_command(world, seat, world.phase, options, rng)


class AmStrongAi(WorldSearchAi[AmsterdamState]):
    """The ``strong`` AI level. ``budget_s``: wall-clock seconds for the hardest decisions."""

    level = "strong"
    #: whether the search's pick stands without beating the heuristics' by a standard error
    trust_search = False

    def __init__(
        self,
        budget_s: float = STRONG_BUDGET,
        horizon_rounds: int = 1,
        min_worlds: int = 2,
        max_worlds: int | None = None,
        playouts: int | None = None,
    ) -> None:
        self.budget_s = float(budget_s)
        self.horizon = int(horizon_rounds)
        self.min_worlds = min_worlds
        self.playouts = playouts  # play-outs per decision instead of the clock
        self.max_worlds = max_worlds  # a cap (tests use it to make the search reproducible)
        self.last_stats: dict[str, object] = {}
        self.memory = HandMemory()
        self.known: set[int] = set()

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        start = time.perf_counter()
        self.known = self.memory.observe(view)
        options: list[str] = [str(o) for o in view["me"]["options"] or decision.options]
        if len(options) == 1:
            return options[0]
        seat = int(view["me"]["seat"])
        world = self.imagine(view, rng)
        cands = self.candidates(world, seat, decision.kind, options, rng)
        if len(cands) == 1:
            return cands[0]
        self.share = BUDGET_SHARE.get(decision.kind, 0.3)
        deadline, hard = self.clock_limits(start, self.share)
        outcome = self.search(view, world, seat, cands, rng, deadline, hard)
        # the best mean must beat the heuristics' favourite by more than noise
        leader = outcome.leader
        trusted = self.trust_search or clearly_better(leader, cands[0], outcome.results)
        command = leader if trusted else cands[0]
        return command if command in options else options[0]

    def candidates(
        self, world: AmsterdamState, seat: int, kind: str, options: list[str], rng: random.Random
    ) -> list[str]:
        """The options worth searching, best first by the greedy heuristics."""
        k = CANDIDATES.get(kind, len(options))
        if len(options) <= k:
            first = greedy_command(world, seat, kind, options, rng)
            return [first, *[o for o in options if o != first]]
        parse = world.layout.parse
        if kind == "place":
            card_id = world.revealed[seat]
            assert card_id is not None
            exact = area_terms(world, seat)
            scored = [
                (place_value(world, seat, card_id, parse(o.split()[1]) or 0, seat, exact=exact), o)
                for o in options
            ]
        elif kind == "ship":
            scored = ship_values(world, seat, options)
        else:  # choose with many cards, remove: keep the greedy pick and a random sample
            first = greedy_command(world, seat, kind, options, rng)
            rest = [o for o in options if o != first]
            rng.shuffle(rest)
            return [first, *rest[: k - 1]]
        scored.sort(key=lambda x: -x[0])
        out = [o for _, o in scored[:k]]
        if kind == "ship" and "ship stay" not in out:  # not for players
            out[-1] = "ship stay"  # not for players
        return out

    def imagine(self, view: JSON, rng: random.Random) -> AmsterdamState:
        return determinize(view, rng, greedy_guess, self.known)

    def playout(self, world: AmsterdamState, seat: int, command: str, seed: int) -> float:
        """Apply ``command`` on a copy of the world, play on greedily, evaluate for ``seat``."""
        sim = world.clone()
        rng = random.Random(seed)
        sim.rng.state = seed
        sim.apply(seat, command)
        return self.finish(sim, world, seat, rng)

    def policy_step(self, sim: AmsterdamState, rng: random.Random) -> None:
        """One decision (the first pending one) made greedily: each seat reads only its own
        hand and never the other's sealed answer."""
        d = sim.pending_all()[0]
        self.playout_decisions += 1
        sim.apply(d.seat, greedy_command(sim, d.seat, d.kind, list(d.options), rng))

    def finish(
        self, sim: AmsterdamState, world: AmsterdamState, seat: int, rng: random.Random
    ) -> float:
        """``sim`` played on greedily until the round after ``world``'s is over (or the
        game), valued for ``seat``."""
        stop_round = world.round + self.horizon
        for _ in range(MAX_ROLLOUT_DECISIONS):
            if sim.over or sim.round > stop_round:
                break
            self.policy_step(sim, rng)
        return value(sim, seat)


def value(st: AmsterdamState, seat: int) -> float:
    """The greedy evaluation, plus the result when the game is over."""
    score = evaluate(st, seat)
    if st.over:
        ranking = st.ranking()
        if len(ranking) > 1:
            score += WIN_BONUS if ranking[0] == [seat] else -WIN_BONUS
    return score


def clearly_better(challenger: str, favourite: str, results: dict[str, list[float]]) -> bool:
    """Whether ``challenger`` beats the heuristics' ``favourite`` by more than one standard
    error over the worlds both were played on: noise alone must not overrule the heuristics.
    A favourite already dropped by the race was clearly worse."""
    if challenger == favourite:
        return True
    k = min(len(results[challenger]), len(results[favourite]))
    if k < 2:
        return k == 0
    diffs = [a - b for a, b in zip(results[challenger][:k], results[favourite][:k], strict=True)]
    mean = sum(diffs) / k
    var = sum((x - mean) ** 2 for x in diffs) / (k - 1)
    return mean > math.sqrt(var / k)
