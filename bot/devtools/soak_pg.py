"""The PostgreSQL soak (#27): several processes on one database, SIGKILLed at random, and the
database server itself killed and restarted under them.

``canalside soak --db postgres --processes 3 --kills 50 --db-restarts 5`` starts a throw-away
PostgreSQL server (:mod:`bot.devtools.pg_server`, with PostgreSQL's durable defaults), adds the
timer audit (:mod:`bot.devtools.soak_pg_check`) to a fresh database, and runs ``--processes``
drivers (:mod:`bot.devtools.soak_pg_driver`): each plays its own channels and, with one other
process, shared ones, with short turn timers that fire during the run. Every few seconds
(``--gap``) the supervisor either SIGKILLs a random driver and starts it again, or SIGKILLs
the server's postmaster, leaves the database away for a moment (``--outage``) and starts the
server again on the same data directory; the drivers carry on through the outage (answers
"try again" are re-sent with their keys) without a restart. After each driver kill the
acknowledgements are checked; after the kills the drivers run on for a settle (no due timer
may stay unfired), then they are stopped and started once more with ``--finish`` to play every
running game to its end, and everything is checked:

* **acknowledged moves**: every acknowledged command's idempotency key is stored exactly once,
  in the game the answer named, which holds every move the answer covered (``lost``,
  ``duplicated``); a repeated press of an acknowledged key must be refused as a duplicate;
* **timers** (:mod:`bot.devtools.soak_pg_check`): none fired twice, each with exactly one
  effect in its own transaction, none overdue after the settle;
* **integrity**: ``amcheck``'s ``bt_index_check`` on every index (and ``verify_heapam`` on
  every table), and every game replays from its seed and moves to its stored snapshot and final
  hash (``replay_mismatches``);
* **internal errors**: every record a driver logged at ERROR level, every answer "internal" or
  "broken", every unexpected exception, every driver that exited by itself.

It prints one JSON line of figures and exits 1 on any problem.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

import psycopg

from bot.devtools.pg_server import PgServer, start_server
from bot.devtools.soak_driver import read_log
from bot.devtools.soak_pg_check import amcheck, install_audit, overdue_deadlines, timer_figures
from bot.devtools.soak_shared import READY_TIMEOUT_S, snapshot_path_matches, tail
from bot.storage.postgres import PgDatabase
from bot.table.records import RestoreError
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService

__all__ = ["PgSoakConfig", "PgSoakReport", "main", "run_pg_soak"]


@dataclass
class PgSoakConfig:
    workdir: Path
    processes: int = 3
    channels: int = 2
    shared: int = 3
    players: int = 4
    humans: int = 2
    seed: int = 1
    kills: int = 50
    db_restarts: int = 5
    #: seconds between two kills (a random value in this range)
    gap_s: tuple[float, float] = (1.0, 3.0)
    #: how long the database stays away after its kill
    outage_s: tuple[float, float] = (0.5, 3.0)
    turn_seconds: int = 3
    remind_seconds: int = 1
    slow: float = 0.05
    settle_s: float = 6.0
    finish_timeout_s: float = 300.0
    durable: bool = True


@dataclass
class PgSoakReport:
    processes: int = 0
    kills: int = 0
    db_restarts: int = 0
    acknowledged: int = 0
    acknowledged_moves: int = 0
    retried: int = 0
    repeated_presses: int = 0
    #: answers "try again" (the database away), each re-sent with its key
    unavailable_answers: int = 0
    #: commands answered "try again" whose re-send was answered "already done": the first
    #: attempt committed as the connection died (the key kept it single)
    committed_before_unavailable: int = 0
    refusals: dict[str, int] = field(default_factory=dict)
    reclaims: int = 0
    lost: int = 0
    duplicated: int = 0
    timers_fired: int = 0
    reminders: int = 0
    timeouts: int = 0
    takeovers: int = 0
    pauses: int = 0
    timers_announced: int = 0
    timers_fired_twice: int = 0
    timers_without_effect: int = 0
    timers_overdue: int = 0
    timers_superseded: int = 0
    games_finished: int = 0
    games_unfinished: int = 0
    replay_mismatches: int = 0
    amcheck: str = ""
    internal_errors: int = 0
    elapsed_s: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (
            self.lost == 0
            and self.duplicated == 0
            and self.timers_fired_twice == 0
            and self.timers_without_effect == 0
            and self.timers_overdue == 0
            and self.replay_mismatches == 0
            and self.amcheck.startswith("ok")
            and self.internal_errors == 0
            and self.games_unfinished == 0
            and not self.problems
        )


class Cluster:
    """The throw-away server and the operations on its postmaster."""

    def __init__(self, server: PgServer) -> None:
        assert server.tmp is not None and server.start, "the soak needs a server of its own"
        self.server = server
        self.data = server.tmp / "data"

    def postmaster_pid(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def kill(self) -> None:
        pid = self.postmaster_pid()
        if pid is None:
            raise RuntimeError("no postmaster.pid: the server is not running")
        os.kill(pid, signal.SIGKILL)

    def restart(self, timeout_s: float = 120.0) -> None:
        """Start the server again on its data directory; its orphaned backends notice the
        postmaster's death and exit, until then a start is refused: try again."""
        deadline = time.monotonic() + timeout_s
        while True:
            done = subprocess.run(self.server.start, capture_output=True, text=True, check=False)
            if done.returncode == 0:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not start again: {done.stderr[-400:]}")
            time.sleep(0.5)


