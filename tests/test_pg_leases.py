"""Leases and lock scopes of the PostgreSQL backend (#27): a process that hangs inside a
write transaction (stopped, a stuck call) loses its locks and timer claims when its lease
runs out, so another process fires the timer and moves the table, and the hung one's late
commit changes nothing; a writer that waits too long for a lock is told to try again;
writes of different servers, keys and tables do not wait for each other.

A real PostgreSQL server (``pg_url``, skipped as the other PostgreSQL tests are).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.storage.errors import StorageUnavailable
from bot.storage.postgres import PgDatabase
from bot.storage.records import PlayerInfo
from bot.storage.stats import StatsSettings
from bot.storage.timers import TimerSettings
from bot.table.guard import busy
from bot.table.outputs import Code
from bot.table.service import TableService
from tests.test_service_support import make_renderer, uid

ROOT = Path(__file__).resolve().parents[1]
ALICE, BOB = PlayerInfo("Alice", "u1"), PlayerInfo("Bob", "u2")
#: Long enough never to end in these tests (the holders are threads that do not hang).
PATIENT = 600.0

HUNG = textwrap.dedent(
    """
    import os, signal, sys
    from bot.storage.postgres import PgDatabase
    from bot.storage.records import PlayerInfo

    url, game_id, lease = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    db = PgDatabase.open(url, lease=lease)
    try:
        # a timeout's handover: the fired mark, its notice and the AI in the seat, one
        # transaction holding the timer's claim and the table's lock ...
        with db.transaction("hand_seat_to_ai", game=game_id) as tx:
            assert tx.deadlines.fire_timeout(game_id, 0, "takeover")
            ai = PlayerInfo("Alice", None, True, 1)
            tx.games.update_players(game_id, [ai, PlayerInfo("Bob", "u2")], takeover=True)
            print("claimed", flush=True)
            os.kill(os.getpid(), signal.SIGSTOP)  # ... when the process hangs
        print("committed", flush=True)
    except Exception as exc:
        print("failed", type(exc).__name__, flush=True)
    finally:
        db.close()
    """
)


def _hung_sessions(url: str) -> int:
    """Sessions of the database idle inside a transaction (the hung process's)."""
    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()"
        ).fetchone()
    return 0 if found is None else int(found[0])


def _waiting_for_a_lock(url: str) -> bool:
    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        ).fetchone()
    return found is not None and int(found[0]) > 0


def _until(check: object, seconds: float = 120.0) -> bool:
    """Poll ``check`` (a callable) until true or ``seconds`` passed (a bound, not a speed)."""
    stop = threading.Event()
    for _ in range(int(seconds * 10)):
        if check():  # type: ignore[operator]
            return True
        stop.wait(0.1)
    return False


