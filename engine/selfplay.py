"""Self-play: many complete games with every invariant checked after every move.

Timing is split honestly: ``engine_seconds`` is the time spent choosing and applying moves (what
``games_per_s`` and ``decisions_per_s`` are computed from), ``check_seconds`` the time the
verification harness itself takes (invariants, JSON round trips, replays).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import Decision
from engine.venezia import VeneziaState
from engine.venezia.gold import best_exchange
from engine.venezia.invariants import violations

Policy = Callable[[Any, Decision], str]


def random_policy(rng: random.Random) -> Policy:
    """Uniform over the pending options; now and then a random gold exchange (V-G1)."""

    def choose(state: VeneziaState, decision: Decision) -> str:
        seat = decision.seat
        gold = state.gold(seat) if seat == state.active else 0
        if gold >= 5 and not state.end_triggered and rng.random() < 0.15:
            values = best_exchange(state.tokens[seat], rng.randint(1, gold // 5))
            if values:
                return "exchange " + " ".join(map(str, values))
        return rng.choice(decision.options)

    return choose


def cg_random_policy(rng: random.Random) -> Policy:
    """Canal Grande, Amsterdam: uniform over the pending options."""

    def choose(state: Any, decision: Decision) -> str:
        return rng.choice(decision.options)

    return choose


@dataclass(frozen=True)
class SelfplayGame:
    """What self-play needs of a game: build, restore, check, play randomly, whose move."""

    name: str
    new: Callable[[list[str], int], Any]
    from_json: Callable[[str], Any]
    violations: Callable[[Any], list[str]]
    random_policy: Callable[[random.Random], Policy]
    command_seat: Callable[[Any, Decision, str], int]
    players: tuple[int, int]
    #: ``(names, seed, options)``; None when the game takes no options
    new_with_options: Callable[[list[str], int, dict[str, Any]], Any] | None = None

    def start(self, names: list[str], seed: int, options: dict[str, Any] | None = None) -> Any:
        """A new game; game options (``{"variant": ...}``) only for a game that takes them."""
        if not options:
            return self.new(names, seed)
        if self.new_with_options is None:
            raise ValueError(f"{self.name} takes no game options (given: {', '.join(options)})")
        return self.new_with_options(names, seed, options)


def _venezia() -> SelfplayGame:
    return SelfplayGame(
        "venezia",
        VeneziaState.new,
        VeneziaState.from_json,
        violations,
        random_policy,
        lambda state, d, c: state.active if c.startswith("exchange") else d.seat,
        (2, 5),
    )


def _canal_grande() -> SelfplayGame:
    from engine.canal_grande.invariants import violations as cg_violations
    from engine.canal_grande.state import CanalGrandeState

    return SelfplayGame(
        "canal_grande",
        CanalGrandeState.new,
        CanalGrandeState.from_json,
        cg_violations,
        cg_random_policy,
        lambda state, d, c: d.seat,
        (2, 2),
    )


def _amsterdam() -> SelfplayGame:
    from engine.amsterdam import GAME
    from engine.amsterdam.invariants import violations as am_violations
    from engine.amsterdam.state import AmsterdamState

    return SelfplayGame(
        "amsterdam",
        lambda names, seed: GAME.new_state(names, seed),
        AmsterdamState.from_json,
        am_violations,
        cg_random_policy,
        lambda state, d, c: d.seat,
        (2, 2),
        GAME.new_state,
    )


SELFPLAY_GAMES: dict[str, Callable[[], SelfplayGame]] = {
    "venezia": _venezia,
    "canal_grande": _canal_grande,
    "amsterdam": _amsterdam,
}


def selfplay_game(name: str) -> SelfplayGame:
    maker = SELFPLAY_GAMES.get(name)
    if maker is None:
        raise ValueError(f"no self-play for {name!r}; games: {', '.join(SELFPLAY_GAMES)}")
    return maker()


@dataclass
class SelfplayReport:
    games: int = 0
    players: int = 0
    violations: list[str] = field(default_factory=list)
    decisions: int = 0
    turns: int = 0
    engine_seconds: float = 0.0
    check_seconds: float = 0.0
    wall_seconds: float = 0.0
    wins_by_seat: list[float] = field(default_factory=list)
    decision_ms: dict[int, list[float]] = field(default_factory=dict)

    def summary(self) -> dict[str, object]:
        g = max(self.games, 1)
        eng = max(self.engine_seconds, 1e-9)
        return {
            "games": self.games,
            "players": self.players,
            "violations": len(self.violations),
            "games_per_s": round(self.games / eng, 2),
            "decisions_per_s": round(self.decisions / eng, 1),
            "wall_games_per_s": round(self.games / max(self.wall_seconds, 1e-9), 2),
            "mean_turns": round(self.turns / g, 2),
            "mean_decisions": round(self.decisions / g, 2),
            "wins_by_seat": [round(w, 2) for w in self.wins_by_seat],
            "engine_seconds": round(self.engine_seconds, 3),
            "check_seconds": round(self.check_seconds, 3),
            "wall_seconds": round(self.wall_seconds, 3),
        }


def play_one(
    players: int,
    seed: int,
    policies: list[Policy],
    report: SelfplayReport,
    checks: str = "all",
    max_decisions: int = 5000,
    game: SelfplayGame | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """Play one game to the end; append any violation (with seed and move number) to report."""
    g = game or _venezia()
    check_state = g.violations
    names = [f"P{i + 1}" for i in range(players)]
    clock = time.perf_counter
    t0 = clock()
    state = g.start(names, seed, options)
    report.engine_seconds += clock() - t0
    per_move = checks == "all"
    # A shadow game fed only the logged commands: replay from the seed, checked move by move.
    replay = g.start(names, seed, options) if per_move else None
    decisions = 0
    while not state.over:
        t0 = clock()
        d = state.pending()
        assert d is not None
        command = policies[d.seat](state, d)
        state.apply(g.command_seat(state, d, command), command)
        elapsed = clock() - t0
        report.engine_seconds += elapsed
        report.decision_ms.setdefault(d.seat, []).append(elapsed * 1000)
        decisions += 1
        if per_move:
            t1 = clock()
            for problem in check_state(state):
                report.violations.append(f"seed {seed} move {decisions} ({command}): {problem}")
            text = state.to_json()
            if g.from_json(text).to_json() != text:
                report.violations.append(f"seed {seed} move {decisions}: JSON round trip differs")
            assert replay is not None
            replay.apply(*state.history[-1])
            if replay.to_json() != text:
                report.violations.append(f"seed {seed} move {decisions}: replay differs")
            report.check_seconds += clock() - t1
        if decisions >= max_decisions:
            report.violations.append(f"seed {seed}: no end after {max_decisions} decisions")
            break
    if checks == "end":
        t1 = clock()
        for problem in check_state(state):
            report.violations.append(f"seed {seed} end: {problem}")
        replay = g.start(names, seed, options)
        for seat, command in state.history:
            replay.apply(seat, command)
        if replay.to_json() != state.to_json():
            report.violations.append(f"seed {seed}: replaying the move list gives another state")
        report.check_seconds += clock() - t1
    report.games += 1
    report.decisions += decisions
    report.turns += getattr(state, "turn", getattr(state, "round", 0))
    winners = state.ranking()[0]
    for s in winners:
        report.wins_by_seat[s] += 1 / len(winners)
    return state


def run_selfplay(
    players: int,
    games: int,
    seed: int,
    policy_factories: list[Callable[[random.Random], Policy]] | None = None,
    checks: str = "all",
    progress: Callable[[int], None] | None = None,
    game: str = "venezia",
    options: dict[str, Any] | None = None,
) -> SelfplayReport:
    kind = selfplay_game(game)
    report = SelfplayReport(players=players, wins_by_seat=[0.0] * players)
    rng = random.Random(seed)
    factories = policy_factories or [kind.random_policy] * players
    start = time.perf_counter()
    for g in range(games):
        game_seed = rng.getrandbits(48)
        policies = [factory(random.Random(game_seed + i)) for i, factory in enumerate(factories)]
        play_one(players, game_seed, policies, report, checks, game=kind, options=options)
        if progress:
            progress(g + 1)
    report.wall_seconds = time.perf_counter() - start
    return report
