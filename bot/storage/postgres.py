"""The PostgreSQL backend (#27): the same repositories as SQLite, over a psycopg 3 pool.

The backend is three modules, one job each: :mod:`bot.storage.pg_connection` (the pool, the
transactions and the DB-API face the repositories use), :mod:`bot.storage.pg_schema` (the
schema and its migrations) and this one, the :class:`PgDatabase` that puts the repositories
on a connection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from types import TracebackType
from typing import Self

from bot.storage.adapter import SqlAdapterStateRepository, SqlLanguageRepository
from bot.storage.games import SqlGameRepository
from bot.storage.history import SqlHistoryRepository
from bot.storage.lobby import SqlLobbyRepository
from bot.storage.pg_connection import (
    DEFAULT_POOL_SIZE,
    LEASE_SECONDS,
    LOCK_WAIT_SECONDS,
    PgConn,
    PgConnection,
)
from bot.storage.pg_schema import PG_MIGRATIONS, PG_SCHEMA_VERSION, PgMigration
from bot.storage.records import utcnow
from bot.storage.stats import SqlStatsRepository
from bot.storage.timers import (
    SqlArchiveClockRepository,
    SqlDeadlineRepository,
    SqlTakeoverRepository,
    SqlTimeoutVoteRepository,
    SqlTimerSettingsRepository,
)

__all__ = [
    "PG_MIGRATIONS",
    "PG_SCHEMA_VERSION",
    "PgConn",
    "PgConnection",
    "PgDatabase",
]


class PgDatabase:
    """The PostgreSQL :class:`~bot.storage.repositories.Database`: the same repository classes
    as SQLite's, each holding the one :class:`PgConnection`, and :meth:`transaction`."""

    def __init__(self, connection: PgConnection) -> None:
        """Wrap an opened connection pool; use :meth:`open` instead."""
        self.connection = connection
        self.path = connection.path
        self.games = SqlGameRepository(connection)
        self.lobby = SqlLobbyRepository(connection)
        self.timer_settings = SqlTimerSettingsRepository(connection)
        self.deadlines = SqlDeadlineRepository(connection)
        self.timeout_votes = SqlTimeoutVoteRepository(connection)
        self.takeovers = SqlTakeoverRepository(connection)
        self.archive_clock = SqlArchiveClockRepository(connection)
        self.stats = SqlStatsRepository(connection)
        self.history = SqlHistoryRepository(connection)
        self.adapter_state = SqlAdapterStateRepository(connection)
        self.languages = SqlLanguageRepository(connection)

    @classmethod
    def open(
        cls,
        url: str,
        *,
        migrations: Sequence[PgMigration] = PG_MIGRATIONS,
        clock: Callable[[], datetime] = utcnow,
        pool_size: int = DEFAULT_POOL_SIZE,
        lease: float = LEASE_SECONDS,
        lock_wait: float = LOCK_WAIT_SECONDS,
    ) -> PgDatabase:
        """Connect to the database at ``url`` (``postgresql://…``) and migrate it; ``lease``
        and ``lock_wait``: how long a hung transaction keeps its locks and how long a write
        waits for a lock (:mod:`bot.storage.pg_connection`)."""
        return cls(
            PgConnection.open(
                url,
                migrations=migrations,
                clock=clock,
                pool_size=pool_size,
                lease=lease,
                lock_wait=lock_wait,
            )
        )

    @contextmanager
    def transaction(
        self, operation: str, *, table: str | None = None, game: int | None = None
    ) -> Iterator[PgDatabase]:
        """One write transaction around the repository calls made in the block (from this
        thread): they commit together, or not at all if an exception leaves the block."""
        with self.connection.transaction(operation, table=table, game=game):
            yield self

    def close(self) -> None:
        """Close the pool (idempotent)."""
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.connection.closed else "open"
        return f"<PgDatabase {state}>"
