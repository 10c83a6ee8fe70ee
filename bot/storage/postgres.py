"""The PostgreSQL backend (#27): the same repositories as SQLite, over a psycopg 3 pool.

Why it looks the way it does
----------------------------
* **Same repositories, same SQL.** The repository classes (:mod:`bot.storage.games`, ...)
  are written against :class:`bot.storage.sql.Backend`; :class:`PgConnection` is that
  backend for PostgreSQL. :class:`PgConn` turns the ``?`` placeholders into psycopg's ``%s``
  and hands out rows readable by index and by column name, as ``sqlite3.Row`` does.
* **Connections.** A :class:`psycopg_pool.ConnectionPool` of autocommit connections. A write
  block (:meth:`PgConnection.write`) borrows one for its thread, opens a transaction and
  commits when the block ends (rolls back on an exception); repository calls the same thread
  makes inside it join it, exactly as with SQLite, so :meth:`PgDatabase.transaction` spans
  several repositories. A read borrows a connection for the statement(s) of the block; a
  snapshot read (:meth:`PgConnection.read_snapshot`) is one ``REPEATABLE READ READ ONLY``
  transaction, so the reads in it agree while other processes commit.
* **Writers serialise like SQLite's ``BEGIN IMMEDIATE``.** Every write transaction first
  takes one transaction-scoped advisory lock (:data:`WRITE_LOCK`): the checks the
  repositories make before writing (the next ``seq``, an idempotency key, the open game of a
  channel, a seat's fired mark) cannot be invalidated by a writer in another process, the
  constraints stay a backstop, and a timer's effect and its fired mark commit together. Reads
  never wait for it. Several bot processes on one database therefore apply a table's moves
  one at a time, each exactly once.
* **Schema versioning.** ``canalside_schema`` holds the application's name and the schema
  version; :data:`PG_MIGRATIONS` upgrades it step by step in one transaction (PostgreSQL's
  DDL is transactional) under an advisory lock, so two processes starting at once migrate
  once. A database of a newer program refuses to open (:class:`SchemaTooNew`) and one holding
  somebody else's tables is never touched (:class:`NotOurDatabase`). Version 1 is the whole
  schema SQLite reaches at its version 9 (:data:`bot.storage.store.MIGRATIONS`); a later
  change appends a step to both lists.
* **Types.** Timestamps stay ISO-8601 text and seeds text (as in the SQLite file, so records
  and exports are byte-identical); epoch seconds are ``DOUBLE PRECISION``; flags ``INTEGER``
  0/1; the packed move archive ``BYTEA``. Text columns use the ``C`` collation: ordering is by
  code point, as in SQLite.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import lru_cache
from types import TracebackType
from typing import Any, ClassVar, Self

import psycopg
from psycopg.rows import RowMaker
from psycopg_pool import ConnectionPool

from bot.storage.adapter import SqlAdapterStateRepository, SqlLanguageRepository
from bot.storage.errors import MigrationFailed, NotOurDatabase, SchemaTooNew, StorageClosed
from bot.storage.games import SqlGameRepository
from bot.storage.history import SqlHistoryRepository
from bot.storage.lobby import SqlLobbyRepository
from bot.storage.records import Row, SqlValue, format_ts, utcnow
from bot.storage.sql import Conn, Cursor
from bot.storage.sql import row as first_row
from bot.storage.sql import rows as all_rows
from bot.storage.stats import SqlStatsRepository
from bot.storage.timers import SqlTimerRepository

__all__ = [
    "PG_MIGRATIONS",
    "PG_SCHEMA_VERSION",
    "PgConn",
    "PgConnection",
    "PgDatabase",
]

#: The name ``canalside_schema`` holds, so a database of somebody else is never migrated.
APPLICATION = "canalside"

#: Advisory lock keys (``pg_advisory_xact_lock``): one for every write transaction, one for
#: migrating. Arbitrary constants ("VENZ" and "VENM").
WRITE_LOCK = 0x56454E5A
MIGRATE_LOCK = 0x56454E4D

#: Connections a process keeps open at most (the table service's thread pool is small).
DEFAULT_POOL_SIZE = 8


# --------------------------------------------------------------------------------------------
# Schema
# --------------------------------------------------------------------------------------------

_T = 'TEXT COLLATE "C"'

#: Version 1: the schema of SQLite's version 9, in PostgreSQL's words.
_V1: tuple[str, ...] = (
    f"""
    CREATE TABLE tables (
        channel_id      {_T} PRIMARY KEY,
        guild_id        {_T},
        created_at      {_T} NOT NULL,
        current_game_id BIGINT,
        lobby_game      {_T},
        lobby_options   {_T} NOT NULL DEFAULT '{{}}'
    )
    """,
    f"""
    CREATE TABLE seats (
        channel_id   {_T} NOT NULL REFERENCES tables(channel_id) ON DELETE CASCADE,
        seat_order   INTEGER NOT NULL,
        user_id      {_T},
        display_name {_T} NOT NULL,
        is_ai        INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
        ai_level     INTEGER,
        joined_at    {_T} NOT NULL,
        PRIMARY KEY (channel_id, seat_order),
        UNIQUE (channel_id, user_id),
        CHECK (is_ai = 1 OR user_id IS NOT NULL),
        CHECK (is_ai = 1 OR ai_level IS NULL)
    )
    """,
    f"""
    CREATE TABLE games (
        id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        channel_id   {_T} NOT NULL REFERENCES tables(channel_id),
        game_type    {_T} NOT NULL,
        options      {_T} NOT NULL DEFAULT '{{}}',
        seed         {_T} NOT NULL,
        players      {_T} NOT NULL,
        status       {_T} NOT NULL
                     CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        created_at   {_T} NOT NULL,
        started_at   {_T},
        finished_at  {_T},
        last_seq     INTEGER NOT NULL DEFAULT -1,
        final_hash   {_T},
        takeover     INTEGER NOT NULL DEFAULT 0 CHECK (takeover IN (0, 1)),
        had_takeover INTEGER NOT NULL DEFAULT 0,
        touched_at   DOUBLE PRECISION
    )
    """,
    "ALTER TABLE tables ADD FOREIGN KEY (current_game_id) REFERENCES games(id)",
    "CREATE INDEX games_by_channel ON games (channel_id, id)",
    """
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active')
    """,
    "CREATE INDEX games_active ON games (status) WHERE status = 'active'",
    f"""
    CREATE TABLE moves (
        id              BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id         BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq             INTEGER NOT NULL CHECK (seq >= 0),
        seat            INTEGER NOT NULL,
        user_id         {_T},
        command         {_T} NOT NULL,
        created_at      {_T} NOT NULL,
        idempotency_key {_T} UNIQUE,
        UNIQUE (game_id, seq)
    )
    """,
    f"""
    CREATE TABLE snapshots (
        game_id    BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL CHECK (seq >= -1),
        state_json {_T} NOT NULL,
        state_hash {_T} NOT NULL,
        created_at {_T} NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
    f"""
    CREATE TABLE results (
        game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat    INTEGER NOT NULL,
        user_id {_T},
        name    {_T} NOT NULL,
        place   INTEGER NOT NULL,
        score   {_T} NOT NULL DEFAULT 'null',
        PRIMARY KEY (game_id, seat)
    )
    """,
    """
    CREATE TABLE move_archives (
        game_id    BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        format     INTEGER NOT NULL,
        move_count INTEGER NOT NULL CHECK (move_count >= 0),
        packed     BYTEA NOT NULL
    )
    """,
    f"""
    CREATE TABLE archived_keys (
        idempotency_key {_T} PRIMARY KEY,
        game_id         BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq             INTEGER NOT NULL
    )
    """,
    f"""
    CREATE TABLE adapter_state (
        scope      {_T} NOT NULL,
        key        {_T} NOT NULL,
        value      {_T} NOT NULL,
        updated_at {_T} NOT NULL,
        PRIMARY KEY (scope, key)
    )
    """,
    f"""
    CREATE TABLE seat_results (
        game_id     BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        guild_id    {_T} NOT NULL,
        game_type   {_T} NOT NULL,
        player      {_T} NOT NULL,
        user_id     {_T},
        ai_level    INTEGER,
        name        {_T} NOT NULL,
        rank        INTEGER,
        seats       INTEGER NOT NULL,
        score       {_T} NOT NULL DEFAULT 'null',
        finished_at {_T} NOT NULL,
        aborted     INTEGER NOT NULL DEFAULT 0 CHECK (aborted IN (0, 1)),
        takeover    INTEGER NOT NULL DEFAULT 0 CHECK (takeover IN (0, 1)),
        PRIMARY KEY (game_id, seat)
    )
    """,
    """
    CREATE INDEX seat_results_by_player
        ON seat_results (guild_id, player, game_type, aborted, takeover, rank)
    """,
    """
    CREATE INDEX seat_results_by_finish
        ON seat_results (guild_id, game_type, finished_at, game_id)
    """,
    f"""
    CREATE TABLE ratings (
        guild_id     {_T} NOT NULL,
        game_type    {_T} NOT NULL,
        player       {_T} NOT NULL,
        name         {_T} NOT NULL,
        mu           DOUBLE PRECISION NOT NULL,
        sigma        DOUBLE PRECISION NOT NULL,
        ordinal      DOUBLE PRECISION NOT NULL,
        games        INTEGER NOT NULL DEFAULT 0,
        last_game_id BIGINT,
        PRIMARY KEY (guild_id, game_type, player)
    )
    """,
    "CREATE INDEX ratings_board ON ratings (guild_id, game_type, ordinal DESC)",
    "CREATE INDEX ratings_by_player ON ratings (guild_id, player, ordinal)",
    f"""
    CREATE TABLE stats_settings (
        guild_id       {_T} PRIMARY KEY,
        count_aborted  INTEGER NOT NULL DEFAULT 0 CHECK (count_aborted IN (0, 1)),
        count_takeover INTEGER NOT NULL DEFAULT 1 CHECK (count_takeover IN (0, 1))
    )
    """,
    f"""
    CREATE TABLE table_settings (
        channel_id     {_T} PRIMARY KEY,
        turn_seconds   INTEGER CHECK (turn_seconds IS NULL OR turn_seconds > 0),
        remind_seconds INTEGER CHECK (remind_seconds IS NULL OR remind_seconds >= 0),
        on_timeout     {_T} NOT NULL DEFAULT 'ai' CHECK (on_timeout IN ('ai', 'pause')),
        ai_level       {_T},
        archive_days   INTEGER NOT NULL DEFAULT 14 CHECK (archive_days > 0),
        updated_at     {_T} NOT NULL
    )
    """,
    f"""
    CREATE TABLE deadlines (
        game_id    BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        channel_id {_T} NOT NULL,
        user_id    {_T},
        opened_at  DOUBLE PRECISION NOT NULL,
        remind_at  DOUBLE PRECISION,
        timeout_at DOUBLE PRECISION NOT NULL,
        reminded   INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
        timed_out  INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1)),
        PRIMARY KEY (game_id, seat)
    )
    """,
    f"""
    CREATE TABLE takeovers (
        game_id    BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        user_id    {_T} NOT NULL,
        name       {_T} NOT NULL,
        kind       {_T} NOT NULL CHECK (kind IN ('timeout', 'kick')),
        taken_at   DOUBLE PRECISION NOT NULL,
        resumed_at DOUBLE PRECISION,
        PRIMARY KEY (game_id, seat)
    )
    """,
    f"""
    CREATE TABLE timeout_votes (
        game_id  BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        voter_id {_T} NOT NULL,
        choice   {_T} NOT NULL CHECK (choice IN ('ai', 'wait', 'end')),
        voted_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat, voter_id)
    )
    """,
    f"""
    CREATE TABLE languages (
        kind       {_T} NOT NULL CHECK (kind IN ('table', 'server', 'person')),
        key        {_T} NOT NULL,
        language   {_T} NOT NULL,
        updated_at {_T} NOT NULL,
        PRIMARY KEY (kind, key)
    )
    """,
    f"""
    CREATE TABLE timer_notices (
        game_id    BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        kind       {_T} NOT NULL CHECK (kind IN ('reminder', 'takeover', 'pause')),
        channel_id {_T} NOT NULL,
        fired_at   DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat, kind)
    )
    """,
    "CREATE INDEX timer_notices_by_channel ON timer_notices (channel_id)",
)