class Drivers:
    """The driver processes: started, killed, restarted with a new incarnation."""

    def __init__(self, config: PgSoakConfig, url: str) -> None:
        self.config = config
        self.url = url
        self.procs: dict[int, subprocess.Popen[bytes]] = {}
        self.incarnation = Counter[int]()
        self.errors: dict[int, IO[bytes]] = {}

    def ack(self, proc: int) -> Path:
        return self.config.workdir / f"acks-{proc}.jsonl"

    def stderr(self, proc: int) -> Path:
        return self.config.workdir / f"driver-{proc}.err"

    def command(self, proc: int, finish: bool) -> list[str]:
        c = self.config
        self.incarnation[proc] += 1
        cmd = [sys.executable, "-m", "bot.devtools.soak_pg_driver", "--url", self.url]
        cmd += ["--ack", str(self.ack(proc)), "--proc", str(proc)]
        cmd += ["--processes", str(c.processes), "--channels", str(c.channels)]
        cmd += ["--shared", str(c.shared), "--players", str(c.players)]
        cmd += ["--humans", str(c.humans), "--seed", str(c.seed)]
        cmd += ["--incarnation", str(self.incarnation[proc])]
        cmd += ["--turn-seconds", str(c.turn_seconds), "--remind-seconds", str(c.remind_seconds)]
        cmd += ["--slow", str(c.slow)]
        return [*cmd, "--finish"] if finish else cmd

    def start(self, *procs: int, finish: bool = False) -> None:
        """Start drivers (all at once: their imports overlap) and wait until each is ready."""
        started = []
        for proc in procs:
            if proc not in self.errors:
                self.errors[proc] = self.stderr(proc).open("ab")
            cmd = self.command(proc, finish)
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.errors[proc])
            started.append((proc, p))
        for proc, p in started:
            assert p.stdout is not None
            line = b""
            deadline = time.monotonic() + READY_TIMEOUT_S
            while time.monotonic() < deadline:
                line = p.stdout.readline()
                if line.strip() == b"ready" or not line:
                    break
            if line.strip() != b"ready":
                p.kill()
                p.wait()
                raise RuntimeError(f"driver {proc} did not start: {tail(self.stderr(proc))}")
            self.procs[proc] = p

    def kill(self, proc: int) -> None:
        p = self.procs.pop(proc)
        p.send_signal(signal.SIGKILL)
        p.wait()

    def exited(self) -> list[tuple[int, int]]:
        """Drivers that ended by themselves (and their exit codes): they are gone."""
        out = [(i, code) for i, p in self.procs.items() if (code := p.poll()) is not None]
        for i, _ in out:
            del self.procs[i]
        return out

    def close(self) -> None:
        for proc in list(self.procs):
            self.kill(proc)
        for f in self.errors.values():
            f.close()


