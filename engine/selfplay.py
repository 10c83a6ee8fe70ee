"""Self-play: many complete games with every invariant checked after every move.

Timing is split honestly: ``engine_seconds`` is the time spent choosing and applying moves (what
``games_per_s`` and ``decisions_per_s`` are computed from), ``check_seconds`` the time the
verification harness itself takes (invariants, JSON round trips, replays).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.core import Decision, GameState, IllegalMove
from engine.registry import Policy, first_registered, registration


@dataclass(frozen=True)
class SelfplayGame:
    """What self-play needs of a game: build, restore, check, play randomly, whose move."""

    name: str
    new: Callable[[list[str], int], GameState]
    from_json: Callable[[str], GameState]
    violations: Callable[[GameState], list[str]]
    random_policy: Callable[[random.Random], Policy]
    command_seat: Callable[[GameState, Decision, str], int]
    players: tuple[int, int]


def selfplay_game(name: str, options: Mapping[str, str] | None = None) -> SelfplayGame:
    """Self-play's view of a registered game (``name`` or an alias); ``options`` are the
    game's typed options as texts (``{"variant": "gulliver"}``), checked by its registration
    and passed to every ``new_state``."""
    try:
        reg = registration(name)
        engine_options = reg.engine_options(options or {}) if reg.options or options else None
    except IllegalMove as exc:
        raise ValueError(f"no self-play for {name!r}: {exc}") from exc
    parts = reg.parts()
    game = parts.game
    return SelfplayGame(
        reg.name,
        lambda names, seed: game.new_state(names, seed, engine_options),
        game.from_json,
        parts.invariants,
        parts.random_policy,
        parts.command_seat,
        (game.min_players, game.max_players),
    )


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
) -> GameState:
    """Play one game to the end; append any violation (with seed and move number) to report."""
    g = game or selfplay_game(first_registered())  # no game named: the first registered
    check_state = g.violations
    names = [f"P{i + 1}" for i in range(players)]
    clock = time.perf_counter
    t0 = clock()
    state = g.new(names, seed)
    report.engine_seconds += clock() - t0
    per_move = checks == "all"
    # A shadow game fed only the logged commands: replay from the seed, checked move by move.
    replay = g.new(names, seed) if per_move else None
    decisions = 0
    while not state.is_over:
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
        replay = g.new(names, seed)
        for seat, command in state.history:
            replay.apply(seat, command)
        if replay.to_json() != state.to_json():
            report.violations.append(f"seed {seed}: replaying the move list gives another state")
        report.check_seconds += clock() - t1
    report.games += 1
    report.decisions += decisions
    report.turns += state.turn
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
    game: str | None = None,
    options: Mapping[str, str] | None = None,
) -> SelfplayReport:
    kind = selfplay_game(game or first_registered(), options)  # None: nobody named one
    report = SelfplayReport(players=players, wins_by_seat=[0.0] * players)
    rng = random.Random(seed)
    factories = policy_factories or [kind.random_policy] * players
    start = time.perf_counter()
    for g in range(games):
        game_seed = rng.getrandbits(48)
        policies = [factory(random.Random(game_seed + i)) for i, factory in enumerate(factories)]
        play_one(players, game_seed, policies, report, checks, game=kind)
        if progress:
            progress(g + 1)
    report.wall_seconds = time.perf_counter() - start
    return report
