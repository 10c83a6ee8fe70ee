"""Round trips per command on PostgreSQL (#27: "cut CPU and round trips per command"):
counted as statements sent, not timed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from bot.storage.postgres import PgDatabase
from bot.storage.timers import TimerSettings
from tests.test_repository_contract import start


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement sent to PostgreSQL during the test."""
    seen: list[str] = []
    execute = psycopg.Cursor.execute

    def counting(self: psycopg.Cursor[Any], query: Any, params: Any = None, **kw: Any) -> Any:
        seen.append(" ".join(str(query).split()))
        return execute(self, query, params, **kw)

    monkeypatch.setattr(psycopg.Cursor, "execute", counting)
    yield seen


def test_deadlines_with_nothing_to_change_cost_one_query(pg_url: str, sent: list[str]) -> None:
    """#27: after a move whose seats are untimed (or timed already), the timer sync reads
    the game's deadlines and its touch time in one query, and writes nothing."""
    with PgDatabase.open(pg_url) as db:
        game = start(db)
        timed = TimerSettings(turn_seconds=100)
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1", 1: "u2"}, 1000.0, timed)
        sent.clear()
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1", 1: "u2"}, 1001.0, timed)
        assert len(sent) == 1 and sent[0].startswith("SELECT g.touched_at, d.seat")
        db.deadlines.sync_deadlines("c1", game.id, {1: "u2"}, 1002.0, timed)  # seat 0 moved
        assert [d.seat for d in db.deadlines.deadlines(game.id)] == [1]
        sent.clear()
        db.deadlines.sync_deadlines("c1", game.id, {}, 1003.0, TimerSettings())
        assert db.deadlines.deadlines(game.id) == []
        sent.clear()
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 1004.0, TimerSettings())
        assert len(sent) == 1  # untimed, no deadline rows, touched a moment ago: one read
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 1004.0 + 601, TimerSettings())
        assert any(s.startswith("UPDATE games SET touched_at") for s in sent)  # touched again


def test_stored_settings_are_read_with_the_deadlines(pg_url: str, sent: list[str]) -> None:
    """#27: the timer sync after an action reads the table's stored timer settings in the
    same query as its deadlines (``settings=None``), and times the seats by them."""
    with PgDatabase.open(pg_url) as db:
        game = start(db)
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 1000.0, None)
        assert db.deadlines.deadlines(game.id) == []  # no settings stored: untimed
        db.timer_settings.set_timer_settings(
            "c1", TimerSettings(turn_seconds=100, remind_seconds=40)
        )
        sent.clear()
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 1001.0, None)
        assert "table_settings" in sent[0] and "deadlines" in sent[0]  # one query reads both
        [deadline] = db.deadlines.deadlines(game.id)
        assert (deadline.remind_at, deadline.timeout_at) == (1041.0, 1101.0)
        sent.clear()
        db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 1002.0, None)
        assert len(sent) == 1  # timed already, touched a moment ago: one read, no write


async def test_a_command_reads_its_timer_state_in_one_query(pg_url: str, sent: list[str]) -> None:
    """#27: per command, the timer sync costs one read (settings, deadlines and touch time
    together): before, three queries (three round trips)."""
    from tests.reliability.test_shared_reads import CH, PLAYERS, _move
    from tests.test_service_support import open_service
    from tests.test_service_support import start as start_game

    svc = open_service(pg_url)
    try:
        await start_game(svc, CH, PLAYERS, seed=11)
        await _move(svc)
        sent.clear()
        for _ in range(10):
            await _move(svc)
        timer_reads = [s for s in sent if "table_settings" in s or "FROM deadlines" in s]
        touch_reads = [s for s in sent if s.startswith("SELECT touched_at")]
        assert len(timer_reads) == 10 and touch_reads == []
    finally:
        svc.close()