def check_acks(url: str, logs: list[Path], report: PgSoakReport) -> list[str]:
    """The acknowledgement figures against the database (recomputed, not accumulated).
    The logs are read first: every ack in them was committed before the database is read,
    while the drivers keep playing."""
    records = [r for path in logs for r in read_log(path)]
    with psycopg.connect(url, autocommit=True) as conn:
        keys: dict[str, list[int]] = {}
        for key, game in conn.execute(
            "SELECT idempotency_key, game_id FROM moves WHERE idempotency_key IS NOT NULL "
            "UNION ALL SELECT idempotency_key, game_id FROM archived_keys"
        ):
            keys.setdefault(str(key), []).append(int(game))
        last_seq = {int(g): int(s) for g, s in conn.execute("SELECT id, last_seq FROM games")}
    problems: list[str] = []
    lost = duplicated = 0
    covered: set[tuple[int, int]] = set()
    acks = [r for r in records if r["e"] == "ack"]
    for ack in acks:
        games = keys.get(ack["key"], [])
        if not games:
            lost += 1
            problems.append(f"acknowledged {ack['key']} is not stored")
        elif len(games) > 1:
            duplicated += len(games) - 1
            problems.append(f"{ack['key']} stored {len(games)} times")
        elif ack["game"] is not None and games[0] != ack["game"]:
            problems.append(f"{ack['key']} stored in game {games[0]}, not {ack['game']}")
        game, upto = ack["game"], ack["upto"]
        if game is not None and upto is not None:
            if last_seq.get(game, -1) < upto:
                lost += 1
                problems.append(f"game {game} ends before acknowledged move {upto}")
            covered.update((game, s) for s in range(upto + 1))
    dups = [r for r in records if r["e"] == "dup"]
    duplicated += len(dups)
    problems += [f"a repeated press of {r['key']} was accepted again" for r in dups]
    wrong = [r for r in records if r["e"] == "repeat" and r["code"] != "duplicate"]
    problems += [f"repeated press of {r['key']} refused as {r['code']}" for r in wrong]
    unavailable_keys = {r["key"] for r in records if r["e"] == "unavailable" and "key" in r}
    report.committed_before_unavailable = sum(
        1 for r in acks if r["key"] in unavailable_keys and r.get("code") == "duplicate"
    )
    report.acknowledged = len(acks)
    report.acknowledged_moves = len(covered)
    report.retried = sum(1 for r in acks if r.get("retry"))
    report.repeated_presses = sum(1 for r in records if r["e"] in ("repeat", "dup"))
    report.unavailable_answers = sum(1 for r in records if r["e"] == "unavailable")
    report.refusals = dict(Counter(str(r["code"]) for r in records if r["e"] == "refused"))
    report.reclaims = sum(1 for r in records if r["e"] == "reclaimed")
    report.timers_announced = sum(1 for r in records if r["e"] == "timer")
    errors = [r for r in records if r["e"] == "error"]
    report.internal_errors = len(errors)
    problems += [f"internal error: {r.get('logger', r.get('ch'))}: {r['msg']}" for r in errors]
    report.lost, report.duplicated = lost, duplicated
    return problems


def check_replays(url: str, report: PgSoakReport) -> None:
    """Every game replays from its seed to its stored snapshot and final hash."""
    with PgDatabase.open(url) as storage:
        svc = TableService(storage, PlaceholderRenderer(), workers=1, images=False)
        try:
            finished = unfinished = mismatches = 0
            with psycopg.connect(url, autocommit=True) as conn:
                ids = [int(r[0]) for r in conn.execute("SELECT id FROM games ORDER BY id")]
            for game_id in ids:
                record = storage.games.get_game(game_id)
                assert record is not None
                finished += record.status == "finished"
                unfinished += record.status == "active"
                try:
                    full_hash = svc.restore.verify(game_id)
                    if not snapshot_path_matches(storage, game_id, full_hash):
                        raise RestoreError(f"game {game_id}: snapshot path differs")
                    if record.status == "finished" and record.final_hash is None:
                        raise RestoreError(f"finished game {game_id} has no final hash")
                except Exception as exc:
                    mismatches += 1
                    report.problems.append(f"game {game_id}: {exc}")
        finally:
            svc.close()
    report.games_finished, report.games_unfinished = finished, unfinished
    report.replay_mismatches = mismatches


def _note(config: PgSoakConfig, what: str, **more: object) -> None:
    """The supervisor's own log (``events.jsonl``): each kill and restart with its time."""
    with (config.workdir / "events.jsonl").open("a", encoding="utf-8") as f:
        f.write(json.dumps({"e": what, "t": round(time.time(), 3), **more}) + "\n")


def _events(config: PgSoakConfig, rng: random.Random) -> list[str]:
    """The order of the kills: ``driver`` and ``db``, the database's spread over the run."""
    events = ["driver"] * config.kills
    for i in range(config.db_restarts):
        at = (i + 1) * len(events) // (config.db_restarts + 1) + i
        events.insert(min(at, len(events)), "db")
    del rng
    return events