#: A PostgreSQL migration: the statements of one step, run inside the migrating transaction.
PgMigration = Callable[[psycopg.Connection[Any]], None]


def _migrate_v0_to_v1(conn: psycopg.Connection[Any]) -> None:
    """The whole schema (SQLite's version 9)."""
    for statement in _V1:
        conn.execute(statement)


#: ``PG_MIGRATIONS[i]`` upgrades version ``i`` to ``i + 1`` (append, never edit).
PG_MIGRATIONS: tuple[PgMigration, ...] = (_migrate_v0_to_v1,)

#: The schema version this program writes to PostgreSQL.
PG_SCHEMA_VERSION = len(PG_MIGRATIONS)


# --------------------------------------------------------------------------------------------
# Rows and the DB-API face the repositories use
# --------------------------------------------------------------------------------------------


class PgRow(tuple[Any, ...]):
    """A row readable by index and by column name (like ``sqlite3.Row``); one subclass per
    column list, which holds the names."""

    _index: ClassVar[dict[str, int]] = {}

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._index[key])
        return tuple.__getitem__(self, key)


_ROW_CLASSES: dict[tuple[str, ...], type[PgRow]] = {}


def _row_class(names: tuple[str, ...]) -> type[PgRow]:
    cls = _ROW_CLASSES.get(names)
    if cls is None:
        index = {name: i for i, name in reversed(list(enumerate(names)))}
        cls = type("PgRow", (PgRow,), {"_index": index})
        _ROW_CLASSES[names] = cls
    return cls


