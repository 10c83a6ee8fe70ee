"""The PostgreSQL backend (#27): the setting that chooses it, its own migrations, and several
processes on one database (a table's moves serialised and applied exactly once, a timer fired
by exactly one of them).

The repository contract and the storage, table-service and reliability suites run on both
backends through the ``db_target`` fixture (tests/conftest.py); these are what only a
network database raises.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from bot.devtools import pg_server as pg_server_module
from bot.devtools.pg_server import PgServer
from bot.discord.settings import Settings, shown_db
from bot.storage.errors import NotOurDatabase, SchemaTooNew
from bot.storage.postgres import PG_MIGRATIONS, PG_SCHEMA_VERSION, PgDatabase
from bot.storage.records import PlayerInfo
from bot.storage.store import SqliteDatabase, open_database
from bot.storage.timers import TimerSettings
from bot.table.outputs import Code
from tests.test_service_support import open_service, start

ROOT = Path(__file__).resolve().parents[1]
ALICE, BOB = PlayerInfo("Alice", "u1"), PlayerInfo("Bob", "u2")
#: Seconds of a lease and a lock wait that never end in these tests.
PATIENT = 600.0


def test_the_db_setting_names_a_postgresql_server_or_a_sqlite_file(tmp_path: Path) -> None:
    """#27: ``CANALSIDE_DB=postgresql://…`` is a server's address (kept whole, its password
    never shown); anything else stays a SQLite file."""
    url = "postgresql://bot:secret@db.internal:5432/canalside"
    settings = Settings.from_env({"CANALSIDE_DB": url}, env_file=tmp_path / "none.env")
    assert settings.db_path == url
    assert "secret" not in settings.describe() and "postgresql://bot:***@db.internal" in (
        settings.describe()
    )
    assert shown_db(url) == "postgresql://bot:***@db.internal:5432/canalside"
    file = Settings.from_env({"CANALSIDE_DB": "~/x.sqlite3"}, env_file=tmp_path / "none.env")
    assert file.db_path == Path("~/x.sqlite3").expanduser()
    with open_database(tmp_path / "x.sqlite3") as db:
        assert isinstance(db, SqliteDatabase)


def test_without_postgresql_the_cases_skip_saying_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#27: on a fresh machine without PostgreSQL's server programs the README's plain
    ``uv run pytest`` still passes: the PostgreSQL cases skip, naming what to install."""
    monkeypatch.delenv(pg_server_module.ENV, raising=False)
    monkeypatch.setattr(pg_server_module, "_bindir", lambda: None)
    reason = pg_server_module.start_server()
    assert isinstance(reason, str)
    assert "apt-get install postgresql" in reason and pg_server_module.ENV in reason
    monkeypatch.setenv(pg_server_module.ENV, "off")
    assert "switched off" in str(pg_server_module.start_server())


def test_open_database_chooses_postgresql_by_the_address(pg_url: str) -> None:
    """#27: the same call opens PostgreSQL for a ``postgresql://`` address."""
    with open_database(pg_url) as db:
        assert isinstance(db, PgDatabase)
        assert db.connection.schema_version() == PG_SCHEMA_VERSION
        db.lobby.join_seat("c", "Ann", "u1")
    with open_database(pg_url) as again:  # reopening migrates nothing and keeps the data
        assert [s.display_name for s in again.lobby.list_seats("c")] == ["Ann"]


def test_a_database_of_another_application_or_a_newer_program_is_left_alone(
    pg_server: PgServer,
) -> None:
    """#27: PostgreSQL's migrations refuse a newer schema and somebody else's tables, before
    writing anything."""
    pg_url = pg_server.new_database()  # its own: the run's shared one keeps its tables
    try:
        _refuses(pg_url)
    finally:
        pg_server.drop_database(pg_url)