def run_pg_soak(config: PgSoakConfig, server: PgServer | None = None) -> PgSoakReport:
    """Run the soak (see the module docstring) on ``server`` (default: a server of its own,
    stopped at the end)."""
    own = server is None
    if server is None:
        started = start_server(durable=config.durable)
        if isinstance(started, str):
            raise RuntimeError(started)
        server = started
    report = PgSoakReport(processes=config.processes)
    rng = random.Random(config.seed)
    t0 = time.monotonic()
    try:
        cluster = Cluster(server)
        url = server.new_database()
        install_audit(url)
        drivers = Drivers(config, url)
        logs = [drivers.ack(i) for i in range(config.processes)]
        try:
            drivers.start(*range(config.processes))
            for event in _events(config, rng):
                time.sleep(rng.uniform(*config.gap_s))
                for proc, code in drivers.exited():
                    report.problems.append(
                        f"driver {proc} exited by itself ({code}): {tail(drivers.stderr(proc))}"
                    )
                    drivers.start(proc)
                if event == "db":
                    cluster.kill()
                    _note(config, "db_killed")
                    report.db_restarts += 1
                    time.sleep(rng.uniform(*config.outage_s))
                    cluster.restart()
                    _note(config, "db_started")
                    continue
                proc = rng.randrange(config.processes)
                drivers.kill(proc)
                _note(config, "killed", proc=proc)
                report.kills += 1
                report.problems += check_acks(url, logs, report)[:5]
                drivers.start(proc)
                _note(config, "started", proc=proc)
            # settle: every process running, every due timer fires
            time.sleep(config.settle_s)
            overdue = overdue_deadlines(url, grace_s=config.settle_s / 2)
            report.timers_overdue = len(overdue)
            report.problems += overdue[:5]
            for proc, code in drivers.exited():
                report.problems.append(f"driver {proc} exited by itself ({code})")
            drivers.close()
            # finish: every running game played to its end
            drivers = Drivers(config, url)
            drivers.incarnation.update({i: 1000 for i in range(config.processes)})
            drivers.start(*range(config.processes), finish=True)
            deadline = time.monotonic() + config.finish_timeout_s
            for i, p in list(drivers.procs.items()):
                try:
                    code = p.wait(timeout=max(1.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    code = -1
                if code != 0:
                    report.problems.append(
                        f"the final run of driver {i} ended with {code}: {tail(drivers.stderr(i))}"
                    )
        finally:
            drivers.close()
        report.problems = sorted(set(report.problems), key=report.problems.index)
        report.problems += check_acks(url, logs, report)
        timers = timer_figures(url)
        report.reminders, report.timeouts = timers.reminders, timers.timeouts
        report.takeovers, report.pauses = timers.takeovers, timers.pauses
        report.timers_fired = timers.fired
        report.timers_fired_twice = timers.fired_twice
        report.timers_without_effect = timers.without_effect
        report.timers_superseded = timers.superseded
        report.problems += timers.problems[:10]
        check_replays(url, report)
        report.amcheck = amcheck(url)
    finally:
        if own:
            server.shutdown()
    report.elapsed_s = round(time.monotonic() - t0, 1)
    return report


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="canalside soak --db postgres",
        description="Several processes on one PostgreSQL, SIGKILLed at random, the server "
        "killed and restarted: check that no acknowledged move is lost or doubled, each timer "
        "fires once, the indexes and games are intact and nothing failed inside. Prints one "
        "JSON line; exit 1 on any problem.",
    )
    p.add_argument(
        "--db",
        choices=("postgres",),
        required=True,
        help="postgres: a throw-away server of its own (the soak kills it: never a running one)",
    )
    p.add_argument("--processes", type=int, default=3, help="driver processes (default 3)")
    p.add_argument("--kills", type=int, default=50, help="driver SIGKILLs (default 50)")
    p.add_argument("--db-restarts", type=int, default=5, help="server SIGKILLs (default 5)")
    p.add_argument("--channels", type=int, default=2, help="own tables per process (default 2)")
    p.add_argument("--shared", type=int, default=3, help="tables two processes share (3)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--humans", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--gap", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"))
    p.add_argument("--outage", type=float, nargs=2, default=(0.5, 3.0), metavar=("MIN", "MAX"))
    p.add_argument("--turn-seconds", type=int, default=3, help="the tables' turn timer (3)")
    p.add_argument("--workdir", help="ack logs and driver errors (default: a temporary one)")
    args = p.parse_args(argv)
    if args.processes < 2:
        p.error("--processes must be at least 2 (shared tables need two)")
    if args.humans > args.players or args.humans < 1:
        p.error(f"--humans must be 1..{args.players} (--players), not {args.humans}")
    if args.turn_seconds < 2:
        p.error("--turn-seconds must be at least 2 (the reminder comes after 1)")
    return args


def main(argv: list[str]) -> int:
    import tempfile

    args = parse_args(argv)
    tmp = None
    if args.workdir:
        workdir = Path(args.workdir)
        workdir.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="canalside-pgsoak-")
        workdir = Path(tmp.name)
    try:
        config = PgSoakConfig(
            workdir=workdir,
            processes=args.processes,
            channels=args.channels,
            shared=args.shared,
            players=args.players,
            humans=args.humans,
            seed=args.seed,
            kills=args.kills,
            db_restarts=args.db_restarts,
            gap_s=tuple(args.gap),
            outage_s=tuple(args.outage),
            turn_seconds=args.turn_seconds,
        )
        report = run_pg_soak(config)
    finally:
        if tmp is not None:
            tmp.cleanup()
    figures: dict[str, Any] = asdict(report)
    figures["problems"] = report.problems[:20]
    figures["ok"] = report.ok
    print(json.dumps(figures))
    return 0 if report.ok else 1
