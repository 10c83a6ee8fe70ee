"""Durable, engine-agnostic persistence for chat tables and the games played on them.

Why it looks the way it does
----------------------------
A game is a pure state machine: ``(game type, options, seed, players)`` plus the list of
canonical move strings determines everything. So the database stores exactly that, as an
append-only move log, and treats engine state as opaque: snapshots are only a shortcut for
replay (``state_json`` and ``state_hash`` are whatever the engine produced).

* **One transaction per accepted command.** :meth:`SqlGameRepository.append_move` inserts the
  move, optionally a snapshot, and bumps ``games.last_seq`` atomically, so after a crash the log
  and the snapshots never disagree. ``UNIQUE(game_id, seq)`` makes a double apply impossible
  even if two code paths race, and a nullable ``UNIQUE`` idempotency key (e.g. the Discord
  message id) lets a retried delivery be recognised and answered harmlessly.
* **Lazy restart.** :meth:`SqlGameRepository.active_channels` returns only channel ids; a new
  process loads a channel's game (latest snapshot + the moves after it) only when that channel
  is used, and finished or aborted games are never loaded.
  :meth:`SqlGameRepository.load_channel` reads the record, the snapshot and the moves in ONE
  read transaction (``BEGIN`` ... ``COMMIT``): another process sharing the file may commit
  between those reads, and they must still agree.
* **Threading model.** The table service is async and runs CPU work in a thread pool, so calls
  arrive from arbitrary threads. There is exactly one ``sqlite3`` connection, opened with
  ``check_same_thread=False`` and ``isolation_level=None`` (we issue ``BEGIN IMMEDIATE`` /
  ``COMMIT`` / ``ROLLBACK`` ourselves, never relying on the module's implicit transactions), and
  every public repository method holds one reentrant lock for its whole duration (a
  :meth:`SqliteDatabase.transaction` holds it for its block, and the calls inside join it).
  Calls are short (a few small statements), so serialising them is simpler and safer than a
  connection pool. ``BEGIN IMMEDIATE`` takes the write lock up front, so checks done inside a
  write transaction (next sequence number, idempotency key) cannot be invalidated by another
  process sharing the file, and ``busy_timeout`` makes such a process wait instead of failing.
* **Durability settings.** WAL journal (readers never block the writer), ``synchronous=FULL``
  by default: every commit is fsync'd before it returns, so an acknowledged move survives an
  OS crash or power loss. ``synchronous="normal"`` (the ``CANALSIDE_DB_SYNC`` setting) trades
  that for speed: in WAL mode a power loss may then drop the last commits, but never corrupts
  the file. Foreign keys on.
* **Finished games are compacted** (:mod:`bot.storage.compact`): in the transaction that ends
  a game its snapshots go, ``games.final_hash`` keeps the hash of the final state, and its
  move rows are packed into one ``move_archives`` row that :meth:`SqlGameRepository.moves` reads
  transparently (its idempotency keys stay known in ``archived_keys``) - a finished 4-player
  game costs a few kB instead of ~150 kB.
* **Schema versioning.** ``PRAGMA user_version`` holds the schema version and
  ``PRAGMA application_id`` marks the file as ours. :data:`MIGRATIONS` is a list of functions;
  ``MIGRATIONS[i]`` upgrades version ``i`` to ``i + 1``. On :meth:`SqliteDatabase.open` pending
  migrations run in one transaction after an online-backup copy of the file; a file from a newer
  program refuses to open (:class:`SchemaTooNew`) before anything is written.

sqlite-utils is used for inserts (dict in, rowid out) and is handy for introspection in tests.
The schema itself is raw DDL: it needs ``CHECK``, composite ``UNIQUE`` and partial indexes that
sqlite-utils' ``create()`` cannot express, and a migration must stay a frozen, readable record
of what the schema was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Self

from sqlite_utils import Database

from bot.storage.adapter import SqlAdapterStateRepository, SqlLanguageRepository
from bot.storage.compact import compact_game
from bot.storage.connection import (
    APPLICATION_ID,
    BUSY_TIMEOUT_SECONDS,
    DEFAULT_SYNCHRONOUS,
    SYNCHRONOUS_MODES,
    Migration,
    SqliteConnection,
)
from bot.storage.errors import (
    AlreadyProcessed,
    AlreadySeated,
    DuplicateMove,
    GameInProgress,
    GameNotActive,
    MigrationFailed,
    NotOurDatabase,
    OutOfOrderMove,
    SchemaTooNew,
    StorageClosed,
    StorageError,
)
from bot.storage.games import SqlGameRepository
from bot.storage.history import SqlHistoryRepository
from bot.storage.lobby import SqlLobbyRepository
from bot.storage.records import (
    ChannelLoad,
    FinalResult,
    GameRecord,
    GameStatus,
    MoveRecord,
    PlayerInfo,
    ResultRecord,
    SeatRecord,
    SnapshotData,
    SnapshotRecord,
    StoredGame,
    TableRecord,
    utcnow,
)
from bot.storage.stats import SqlStatsRepository, migrate_stats
from bot.storage.timers import (
    Deadline,
    SqlArchiveClockRepository,
    SqlDeadlineRepository,
    SqlTakeoverRepository,
    SqlTimeoutVoteRepository,
    SqlTimerSettingsRepository,
    Takeover,
    TimerSettings,
    migrate_timeout_votes,
    migrate_timer_notices,
)

if TYPE_CHECKING:
    from bot.storage.postgres import PgDatabase

__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT_SECONDS",
    "DEFAULT_SYNCHRONOUS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SYNCHRONOUS_MODES",
    "AlreadyProcessed",
    "AlreadySeated",
    "ChannelLoad",
    "Deadline",
    "DuplicateMove",
    "FinalResult",
    "GameInProgress",
    "GameNotActive",
    "GameRecord",
    "GameStatus",
    "Migration",
    "MigrationFailed",
    "MoveRecord",
    "NotOurDatabase",
    "OutOfOrderMove",
    "PlayerInfo",
    "ResultRecord",
    "SchemaTooNew",
    "SeatRecord",
    "SnapshotData",
    "SnapshotRecord",
    "SqliteDatabase",
    "Storage",
    "StorageClosed",
    "StorageError",
    "StoredGame",
    "TableRecord",
    "Takeover",
    "TimerSettings",
    "is_postgres_url",
    "open_database",
]

# --------------------------------------------------------------------------------------------
# Migrations
# --------------------------------------------------------------------------------------------


def _migrate_v0_to_v1(db: Database) -> None:
    """The initial schema."""
    # Not executescript(): it would COMMIT the open migration transaction first.
    for statement in _V1_SCHEMA:
        db.conn.execute(statement)
    db.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")


# Timestamps are ISO-8601 UTC text. Seeds are TEXT because engine seeds are unsigned 64-bit
# and SQLite integers are signed 64-bit. JSON columns hold compact UTF-8 JSON text.
_V1_SCHEMA: tuple[str, ...] = (
    """
    CREATE TABLE tables (
        channel_id      TEXT PRIMARY KEY,
        guild_id        TEXT,
        created_at      TEXT NOT NULL,
        current_game_id INTEGER REFERENCES games(id)
    )
    """,
    """
    CREATE TABLE seats (
        channel_id   TEXT NOT NULL REFERENCES tables(channel_id) ON DELETE CASCADE,
        seat_order   INTEGER NOT NULL,
        user_id      TEXT,
        display_name TEXT NOT NULL,
        is_ai        INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
        ai_level     INTEGER,
        joined_at    TEXT NOT NULL,
        PRIMARY KEY (channel_id, seat_order),
        UNIQUE (channel_id, user_id),
        CHECK (is_ai = 1 OR user_id IS NOT NULL),
        CHECK (is_ai = 1 OR ai_level IS NULL)
    )
    """,
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        channel_id  TEXT NOT NULL REFERENCES tables(channel_id),
        game_type   TEXT NOT NULL,
        options     TEXT NOT NULL DEFAULT '{}',
        seed        TEXT NOT NULL,
        players     TEXT NOT NULL,
        status      TEXT NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        created_at  TEXT NOT NULL,
        started_at  TEXT,
        finished_at TEXT,
        last_seq    INTEGER NOT NULL DEFAULT -1
    )
    """,
    "CREATE INDEX games_by_channel ON games (channel_id, id)",
    # At most one open game per channel, enforced by the database itself.
    """
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active')
    """,
    """
    CREATE TABLE moves (
        id              INTEGER PRIMARY KEY,
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq             INTEGER NOT NULL CHECK (seq >= 0),
        seat            INTEGER NOT NULL,
        user_id         TEXT,
        command         TEXT NOT NULL,
        created_at      TEXT NOT NULL,
        idempotency_key TEXT UNIQUE,
        UNIQUE (game_id, seq)
    )
    """,
    """
    CREATE TABLE snapshots (
        game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL CHECK (seq >= -1),
        state_json TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat    INTEGER NOT NULL,
        user_id TEXT,
        name    TEXT NOT NULL,
        place   INTEGER NOT NULL,
        score   TEXT NOT NULL DEFAULT 'null',
        PRIMARY KEY (game_id, seat)
    )
    """,
)


