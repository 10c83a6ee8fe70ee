"""The SQLite connection every SQLite repository holds: opening a file safely, migrating it,
closing it, and the one-lock / one-transaction plumbing every repository method uses.

See :mod:`bot.storage.store` for why (one ``sqlite3`` connection shared by all threads behind one
``threading.Lock``; ``BEGIN IMMEDIATE`` per write; WAL and ``synchronous=FULL``; schema version
in ``PRAGMA user_version``). The migration list itself lives in :mod:`bot.storage.store`, which
passes it to :meth:`SqliteConnection.open`.

Transactions nest: a repository method called inside :meth:`SqliteConnection.transaction` (on
the thread that opened it) joins that transaction instead of beginning its own, so one action
that changes several repositories commits or rolls back as one (see
:meth:`bot.storage.store.SqliteDatabase.transaction`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Self

from sqlite_utils import Database

from bot.storage import sql
from bot.storage.errors import MigrationFailed, NotOurDatabase, SchemaTooNew, StorageClosed
from bot.storage.records import Row, SqlValue, format_ts, utcnow

#: ``PRAGMA application_id`` of our files ("VENZ"), so we never migrate somebody else's database.
APPLICATION_ID = 0x56454E5A

#: Seconds a writer waits for another connection's lock before giving up.
BUSY_TIMEOUT_SECONDS = 5.0

#: ``PRAGMA synchronous`` modes :meth:`SqliteDatabase.open` accepts. ``full`` (the default) makes an
#: acknowledged commit survive a power loss; ``normal`` may lose the last commits then.
SYNCHRONOUS_MODES = ("full", "normal")
DEFAULT_SYNCHRONOUS = "full"

#: A migration upgrades the schema by exactly one version. It runs inside the open-time
#: transaction (with foreign keys off, checked before commit) and must not commit itself.
Migration = Callable[[Database], None]


def _pragma_int(conn: sqlite3.Connection, name: str) -> int:
    row = conn.execute(f"PRAGMA {name}").fetchone()
    return int(row[0])


class SqliteConnection:
    """The open connection, its lock and transaction helpers; every SQLite repository holds
    the one instance of its database (composition: nothing inherits from it)."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: str,
        *,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        """Wrap an already opened and migrated connection; use :meth:`open` instead."""
        self._conn: sqlite3.Connection | None = conn
        #: sqlite-utils' view of the connection (inserts: dict in, rowid out).
        self.db = Database(conn, execute_plugins=False)
        # Reentrant: a repository method inside this thread's open transaction joins it.
        self._lock = threading.RLock()
        self._depth = 0  # open write transactions of the lock's holder (0: none)
        self._clock = clock
        self.path = path
        #: Test hook: called with the operation name just before every ``COMMIT``. If it
        #: raises, the transaction is rolled back - this is how tests simulate a crash.
        self._fail_before_commit: Callable[[str], None] | None = None

    # -- opening, migrating, closing ----------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration],
        clock: Callable[[], datetime] = utcnow,
        synchronous: str = DEFAULT_SYNCHRONOUS,
    ) -> Self:
        """Open (creating if needed) and migrate the database at ``path`` (or ``":memory:"``).

        Order matters: the version is read before anything can write, so a file from a newer
        program (:class:`SchemaTooNew`) or a foreign file (:class:`NotOurDatabase`) is left
        byte-identical. Only then are WAL mode set, a backup taken (if an existing schema is
        about to change) and the pending migrations applied in one transaction.
        ``migrations`` is injectable so tests can exercise an upgrade. ``synchronous`` is
        ``"full"`` (default: an acknowledged commit survives a power loss) or ``"normal"``.
        """
        mode = synchronous.strip().lower()
        if mode not in SYNCHRONOUS_MODES:
            raise ValueError(
                f"synchronous must be one of {', '.join(SYNCHRONOUS_MODES)}, not {synchronous!r}"
            )
        path_str = str(path)
        in_memory = path_str == ":memory:" or path_str.startswith("file::memory:")
        conn = sqlite3.connect(
            path_str,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
        )
        try:
            target = len(migrations)
            version = _pragma_int(conn, "user_version")
            if version > target:
                raise SchemaTooNew(path_str, version, target)
            app_id = _pragma_int(conn, "application_id")
            has_objects = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
            if app_id not in (0, APPLICATION_ID) or (version == 0 and has_objects):
                raise NotOurDatabase(
                    f"{path_str!r} is a SQLite database of another application; refusing to "
                    "modify it"
                )

            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            conn.execute("PRAGMA foreign_keys = ON")
            if not in_memory:
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(f"PRAGMA synchronous = {mode.upper()}")

            if version < target:
                if version > 0 and not in_memory:
                    cls._backup(conn, path_str, version, clock())
                cls._migrate(conn, version, migrations)
        except BaseException:
            conn.close()
            raise
        return cls(conn, path_str, clock=clock)

    @staticmethod
    def _backup(conn: sqlite3.Connection, path: str, version: int, now: datetime) -> Path:
        """Copy the live database with SQLite's online backup API before migrating it."""
        stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = Path(f"{path}.bak-v{version}-{stamp}")
        n = 1
        while target.exists():
            target = Path(f"{path}.bak-v{version}-{stamp}-{n}")
            n += 1
        dest = sqlite3.connect(target)
        try:
            conn.backup(dest)
        finally:
            dest.close()
        return target

    @staticmethod
    def _migrate(conn: sqlite3.Connection, version: int, migrations: Sequence[Migration]) -> None:
        """Apply ``migrations[version:]`` in one transaction; all or nothing.

        Foreign keys are switched off meanwhile (SQLite's recommended way to rebuild tables)
        and verified with ``foreign_key_check`` before committing.
        """
        db = Database(conn, execute_plugins=False)
        conn.execute("PRAGMA foreign_keys = OFF")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for index in range(version, len(migrations)):
                    try:
                        migrations[index](db)
                    except Exception as exc:
                        raise MigrationFailed(
                            f"migration from schema v{index} to v{index + 1} failed: {exc}"
                        ) from exc
                    conn.execute(f"PRAGMA user_version = {index + 1}")
                broken = conn.execute("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise MigrationFailed(f"migration left broken foreign keys: {broken[:5]}")
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        finally:
            conn.execute("PRAGMA foreign_keys = ON")

    def close(self) -> None:
        """Close the connection (idempotent). The last WAL connection checkpoints on close."""
        with self._lock:
            if self._conn is not None:
                try:
                    self._conn.execute("PRAGMA optimize")
                except sqlite3.OperationalError:
                    # a hint only: another process writing the file ("database is locked")
                    # must not fail the close (#27: two processes on one file)
                    pass
                finally:
                    self._conn.close()
                    self._conn = None

    @property
    def closed(self) -> bool:
        return self._conn is None

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
        return f"<SqliteConnection {self.path!r} {state}>"

    def schema_version(self) -> int:
        """The ``PRAGMA user_version`` of the open file."""
        with self.read() as conn:
            return _pragma_int(conn, "user_version")

    # -- transaction plumbing -----------------------------------------------------------------

    def _require_open(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StorageClosed(f"storage {self.path!r} is closed")
        return self._conn

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """Hold the lock for a few reads (inside an open transaction: that one's view)."""
        with self._lock:
            yield self._require_open()

    @contextmanager
    def read_snapshot(self) -> Iterator[sqlite3.Connection]:
        """Hold the lock and one read transaction: every read inside sees the file as it was
        at the first of them, whatever another process commits meanwhile (WAL: the writer
        does not wait for us). For reads that must agree with each other."""
        with self._lock:
            conn = self._require_open()
            if self._depth:  # inside this thread's write transaction: it is the snapshot
                yield conn
                return
            conn.execute("BEGIN")  # deferred: the snapshot starts with the first read
            try:
                yield conn
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")  # nothing was written: this only ends the read

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
    ) -> Iterator[sqlite3.Connection]:
        """Hold the lock and one ``BEGIN IMMEDIATE`` transaction; commit or roll back. Inside
        a transaction this thread opened already, join it (its outermost block commits).
        ``table`` / ``game`` / ``claim`` / ``guild`` / ``key`` (the write's scope: what it
        locks) change nothing here: SQLite has one writer at a time anyway (PostgreSQL's
        backend locks that scope only)."""
        with self._lock:
            conn = self._require_open()
            if self._depth:
                self._depth += 1
                try:
                    yield conn
                finally:
                    self._depth -= 1
                return
            conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield conn
                if self._fail_before_commit is not None:
                    self._fail_before_commit(operation)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            finally:
                self._depth = 0

    @contextmanager
    def transaction(
        self, operation: str, *, table: str | None = None, game: int | None = None
    ) -> Iterator[None]:
        """One write transaction around several repository calls made by this thread inside
        the block: all of them commit together, or (an exception leaves the block) none."""
        with self.write(operation, table=table, game=game):
            yield

    @staticmethod
    def rows(conn: sql.Conn, query: str, params: Sequence[SqlValue] = ()) -> list[Row]:
        """Every row of ``query``, readable by column name too (:func:`bot.storage.sql.rows`)."""
        return sql.rows(conn, query, params)

    @staticmethod
    def row(conn: sql.Conn, query: str, params: Sequence[SqlValue] = ()) -> Row | None:
        """The first row of ``query``, or ``None``."""
        return sql.row(conn, query, params)

    def now(self) -> str:
        """The clock's time as stored text."""
        return format_ts(self._clock())
