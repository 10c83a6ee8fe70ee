"""The table service's metrics and log fields without Discord (#27, "Operators"): timers
fired are counted by kind, a PostgreSQL-less service reports its one SQLite connection, and
the text log format appends the fields known in the runner's context."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.logs import TextFormatter, log_fields
from bot.table.service import TableService
from tests.test_service_support import open_service, uid
from tests.test_timers import FakeClock, svc_at, two_humans


def values(svc: TableService, name: str) -> dict[tuple[tuple[str, str], ...], float]:
    text = svc.metrics.exposition().decode()
    return {
        tuple(sorted(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == name
    }


async def test_timers_fired_are_counted_by_kind(tmp_path: Path) -> None:
    """#27 Operators: the reminder and the takeover each count once."""
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    try:
        await two_humans(svc)
        assert values(svc, "canalside_timers_fired_total") == {}
        clock.advance(61)
        assert [e.kind for e in await svc.timers.tick()] == ["reminder"]
        clock.advance(60)
        assert [e.kind for e in await svc.timers.tick()] == ["takeover"]
        assert await svc.timers.tick() == []
        assert values(svc, "canalside_timers_fired_total") == {
            (("kind", "reminder"),): 1.0,
            (("kind", "takeover"),): 1.0,
        }
        assert values(svc, "canalside_live_tables") == {(): 1.0}
        assert values(svc, "canalside_db_pool") == {(("stat", "pool_size"),): 1.0}
        joins = values(svc, "canalside_commands_total")
        assert joins[(("kind", "join"), ("outcome", "ok"))] == 2
        assert (await svc.lobby.join("c", uid(0), "Alice")).accepted is False
        refused = values(svc, "canalside_commands_total")
        assert refused[(("kind", "join"), ("outcome", "game_running"))] == 1
    finally:
        svc.close()


def test_text_log_lines_carry_the_known_fields() -> None:
    """#27 Operators: the plain format appends channel, game, move and latency."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(TextFormatter())
    logger = logging.getLogger("test.operators")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        with log_fields(channel="42", game=7):
            logger.info("command ok", extra={"move": 3, "latency_ms": 1.5})
        logger.info("no table here")
    finally:
        logger.removeHandler(handler)
    first, second = out.getvalue().splitlines()
    assert first.endswith("command ok [channel=42 game=7 move=3 latency_ms=1.5]")
    assert second.endswith("no table here")


def test_the_database_pool_and_ping_on_each_backend(db_target: Path | str) -> None:
    """#27 Operators: SQLite reports its one connection, PostgreSQL the pool's figures; the
    readiness ping answers while the database is open and raises once it is closed."""
    svc = open_service(db_target)
    try:
        svc.ping()
        pool = values(svc, "canalside_db_pool")
        if isinstance(db_target, Path):
            assert pool == {(("stat", "pool_size"),): 1.0}
        else:
            assert pool[(("stat", "pool_size"),)] >= 1
            assert (("stat", "pool_available"),) in pool
        svc.storage.close()
        with pytest.raises(Exception):  # noqa: B017 - each backend raises its own
            svc.ping()
    finally:
        svc.close()
