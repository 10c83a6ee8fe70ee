"""Crash soak: kill the table service at random moments and prove nothing acknowledged is lost.

A supervisor starts the driver (:mod:`bot.devtools.soak_driver`, a process of its own playing games
on several channels through :class:`bot.table.service.TableService`), SIGKILLs it after a random
moment, checks the database, and starts it again on the same file - over and over. At the end one
last run plays every running game to its end.

After every kill :func:`check` verifies, with the driver's fsync'd ack log as evidence:

* every acknowledged command's idempotency key is stored exactly once, in the game the
  service named, and the game holds at least every move the answers covered (``lost``,
  ``duplicated``; a repeated press that was accepted again counts as duplicated too);
* ``PRAGMA integrity_check`` is ``ok``;
* every game replays from its seed and moves to the state its snapshot or its final hash
  records, and restoring from the latest snapshot plus the later moves gives the same state
  as the full replay (``replay_mismatches``). A finished game never changes, so it is
  verified once.

``canalside soak`` (this module's :func:`main`) prints the figures as one JSON line and exits
non-zero if anything was lost, duplicated or mismatched; ``tests/reliability/test_crash.py``
runs a short version.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from bot.devtools.soak_driver import read_log
from bot.devtools.soak_shared import READY_TIMEOUT_S, snapshot_path_matches, tail
from bot.storage.store import SqliteDatabase
from bot.table.records import RestoreError
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService
from engine.registry import first_registered, table_game

__all__ = ["SoakConfig", "SoakReport", "check", "main", "run_soak"]


@dataclass
class SoakConfig:
    db: Path
    channels: int = 3
    players: int = 4
    humans: int = 2
    seed: int = 1
    kills: int | None = 5
    duration_s: float | None = None
    min_run_s: float = 0.05
    max_run_s: float = 0.6
    finish_timeout_s: float = 120.0
    synchronous: str = "full"


@dataclass
class SoakReport:
    kills: int = 0
    acknowledged: int = 0
    acknowledged_moves: int = 0
    #: Unanswered commands re-sent with their key after a restart, and acknowledged ones
    #: pressed again (each must be refused as a duplicate, or it counts as duplicated).
    retried: int = 0
    repeated_presses: int = 0
    lost: int = 0
    duplicated: int = 0
    games_finished: int = 0
    games_unfinished: int = 0
    integrity: str = "ok"
    replay_mismatches: int = 0
    bytes_per_finished_game: int | None = None
    db_bytes: int = 0
    synchronous: str = "full"
    elapsed_s: float = 0.0
    #: What went wrong, in words: acknowledgement problems as of the last check, then
    #: replay mismatches and driver failures.
    ack_problems: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (
            self.lost == 0
            and self.duplicated == 0
            and self.replay_mismatches == 0
            and self.integrity == "ok"
            and self.games_unfinished == 0
            and not self.problems
            and not self.ack_problems
        )


@dataclass
class _Checked:
    """Finished games already verified (they never change again)."""

    finished: set[int] = field(default_factory=set)


def _stored_keys(conn: sqlite3.Connection) -> dict[str, list[int]]:
    """Every stored idempotency key -> the games holding it (live rows and archived ones)."""
    keys: dict[str, list[int]] = {}
    for key, game_id in conn.execute(
        "SELECT idempotency_key, game_id FROM moves WHERE idempotency_key IS NOT NULL "
        "UNION ALL SELECT idempotency_key, game_id FROM archived_keys"
    ):
        keys.setdefault(str(key), []).append(int(game_id))
    return keys


def check(db: Path, ack_log: Path, report: SoakReport, checked: _Checked) -> None:
    """Check the database against the ack log (the driver is not running); updates
    ``report`` with the current figures (counts are recomputed, not accumulated)."""
    raw = sqlite3.connect(db)
    try:
        result = raw.execute("PRAGMA integrity_check").fetchall()
        integrity = "ok" if result == [("ok",)] else "; ".join(str(r[0]) for r in result[:5])
        keys = _stored_keys(raw)
        last_seq = {int(g): int(s) for g, s in raw.execute("SELECT id, last_seq FROM games")}
    finally:
        raw.close()
    if integrity != "ok":
        report.integrity = integrity

    records = read_log(ack_log)
    acks = [r for r in records if r["e"] == "ack"]
    lost = duplicated = 0
    ack_problems: list[str] = []
    covered: set[tuple[int, int]] = set()
    for ack in acks:
        games = keys.get(ack["key"], [])
        if not games:
            lost += 1
            ack_problems.append(f"acknowledged {ack['key']} is not stored")
        elif len(games) > 1:
            duplicated += len(games) - 1
        elif ack["game"] is not None and games[0] != ack["game"]:
            ack_problems.append(f"{ack['key']} stored in game {games[0]}, not {ack['game']}")
        game, upto = ack["game"], ack["upto"]
        if game is not None and upto is not None:
            if last_seq.get(game, -1) < upto:
                lost += 1
                ack_problems.append(f"game {game} ends before acknowledged move {upto}")
            covered.update((game, s) for s in range(upto + 1))
    duplicated += sum(1 for r in records if r["e"] == "dup")
    wrong = [r for r in records if r["e"] == "repeat" and r["code"] != "duplicate"]
    ack_problems += [f"repeated press of {r['key']} refused as {r['code']}" for r in wrong]
    report.retried = sum(1 for r in acks if r.get("retry"))
    report.repeated_presses = sum(1 for r in records if r["e"] in ("repeat", "dup"))
    report.acknowledged = len(acks)
    report.acknowledged_moves = len(covered)
    report.lost = lost
    report.duplicated = duplicated
    report.ack_problems = ack_problems

    with SqliteDatabase.open(db, synchronous=report.synchronous) as storage:
        svc = TableService(storage, PlaceholderRenderer(), workers=1, images=False)
        try:
            mismatches = 0
            finished = unfinished = 0
            for game_id in sorted(last_seq):
                record = storage.games.get_game(game_id)
                assert record is not None
                if record.status == "finished":
                    finished += 1
                elif record.status == "active":
                    unfinished += 1
                if game_id in checked.finished:
                    continue
                try:
                    full_hash = svc.restore.verify(game_id)
                    if not snapshot_path_matches(storage, game_id, full_hash):
                        raise RestoreError(f"game {game_id}: snapshot path differs")
                except Exception as exc:
                    mismatches += 1
                    report.problems.append(f"game {game_id}: {exc}")
                    continue
                if record.status == "finished":
                    if record.final_hash is None:
                        mismatches += 1
                        report.problems.append(f"finished game {game_id} has no final hash")
                    checked.finished.add(game_id)
        finally:
            svc.close()
    report.replay_mismatches += mismatches
    report.games_finished = finished
    report.games_unfinished = unfinished


def _driver_cmd(config: SoakConfig, ack: Path, incarnation: int, finish: bool) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "bot.devtools.soak_driver",
        "--db",
        str(config.db),
        "--ack",
        str(ack),
        "--channels",
        str(config.channels),
        "--players",
        str(config.players),
        "--humans",
        str(config.humans),
        "--seed",
        str(config.seed),
        "--incarnation",
        str(incarnation),
        "--synchronous",
        config.synchronous,
    ]
    return [*cmd, "--finish"] if finish else cmd


def _start_driver(cmd: list[str], errors: IO[bytes]) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errors)
    assert proc.stdout is not None
    line = b""
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:  # readline blocks; the driver prints "ready" early
        line = proc.stdout.readline()
        if line.strip() == b"ready" or not line:
            break
    if line.strip() != b"ready":
        proc.kill()
        proc.wait()
        raise RuntimeError(f"the soak driver did not start (exit code {proc.returncode})")
    return proc


def _file_bytes(db: Path) -> int:
    """The database file's size with the WAL folded in (checkpointed and truncated)."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return db.stat().st_size


