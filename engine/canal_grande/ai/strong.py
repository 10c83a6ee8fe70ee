"""The Canal Grande ``strong`` level: Monte-Carlo search over imagined worlds, on a time budget.

Determinized flat Monte-Carlo with racing, as Venezia's strong level does:

1. The heuristics rank the options on one imagined world; splits that give the same two card
   multisets are one candidate; the best few are kept (all of them for small decisions).
2. Worlds are sampled from the seat's own view (:func:`engine.canal_grande.determinize`: the
   opponent's hand, the draw pile, the number deck and the RNG, consistent with what the seat
   has seen). Every candidate is played out on the same worlds with the same random numbers.
3. A play-out applies the candidate, lets the heuristic policy play both seats until the end of
   the turn after next (or the game), and scores the result with the heuristic evaluation
   (victory cards, hand, numbers; a finished game ±100).
4. Candidates clearly behind the leader (paired differences) are dropped; when the budget is
   spent the best mean wins.
"""

from __future__ import annotations

import random
import time

from engine.ai.racing import STRONG_BUDGET, WorldSearchAi
from engine.canal_grande.ai.greedy import view_options
from engine.canal_grande.ai.heuristics import DEFAULT, HeuristicPolicy, Weights, evaluate
from engine.canal_grande.determinize import determinize
from engine.canal_grande.state import CanalGrandeState
from engine.core import JSON, Decision

BUDGET_SHARE = {"divide": 1.0, "choose": 0.6, "district": 0.5, "place": 0.6}
CANDIDATES = {"divide": 8, "place": 6}
MAX_ROLLOUT_DECISIONS = 400


class CgStrongAi(WorldSearchAi[CanalGrandeState]):
    level = "strong"

    def __init__(
        self,
        budget_s: float = STRONG_BUDGET,
        horizon_turns: int = 2,
        weights: Weights = DEFAULT,
        min_worlds: int = 2,
        max_worlds: int | None = None,
        playouts: int | None = None,
    ) -> None:
        self.budget_s = float(budget_s)
        self.horizon = int(horizon_turns)
        self.weights = weights
        self.policy = HeuristicPolicy(weights)
        self.min_worlds = min_worlds
        self.playouts = playouts  # play-outs per decision instead of the clock
        self.max_worlds = max_worlds
        self.last_stats: dict[str, object] = {}

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        start = time.perf_counter()
        options = view_options(view, decision)
        if len(options) == 1:
            return options[0]
        seat = decision.seat
        world = self.imagine(view, rng)
        cands = self.candidates(world, seat, options, decision.kind)
        if len(cands) == 1:
            return cands[0]
        share = BUDGET_SHARE.get(decision.kind, 0.5)
        self.share = share
        deadline, hard = self.clock_limits(start, share)
        command = self.search(view, world, seat, cands, rng, deadline, hard).leader
        return command if command in options else options[0]

    def candidates(
        self, world: CanalGrandeState, seat: int, options: list[str], kind: str
    ) -> list[str]:
        scored = self.policy.scores(world, seat, options)
        if kind == "divide":
            seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
            unique = []
            for score, opt in sorted(scored, key=lambda x: -x[0]):
                a = {int(p) for p in opt.split()[1:]}
                ca = tuple(sorted(world.revealed[p - 1] for p in a))
                cb = tuple(sorted(c for i, c in enumerate(world.revealed) if i + 1 not in a))
                key = (ca, cb) if ca <= cb else (cb, ca)
                if key in seen:
                    continue
                seen.add(key)
                unique.append((score, opt))
            scored = unique
        k = CANDIDATES.get(kind, len(options))
        if kind == "place" and len(options) > k:
            # the heuristic's pick, pass, and the cheapest placements
            best = max(scored, key=lambda x: x[0])[1]
            cheap = [o for o in options if o != "pass"][: k - 2]
            out = [best, *[o for o in ("pass",) if o in options], *cheap]
            return list(dict.fromkeys(out))
        return [o for _, o in sorted(scored, key=lambda x: -x[0])[:k]]

    def imagine(self, view: JSON, rng: random.Random) -> CanalGrandeState:
        return determinize(view, rng)

    def playout(self, world: CanalGrandeState, seat: int, command: str, seed: int) -> float:
        sim = world.clone()
        sim.rng.state = seed
        sim.apply(seat, command)
        return self.finish(sim, world, seat, random.Random(seed))

    def policy_step(self, sim: CanalGrandeState, rng: random.Random) -> None:
        """One decision of whoever decides in ``sim``, made by the heuristic policy."""
        self.playout_decisions += 1
        self.policy.step(sim)  # the policy's choice as a move: no option texts built

    def finish(
        self, sim: CanalGrandeState, world: CanalGrandeState, seat: int, rng: random.Random
    ) -> float:
        """``sim`` played on by the heuristics to the end of the turn after next (counted
        from ``world``) or the game, valued for ``seat``."""
        stop_turn = world.turn + self.horizon
        for _ in range(MAX_ROLLOUT_DECISIONS):
            if sim.over or sim.turn > stop_turn:
                break
            self.policy_step(sim, rng)
        return evaluate(sim, seat, self.weights)