def _named_rows(cursor: psycopg.Cursor[Any]) -> RowMaker[PgRow]:
    """psycopg row factory: :class:`PgRow` of the cursor's columns."""
    description = cursor.description
    names = () if description is None else tuple(d.name for d in description)
    return _row_class(names)


@lru_cache(maxsize=1024)
def _translate(sql: str) -> str:
    """SQLite's ``?`` placeholders in psycopg's ``%s`` (a literal ``%`` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PgConn:
    """One borrowed PostgreSQL connection with the DB-API face of :class:`bot.storage.sql.Conn`
    (``?`` placeholders; rows by index and by name)."""

    __slots__ = ("raw",)

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        if not parameters:  # no placeholders to fill: the text goes as it is
            return self.raw.execute(sql)
        return self.raw.execute(_translate(sql), parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Cursor:
        cursor = self.raw.cursor()
        cursor.executemany(_translate(sql), list(parameters))
        return cursor


class _ThreadState(threading.local):
    conn: PgConn | None = None
    depth: int = 0  # open write transactions of this thread (0: none)
    reading: int = 0  # open read blocks of this thread on ``conn``


# --------------------------------------------------------------------------------------------
# The backend: the pool and its transactions
# --------------------------------------------------------------------------------------------


class PgConnection:
    """The :class:`bot.storage.sql.Backend` of PostgreSQL: a pool, and per thread the
    connection of its open transaction (see the module docstring)."""

    def __init__(
        self, pool: ConnectionPool[Any], url: str, *, clock: Callable[[], datetime] = utcnow
    ) -> None:
        """Wrap an opened pool on a migrated database; use :meth:`open` instead."""
        self._pool: ConnectionPool[Any] | None = pool
        self._url = url
        self._clock = clock
        self._local = _ThreadState()
        #: Test hook: called with the operation name just before every ``COMMIT``; if it
        #: raises, the transaction is rolled back (as :class:`SqliteConnection`'s).
        self._fail_before_commit: Callable[[str], None] | None = None

    @classmethod
    def open(
        cls,
        url: str,
        *,
        migrations: Sequence[PgMigration] = PG_MIGRATIONS,
        clock: Callable[[], datetime] = utcnow,
        pool_size: int = DEFAULT_POOL_SIZE,
        timeout: float = 10.0,
    ) -> Self:
        """Connect to ``url``, migrate the database to ``len(migrations)`` and keep a pool of
        up to ``pool_size`` connections."""
        pool: ConnectionPool[Any] = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            kwargs={"autocommit": True, "row_factory": _named_rows},
            timeout=timeout,
            open=False,
            name="canalside",
        )
        pool.open(wait=True, timeout=timeout)
        try:
            with pool.connection() as raw:
                _migrate(raw, url, migrations)
        except BaseException:
            pool.close()
            raise
        return cls(pool, url, clock=clock)

    @property
    def path(self) -> str:
        """The address of the database (as given)."""
        return self._url

    @property
    def closed(self) -> bool:
        return self._pool is None

    def close(self) -> None:
        """Close the pool (idempotent)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

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
        state = "closed" if self.closed else "open"
        return f"<PgConnection {state}>"

    def schema_version(self) -> int:
        with self.read() as conn:
            found = conn.execute("SELECT version FROM canalside_schema").fetchone()
        return int(found[0])

    def pool_stats(self) -> dict[str, int]:
        """The pool's counters (``pool_size``, ``pool_available``, ``requests_waiting``, ...)."""
        return {} if self._pool is None else dict(self._pool.get_stats())

    def _require_pool(self) -> ConnectionPool[Any]:
        if self._pool is None:
            raise StorageClosed("storage (PostgreSQL) is closed")
        return self._pool

    @contextmanager
    def _borrowed(self) -> Iterator[PgConn]:
        """This thread's connection if it has one open, else one from the pool for the block."""
        local = self._local
        if local.conn is not None:
            local.reading += 1
            try:
                yield local.conn
            finally:
                local.reading -= 1
            return
        with self._require_pool().connection() as raw:
            local.conn = PgConn(raw)
            try:
                yield local.conn
            finally:
                local.conn = None

    @contextmanager
    def read(self) -> Iterator[Conn]:
        """A connection for a few reads (inside an open transaction: that one)."""
        with self._borrowed() as conn:
            yield conn

    @contextmanager
    def read_snapshot(self) -> Iterator[Conn]:
        """One ``REPEATABLE READ`` read-only transaction: the reads inside agree with each
        other whatever other processes commit meanwhile."""
        local = self._local
        with self._borrowed() as conn:
            if local.depth or local.reading:  # inside this thread's transaction or block
                yield conn
                return
            conn.raw.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                yield conn
            finally:
                conn.raw.execute("COMMIT")

    @contextmanager
    def write(self, operation: str) -> Iterator[Conn]:
        """One write transaction, serialised with every other writer of the database (see
        :data:`WRITE_LOCK`); commit or roll back. Inside a transaction this thread opened
        already, join it (its outermost block commits)."""
        local = self._local
        if local.depth:
            assert local.conn is not None
            local.depth += 1
            try:
                yield local.conn
            finally:
                local.depth -= 1
            return
        with self._borrowed() as conn:
            if local.reading:
                raise RuntimeError(f"{operation}: a write inside a read block")  # not for players
            raw = conn.raw
            raw.execute("BEGIN")
            local.depth = 1
            try:
                raw.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                yield conn
                if self._fail_before_commit is not None:
                    self._fail_before_commit(operation)
                raw.execute("COMMIT")
            except BaseException:
                if raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                    raw.execute("ROLLBACK")
                raise
            finally:
                local.depth = 0

    @contextmanager
    def transaction(self, operation: str) -> Iterator[None]:
        """One write transaction around several repository calls of this thread."""
        with self.write(operation):
            yield

    @staticmethod
    def rows(conn: Conn, query: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        return all_rows(conn, query, params)

    @staticmethod
    def row(conn: Conn, query: str, params: Sequence[SqlValue] = ()) -> Row | None:
        return first_row(conn, query, params)

    def now(self) -> str:
        """The clock's time as stored text."""
        return format_ts(self._clock())


def _migrate(raw: psycopg.Connection[Any], url: str, migrations: Sequence[PgMigration]) -> None:
    """Bring the database to ``len(migrations)`` in one transaction, under an advisory lock
    (another process starting at the same moment waits, then finds it done)."""
    target = len(migrations)
    with raw.transaction():
        raw.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATE_LOCK,))
        marker = raw.execute("SELECT to_regclass('canalside_schema')").fetchone()
        if marker is None or marker[0] is None:
            others = raw.execute(
                "SELECT count(*) FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            ).fetchone()
            if others is not None and int(others[0]) > 0:
                raise NotOurDatabase(
                    "the PostgreSQL database holds tables of another application; "
                    "refusing to modify it"
                )
            raw.execute(
                "CREATE TABLE canalside_schema "
                "(application TEXT NOT NULL, version INTEGER NOT NULL)"
            )
            raw.execute("INSERT INTO canalside_schema VALUES (%s, 0)", (APPLICATION,))
        found = raw.execute("SELECT application, version FROM canalside_schema").fetchone()
        if found is None or found[0] != APPLICATION:
            raise NotOurDatabase("the PostgreSQL database belongs to another application")
        version = int(found[1])
        if version > target:
            raise SchemaTooNew(_without_password(url), version, target)
        for index in range(version, target):
            try:
                migrations[index](raw)
            except Exception as exc:
                raise MigrationFailed(
                    f"migration from schema v{index} to v{index + 1} failed: {exc}"
                ) from exc
            raw.execute("UPDATE canalside_schema SET version = %s", (index + 1,))


def _without_password(url: str) -> str:
    """``url`` fit for a message (no password)."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://…"
    info.pop("password", None)
    return psycopg.conninfo.make_conninfo("", **{k: v for k, v in info.items() if v is not None})


# --------------------------------------------------------------------------------------------
# The database
# --------------------------------------------------------------------------------------------


class PgDatabase:
    """The PostgreSQL :class:`~bot.storage.repositories.Database`: the same repository classes
    as SQLite's, each holding the one :class:`PgConnection`, and :meth:`transaction`."""

    def __init__(self, connection: PgConnection) -> None:
        """Wrap an opened connection pool; use :meth:`open` instead."""
        self.connection = connection
        self.path = connection.path
        self.games = SqlGameRepository(connection)
        self.lobby = SqlLobbyRepository(connection)
        self.timers = SqlTimerRepository(connection)
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
    ) -> PgDatabase:
        """Connect to the database at ``url`` (``postgresql://…``) and migrate it."""
        return cls(PgConnection.open(url, migrations=migrations, clock=clock, pool_size=pool_size))

    @contextmanager
    def transaction(self, operation: str) -> Iterator[PgDatabase]:
        """One write transaction around the repository calls made in the block (from this
        thread): they commit together, or not at all if an exception leaves the block."""
        with self.connection.transaction(operation):
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