def test_a_hung_process_loses_its_claim_and_lock_after_its_lease(pg_url: str) -> None:
    """#27 (hung process, item 1): a process stops inside the transaction that fires a
    seat's timeout (claim, fired mark, notice and the AI in the seat, uncommitted). While it
    hangs the other process skips the claimed timer; once its lease has run out the server
    ends that transaction, the other process fires the timeout and moves the table; when
    the hung process continues, its commit fails and nothing of it is stored: the timer
    fired once."""
    with PgDatabase.open(pg_url) as setup:
        game = setup.games.create_game("c", "venezia", seed=1, players=[ALICE, BOB])
        setup.deadlines.sync_deadlines(
            "c", game.id, {0: "u1", 1: "u2"}, 0.0, TimerSettings(turn_seconds=60)
        )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    hung = subprocess.Popen(
        [sys.executable, "-c", HUNG, pg_url, str(game.id), "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    other = PgDatabase.open(pg_url, lock_wait=0.2)
    try:
        assert hung.stdout is not None
        assert hung.stdout.readline().strip() == "claimed"
        # while the hung transaction lives, its timer is skipped and its table refused
        # ("try again"), not waited for
        if _hung_sessions(pg_url):
            early: list[object] = []

            def move_early() -> None:
                early.append(other.deadlines.pause_seat(game.id, 0))
                try:
                    other.games.append_move(game.id, 0, 0, "u1", "early")
                    early.append("moved")
                except StorageUnavailable as exc:
                    early.append("busy" if exc.busy else "unavailable")

            waiter = threading.Thread(target=move_early, daemon=True)
            waiter.start()
            waiter.join(120)
            assert not waiter.is_alive(), "a writer waits for the hung process's lock"
            if _hung_sessions(pg_url):  # (still hung after both: they met its locks)
                assert early == [False, "busy"]
        # the lease runs out: the server ends the hung transaction
        assert _until(lambda: _hung_sessions(pg_url) == 0), "the hung transaction lives on"
        assert other.deadlines.pause_seat(game.id, 0)  # fired by the other process, once
        other.games.append_move(game.id, 0, 0, "u1", "after")  # and the table moves
    finally:
        os.kill(hung.pid, signal.SIGCONT)
        out, err = hung.communicate(timeout=120)
        other.close()
    assert hung.returncode == 0, err[-2000:]
    assert out.split() == ["failed", "StorageUnavailable"]  # its late commit is refused
    with PgDatabase.open(pg_url) as db:
        notices = [(n.seat, n.kind) for n in db.deadlines.notices("c")]
        assert notices == [(0, "pause")]  # the takeover never happened
        record = db.games.get_game(game.id)
        assert record is not None and list(record.players) == [ALICE, BOB]
        assert db.takeovers.seat_takeover(game.id, 0) is None
        assert [m.command for m in db.games.moves(game.id)] == ["after"]
        assert [d.timed_out for d in db.deadlines.deadlines(game.id)] == [True, False]


async def test_a_command_waiting_behind_a_held_table_is_told_to_try_again(pg_url: str) -> None:
    """#27 (hung process, item 1): while another process holds a table's lock longer than a
    write may wait (a hung holder before its lease ends), a command on that table is
    answered "try again in a moment" (``Code.UNAVAILABLE``) instead of waiting forever, and
    changes nothing; once the holder is gone the same command works."""
    holder_db = PgDatabase.open(pg_url, lease=PATIENT)
    svc = TableService(
        PgDatabase.open(pg_url, lock_wait=0.3),
        make_renderer(prefer_real=False),
        images=False,
        hand_images=False,
        owns_storage=True,
    )
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with holder_db.connection.write("hold", table="c"):
            held.set()
            release.wait(300)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(60)
        out = await asyncio.wait_for(svc.lobby.join("c", uid(0), "Alice", None), 120)
        assert (out.accepted, out.code) == (False, Code.UNAVAILABLE), out
        assert out.error == busy()  # "... nothing was changed. Try again in a moment."
    finally:
        release.set()
        holder.join(60)
    try:
        assert holder_db.lobby.list_seats("c") == []
        out = await svc.lobby.join("c", uid(0), "Alice", None)
        assert out.accepted, out.error
    finally:
        svc.close()
        holder_db.close()


def test_unscoped_writes_of_different_servers_and_keys_do_not_wait_for_each_other(
    pg_url: str,
) -> None:
    """#27 item 3 (lock scopes): while one process's change of server A's stats setting is
    open (its transaction not committed), another process commits server B's stats
    setting and rating rebuild, a language choice, an adapter's value and a move of a
    table; a second change of server A's setting waits for the first (same scope), then
    commits after it."""
    first = PgDatabase.open(pg_url, lease=PATIENT, lock_wait=PATIENT)
    second = PgDatabase.open(pg_url, lease=PATIENT, lock_wait=PATIENT)
    try:
        game = first.games.create_game("cB", "venezia", seed=2, players=[ALICE, BOB])
        held, release = threading.Event(), threading.Event()

        def before_commit(operation: str) -> None:
            if operation == "set_stats_settings":
                held.set()
                release.wait(300)

        first.connection._fail_before_commit = before_commit
        holder = threading.Thread(
            target=first.stats.set_stats_settings, args=("A", StatsSettings(count_aborted=True))
        )
        holder.start()
        try:
            assert held.wait(60)

            def others() -> None:
                second.stats.set_stats_settings("B", StatsSettings(count_takeover=False))
                second.stats.rebuild_ratings("B")
                second.languages.set_language("server", "B", "hu")
                second.adapter_state.set_adapter_state("table:cB", "message", "42")
                second.games.append_move(game.id, 0, 0, "u1", "b-0")

            meanwhile = threading.Thread(target=others)
            meanwhile.start()
            meanwhile.join(120)
            assert not meanwhile.is_alive(), "another scope's write waited for server A's"
            assert second.stats.stats_settings("B") == StatsSettings(count_takeover=False)
            assert ("server", "B", "hu") in second.languages.languages()
            assert second.adapter_state.get_adapter_state("table:cB", "message") == "42"

            same = threading.Thread(
                target=second.stats.set_stats_settings,
                args=("A", StatsSettings(count_takeover=False)),
            )
            same.start()
            assert _until(lambda: _waiting_for_a_lock(pg_url)), "server A's second change"
            assert same.is_alive() and second.stats.stats_settings("A") == StatsSettings()
        finally:
            release.set()
            holder.join(60)
        same.join(60)
        assert not same.is_alive()
        # the second change came after the first, so it is the one that holds
        assert second.stats.stats_settings("A") == StatsSettings(count_takeover=False)
    finally:
        first.close()
        second.close()


def test_a_scoped_write_starts_in_one_round_trip(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#27 item 4 (one round trip): a table's, a game's, a server's or a key's write
    transaction begins with ONE query (``BEGIN`` and its locks) instead of three, and holds
    its locks when the block runs: the shared database-wide one and its scope's."""
    with PgDatabase.open(pg_url) as db:
        game = db.games.create_game("c", "venezia", seed=1, players=[ALICE, BOB])
        sent: list[object] = []
        real = psycopg.Connection.execute

        def counting(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            sent.append(query)
            return real(self, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Connection, "execute", counting)
        scopes: list[dict[str, Any]] = [
            {"table": "c"},
            {"game": game.id},
            {"guild": "g"},
            {"key": "k"},
        ]
        for scope in scopes:
            sent.clear()
            with db.connection.write("probe", **scope) as conn:
                assert len(sent) == 1, (scope, sent)
                held = conn.execute(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                    "AND pid = pg_backend_pid() AND granted"
                ).fetchone()
                assert held is not None and int(held[0]) == 2, scope
            assert len(sent) == 3  # and the block's one statement, and COMMIT


@pytest.mark.parametrize("name", ["c'; SELECT 1; --", "back\\slash'", "ü 🙂"])
def test_a_scope_name_is_quoted(pg_url: str, name: str) -> None:
    """#27 item 4 (one round trip): the names a write's locks are keyed by go into the
    query text quoted: any name locks, none is read as SQL."""
    with PgDatabase.open(pg_url) as db:
        db.lobby.join_seat(name, "Alice", "u1")
        db.languages.set_language("table", name, "it")
        assert [s.user_id for s in db.lobby.list_seats(name)] == ["u1"]
        assert ("table", name, "it") in db.languages.languages()
