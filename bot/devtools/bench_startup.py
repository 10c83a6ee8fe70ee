"""``canalside bench startup``: how long the bot's start-up takes, and how much memory, with
many stored games (#27: "start-up with 100,000 stored games on each backend").

It fills a database with ``--games`` finished games (default 100,000, spread over 5,000
channels of 5,000 servers) and ``--live`` running ones (default 1,000, each 45 moves into a
4-player Venezia game: two snapshots and a tail of moves to replay), quickly: one game of each
kind is played and stored as the table stores it, then copied in bulk by SQL (``INSERT ...
SELECT`` over a counter), not played again. Then a fresh process (``python -m
bot.devtools.bench_startup --measure …``) runs what the bot runs when it starts, minus Discord:

1. open the database: connect (PostgreSQL: the pool), check and run the migrations;
2. build the table service (worker pool; no render processes: the fake renderer);
3. resume every live table as ``TableBot.on_ready`` does (``TableActions.resume_tables``):
   the open games' channels, whether this process serves each, ``service.play.resume`` (the
   table loaded from its snapshot and moves, checked, AI seats' pending decisions taken);
4. the timer loop's first round: ``service.timers.tick(confirm=True)`` (due timers, unposted
   notices, stale games to archive) and ``next_due``.

It prints the seconds of each step and the process's peak memory (``ru_maxrss``), after the
imports and at the end. Posting the live tables' messages to Discord (rate-limited by Discord,
not by the database) is not part of it.

``--db sqlite`` (default) uses a new file in a temporary folder, ``--db postgres`` a throw-away
PostgreSQL server with durable settings (:func:`bot.devtools.pg_server.start_server`), a path
or a ``postgresql://…`` address that database (filled first unless ``--no-fill``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.archive import Database, Target
    from bot.storage.sql import Conn
    from bot.table.service import TableService

#: Finished games are spread over this many channels (one server each).
FINISHED_CHANNELS = 5_000
#: Moves of each live game (snapshots every 20 moves: two, and five moves to replay).
LIVE_MOVES = 45
#: The game, seats and seed of the stored games.
GAME, PLAYERS, SEED = "venezia", 4, 11  # not for players
#: Discord's guild ids hold the shard in bits 22 and up: a different server per channel.
GUILD_STEP = 1 << 22
#: How SQL lists columns (no words: nothing here is read by players).
COLUMNS = ", "  # not for players


@dataclass(slots=True)
class StartupFigures:
    """One measured start-up (seconds; memory in MiB)."""

    backend: str
    finished_games: int
    live_games: int
    open_s: float = 0.0
    service_s: float = 0.0
    resume_s: float = 0.0
    tick_s: float = 0.0
    total_s: float = 0.0
    imports_s: float = 0.0
    resumed: int = 0
    rss_after_imports_mib: float = 0.0
    peak_rss_mib: float = 0.0
    fill_s: float | None = None
    notes: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# Filling: one game of each kind stored as the table stores it, then copied by SQL
# ------------------------------------------------------------------------------------------


def _columns(conn: Conn, table: str) -> list[str]:
    cursor: Any = conn.execute(f"SELECT * FROM {table} WHERE 1 = 0")  # not for players
    return [str(d[0]) for d in cursor.description]


def _copy(
    conn: Conn, table: str, where: str, count: int, replace: dict[str, str], skip: set[str]
) -> None:
    """``count`` copies of the template rows of ``table`` (``t``, chosen by ``where``), the
    counter ``n.i`` running 1 to ``count``; ``replace``: a column's SQL expression instead of
    the template's value; ``skip``: columns left to their default (a new id)."""
    if count <= 0:
        return
    columns = [c for c in _columns(conn, table) if c not in skip]
    values = COLUMNS.join(replace.get(c, f"t.{c}") for c in columns)
    conn.execute(
        f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}) "
        f"INSERT INTO {table} ({COLUMNS.join(columns)}) "
        f"SELECT {values} FROM n, {table} t WHERE {where}"  # not for players
    )


def _mod(expr: str, by: int) -> str:
    """``expr`` modulo ``by`` in SQL both dialects read (no ``%``: psycopg's placeholder)."""
    return f"(({expr}) - (({expr}) / {by}) * {by})"


