"""#27's soak, short: three processes on one PostgreSQL, each SIGKILLed at random moments, and
the server's postmaster SIGKILLed and started again under them. Every acknowledged move is
stored exactly once, every timer that fired fired once with one effect and none stayed
overdue, the indexes pass ``amcheck`` and every game replays to its stored state, and nothing
failed inside (``canalside soak --db postgres``, :mod:`bot.devtools.soak_pg`, shorter).

The soak kills its server, so it starts one of its own (skipped as the other PostgreSQL
tests are when the server programs are missing; with ``CANALSIDE_TEST_PG`` naming a running
server it is skipped too: that one must not be killed)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import psycopg
import pytest

from bot.devtools.pg_server import ENV, PgServer, start_server
from bot.devtools.soak_pg import PgSoakConfig, PgSoakReport, check_acks, run_pg_soak
from bot.devtools.soak_pg_check import install_audit, timer_figures

KILLS = 4
DB_RESTARTS = 2
PROCESSES = 3


@pytest.fixture(scope="module")
def own_server() -> Iterator[PgServer]:
    if os.environ.get(ENV, "").strip().lower().startswith("postgres"):
        pytest.skip(f"{ENV} names a running server; the soak kills its server")
    # durable: a commit is acknowledged once its WAL is flushed (``synchronous_commit``); the
    # tests' fast server (off) loses the last commits when its postmaster is killed, and the
    # soak rightly reports them lost
    server = start_server(durable=True)
    if isinstance(server, str):
        if os.environ.get("CANALSIDE_TEST_PG_REQUIRED"):  # .ci/run installed PostgreSQL
            pytest.fail(server)
        pytest.skip(server)
    try:
        yield server
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def soaked(
    own_server: PgServer, tmp_path_factory: pytest.TempPathFactory
) -> tuple[PgSoakReport, PgSoakConfig]:
    config = PgSoakConfig(
        workdir=tmp_path_factory.mktemp("pgsoak"),
        processes=PROCESSES,
        channels=1,
        shared=3,
        kills=KILLS,
        db_restarts=DB_RESTARTS,
        gap_s=(0.4, 0.9),
        outage_s=(0.3, 1.0),
        turn_seconds=2,
        slow=0.2,
        settle_s=3.0,
        seed=5,
    )
    return run_pg_soak(config, own_server), config


def test_kills_and_restarts_lose_double_and_break_nothing(
    soaked: tuple[PgSoakReport, PgSoakConfig],
) -> None:
    report, _ = soaked
    print(report)
    assert report.kills == KILLS and report.db_restarts == DB_RESTARTS
    assert report.acknowledged > 50 and report.acknowledged_moves >= report.acknowledged
    # the shared tables were moved by two processes each: races refused, none lost
    assert report.lost == 0 and report.duplicated == 0, report.problems
    assert report.internal_errors == 0, report.problems
    assert report.replay_mismatches == 0, report.problems
    assert report.amcheck.startswith("ok"), report.amcheck
    assert report.games_unfinished == 0 and report.games_finished >= PROCESSES
    assert report.problems == []
    assert report.ok


def test_timers_fired_each_once_with_one_effect(
    soaked: tuple[PgSoakReport, PgSoakConfig],
) -> None:
    report, _ = soaked
    assert report.reminders > 0 and report.takeovers + report.pauses > 0, report
    assert report.timers_fired == report.reminders + report.timeouts
    assert report.timers_fired_twice == 0 and report.timers_without_effect == 0
    assert report.timers_overdue == 0


def test_the_checks_notice_a_lost_move_and_a_timer_fired_twice(
    soaked: tuple[PgSoakReport, PgSoakConfig], own_server: PgServer
) -> None:
    """The figures above mean something only if a loss or a double firing would show."""
    _, config = soaked
    logs = [config.workdir / f"acks-{i}.jsonl" for i in range(PROCESSES)]
    url = own_server.new_database()
    install_audit(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO tables (channel_id, created_at) VALUES ('c', '2026-01-01')")
        conn.execute(
            "INSERT INTO games (id, channel_id, game_type, seed, players, status, created_at) "
            "VALUES (1, 'c', 'venezia', 1, '[]', 'active', '2026-01-01')"
        )
        conn.execute(
            "INSERT INTO deadlines (game_id, seat, channel_id, opened_at, timeout_at) "
            "VALUES (1, 0, 'c', 1.0, 2.0)"
        )
        for _ in range(2):  # fired, un-fired by hand, fired again: twice, and no effect
            conn.execute("UPDATE deadlines SET timed_out = 1")
            conn.execute("UPDATE deadlines SET timed_out = 0")
    timers = timer_figures(url)
    assert timers.fired_twice == 1 and timers.without_effect == 2
    report = PgSoakReport()
    problems = check_acks(url, logs, report)  # an empty database: every ack is lost
    assert report.lost >= report.acknowledged > 0 and problems