def _migrate_add_final_hash_and_archives(db: Database) -> None:
    """Finished games keep seed, moves, results and the final hash, not every snapshot:
    ``games.final_hash``, the ``move_archives`` table, and every finished (or aborted) game of
    an older file compacted (final hash from a snapshot at its last move)."""
    db.conn.execute("ALTER TABLE games ADD COLUMN final_hash TEXT")
    # A finished game's moves, packed by bot.storage.compact (format = its layout version).
    db.conn.execute(
        """
        CREATE TABLE move_archives (
            game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            format     INTEGER NOT NULL,
            move_count INTEGER NOT NULL CHECK (move_count >= 0),
            packed     BLOB NOT NULL
        )
        """
    )
    # The idempotency keys of packed moves, so a late retry is still recognised.
    db.conn.execute(
        """
        CREATE TABLE archived_keys (
            idempotency_key TEXT PRIMARY KEY,
            game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq             INTEGER NOT NULL
        ) WITHOUT ROWID
        """
    )
    closed = db.conn.execute(
        "SELECT id FROM games WHERE status IN ('finished', 'aborted')"
    ).fetchall()
    for (game_id,) in closed:
        compact_game(db.conn, int(game_id), None)


def _migrate_adapter_state(db: Database) -> None:
    """Adapter state: small values a transport adapter must keep across restarts, per scope
    (``table:<channel>``: the id of the table's current message and the turn it shows;
    ``user:<id>``: "direct messages closed"). Opaque text to everybody but that adapter."""
    db.conn.execute(
        """
        CREATE TABLE adapter_state (
            scope      TEXT NOT NULL,
            key        TEXT NOT NULL,
            value      TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (scope, key)
        )
        """
    )