def _live_template(storage: Database, channel: str) -> int:
    """A running 4-player game, ``LIVE_MOVES`` moves in, stored move by move with a snapshot
    every 20 moves as the table commits them."""
    import random

    from bot.storage.store import PlayerInfo, SnapshotData
    from bot.table.ai_seat import ai_level
    from bot.table.records import SNAPSHOT_EVERY
    from engine.registry import registration

    parts = registration(GAME).parts()
    people = [
        PlayerInfo(f"P{i + 1}", f"{1000 + i}", False, None)
        if i < 2
        else PlayerInfo(f"AI{i + 1}", None, True, ai_level("random").code)
        for i in range(PLAYERS)
    ]
    state = parts.game.new_state([p.name for p in people], SEED, None)
    record = storage.games.create_game(
        channel, GAME, seed=SEED, players=people, guild_id=str(GUILD_STEP)
    )
    policy = parts.random_policy(random.Random(SEED))
    for seq in range(LIVE_MOVES):
        decision = state.pending()
        if state.is_over or decision is None:
            break
        command = policy(state, decision)
        seat = parts.command_seat(state, decision, command)
        state.apply(seat, command)
        snap = None
        if (seq + 1) % SNAPSHOT_EVERY == 0:
            snap = SnapshotData(state.to_json(), state.state_hash())
        storage.games.append_move(
            record.id, seq, seat, people[seat].user_id, state.history[-1][1], snapshot=snap
        )
    return record.id


def fill(storage: Database, games: int, live: int) -> float:
    """Store ``games`` finished and ``live`` running games (at least one of each); the
    seconds it took."""
    from bot.devtools.stored_games import store_selfplay_game
    from bot.storage.sql import is_postgres

    start = time.perf_counter()
    done = store_selfplay_game(storage, "bench-done", GAME, seed=SEED, players=PLAYERS)
    running = _live_template(storage, "bench-live")
    now = time.time()
    with storage.connection.write("bench_fill") as conn:
        top = int(conn.execute("SELECT max(id) FROM games").fetchone()[0])
        channels = min(FINISHED_CHANNELS, games - 1)
        guild = f"CAST(CAST(n.i AS BIGINT) * {GUILD_STEP} AS TEXT)"
        tables = {"guild_id": guild, "current_game_id": "NULL"}
        _copy(
            conn,
            "tables",
            "t.channel_id = 'bench-done'",
            channels,
            {**tables, "channel_id": "'bench-f-' || (n.i - 1)"},
            set(),
        )
        finished = f"t.id = {done}"
        by_game = f"t.game_id = {done}"
        new_id = f"{top} + n.i"
        channel = "'bench-f-' || " + _mod("n.i", max(1, channels))
        _copy(conn, "games", finished, games - 1, {"id": new_id, "channel_id": channel}, set())
        for table in ("move_archives", "results", "seat_results"):
            _copy(conn, table, by_game, games - 1, {"game_id": new_id}, set())
        top += games
        _copy(
            conn,
            "tables",
            "t.channel_id = 'bench-live'",
            live - 1,
            {**tables, "channel_id": "'bench-l-' || n.i"},
            set(),
        )
        live_id = f"{top} + n.i"
        _copy(
            conn,
            "games",
            f"t.id = {running}",
            live - 1,
            {"id": live_id, "channel_id": "'bench-l-' || n.i", "touched_at": repr(now)},
            set(),
        )
        for table, skip in (("moves", {"id"}), ("snapshots", set())):
            _copy(conn, table, f"t.game_id = {running}", live - 1, {"game_id": live_id}, skip)
        conn.execute(
            "UPDATE tables SET current_game_id = (SELECT g.id FROM games g WHERE "
            "g.channel_id = tables.channel_id AND g.status = 'active') "
            "WHERE channel_id >= 'bench-l' AND channel_id < 'bench-m'"
        )
        if is_postgres(conn):
            conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), max(id)) FROM games")
    return time.perf_counter() - start


# ------------------------------------------------------------------------------------------
# The start-up, as the bot runs it
# ------------------------------------------------------------------------------------------


async def start_up(service: TableService) -> int:
    """What ``TableBot.on_ready`` and its timer loop's first round ask of the service: every
    live table resumed (if this process serves it), then the timers' first tick. The number
    of tables resumed."""
    resumed = 0
    for channel in await service.play.active_channels():
        if not await service.timers.serves_channel(channel):
            continue
        outcome = await service.play.resume(channel)
        resumed += int(outcome.accepted)
    await service.timers.tick(confirm=True)
    await service.timers.next_due()
    return resumed


