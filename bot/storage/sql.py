"""The SQL surface every repository is written against, whichever backend holds the data.

The repositories (:mod:`bot.storage.games`, :mod:`~bot.storage.lobby`, ...) issue plain SQL
that both SQLite and PostgreSQL accept: ``?`` placeholders, ``INSERT ... ON CONFLICT``,
``RETURNING``, no SQLite-only functions on a request path. They are given a :class:`Backend`
(the one open connection of SQLite, :class:`bot.storage.connection.SqliteConnection`, or the
pool of PostgreSQL, :class:`bot.storage.pg_connection.PgConnection`) and use the :class:`Conn`
its ``read()`` / ``write()`` blocks yield: a ``sqlite3.Connection`` itself, or a thin
PostgreSQL wrapper that speaks the same few DB-API calls
(:class:`bot.storage.pg_connection.PgConn`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

import psycopg

from bot.storage.records import Row, SqlValue

#: A constraint refused a write (a backstop: the repositories check first).
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)

__all__ = [
    "INTEGRITY_ERRORS",
    "Backend",
    "Conn",
    "Cursor",
    "Row",
    "insert",
    "is_postgres",
    "row",
    "rows",
]


class Cursor(Protocol):
    """The part of a DB-API cursor the repositories use."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Conn(Protocol):
    """The part of a DB-API connection the repositories use (``?`` placeholders)."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor: ...


class Backend(Protocol):
    """What a repository holds: blocks that lend it a :class:`Conn` (see
    :class:`bot.storage.connection.SqliteConnection` for the promises of each)."""

    @property
    def path(self) -> str:
        """Where the data lives (a file, or a ``postgresql://`` address)."""
        ...

    def read(self) -> AbstractContextManager[Conn]: ...

    def read_snapshot(self) -> AbstractContextManager[Conn]: ...

    def write(
        self,
        operation: str,
        *,
        table: str | None = None,
        game: int | None = None,
        claim: bool = False,
        guild: str | None = None,
        key: str | None = None,
    ) -> AbstractContextManager[Conn]:
        """One write transaction, and its scope: ``table`` (a channel id) or ``game`` (a game
        id) names the one table it is about, ``guild`` the one server (its stats setting and
        ratings), ``key`` any other named thing (an adapter's value, a language choice), so a
        backend may let writers of other scopes run meanwhile; ``claim``: the write claims the
        rows it changes itself (``FOR UPDATE SKIP LOCKED``, a due timer's) and needs no lock
        of its own. No scope at all: the write serialises with every writer."""
        ...

    def now(self) -> str:
        """The clock's time as stored text."""
        ...

    def row(self, conn: Conn, sql: str, params: Sequence[SqlValue] = ()) -> Row | None: ...

    def rows(self, conn: Conn, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]: ...


def is_postgres(conn: Conn) -> bool:
    """Whether ``conn`` is PostgreSQL's (for the few statements the dialects spell apart)."""
    return not isinstance(conn, sqlite3.Connection)


def rows(conn: Conn, sql: str, params: Sequence[SqlValue] = ()) -> list[Row]:
    """Every row of ``sql``, each readable by column name too."""
    if isinstance(conn, sqlite3.Connection):
        # Row factory per cursor, not per connection: plain tuples elsewhere.
        cur = conn.cursor()
        cur.row_factory = sqlite3.Row
        found: list[Row] = cur.execute(sql, params).fetchall()
        return found
    return conn.execute(sql, params).fetchall()  # PostgreSQL's rows have names already


def row(conn: Conn, sql: str, params: Sequence[SqlValue] = ()) -> Row | None:
    """The first row of ``sql`` (see :func:`rows`), or ``None``."""
    found = rows(conn, sql, params)
    return found[0] if found else None


def insert(
    conn: Conn, table: str, values: Mapping[str, SqlValue], *, returning_id: bool = False
) -> int | None:
    """``INSERT`` one row of ``values``; its ``id`` if ``returning_id``."""
    columns = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"  # not for players
    if not returning_id:
        conn.execute(sql, tuple(values.values()))
        return None
    found = conn.execute(sql + " RETURNING id", tuple(values.values())).fetchone()
    return int(found[0])