#: ``MIGRATIONS[i]`` upgrades schema version ``i`` to ``i + 1``. To change the schema, append a
#: new function (never edit an old one) - e.g. ``def _migrate_v1_to_v2(db): db.conn.execute(
#: "ALTER TABLE games ADD COLUMN ...")`` - and the file is upgraded on the next start.
def _migrate_lobby_choice(db: Database) -> None:
    """The lobby's chosen game and its options survive a restart (``tables.lobby_game``,
    ``tables.lobby_options``: JSON of option name -> canonical text)."""
    db.conn.execute("ALTER TABLE tables ADD COLUMN lobby_game TEXT")
    db.conn.execute("ALTER TABLE tables ADD COLUMN lobby_options TEXT NOT NULL DEFAULT '{}'")


def _migrate_timers(db: Database) -> None:
    """Turn timers: per-table settings (``table_settings``), the deadlines of open human
    decisions with fired-flags (``deadlines``: times are epoch seconds of the service's
    clock), seats an AI took over (``takeovers``), ``games.had_takeover`` (for ratings) and
    ``games.touched_at`` (an untouched game is archived)."""
    db.conn.execute(
        """
        CREATE TABLE table_settings (
            channel_id     TEXT PRIMARY KEY,
            turn_seconds   INTEGER CHECK (turn_seconds IS NULL OR turn_seconds > 0),
            remind_seconds INTEGER CHECK (remind_seconds IS NULL OR remind_seconds >= 0),
            on_timeout     TEXT NOT NULL DEFAULT 'ai' CHECK (on_timeout IN ('ai', 'pause')),
            ai_level       TEXT,
            archive_days   INTEGER NOT NULL DEFAULT 14 CHECK (archive_days > 0),
            updated_at     TEXT NOT NULL
        )
        """
    )
    db.conn.execute(
        """
        CREATE TABLE deadlines (
            game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat       INTEGER NOT NULL,
            channel_id TEXT NOT NULL,
            user_id    TEXT,
            opened_at  REAL NOT NULL,
            remind_at  REAL,
            timeout_at REAL NOT NULL,
            reminded   INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
            timed_out  INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1)),
            PRIMARY KEY (game_id, seat)
        )
        """
    )
    db.conn.execute(
        """
        CREATE TABLE takeovers (
            game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat       INTEGER NOT NULL,
            user_id    TEXT NOT NULL,
            name       TEXT NOT NULL,
            kind       TEXT NOT NULL CHECK (kind IN ('timeout', 'kick')),
            taken_at   REAL NOT NULL,
            resumed_at REAL,
            PRIMARY KEY (game_id, seat)
        )
        """
    )
    db.conn.execute("ALTER TABLE games ADD COLUMN had_takeover INTEGER NOT NULL DEFAULT 0")
    db.conn.execute("ALTER TABLE games ADD COLUMN touched_at REAL")
    # running games count as touched at the upgrade (their archive time starts now)
    db.conn.execute(
        "UPDATE games SET touched_at = CAST(strftime('%s', 'now') AS REAL) WHERE status = 'active'"
    )