def _rss_mib() -> float:
    # Linux: kilobytes (macOS: bytes; this bench is for the servers the bot runs on)
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(target: str, started: float) -> StartupFigures:
    """One start-up on ``target`` in this (fresh) process; ``started``: the clock before the
    imports."""
    from bot.archive import db_setting, open_db
    from bot.storage.store import is_postgres_url
    from bot.table.render import PlaceholderRenderer
    from bot.table.service import TableService

    imported = time.perf_counter()
    figures = StartupFigures(
        "postgresql" if is_postgres_url(target) else "sqlite",
        0,
        0,
        imports_s=imported - started,
        rss_after_imports_mib=_rss_mib(),
    )
    t0 = time.perf_counter()
    storage = open_db(db_setting(target), create=False)
    t1 = time.perf_counter()
    service = TableService(
        storage, PlaceholderRenderer(), owns_storage=True, max_ai_moves=0, workers=8
    )
    t2 = time.perf_counter()
    try:
        figures.resumed = asyncio.run(start_up(service))
        t3 = time.perf_counter()
        asyncio.run(service.timers.tick(confirm=True))
        t4 = time.perf_counter()
        with storage.connection.read() as conn:
            counted = conn.execute(
                "SELECT sum(CASE WHEN status IN ('lobby', 'active') THEN 1 ELSE 0 END), "
                "sum(CASE WHEN status IN ('finished', 'aborted') THEN 1 ELSE 0 END) FROM games"
            ).fetchone()
    finally:
        service.close()
    figures.live_games, figures.finished_games = int(counted[0] or 0), int(counted[1] or 0)
    figures.open_s, figures.service_s = t1 - t0, t2 - t1
    figures.resume_s, figures.tick_s, figures.total_s = t3 - t2, t4 - t3, t3 - t0
    figures.peak_rss_mib = _rss_mib()
    return figures


# ------------------------------------------------------------------------------------------
# The command
# ------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _database(choice: str) -> Iterator[tuple[Target, bool]]:
    """The database the bench fills: ``(target, fresh)``."""
    from bot.archive import db_setting

    if choice == "postgres":
        from bot.devtools.pg_server import start_server

        server = start_server(durable=True)
        if isinstance(server, str):
            raise SystemExit(server)
        try:
            yield server.new_database(), True
        finally:
            server.shutdown()
        return
    if choice == "sqlite":
        with tempfile.TemporaryDirectory(prefix="canalside-startup-") as folder:
            yield Path(folder) / "bench.sqlite3", True
        return
    yield db_setting(choice), False


def _child(target: Target) -> StartupFigures:
    """:func:`measure` in a new Python process (nothing cached, nothing imported)."""
    out = subprocess.run(
        [sys.executable, "-m", "bot.devtools.bench_startup", "--measure", str(target)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    if out.returncode != 0:
        raise SystemExit(f"the measuring process failed:\n{out.stderr[-3000:]}")
    return StartupFigures(**json.loads(out.stdout.strip().splitlines()[-1]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="canalside bench startup",  # not for players
        description=(__doc__ or "").split("\n\n")[0],
    )
    parser.add_argument("--games", type=int, default=100_000, help="finished games stored")
    parser.add_argument("--live", type=int, default=1_000, help="running games stored")
    parser.add_argument(
        "--db", default="sqlite", help="sqlite, postgres, a SQLite path or a postgresql:// address"
    )
    parser.add_argument("--no-fill", action="store_true", help="measure the database as it is")
    parser.add_argument("--runs", type=int, default=1, help="fresh processes measured")
    parser.add_argument("--json", action="store_true", help="one JSON object per run")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure is not None:
        started = time.perf_counter()
        print(json.dumps(asdict(measure(args.measure, started))))
        return 0
    if args.games < 1 or args.live < 1:
        parser.error("--games and --live take at least 1")
    from bot.archive import open_db

    with _database(args.db) as (target, fresh):
        filled: float | None = None
        if fresh or not args.no_fill:
            with open_db(target, create=True, synchronous="normal") as storage:
                filled = fill(storage, args.games, args.live)
        for _run in range(max(1, args.runs)):
            figures = _child(target)
            figures.fill_s = filled
            if args.json:
                print(json.dumps(asdict(figures)))
                continue
            print(
                f"{figures.backend}: {figures.finished_games:,} finished + "
                f"{figures.live_games:,} live games"
                + (f" (filled in {filled:.1f} s)" if filled is not None else "")
            )
            print(
                f"  start-up {figures.total_s:.2f} s: open + migrations {figures.open_s:.2f} s, "
                f"service {figures.service_s:.2f} s, resume {figures.resumed:,} tables "
                f"{figures.resume_s:.2f} s (timers' first tick inside); a later tick "
                f"{figures.tick_s * 1000:.1f} ms"
            )
            print(
                f"  memory: {figures.rss_after_imports_mib:.0f} MiB after the imports "
                f"({figures.imports_s:.2f} s), peak {figures.peak_rss_mib:.0f} MiB"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
