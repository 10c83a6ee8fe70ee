"""Fixtures every suite may use: the test run's PostgreSQL server (#27).

``pg_server`` starts one server for the whole run (see :mod:`bot.devtools.pg_server`), the
first time a test asks for it, and stops it at the end; ``pg_url`` is a fresh database on it
for one test. ``db_target`` is the backend parameter of the suites that run on both: a
SQLite file, or that fresh PostgreSQL database (skipped with the reason when there is no
server to start).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.devtools.pg_server import PgServer, database, start_server

#: The two backends a ``db_target`` test runs on.
BACKENDS = ("sqlite", "postgres")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server = start_server()
    if isinstance(server, str):
        if os.environ.get("CANALSIDE_TEST_PG_REQUIRED"):  # .ci/run installed PostgreSQL
            pytest.fail(server)
        pytest.skip(server)
    try:
        yield server
    finally:
        server.shutdown()


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    with database(pg_server) as url:
        yield url


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a test's database lives: a SQLite file, or a fresh PostgreSQL database; give
    it to :func:`bot.storage.store.open_database` or ``TableService.open``."""
    if request.param == "sqlite":
        return tmp_path / "test.db"
    url: str = request.getfixturevalue("pg_url")
    return url