def _migrate_languages(db: Database) -> None:
    """The players' languages (#20): a table's chosen language, its server's preferred locale
    and each person's client locale (``kind`` ``table``, ``server``, ``person``)."""
    db.conn.execute(
        """
        CREATE TABLE languages (
            kind       TEXT NOT NULL CHECK (kind IN ('table', 'server', 'person')),
            key        TEXT NOT NULL,
            language   TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (kind, key)
        )
        """
    )


MIGRATIONS: tuple[Migration, ...] = (
    _migrate_v0_to_v1,
    _migrate_add_final_hash_and_archives,
    _migrate_adapter_state,
    _migrate_lobby_choice,
    migrate_stats,  # per-seat results, ratings, stats setting (bot/storage/stats.py)
    _migrate_timers,
    migrate_timeout_votes,  # votes at a paused timeout (bot/storage/timers.py)
    _migrate_languages,
    migrate_timer_notices,  # fired timers not yet announced (bot/storage/timers.py)
)

#: The schema version this program writes.
SCHEMA_VERSION = len(MIGRATIONS)


# --------------------------------------------------------------------------------------------
# The SQLite database: its repositories over one connection
# --------------------------------------------------------------------------------------------


class SqliteDatabase:
    """The SQLite :class:`~bot.storage.repositories.Database`: one repository per aggregate,
    each holding the one :class:`SqliteConnection` (composition: no repository inherits from
    another), and :meth:`transaction`, the unit of work that spans them.

    Create it with :meth:`open`; use it as a context manager or call :meth:`close`. Every
    repository method may be called from any thread (see the module docstring).
    """

    def __init__(self, connection: SqliteConnection) -> None:
        """Wrap an opened and migrated connection; use :meth:`open` instead."""
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
        path: str | Path,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        clock: Callable[[], datetime] = utcnow,
        synchronous: str = DEFAULT_SYNCHRONOUS,
    ) -> SqliteDatabase:
        """Open (creating if needed) and migrate the database at ``path`` (or ``":memory:"``)
        to :data:`SCHEMA_VERSION`; see :meth:`SqliteConnection.open`."""
        connection = SqliteConnection.open(
            path, migrations=migrations, clock=clock, synchronous=synchronous
        )
        return cls(connection)

    @contextmanager
    def transaction(
        self, operation: str, *, table: str | None = None, game: int | None = None
    ) -> Iterator[SqliteDatabase]:
        """One write transaction around the repository calls made in the block (from this
        thread): they commit together, or not at all if an exception leaves the block. The
        repositories yielded are this database's own (SQLite has one connection)."""
        with self.connection.transaction(operation, table=table, game=game):
            yield self

    def close(self) -> None:
        """Close the connection (idempotent)."""
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
        return f"<SqliteDatabase {self.path!r} {state}>"


#: The name the SQLite database had when it was one class of mixins; kept for callers that
#: open a file (``Storage.open(path)``).
Storage = SqliteDatabase


def open_database(
    target: str | Path,
    *,
    synchronous: str = DEFAULT_SYNCHRONOUS,
    clock: Callable[[], datetime] = utcnow,
) -> SqliteDatabase | PgDatabase:
    """Open the database one setting names (#27): a ``postgresql://…`` address is a
    PostgreSQL server (:class:`bot.storage.postgres.PgDatabase`, a connection pool), anything
    else a SQLite file (``synchronous`` applies to SQLite only)."""
    if is_postgres_url(target):
        from bot.storage.postgres import PgDatabase

        return PgDatabase.open(str(target), clock=clock)
    return SqliteDatabase.open(target, synchronous=synchronous, clock=clock)


def is_postgres_url(target: object) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return str(target).startswith(("postgresql://", "postgres://"))