def run_soak(config: SoakConfig) -> SoakReport:
    """Kill and restart the driver until ``kills`` or ``duration_s`` is reached, checking
    after every kill; then play every running game to its end and check once more."""
    if config.kills is None and config.duration_s is None:
        raise ValueError("give kills or duration_s")
    report = SoakReport(synchronous=config.synchronous)
    checked = _Checked()
    ack = config.db.with_name(config.db.name + ".acks.jsonl")
    errors_path = config.db.with_name(config.db.name + ".driver-errors.txt")
    rng = random.Random(config.seed)
    t0 = time.monotonic()
    incarnation = 0
    with errors_path.open("ab") as errors:
        while True:
            if config.kills is not None and report.kills >= config.kills:
                break
            if config.duration_s is not None and time.monotonic() - t0 >= config.duration_s:
                break
            incarnation += 1
            proc = _start_driver(_driver_cmd(config, ack, incarnation, False), errors)
            try:
                time.sleep(rng.uniform(config.min_run_s, config.max_run_s))
                if proc.poll() is not None:
                    report.problems.append(
                        f"driver {incarnation} exited by itself: {tail(errors_path)}"
                    )
                    break
                os.kill(proc.pid, signal.SIGKILL)
            finally:
                proc.wait()
            report.kills += 1
            check(config.db, ack, report, checked)
        incarnation += 1
        proc = _start_driver(_driver_cmd(config, ack, incarnation, True), errors)
        try:
            code = proc.wait(timeout=config.finish_timeout_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            code = -1
        if code != 0:
            report.problems.append(
                f"the final driver run ended with exit code {code}: {tail(errors_path)}"
            )
    check(config.db, ack, report, checked)
    report.db_bytes = _file_bytes(config.db)
    if report.games_finished:
        report.bytes_per_finished_game = report.db_bytes // report.games_finished
    report.elapsed_s = round(time.monotonic() - t0, 2)
    return report


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="canalside soak",
        description="SIGKILL the table service at random moments while it plays games; check "
        "that no acknowledged move is lost or doubled. Prints one JSON line; exit 1 on any "
        "loss, duplicate or mismatch.",
    )
    p.add_argument("--seconds", type=float, default=None, help="run this long (default 120)")
    p.add_argument("--kills", type=int, default=None, help="stop after this many kills")
    p.add_argument("--channels", type=int, default=4, help="tables playing at once (default 4)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--humans", type=int, default=2, help="of them driven as humans (default 2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-run", type=float, default=2.0, help="longest run before a kill (s)")
    p.add_argument(
        "--db",
        help="database file (default: a new one in a temporary directory); 'postgres': "
        "the PostgreSQL soak, several processes (see --db postgres --help)",
    )
    p.add_argument(
        "--synchronous",
        choices=("full", "normal"),
        default="full",
        help="SQLite synchronous mode (default full)",
    )
    args = p.parse_args(argv)
    if args.seconds is None and args.kills is None:
        args.seconds = 120.0
    for name in ("channels", "players", "humans"):
        if getattr(args, name) < 1:
            p.error(f"--{name} must be at least 1")
    # the driver's tables are fresh lobbies (nobody names a game): the first registered game
    game = table_game(first_registered())
    if not game.min_players <= args.players <= game.max_players:
        p.error(
            f"--players must be {game.min_players}..{game.max_players} ({game.title}),"
            f" not {args.players}"
        )
    if args.humans > args.players:
        p.error(f"--humans ({args.humans}) cannot exceed --players ({args.players})")
    return args


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a.startswith(("postgres", "--db=postgres")) for a in argv):
        # several processes on one PostgreSQL, the server killed too (#27)
        from bot.devtools.soak_pg import main as pg_main

        return pg_main(argv)
    args = parse_args(argv)
    tmp = None
    if args.db:
        db = Path(args.db)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="canalside-soak-")
        db = Path(tmp.name) / "soak.db"
    try:
        config = SoakConfig(
            db=db,
            channels=args.channels,
            players=args.players,
            humans=args.humans,
            seed=args.seed,
            kills=args.kills,
            duration_s=args.seconds,
            max_run_s=args.max_run,
            synchronous=args.synchronous,
        )
        report = run_soak(config)
    finally:
        if tmp is not None:
            tmp.cleanup()
    figures: dict[str, Any] = asdict(report)
    figures["problems"] = report.problems[:10]
    figures["ack_problems"] = report.ack_problems[:10]
    figures["ok"] = report.ok
    print(json.dumps(figures))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
