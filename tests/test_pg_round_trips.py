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
