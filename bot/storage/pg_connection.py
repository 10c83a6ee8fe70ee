"""PostgreSQL's connections (#27): the pool, the transactions and the DB-API face the
repositories use.

* **Same repositories, same SQL.** The repository classes (:mod:`bot.storage.games`, ...)
  are written against :class:`bot.storage.sql.Backend`; :class:`PgConnection` is that
  backend for PostgreSQL. :class:`PgConn` turns the ``?`` placeholders into psycopg's ``%s``
  and hands out rows readable by index and by column name, as ``sqlite3.Row`` does.
* **Connections.** A :class:`psycopg_pool.ConnectionPool` of autocommit connections. A write
  block (:meth:`PgConnection.write`) borrows one for its thread, opens a transaction and
  commits when the block ends (rolls back on an exception); repository calls the same thread
  makes inside it join it, exactly as with SQLite, so a database's ``transaction()`` spans
  several repositories. A read borrows a connection for the statement(s) of the block; a
  snapshot read (:meth:`PgConnection.read_snapshot`) is one ``REPEATABLE READ READ ONLY``
  transaction, so the reads in it agree while other processes commit.
* **Writers of one scope take turns, other scopes run in parallel.** Every write names its
  scope: one table (``write(op, table=channel)`` or ``game=id``: every lobby, move and timer
  write, a seat handover, an import into the archive's table), one server (``guild=``: its
  stats setting, a rebuild of its ratings), or one named thing (``key=``: an adapter's value,
  a language choice, the shard leases). It takes :data:`WRITE_LOCK` shared and then its
  scope's transaction-scoped advisory lock (:data:`TABLE_LOCK`, :data:`GUILD_LOCK`,
  :data:`KEY_LOCK`, keyed by the name's hash): the checks the repositories make before
  writing (the next ``seq``, the open game of a channel, a seat's fired mark, a server's
  setting before its ratings are rebuilt) cannot be invalidated by a writer of that scope in
  another process, the constraints stay a backstop, and a timer's effect and its fired mark
  commit together. Several bot processes on one database therefore apply a table's moves
  one at a time, each exactly once, while other tables, servers and keys commit meanwhile
  (#27). Ratings rows are shared by the tables of a server: rating a game (inside its
  table's transaction) takes that server's lock too (:mod:`bot.storage.stats`). Only a
  write with no scope (a rebuild of every server's ratings, the developer tools) takes
  :data:`WRITE_LOCK` exclusively, as SQLite's ``BEGIN IMMEDIATE`` does. Reads never wait for
  any of them. ``BEGIN`` and the locks go to the server as one query (one round trip).
* **Leases: a hung process loses its locks.** Locks and timer claims (``FOR UPDATE SKIP
  LOCKED``) live as long as their transaction. A process that *dies* loses them with its
  connection; one that *hangs* inside a transaction (stopped, a stuck call, a long pause,
  the network gone) would keep them - its table's writers waiting, its claimed timer never
  fired. So every pooled connection runs with ``idle_in_transaction_session_timeout`` =
  :data:`LEASE_SECONDS`: a transaction that sends nothing that long is ended by the server,
  rolled back, its locks and claims released for the other processes; when the hung process
  goes on, its next statement or ``COMMIT`` fails (:class:`StorageUnavailable`) and nothing
  of its transaction is stored - the fencing is the server's, so a timer another process
  fired meanwhile is never fired twice. A transaction that legitimately computes longer
  between its statements asks for a longer lease (:func:`lengthen_lease`: a server's
  ratings rebuilt). And ``lock_timeout`` = :data:`LOCK_WAIT_SECONDS`: a writer that waits
  longer for a lock (behind a hung holder before its lease ends, or a long writer) gives up
  with :class:`StorageUnavailable` (``busy``), and the command is answered "try again in a moment"
  (``Code.UNAVAILABLE``) instead of waiting without end. Migrations run without either.
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
from psycopg_pool import ConnectionPool, PoolTimeout

from bot.storage.errors import StorageClosed, StorageUnavailable
from bot.storage.pg_schema import PG_MIGRATIONS, PgMigration, migrate
from bot.storage.records import Row, SqlValue, format_ts, utcnow
from bot.storage.sql import Conn, Cursor
from bot.storage.sql import row as first_row
from bot.storage.sql import rows as all_rows

__all__ = [
    "DEFAULT_POOL_SIZE",
    "GUILD_LOCK",
    "KEY_LOCK",
    "LEASE_SECONDS",
    "LOCK_WAIT_SECONDS",
    "LONG_LEASE_SECONDS",
    "TABLE_LOCK",
    "WRITE_LOCK",
    "PgConn",
    "PgConnection",
    "PgRow",
    "lengthen_lease",
]

#: Advisory lock key (``pg_advisory_xact_lock``) every write transaction takes ("VENZ").
WRITE_LOCK = 0x56454E5A

#: The first key of a table's advisory lock (``pg_advisory_xact_lock(TABLE_LOCK, hash)``,
#: the second the hash of its channel id: "VENT"). A hash collision only makes two tables
#: take turns.
TABLE_LOCK = 0x56454E54

#: The first key of a server's lock (its stats setting and ratings rows: "VENG"); the second
#: the hash of its guild id.
GUILD_LOCK = 0x56454E47

#: The first key of a named thing's lock (an adapter's value, a language choice, the shard
#: leases: "VENK"); the second the hash of its name.
KEY_LOCK = 0x56454E4B

#: The lease of a write transaction (seconds): a transaction that sends nothing for this
#: long (its process hangs: stopped, a stuck call, the network gone) is ended by the server
#: (``idle_in_transaction_session_timeout``): rolled back, its locks and timer claims
#: released, its late ``COMMIT`` refused. No transaction of the bot pauses that long.
LEASE_SECONDS = 10.0

#: Seconds a statement waits for a lock (a table's, a server's, a row's) before it gives up
#: (``lock_timeout``): the command is answered "try again in a moment" instead of waiting
#: behind a hung holder until its lease ends.
LOCK_WAIT_SECONDS = 5.0

#: The lease of the few transactions that compute between their statements for longer (a
#: server's ratings rebuilt game by game): :func:`lengthen_lease`.
LONG_LEASE_SECONDS = 300.0

#: Seconds a command waits for a connection before it answers "try again in a moment" (the
#: server is down, or every connection is busy that long).
ACQUIRE_TIMEOUT = 3.0

#: Connections a process keeps open at most (the table service's thread pool is small).
DEFAULT_POOL_SIZE = 8


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
    scoped: bool = False  # the open transaction holds the shared write lock and table locks
    reading: int = 0  # open read blocks of this thread on ``conn``


# --------------------------------------------------------------------------------------------
# The backend: the pool and its transactions
# --------------------------------------------------------------------------------------------


class PgConnection:
    """The :class:`bot.storage.sql.Backend` of PostgreSQL: a pool, and per thread the
    connection of its open transaction (see the module docstring)."""

    def __init__(
        self,
        pool: ConnectionPool[Any],
        url: str,
        *,
        clock: Callable[[], datetime] = utcnow,
        configure: Callable[[psycopg.Connection[Any]], None] | None = None,
    ) -> None:
        """Wrap an opened pool on a migrated database; use :meth:`open` instead.
        ``configure``: what the pool does to each new connection (a replacement pool too)."""
        self._pool: ConnectionPool[Any] | None = pool
        self._url = url
        self._clock = clock
        self._configure = configure
        self._local = _ThreadState()
        #: A connection failed: before the next borrow the pool drops its idle connections
        #: that no longer work (the server restarted), so the command after it succeeds.
        self._suspect = False
        self._recovering = threading.Lock()
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
        lease: float = LEASE_SECONDS,
        lock_wait: float = LOCK_WAIT_SECONDS,
    ) -> Self:
        """Connect to ``url``, migrate the database to ``len(migrations)`` and keep a pool of
        up to ``pool_size`` connections; each ends a transaction of its that hangs for
        ``lease`` seconds and waits at most ``lock_wait`` seconds for a lock (see
        :data:`LEASE_SECONDS`, :data:`LOCK_WAIT_SECONDS`)."""
        configure = _limits(lease, lock_wait)
        pool: ConnectionPool[Any] = ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            kwargs={"autocommit": True, "row_factory": _named_rows},
            configure=configure,
            timeout=timeout,
            open=False,
            name="canalside",
        )
        pool.open(wait=True, timeout=timeout)
        try:
            with pool.connection() as raw:
                migrate(raw, url, migrations)
        except BaseException:
            pool.close()
            raise
        return cls(pool, url, clock=clock, configure=configure)

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

    def _recover(self, pool: ConnectionPool[Any]) -> ConnectionPool[Any]:
        """After a failed connection: if the server answers again, a pool with connections
        to it. The pool reconnects by itself, but after a long outage its retries back off
        for longer than a command waits; a pool with no connection left is replaced by a
        fresh one (the old one closed), so the first command after the server is back works."""
        with self._recovering:
            if not self._suspect or self._pool is not pool:
                return self._pool or pool
            try:
                with psycopg.connect(self._url, connect_timeout=2):
                    pass
            except psycopg.OperationalError:
                return pool  # still away: the borrow fails and says so
            self._suspect = False
            if pool.get_stats().get("pool_available", 0) > 0:
                pool.check()  # drop the idle connections the restart broke
                return pool
            fresh: ConnectionPool[Any] = ConnectionPool(
                pool.conninfo,
                min_size=pool.min_size,
                max_size=pool.max_size,
                kwargs=pool.kwargs,
                configure=self._configure,
                timeout=pool.timeout,
                open=False,
                name=pool.name,
            )
            fresh.open(wait=False)
            self._pool = fresh
            pool.close(timeout=0)
            return fresh

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
        pool = self._require_pool()
        try:
            if self._suspect:
                pool = self._recover(pool)
            with pool.connection(timeout=ACQUIRE_TIMEOUT) as raw:
                local.conn = PgConn(raw)
                try:
                    yield local.conn
                finally:
                    local.conn = None
        except psycopg.errors.LockNotAvailable as exc:
            # a lock was held longer than LOCK_WAIT_SECONDS (a long writer, or a hung one
            # whose lease has not run out yet): nothing was committed; the server is fine
            message = f"PostgreSQL lock wait ended: {exc}"  # not for players
            raise StorageUnavailable(message, busy=True) from exc
        except (
            psycopg.OperationalError,
            psycopg.errors.IdleInTransactionSessionTimeout,
            PoolTimeout,
        ) as exc:
            # (IdleInTransactionSessionTimeout: this process hung in a transaction past its
            # lease; the server rolled it back and another process may have done its work)
            # the server is gone (or a transaction was cancelled): nothing was committed; the
            # pool reconnects by itself when the server is back (#27)
            self._suspect = True
            raise StorageUnavailable(f"PostgreSQL unavailable: {exc}") from exc  # not for players

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
    def write(
        self,
        operation: str,
        *,
        table: str | None = None,
        game: int | None = None,
        claim: bool = False,
        guild: str | None = None,
        key: str | None = None,
    ) -> Iterator[Conn]:
        """One write transaction; commit or roll back. Inside a transaction this thread
        opened already, join it (its outermost block commits).

        Scoped (``table``: a channel id, or ``game``: a game id, whose channel is meant;
        ``guild``: a server; ``key``: any other name) it serialises with the writers of that
        scope only (:data:`WRITE_LOCK` shared, then the scope's lock): moves of different
        tables and settings of different servers commit in parallel, two processes moving
        one table take turns. ``claim``: the write locks the rows it changes itself (a due
        timer's, ``FOR UPDATE SKIP LOCKED``) and takes no lock of its own. Unscoped it
        serialises with every writer. A lock not granted within the connection's
        ``lock_timeout`` raises :class:`StorageUnavailable` (``busy``: nothing
        changed, try again)."""
        scope = _Scope(table, game, guild, key)
        local = self._local
        if local.depth:
            assert local.conn is not None
            if local.scoped and not claim:
                if not scope:
                    # not for players: a developer's mistake (upgrading the shared lock
                    # could deadlock with another table's writer)
                    raise RuntimeError(f"{operation}: an unscoped write inside a scoped one")
                local.conn.raw.execute(scope.locks())
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
            local.depth = 1
            local.scoped = bool(scope) or claim
            try:
                # BEGIN and the locks in one round trip (one simple-protocol query)
                raw.execute(_begin(scope, exclusive=not local.scoped))
                yield conn
                if self._fail_before_commit is not None:
                    self._fail_before_commit(operation)
                raw.execute("COMMIT")
            except BaseException:
                status = raw.info.transaction_status
                if status in (
                    psycopg.pq.TransactionStatus.INTRANS,
                    psycopg.pq.TransactionStatus.INERROR,
                ):
                    raw.execute("ROLLBACK")
                raise
            finally:
                local.depth = 0
                local.scoped = False

    @contextmanager
    def transaction(
        self,
        operation: str,
        *,
        table: str | None = None,
        game: int | None = None,
        guild: str | None = None,
        key: str | None = None,
    ) -> Iterator[None]:
        """One write transaction around several repository calls of this thread."""
        with self.write(operation, table=table, game=game, guild=guild, key=key):
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


def lengthen_lease(conn: Conn, seconds: float = LONG_LEASE_SECONDS) -> None:
    """PostgreSQL: give the open transaction a longer lease (``SET LOCAL``: to its end) for
    work that legitimately pauses between its statements longer than
    :data:`LEASE_SECONDS`; a hung process then holds its locks that long. SQLite: nothing."""
    if isinstance(conn, PgConn):
        conn.raw.execute(
            f"SET LOCAL idle_in_transaction_session_timeout = {max(0, round(seconds * 1000))}"
        )


def _limits(lease: float, lock_wait: float) -> Callable[[psycopg.Connection[Any]], None]:
    """The pool's ``configure``: each new connection's lease and lock wait (milliseconds;
    ``0``: none), set for the session in one round trip."""
    statements = (
        f"SET idle_in_transaction_session_timeout = {max(0, round(lease * 1000))}; "
        f"SET lock_timeout = {max(0, round(lock_wait * 1000))}"
    )

    def configure(raw: psycopg.Connection[Any]) -> None:
        raw.execute(statements.encode())

    return configure


class _Scope:
    """What a write transaction locks (see :meth:`PgConnection.write`): the lock statements,
    inlined (no placeholders) so that ``BEGIN`` and they go to the server as one query."""

    __slots__ = ("game", "guild", "key", "table")

    def __init__(
        self, table: str | None, game: int | None, guild: str | None, key: str | None
    ) -> None:
        self.table, self.game, self.guild, self.key = table, game, guild, key

    def __bool__(self) -> bool:
        return not (
            self.table is None and self.game is None and self.guild is None and self.key is None
        )

    def locks(self) -> bytes:
        """The statements taking this scope's transaction-scoped advisory locks (a game
        that does not exist locks nothing: the write finds nothing to change). Names are
        quoted as SQL literals (``E'…'``: a quote and a backslash doubled)."""
        parts = []
        if self.table is not None:
            parts.append(_named_lock(TABLE_LOCK, self.table))
        if self.game is not None:
            parts.append(
                f"SELECT pg_advisory_xact_lock({TABLE_LOCK}, hashtext(channel_id)) "
                f"FROM games WHERE id = {int(self.game)}"
            )
        if self.guild is not None:
            parts.append(_named_lock(GUILD_LOCK, self.guild))
        if self.key is not None:
            parts.append(_named_lock(KEY_LOCK, self.key))
        return "; ".join(parts).encode()


def _named_lock(space: int, name: str) -> str:
    if "\0" in name:
        raise ValueError("a lock's name holds a NUL character")  # not for players
    literal = "E'" + name.replace("\\", "\\\\").replace("'", "''") + "'"
    return f"SELECT pg_advisory_xact_lock({space}, hashtext({literal}))"


def _begin(scope: _Scope, *, exclusive: bool) -> bytes:
    """``BEGIN`` and the write locks of a transaction, as one query: the database-wide
    :data:`WRITE_LOCK` exclusively (unscoped), else shared and then the scope's locks."""
    if exclusive:
        return f"BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})".encode()
    shared = f"BEGIN; SELECT pg_advisory_xact_lock_shared({WRITE_LOCK})".encode()
    return shared + b"; " + scope.locks() if scope else shared