def _refuses(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE canalside_schema SET version = version + 1")
    with pytest.raises(SchemaTooNew):
        PgDatabase.open(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE canalside_schema SET version = version - 1")
        tables = [
            str(r[0])
            for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        ]
        conn.execute("DROP TABLE " + ", ".join(tables) + " CASCADE")
        conn.execute("CREATE TABLE customers (id INTEGER)")
    with pytest.raises(NotOurDatabase):
        PgDatabase.open(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        left = [
            r[0]
            for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        ]
        assert left == ["customers"]
        conn.execute("DROP TABLE customers")
    with PgDatabase.open(pg_url, migrations=PG_MIGRATIONS) as db:  # an empty one is set up
        assert db.connection.schema_version() == PG_SCHEMA_VERSION


CHILD = textwrap.dedent(
    """
    import asyncio, json, random, sys
    from bot.table.render import PlaceholderRenderer
    from bot.table.service import TableService

    db, name, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

    async def main():
        svc = TableService.open(db, PlaceholderRenderer(), images=False, hand_images=False)
        rng = random.Random(seed)
        out = []
        try:
            for i in range(count):
                d = await svc.play.decision("c")
                if d is None:
                    break
                options = await svc.play.options_for("c", d.user_id, limit=None)
                if not options:  # the other process moved meanwhile: read afresh (#27 item 2)
                    continue
                o = await svc.play.command("c", d.user_id, rng.choice(options), f"{name}-{i}")
                out.append([o.accepted, o.code, o.seq, o.duplicate])
        finally:
            svc.close()
        print(json.dumps(out))

    asyncio.run(main())
    """
)


async def test_two_processes_moving_one_table_apply_each_move_exactly_once(
    db_target: Path | str,
) -> None:
    """#27: two bot processes play the same table at once; their moves serialise, every
    accepted move is stored exactly once (no gap, no double), the losers of a race get an
    answer (never "broken" or an internal error), and the game reloads consistently."""
    svc = open_service(db_target)
    try:
        await start(svc, "c", 3, seed=5)
    finally:
        svc.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(db_target), name, "60", str(seed)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for name, seed in (("a", 1), ("b", 2))
    ]
    outcomes: list[list[object]] = []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err[-2000:]
        outcomes += json.loads(out.strip().splitlines()[-1])
    accepted = sorted(int(str(o[2])) for o in outcomes if o[0])
    refused = {str(o[1]) for o in outcomes if not o[0]}
    assert not refused & {Code.BROKEN, Code.INTERNAL}, refused
    with open_database(db_target) as db:
        game = db.games.active_game("c") or db.games.game_history("c", 1)[0]
        moves = db.games.moves(game.id)
    assert [m.seq for m in moves] == list(range(len(moves)))
    assert accepted == list(range(len(moves))), "each accepted move stored once, nothing else"
    assert len(moves) > 60  # both processes really played
    again = open_service(db_target)
    try:
        status = await again.play.status("c")
        assert status.code != Code.BROKEN
    finally:
        again.close()


def test_a_timer_fires_exactly_once_when_processes_race_for_it(pg_url: str) -> None:
    """#27: two processes (two pools) fire the same due timeouts at the same moment; the
    fired mark and its notice are written in the transaction that wins, once."""
    first, second = PgDatabase.open(pg_url), PgDatabase.open(pg_url)
    try:
        game = first.games.create_game(
            "c", "venezia", seed=1, players=[PlayerInfo("A", "u1"), PlayerInfo("B", "u2")]
        )
        seats = dict.fromkeys(range(40), "u1")
        first.deadlines.sync_deadlines("c", game.id, seats, 0.0, TimerSettings(turn_seconds=60))
        wins: list[tuple[int, bool]] = []
        barrier = threading.Barrier(2)

        def fire(db: PgDatabase) -> Callable[[], None]:
            def run() -> None:
                for seat in range(40):
                    barrier.wait()
                    with db.transaction("fire_timeout") as repos:
                        won = repos.deadlines.fire_timeout(game.id, seat, "pause")
                    wins.append((seat, won))

            return run

        threads = [threading.Thread(target=fire(db)) for db in (first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert sorted(seat for seat, won in wins if won) == list(range(40))
        assert len(wins) == 80
        assert len(first.deadlines.notices("c")) == 40
        assert all(d.timed_out for d in second.deadlines.deadlines(game.id))
    finally:
        first.close()
        second.close()


def _waiting_for_a_lock(url: str) -> bool:
    """Whether some session of the database waits for an advisory lock."""
    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        ).fetchone()
    return found is not None and int(found[0]) > 0


def test_two_tables_commit_in_parallel_and_one_table_takes_turns(pg_url: str) -> None:
    """#27 item 3 (per-table serialisation, no database-wide write lock): while one process
    holds table A's write transaction open, another process's move on table B commits; its
    move on table A waits for A's transaction, then is applied exactly once."""
    # (these hold a transaction open on purpose while the other waits: no lease, no
    # lock wait ends it however slow the machine - bot/storage/pg_connection.py)
    first = PgDatabase.open(pg_url, lease=PATIENT, lock_wait=PATIENT)
    second = PgDatabase.open(pg_url, lease=PATIENT, lock_wait=PATIENT)
    try:
        game_a = first.games.create_game("cA", "venezia", seed=1, players=[ALICE, BOB])
        game_b = first.games.create_game("cB", "venezia", seed=2, players=[ALICE, BOB])
        held, release = threading.Event(), threading.Event()

        def hold_table_a() -> None:
            with first.connection.write("hold", game=game_a.id):
                held.set()
                release.wait(120)

        holder = threading.Thread(target=hold_table_a)
        holder.start()
        try:
            assert held.wait(60)
            other_table = threading.Thread(
                target=second.games.append_move, args=(game_b.id, 0, 0, "u1", "b-0")
            )
            other_table.start()
            other_table.join(60)
            assert not other_table.is_alive(), "table B waited for table A's transaction"
            assert [m.command for m in second.games.moves(game_b.id)] == ["b-0"]

            same_table = threading.Thread(
                target=second.games.append_move, args=(game_a.id, 0, 0, "u1", "a-0")
            )
            same_table.start()
            for _ in range(600):
                if _waiting_for_a_lock(pg_url):
                    break
                threading.Event().wait(0.1)
            assert _waiting_for_a_lock(pg_url)  # the move on A waits for A's lock
            assert same_table.is_alive() and second.games.moves(game_a.id) == []
        finally:
            release.set()
            holder.join(60)
        same_table.join(60)
        assert not same_table.is_alive()
        assert [m.command for m in first.games.moves(game_a.id)] == ["a-0"]
    finally:
        first.close()
        second.close()


def test_a_claimed_timer_is_skipped_by_the_other_process_and_released_by_a_rollback(
    pg_url: str,
) -> None:
    """#27 item 4 (SKIP LOCKED claims): while one process's transaction fires a seat's
    timeout (claimed, not committed), the other process skips it at once instead of waiting
    or firing it twice, and fires the other due seats meanwhile; when the first process's
    transaction is rolled back (it died), its claim is released and the timeout fires,
    once."""
    # (these hold a transaction open on purpose while the other waits: no lease, no
    # lock wait ends it however slow the machine - bot/storage/pg_connection.py)
    first = PgDatabase.open(pg_url, lease=PATIENT, lock_wait=PATIENT)
    second = PgDatabase.open(pg_url, lease=PATIENT, lock_wait=PATIENT)
    try:
        game = first.games.create_game("c", "venezia", seed=1, players=[ALICE, BOB])
        first.deadlines.sync_deadlines(
            "c", game.id, {0: "u1", 1: "u2"}, 0.0, TimerSettings(turn_seconds=60)
        )
        claimed, die = threading.Event(), threading.Event()

        class Died(Exception):
            pass

        def fire_then_die() -> None:
            with (
                contextlib.suppress(Died),
                first.transaction("fire_timeout", game=game.id) as repos,
            ):
                assert repos.deadlines.fire_timeout(game.id, 0, "takeover")
                claimed.set()
                die.wait(120)
                raise Died

        dying = threading.Thread(target=fire_then_die)
        dying.start()
        try:
            assert claimed.wait(60)
            results: list[bool] = []
            racer = threading.Thread(
                target=lambda: results.extend(
                    [
                        second.deadlines.pause_seat(game.id, 0),
                        second.deadlines.pause_seat(game.id, 1),
                    ]
                )
            )
            racer.start()
            racer.join(60)
            assert not racer.is_alive(), "the other process waited for the claimed timer"
            assert results == [False, True]  # seat 0 skipped (claimed), seat 1 fired
        finally:
            die.set()
            dying.join(60)
        assert second.deadlines.pause_seat(game.id, 0)  # the claim died with its transaction
        assert not first.deadlines.pause_seat(game.id, 0)
        assert sorted((n.seat, n.kind) for n in first.deadlines.notices("c")) == [
            (0, "pause"),
            (1, "pause"),
        ]
    finally:
        first.close()
        second.close()
