"""The ladder: every AI level of a game against every other, seats rotated, fixed seeds, rated
with openskill (Plackett-Luce, its default parameters) from the games' results.

Each pair of levels plays ``games`` games. Game ``2k`` and ``2k+1`` share one seed (the same
deal) with the seats swapped, so neither level keeps the better seat or the better deal; every
pair plays the same seeds. With more than two players the seats alternate between the two
levels (``a, b, a, b``; swapped in the odd games) and a level's place in a game is its best
seat's. A level's rating is updated game by game in a fixed order, so the same command gives
the same table (with play-out budgets, ``strong@200p``: no clock is read by the search).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from engine.ai import policy_factory
from engine.selfplay import SelfplayReport, play_one, selfplay_game

__all__ = [
    "LadderGame",
    "LadderOutcome",
    "LadderResult",
    "PairResult",
    "Rating",
    "play_ladder_game",
    "run_ladder",
]


@dataclass
class PairResult:
    """``a`` against ``b``: games played, ``a``'s wins (a draw counts a half)."""

    a: str
    b: str
    games: int = 0
    wins_a: float = 0.0


@dataclass(frozen=True)
class Rating:
    """An openskill rating: ``mu`` and its uncertainty ``sigma``; ``ordinal`` = mu - 3 sigma."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class LadderResult:
    game: str
    players: int
    levels: list[str]
    games_per_pair: int
    seed: int
    pairs: list[PairResult] = field(default_factory=list)
    ratings: dict[str, Rating] = field(default_factory=dict)
    decision_s: dict[str, list[float]] = field(default_factory=dict)
    alone: bool = False  # the first level of a pair in one seat, the second in the others

    def games_of(self, level: str) -> int:
        return sum(p.games for p in self.pairs if level in (p.a, p.b))

    def wins_of(self, level: str) -> float:
        return sum(
            p.wins_a if p.a == level else p.games - p.wins_a
            for p in self.pairs
            if level in (p.a, p.b)
        )

    def pair(self, a: str, b: str) -> tuple[float, int]:
        """``a``'s wins against ``b`` and the games they played."""
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p.wins_a, p.games
            if (p.a, p.b) == (b, a):
                return p.games - p.wins_a, p.games
        return 0.0, 0

    def p95(self, level: str) -> float:
        times = sorted(self.decision_s.get(level, []))
        return times[int(0.95 * (len(times) - 1))] if times else 0.0


def seat_levels(a: str, b: str, players: int, game_index: int, *, alone: bool = False) -> list[str]:
    """The level of every seat: ``a, b, a, b …``, swapped in the odd games; ``alone``: ``a``
    in one seat (seat ``game_index % players``: every seat in turn) and ``b`` in the others."""
    if alone:
        return [a if s == game_index % players else b for s in range(players)]
    first, second = (a, b) if game_index % 2 == 0 else (b, a)
    return [first if s % 2 == 0 else second for s in range(players)]


@dataclass(frozen=True)
class LadderGame:
    """One game of the ladder: everything a process needs to play it (picklable)."""

    game: str
    options: tuple[tuple[str, str], ...]
    players: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class LadderOutcome:
    """A game's result: every level's place (its best seat's) and its seconds per decision."""

    place: dict[str, int]
    decision_s: dict[str, list[float]]


def play_ladder_game(job: LadderGame) -> LadderOutcome:
    """Play one game of the ladder; the same job plays the same game in any process."""
    kind = selfplay_game(job.game, dict(job.options))
    policies = [
        policy_factory(level, game=kind.name)(random.Random(job.seed * 31 + s))
        for s, level in enumerate(job.seats)
    ]
    report = SelfplayReport(players=job.players, wins_by_seat=[0.0] * job.players)
    state = play_one(job.players, job.seed, policies, report, checks="none", game=kind)
    decision_s: dict[str, list[float]] = {}
    for s, times in report.decision_ms.items():
        decision_s.setdefault(job.seats[s], []).extend(t / 1000 for t in times)
    place: dict[str, int] = {}
    for rank, tied in enumerate(state.ranking()):
        for s in tied:
            place.setdefault(job.seats[s], rank)
    return LadderOutcome(place, decision_s)


def _outcomes(
    jobs: list[LadderGame], processes: int, progress: Callable[[int], None] | None
) -> list[LadderOutcome]:
    """Every job's outcome, in the jobs' order; ``processes`` > 1 plays games side by side
    (the results do not depend on it: a game reads no clock on a play-out budget)."""
    if processes <= 1:
        out = []
        for job in jobs:
            out.append(play_ladder_game(job))
            if progress:
                progress(len(out))
        return out
    results: dict[int, LadderOutcome] = {}
    with ProcessPoolExecutor(max_workers=processes) as pool:
        futures = {pool.submit(play_ladder_game, job): i for i, job in enumerate(jobs)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if progress:
                progress(len(results))
    return [results[i] for i in range(len(jobs))]


def run_ladder(
    game: str,
    levels: Sequence[str],
    games: int,
    *,
    players: int = 2,
    seed: int = 1,
    options: Mapping[str, str] | None = None,
    progress: Callable[[int], None] | None = None,
    alone: bool = False,
    processes: int = 1,
) -> LadderResult:
    """Play the ladder (see the module's doc); ``progress(done)`` after every game.
    ``alone``: in every pair the first level (in ``levels``' order) plays one seat against the
    second in all the others, each seat in turn on the same deal (``players`` games a seed);
    it wins a game when its seat is placed above every other. ``processes``: games played side
    by side; the ratings are still updated game by game in the fixed order."""
    from openskill.models import PlackettLuce

    kind = selfplay_game(game, options)
    levels = list(dict.fromkeys(levels))
    if len(levels) < 2:
        raise ValueError("a ladder needs two levels or more")  # not for players
    for level in levels:
        policy_factory(level, game=kind.name)  # an unknown level fails before any game
    rng = random.Random(seed)
    per_seed = players if alone else 2
    seeds = [rng.getrandbits(48) for _ in range((games + per_seed - 1) // per_seed)]
    pairs = list(itertools.combinations(levels, 2))
    chosen = tuple(sorted((options or {}).items()))
    jobs = [
        LadderGame(
            kind.name,
            chosen,
            players,
            seeds[g // per_seed],
            tuple(seat_levels(a, b, players, g, alone=alone)),
        )
        for a, b in pairs
        for g in range(games)
    ]
    outcomes = iter(_outcomes(jobs, processes, progress))
    model = PlackettLuce()
    rated = {level: model.rating(name=level) for level in levels}
    result = LadderResult(kind.name, players, levels, games, seed, alone=alone)
    for a, b in pairs:
        pair = PairResult(a, b)
        result.pairs.append(pair)
        for _ in range(games):
            outcome = next(outcomes)
            for level, times in outcome.decision_s.items():
                result.decision_s.setdefault(level, []).extend(times)
            place = outcome.place
            pair.games += 1
            pair.wins_a += 1.0 if place[a] < place[b] else 0.5 if place[a] == place[b] else 0.0
            new = model.rate([[rated[a]], [rated[b]]], ranks=[place[a], place[b]])
            rated[a], rated[b] = new[0][0], new[1][0]
    result.ratings = {level: Rating(r.mu, r.sigma) for level, r in rated.items()}
    return result
