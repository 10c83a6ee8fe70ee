"""Racing candidate moves over shared imagined worlds: what every game's search AI shares."""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core import JSON

World = TypeVar("World")

#: the strong level's seconds for its hardest decisions (#28: a decision's p95 within 0.3 s)
STRONG_BUDGET = 0.3


def race(alive: list[str], results: dict[str, list[float]]) -> list[str]:
    """Drop candidates clearly worse than the leader (paired over shared worlds): a candidate
    stays while the leader's advantage is within two standard errors of the paired mean."""
    k = min(len(results[c]) for c in alive)
    means = {c: sum(results[c][:k]) / k for c in alive}
    leader = max(alive, key=lambda c: means[c])
    keep = []
    for c in alive:
        if c == leader:
            keep.append(c)
            continue
        diffs = [a - b for a, b in zip(results[c][:k], results[leader][:k], strict=True)]
        mean = sum(diffs) / k
        var = sum((x - mean) ** 2 for x in diffs) / max(k - 1, 1)
        if mean + 2.0 * math.sqrt(var / k) + 1e-6 >= 0:
            keep.append(c)
    return keep


@dataclass
class RaceOutcome:
    """What a race over worlds found: the leader (the best mean, the earlier candidate on a
    tie; the first candidate, the heuristics' favourite, when not one world was played in
    time), every candidate's values in world order, and figures for ``last_stats``."""

    leader: str
    results: dict[str, list[float]]
    stats: dict[str, object]


def race_on_worlds(
    first: World,
    new_world: Callable[[], World],
    playout: Callable[[World, str, int], float],
    cands: list[str],
    rng: random.Random,
    deadline: float,
    hard_deadline: float | None,
    min_worlds: int,
    max_worlds: int | None,
    max_rollouts: int | None = None,
) -> RaceOutcome:
    """Play every live candidate out on the same worlds (``first``, then ``new_world()``) with
    the same seed per world (common random numbers), dropping the clearly worse ones every
    other world from the fourth on, until ``deadline`` (once ``min_worlds`` worlds are done),
    ``hard_deadline``, ``max_worlds``, ``max_rollouts`` play-outs (once ``min_worlds`` worlds are
    done: a fixed budget reads no clock) or a single survivor. A world cut short by the clock is
    left out, so candidates are compared on shared worlds only. ``playout(world, candidate,
    seed)`` scores one candidate on one world for the searching seat."""
    worlds = [first]
    results: dict[str, list[float]] = {c: [] for c in cands}
    alive = list(cands)
    clock = time.perf_counter
    i = 0
    rollouts = 0
    while True:
        if i >= len(worlds):
            worlds.append(new_world())
        world = worlds[i]
        seed = rng.getrandbits(48)
        out_of_time = False
        done_here = []
        for c in alive:
            if max_rollouts is not None:
                if i >= min_worlds and rollouts >= max_rollouts:
                    out_of_time = True
                    break
                results[c].append(playout(world, c, seed))
                rollouts += 1
                done_here.append(c)
                continue
            now = clock()
            if (i >= min_worlds and now > deadline) or (
                hard_deadline is not None and now > hard_deadline
            ):
                out_of_time = True
                break
            results[c].append(playout(world, c, seed))
            rollouts += 1
            done_here.append(c)
        if out_of_time:
            for c in done_here:  # keep the comparison on shared worlds only
                results[c].pop()
            break
        i += 1
        if len(alive) > 2 and i >= 4 and i % 2 == 0:
            alive = race(alive, results)
        if len(alive) == 1 or (max_worlds is not None and i >= max_worlds):
            break
    means = {c: sum(results[c]) / len(results[c]) for c in alive if results[c]}
    leader = cands[0]  # not even one world in time: the heuristics' favourite
    if means:
        leader = next(iter(means))
        for c, v in means.items():
            if v > means[leader]:
                leader = c
    stats: dict[str, object] = {"worlds": i, "rollouts": rollouts, "alive": len(alive)}
    stats["means"] = means
    return RaceOutcome(leader, results, stats)


class WorldSearchAi(ABC, Generic[World]):
    """A strong level searching over imagined worlds: a game supplies how a world is imagined
    from a view and how a candidate is played out on one; the race is :func:`race_on_worlds`."""

    min_worlds: int
    max_worlds: int | None  # a cap (tests use it to make the search reproducible)
    #: a fixed number of play-outs per (hardest) decision instead of the clock: reproducible
    playouts: int | None = None
    last_stats: dict[str, object]

    #: decisions made inside play-outs so far (a speed figure: play-out decisions per second)
    playout_decisions: int = 0
    #: the share of the budget this decision gets (set by ``choose`` before ``search``)
    share: float = 1.0
    #: seconds per hardest decision
    budget_s: float = STRONG_BUDGET
    #: the part of the budget in which play-outs may start: the last one and the answer fit in
    #: the rest, so a decision keeps within its budget (the expert's search has its own margin)
    start_within: float = 0.9

    def clock_limits(self, start: float, share: float) -> tuple[float, float]:
        """The deadline of a decision begun at ``start`` with ``share`` of the budget, and the
        hard stop (also before ``min_worlds`` worlds are done): both within the budget."""
        budget = self.budget_s * self.start_within
        return start + budget * share, start + budget

    @abstractmethod
    def imagine(self, view: JSON, rng: random.Random) -> World:
        """One world consistent with what the view shows (a determinization)."""

    @abstractmethod
    def playout(self, world: World, seat: int, command: str, seed: int) -> float:
        """``command`` applied on a copy of ``world``, played on, valued for ``seat``."""

    def search(
        self,
        view: JSON,
        first: World,
        seat: int,
        cands: list[str],
        rng: random.Random,
        deadline: float,
        hard_deadline: float | None = None,
    ) -> RaceOutcome:
        """Race the candidates (best first) on shared worlds, ``first`` the first of them,
        until ``deadline`` (after at least ``min_worlds`` worlds, unless ``hard_deadline``
        passes first); the figures go to ``last_stats``."""
        max_rollouts = None
        if self.playouts is not None:  # no clock: the share of the play-outs, ≥ 1 per candidate
            max_rollouts = max(len(cands), round(self.playouts * self.share))
            deadline, hard_deadline = math.inf, None
        outcome = race_on_worlds(
            first,
            lambda: self.imagine(view, rng),
            lambda world, command, seed: self.playout(world, seat, command, seed),
            cands,
            rng,
            deadline,
            hard_deadline,
            self.min_worlds,
            self.max_worlds,
            max_rollouts,
        )
        self.last_stats = outcome.stats
        return outcome
