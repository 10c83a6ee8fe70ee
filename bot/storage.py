"""Durable, engine-agnostic persistence for chat tables and the games played on them.

Why it looks the way it does
----------------------------
A game is a pure state machine: ``(game type, options, seed, players)`` plus the list of
canonical move strings determines everything. So the database stores exactly that, as an
append-only move log, and treats engine state as opaque: snapshots are only a shortcut for
replay (``state_json`` and ``state_hash`` are whatever the engine produced).

* **One transaction per accepted command.** :meth:`Storage.append_move` inserts the move,
  optionally a snapshot, and bumps ``games.last_seq`` atomically, so after a crash the log and
  the snapshots never disagree. ``UNIQUE(game_id, seq)`` makes a double apply impossible even if
  two code paths race, and a nullable ``UNIQUE`` idempotency key (e.g. the Discord message id)
  lets a retried delivery be recognised and answered harmlessly.
* **Lazy restart.** :meth:`Storage.active_channels` returns only channel ids; a new process
  loads a channel's game (latest snapshot + the moves after it) only when that channel is used,
  and finished or aborted games are never loaded.
* **Threading model.** The table service is async and runs CPU work in a thread pool, so calls
  arrive from arbitrary threads. There is exactly one ``sqlite3`` connection, opened with
  ``check_same_thread=False`` and ``isolation_level=None`` (we issue ``BEGIN IMMEDIATE`` /
  ``COMMIT`` / ``ROLLBACK`` ourselves, never relying on the module's implicit transactions),
  and every public method holds one ``threading.Lock`` for its whole duration. Calls are short
  (a few small statements), so serialising them is simpler and safer than a connection pool.
  ``BEGIN IMMEDIATE`` takes the write lock up front, so checks done inside a write transaction
  (next sequence number, idempotency key) cannot be invalidated by another process sharing the
  file, and ``busy_timeout`` makes such a process wait instead of failing.
* **Durability settings.** WAL journal (readers never block the writer), ``synchronous=FULL``
  by default: every commit is fsync'd before it returns, so an acknowledged move survives an
  OS crash or power loss. ``synchronous="normal"`` (the ``VENEZIA_DB_SYNC`` setting) trades
  that for speed: in WAL mode a power loss may then drop the last commits, but never corrupts
  the file. Foreign keys on.
* **Finished games are compacted** (:mod:`bot.storage_compact`): in the transaction that ends
  a game its snapshots go, ``games.final_hash`` keeps the hash of the final state, and its
  move rows are packed into one ``move_archives`` row that :meth:`Storage.moves` reads
  transparently (its idempotency keys stay known in ``archived_keys``) - a finished 4-player
  game costs a few kB instead of ~150 kB.
* **Schema versioning.** ``PRAGMA user_version`` holds the schema version and
  ``PRAGMA application_id`` marks the file as ours. :data:`MIGRATIONS` is a list of functions;
  ``MIGRATIONS[i]`` upgrades version ``i`` to ``i + 1``. On :meth:`Storage.open` pending
  migrations run in one transaction after an online-backup copy of the file; a file from a newer
  program refuses to open (:class:`SchemaTooNew`) before anything is written.

sqlite-utils is used for inserts (dict in, rowid out) and is handy for introspection in tests.
The schema itself is raw DDL: it needs ``CHECK``, composite ``UNIQUE`` and partial indexes that
sqlite-utils' ``create()`` cannot express, and a migration must stay a frozen, readable record
of what the schema was.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, cast

from sqlite_utils import Database

from bot.storage_compact import archived_key, compact_game, read_archive

__all__ = [
    "APPLICATION_ID",
    "DEFAULT_SYNCHRONOUS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SYNCHRONOUS_MODES",
    "AlreadyProcessed",
    "AlreadySeated",
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
    "Storage",
    "StorageClosed",
    "StorageError",
    "TableRecord",
]

GameStatus = Literal["lobby", "active", "finished", "aborted"]

#: ``PRAGMA application_id`` of our files ("VENZ"), so we never migrate somebody else's database.
APPLICATION_ID = 0x56454E5A

#: Seconds a writer waits for another connection's lock before giving up.
BUSY_TIMEOUT_SECONDS = 5.0

#: ``PRAGMA synchronous`` modes :meth:`Storage.open` accepts. ``full`` (the default) makes an
#: acknowledged commit survive a power loss; ``normal`` may lose the last commits then.
SYNCHRONOUS_MODES = ("full", "normal")
DEFAULT_SYNCHRONOUS = "full"

# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class StorageError(Exception):
    """Base class for every error this module raises on purpose."""


class SchemaTooNew(StorageError):
    """The file was written by a newer program; we refuse rather than risk damaging it."""

    def __init__(self, path: str, found: int, supported: int) -> None:
        super().__init__(
            f"database {path!r} has schema version {found}, but this program only understands "
            f"versions up to {supported}; upgrade the bot (the file was not modified)"
        )
        self.path = path
        self.found = found
        self.supported = supported


class NotOurDatabase(StorageError):
    """The file is a SQLite database that belongs to some other application."""


class MigrationFailed(StorageError):
    """A migration raised; the transaction was rolled back and the file keeps its old version."""


class StorageClosed(StorageError):
    """The storage was used after :meth:`Storage.close`."""


class DuplicateMove(StorageError):
    """A move with this ``(game_id, seq)`` is already stored: applying it again is refused."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(f"game {game_id} already has a move with seq {seq}")
        self.game_id = game_id
        self.seq = seq


class OutOfOrderMove(StorageError):
    """The move skips sequence numbers; the caller's state is ahead of the log (a bug)."""

    def __init__(self, game_id: int, seq: int, expected: int) -> None:
        super().__init__(f"game {game_id}: got move seq {seq}, expected {expected}")
        self.game_id = game_id
        self.seq = seq
        self.expected = expected


class AlreadyProcessed(StorageError):
    """This idempotency key was already accepted; ``seq`` says which move it became."""

    def __init__(self, idempotency_key: str, game_id: int, seq: int) -> None:
        super().__init__(
            f"idempotency key {idempotency_key!r} was already processed as move {seq} "
            f"of game {game_id}"
        )
        self.idempotency_key = idempotency_key
        self.game_id = game_id
        self.seq = seq


class GameNotActive(StorageError):
    """The game does not exist (``status is None``) or is already finished / aborted."""

    def __init__(self, game_id: int, status: str | None) -> None:
        what = "does not exist" if status is None else f"is {status}"
        super().__init__(f"game {game_id} {what}")
        self.game_id = game_id
        self.status = status


class GameInProgress(StorageError):
    """The channel already has an active game; finish or abort it first."""

    def __init__(self, channel_id: str, game_id: int) -> None:
        super().__init__(f"channel {channel_id} already has active game {game_id}")
        self.channel_id = channel_id
        self.game_id = game_id


class AlreadySeated(StorageError):
    """The user already has a seat at this table."""

    def __init__(self, seat: SeatRecord) -> None:
        super().__init__(f"user {seat.user_id} already sits at seat {seat.seat_order}")
        self.seat = seat


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One chat channel that hosts games."""

    channel_id: str
    guild_id: str | None
    created_at: datetime
    current_game_id: int | None


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A lobby seat. ``seat_order`` is always ``0..n-1`` (compacted when someone leaves)."""

    channel_id: str
    seat_order: int
    user_id: str | None
    display_name: str
    is_ai: bool
    ai_level: int | None
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A player of a started game; the seat number is the index in ``GameRecord.players``."""

    name: str
    user_id: str | None = None
    is_ai: bool = False
    ai_level: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "user_id": self.user_id,
            "is_ai": self.is_ai,
            "ai_level": self.ai_level,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerInfo:
        level = data.get("ai_level")
        user_id = data.get("user_id")
        return cls(
            name=str(data["name"]),
            user_id=None if user_id is None else str(user_id),
            is_ai=bool(data.get("is_ai", False)),
            ai_level=None if level is None else int(level),
        )


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to rebuild a game: type, options, seed, players (plus bookkeeping).

    ``last_seq`` is the seq of the newest stored move, ``-1`` before the first move.
    ``final_hash`` is the engine's hash of the final state of a finished game (its snapshots
    are dropped at the end, so a replay from the seed is checked against this).
    """

    id: int
    channel_id: str
    game_type: str
    options: dict[str, Any]
    seed: int
    players: tuple[PlayerInfo, ...]
    status: GameStatus
    last_seq: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    final_hash: str | None = None

    @property
    def player_names(self) -> list[str]:
        """The names in seat order, as ``Game.new_state`` wants them."""
        return [p.name for p in self.players]

    @property
    def next_seq(self) -> int:
        """The seq the next accepted move must carry."""
        return self.last_seq + 1


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One accepted canonical command."""

    game_id: int
    seq: int
    seat: int
    user_id: str | None
    command: str
    created_at: datetime
    idempotency_key: str | None


@dataclass(frozen=True, slots=True)
class SnapshotData:
    """A state snapshot to store: opaque engine JSON and the engine's hash of it."""

    state_json: str
    state_hash: str


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    """A stored snapshot: the state *after* move ``seq`` (``-1`` = the initial state)."""

    game_id: int
    seq: int
    state_json: str
    state_hash: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class FinalResult:
    """One seat's outcome, given to :meth:`Storage.finish_game`. ``score`` is any JSON value."""

    seat: int
    name: str
    place: int
    score: Any = None
    user_id: str | None = None


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """A stored final result row."""

    game_id: int
    seat: int
    user_id: str | None
    name: str
    place: int
    score: Any


# --------------------------------------------------------------------------------------------
# Migrations
# --------------------------------------------------------------------------------------------

#: A migration upgrades the schema by exactly one version. It runs inside the open-time
#: transaction (with foreign keys off, checked before commit) and must not commit itself.
Migration = Callable[[Database], None]


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
    # A finished game's moves, packed by bot.storage_compact (format = its layout version).
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
MIGRATIONS: tuple[Migration, ...] = (
    _migrate_v0_to_v1,
    _migrate_add_final_hash_and_archives,
    _migrate_adapter_state,
)

#: The schema version this program writes.
SCHEMA_VERSION = len(MIGRATIONS)


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def _utcnow() -> datetime:
    return datetime.now(UTC)


def _ts(value: datetime) -> str:
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def _parse_ts(value: Any) -> datetime:
    return datetime.fromisoformat(str(value))


def _parse_opt_ts(value: Any) -> datetime | None:
    return None if value is None else _parse_ts(value)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _pragma_int(conn: sqlite3.Connection, name: str) -> int:
    row = conn.execute(f"PRAGMA {name}").fetchone()
    return int(row[0])


def _table_from_row(row: sqlite3.Row) -> TableRecord:
    return TableRecord(
        channel_id=str(row["channel_id"]),
        guild_id=_opt_str(row["guild_id"]),
        created_at=_parse_ts(row["created_at"]),
        current_game_id=_opt_int(row["current_game_id"]),
    )


def _seat_from_row(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        channel_id=str(row["channel_id"]),
        seat_order=int(row["seat_order"]),
        user_id=_opt_str(row["user_id"]),
        display_name=str(row["display_name"]),
        is_ai=bool(row["is_ai"]),
        ai_level=_opt_int(row["ai_level"]),
        joined_at=_parse_ts(row["joined_at"]),
    )


def _game_from_row(row: sqlite3.Row) -> GameRecord:
    players = json.loads(row["players"])
    return GameRecord(
        id=int(row["id"]),
        channel_id=str(row["channel_id"]),
        game_type=str(row["game_type"]),
        options=dict(json.loads(row["options"])),
        seed=int(row["seed"]),
        players=tuple(PlayerInfo.from_json(p) for p in players),
        status=cast(GameStatus, str(row["status"])),
        last_seq=int(row["last_seq"]),
        created_at=_parse_ts(row["created_at"]),
        started_at=_parse_opt_ts(row["started_at"]),
        finished_at=_parse_opt_ts(row["finished_at"]),
        final_hash=_opt_str(row["final_hash"]),
    )


def _move_from_row(row: sqlite3.Row) -> MoveRecord:
    return MoveRecord(
        game_id=int(row["game_id"]),
        seq=int(row["seq"]),
        seat=int(row["seat"]),
        user_id=_opt_str(row["user_id"]),
        command=str(row["command"]),
        created_at=_parse_ts(row["created_at"]),
        idempotency_key=_opt_str(row["idempotency_key"]),
    )


def _snapshot_from_row(row: sqlite3.Row) -> SnapshotRecord:
    return SnapshotRecord(
        game_id=int(row["game_id"]),
        seq=int(row["seq"]),
        state_json=str(row["state_json"]),
        state_hash=str(row["state_hash"]),
        created_at=_parse_ts(row["created_at"]),
    )


def _result_from_row(row: sqlite3.Row) -> ResultRecord:
    return ResultRecord(
        game_id=int(row["game_id"]),
        seat=int(row["seat"]),
        user_id=_opt_str(row["user_id"]),
        name=str(row["name"]),
        place=int(row["place"]),
        score=json.loads(row["score"]),
    )


_GAME_COLUMNS = (
    "id, channel_id, game_type, options, seed, players, status, last_seq, "
    "created_at, started_at, finished_at, final_hash"
)
_MOVE_COLUMNS = "game_id, seq, seat, user_id, command, created_at, idempotency_key"


# --------------------------------------------------------------------------------------------
# Storage
# --------------------------------------------------------------------------------------------


class Storage:
    """Thread-safe persistence for tables, lobbies, games, move logs, snapshots and results.

    Create it with :meth:`Storage.open`; use it as a context manager or call :meth:`close`.
    Every public method may be called from any thread (see the module docstring).
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: str,
        *,
        clock: Callable[[], datetime] = _utcnow,
    ) -> None:
        """Wrap an already opened and migrated connection; use :meth:`open` instead."""
        self._conn: sqlite3.Connection | None = conn
        self._db = Database(conn, execute_plugins=False)
        self._lock = threading.Lock()
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
        migrations: Sequence[Migration] = MIGRATIONS,
        clock: Callable[[], datetime] = _utcnow,
        synchronous: str = DEFAULT_SYNCHRONOUS,
    ) -> Storage:
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
                finally:
                    self._conn.close()
                    self._conn = None

    @property
    def closed(self) -> bool:
        return self._conn is None

    def __enter__(self) -> Storage:
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
        return f"<Storage {self.path!r} {state}>"

    def schema_version(self) -> int:
        """The ``PRAGMA user_version`` of the open file."""
        with self._read() as conn:
            return _pragma_int(conn, "user_version")

    # -- transaction plumbing -----------------------------------------------------------------

    def _require_open(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StorageClosed(f"storage {self.path!r} is closed")
        return self._conn

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._require_open()

    @contextmanager
    def _write(self, operation: str) -> Iterator[sqlite3.Connection]:
        """Hold the lock and one ``BEGIN IMMEDIATE`` transaction; commit or roll back."""
        with self._lock:
            conn = self._require_open()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                if self._fail_before_commit is not None:
                    self._fail_before_commit(operation)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    @staticmethod
    def _rows(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        # Row factory per cursor, not per connection: sqlite-utils expects plain tuples.
        cur = conn.cursor()
        cur.row_factory = sqlite3.Row
        rows: list[sqlite3.Row] = cur.execute(sql, params).fetchall()
        return rows

    @classmethod
    def _row(
        cls, conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()
    ) -> sqlite3.Row | None:
        rows = cls._rows(conn, sql, params)
        return rows[0] if rows else None

    def _now(self) -> str:
        return _ts(self._clock())

    # -- tables and lobby seats ---------------------------------------------------------------

    def _ensure_table(
        self, conn: sqlite3.Connection, channel_id: str, guild_id: str | None
    ) -> TableRecord:
        conn.execute(
            "INSERT INTO tables (channel_id, guild_id, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT (channel_id) DO UPDATE SET "
            "guild_id = coalesce(guild_id, excluded.guild_id)",
            (channel_id, guild_id, self._now()),
        )
        row = self._row(conn, "SELECT * FROM tables WHERE channel_id = ?", (channel_id,))
        assert row is not None
        return _table_from_row(row)

    def get_or_create_table(self, channel_id: str, guild_id: str | None = None) -> TableRecord:
        """The table for a channel, created on first use (fills in ``guild_id`` if unknown)."""
        with self._write("get_or_create_table") as conn:
            return self._ensure_table(conn, channel_id, guild_id)

    def get_table(self, channel_id: str) -> TableRecord | None:
        with self._read() as conn:
            row = self._row(conn, "SELECT * FROM tables WHERE channel_id = ?", (channel_id,))
        return None if row is None else _table_from_row(row)

    def _seats(self, conn: sqlite3.Connection, channel_id: str) -> list[SeatRecord]:
        rows = self._rows(
            conn, "SELECT * FROM seats WHERE channel_id = ? ORDER BY seat_order", (channel_id,)
        )
        return [_seat_from_row(r) for r in rows]

    def list_seats(self, channel_id: str) -> list[SeatRecord]:
        """The lobby in seat order (``seat_order`` is ``0..n-1``)."""
        with self._read() as conn:
            return self._seats(conn, channel_id)

    def join_seat(
        self,
        channel_id: str,
        display_name: str,
        user_id: str | None = None,
        *,
        is_ai: bool = False,
        ai_level: int | None = None,
        guild_id: str | None = None,
    ) -> SeatRecord:
        """Add a seat at the end of the lobby. A human must have a ``user_id``; AI seats may
        share ``user_id=None``. Raises :class:`AlreadySeated` if the user is already seated."""
        if not is_ai and user_id is None:
            raise ValueError("a human seat needs a user_id")
        if not is_ai and ai_level is not None:
            raise ValueError("ai_level is only meaningful for AI seats")
        with self._write("join_seat") as conn:
            self._ensure_table(conn, channel_id, guild_id)
            if user_id is not None:
                row = self._row(
                    conn,
                    "SELECT * FROM seats WHERE channel_id = ? AND user_id = ?",
                    (channel_id, user_id),
                )
                if row is not None:
                    raise AlreadySeated(_seat_from_row(row))
            order = conn.execute(
                "SELECT coalesce(max(seat_order), -1) + 1 FROM seats WHERE channel_id = ?",
                (channel_id,),
            ).fetchone()[0]
            self._db.table("seats").insert(
                {
                    "channel_id": channel_id,
                    "seat_order": int(order),
                    "user_id": user_id,
                    "display_name": display_name,
                    "is_ai": 1 if is_ai else 0,
                    "ai_level": ai_level,
                    "joined_at": self._now(),
                }
            )
            row = self._row(
                conn,
                "SELECT * FROM seats WHERE channel_id = ? AND seat_order = ?",
                (channel_id, order),
            )
            assert row is not None
            return _seat_from_row(row)

    def _remove_seat(
        self, conn: sqlite3.Connection, channel_id: str, where: str, param: Any
    ) -> SeatRecord | None:
        row = self._row(
            conn, f"SELECT * FROM seats WHERE channel_id = ? AND {where}", (channel_id, param)
        )
        if row is None:
            return None
        seat = _seat_from_row(row)
        conn.execute(
            "DELETE FROM seats WHERE channel_id = ? AND seat_order = ?",
            (channel_id, seat.seat_order),
        )
        # Close the gap in two steps: SQLite checks the primary key row by row during an
        # UPDATE, so shifting k -> k-1 directly could collide. k -> -k-1 -> k-1 cannot.
        conn.execute(
            "UPDATE seats SET seat_order = -seat_order - 1 WHERE channel_id = ? AND seat_order > ?",
            (channel_id, seat.seat_order),
        )
        conn.execute(
            "UPDATE seats SET seat_order = -seat_order - 2 WHERE channel_id = ? AND seat_order < 0",
            (channel_id,),
        )
        return seat

    def leave_seat(self, channel_id: str, user_id: str) -> SeatRecord | None:
        """Remove the user's seat; later seats move up. Returns the removed seat or ``None``."""
        with self._write("leave_seat") as conn:
            return self._remove_seat(conn, channel_id, "user_id = ?", user_id)

    def remove_seat(self, channel_id: str, seat_order: int) -> SeatRecord | None:
        """Remove the seat at ``seat_order`` (e.g. an AI); later seats move up."""
        with self._write("remove_seat") as conn:
            return self._remove_seat(conn, channel_id, "seat_order = ?", seat_order)

    def clear_seats(self, channel_id: str) -> int:
        """Empty the lobby; returns how many seats were removed."""
        with self._write("clear_seats") as conn:
            return conn.execute("DELETE FROM seats WHERE channel_id = ?", (channel_id,)).rowcount

    # -- game lifecycle -----------------------------------------------------------------------

    def _game(self, conn: sqlite3.Connection, game_id: int) -> GameRecord | None:
        row = self._row(conn, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else _game_from_row(row)

    def _require_active(self, conn: sqlite3.Connection, game_id: int) -> GameRecord:
        game = self._game(conn, game_id)
        if game is None or game.status != "active":
            raise GameNotActive(game_id, None if game is None else game.status)
        return game

    def create_game(
        self,
        channel_id: str,
        game_type: str,
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        players: Sequence[PlayerInfo] | None = None,
        guild_id: str | None = None,
        snapshot: SnapshotData | None = None,
    ) -> GameRecord:
        """Start a game (status ``active``) at the channel's table.

        ``players`` defaults to the current lobby seats in seat order (the lobby is left as is,
        so a rematch can reuse it; call :meth:`clear_seats` if wanted). ``snapshot`` may hold
        the initial state, stored as seq ``-1`` in the same transaction. Raises
        :class:`GameInProgress` if the channel already has an open game.
        """
        with self._write("create_game") as conn:
            self._ensure_table(conn, channel_id, guild_id)
            row = self._row(
                conn,
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
            if row is not None:
                raise GameInProgress(channel_id, int(row["id"]))
            if players is None:
                players = [
                    PlayerInfo(s.display_name, s.user_id, s.is_ai, s.ai_level)
                    for s in self._seats(conn, channel_id)
                ]
            if not players:
                raise ValueError(f"cannot start a game in channel {channel_id} without players")
            now = self._now()
            game_id = (
                self._db.table("games")
                .insert(
                    {
                        "channel_id": channel_id,
                        "game_type": game_type,
                        "options": _dumps(dict(options or {})),
                        "seed": str(int(seed)),
                        "players": _dumps([p.to_json() for p in players]),
                        "status": "active",
                        "created_at": now,
                        "started_at": now,
                        "finished_at": None,
                        "last_seq": -1,
                    }
                )
                .last_rowid
            )
            assert game_id is not None
            conn.execute(
                "UPDATE tables SET current_game_id = ? WHERE channel_id = ?", (game_id, channel_id)
            )
            if snapshot is not None:
                self._put_snapshot(conn, game_id, -1, snapshot)
            game = self._game(conn, game_id)
            assert game is not None
            return game

    def get_game(self, game_id: int) -> GameRecord | None:
        with self._read() as conn:
            return self._game(conn, game_id)

    def active_game(self, channel_id: str) -> GameRecord | None:
        """The channel's open game, or ``None``. Finished and aborted games are never returned."""
        with self._read() as conn:
            row = self._row(
                conn,
                f"SELECT {_GAME_COLUMNS} FROM games "
                "WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        return None if row is None else _game_from_row(row)

    def active_channels(self) -> list[str]:
        """Ids of channels with an open game - cheap, for a lazy restart."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT channel_id FROM games WHERE status IN ('lobby', 'active') "
                "ORDER BY channel_id"
            ).fetchall()
        return [str(r[0]) for r in rows]

    def _close_game(self, conn: sqlite3.Connection, game_id: int, status: GameStatus) -> None:
        conn.execute(
            "UPDATE games SET status = ?, finished_at = ? WHERE id = ?",
            (status, self._now(), game_id),
        )
        conn.execute(
            "UPDATE tables SET current_game_id = NULL WHERE current_game_id = ?", (game_id,)
        )

    def _finish(
        self,
        conn: sqlite3.Connection,
        game: GameRecord,
        results: Sequence[FinalResult],
        final_hash: str | None,
    ) -> None:
        """Store results, mark the game finished and compact it: snapshots dropped, moves
        packed, ``final_hash`` kept (caller holds the write transaction)."""
        seats = [r.seat for r in results]
        if len(set(seats)) != len(seats):
            raise ValueError(f"game {game.id}: duplicate seats in results {seats}")
        self._db.table("results").insert_all(
            {
                "game_id": game.id,
                "seat": r.seat,
                "user_id": r.user_id,
                "name": r.name,
                "place": r.place,
                "score": _dumps(r.score),
            }
            for r in results
        )
        self._close_game(conn, game.id, "finished")
        compact_game(conn, game.id, final_hash)

    def finish_game(
        self, game_id: int, results: Sequence[FinalResult], final_hash: str | None = None
    ) -> GameRecord:
        """Mark an active game finished, store its results and compact it, in one transaction.

        ``final_hash`` is the engine's hash of the final state; without it the hash of a
        snapshot taken at the last move is kept, if there is one."""
        with self._write("finish_game") as conn:
            game = self._require_active(conn, game_id)
            self._finish(conn, game, results, final_hash)
            finished = self._game(conn, game_id)
            assert finished is not None
            return finished

    def abort_game(self, game_id: int) -> GameRecord:
        """Mark an active game aborted; it is compacted like a finished one (its moves stay,
        packed, for the record; its snapshots go: an aborted game is never resumed)."""
        with self._write("abort_game") as conn:
            self._require_active(conn, game_id)
            self._close_game(conn, game_id, "aborted")
            compact_game(conn, game_id, None)
            aborted = self._game(conn, game_id)
            assert aborted is not None
            return aborted

    # -- the move log -------------------------------------------------------------------------

    def _key_seq(self, conn: sqlite3.Connection, key: str) -> tuple[int, int] | None:
        row = conn.execute(
            "SELECT game_id, seq FROM moves WHERE idempotency_key = ?", (key,)
        ).fetchone()
        if row is None:
            return archived_key(conn, key)  # a finished game's moves are packed
        return int(row[0]), int(row[1])

    def has_idempotency_key(self, key: str) -> int | None:
        """The seq of the move accepted under ``key``, or ``None`` if the key is new (finished
        games included: their keys live on in ``archived_keys``)."""
        with self._read() as conn:
            found = self._key_seq(conn, key)
        return None if found is None else found[1]

    def append_move(
        self,
        game_id: int,
        seq: int,
        seat: int,
        user_id: str | None,
        command: str,
        idempotency_key: str | None = None,
        snapshot: SnapshotData | None = None,
        *,
        finish: Sequence[FinalResult] | None = None,
    ) -> MoveRecord:
        """Record one accepted canonical command - all in ONE transaction.

        Inserts the move, optionally the snapshot of the state after it (same ``seq``),
        advances ``games.last_seq``, and - if ``finish`` is given - stores the results and
        marks the game finished, so a game-ending move can never be stored without its end.
        A finished game is compacted at once: ``snapshot`` then only gives its hash as the
        game's ``final_hash``.

        Raises, in this order of checks:
        :class:`AlreadyProcessed` (the idempotency key was seen; carries the existing seq, so
        a retried delivery can be answered harmlessly), :class:`GameNotActive`,
        :class:`DuplicateMove` (``seq <= last_seq``: a double apply) and
        :class:`OutOfOrderMove` (``seq > last_seq + 1``).
        """
        with self._write("append_move") as conn:
            if idempotency_key is not None:
                found = self._key_seq(conn, idempotency_key)
                if found is not None:
                    raise AlreadyProcessed(idempotency_key, found[0], found[1])
            row = conn.execute(
                "SELECT status, last_seq FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None or row[0] != "active":
                raise GameNotActive(game_id, None if row is None else row[0])
            last_seq = int(row[1])
            if seq <= last_seq:
                raise DuplicateMove(game_id, seq)
            if seq != last_seq + 1:
                raise OutOfOrderMove(game_id, seq, last_seq + 1)
            now = self._now()
            try:
                # Plain SQL on the hot path (sqlite-utils' insert inspects the schema each time).
                conn.execute(
                    "INSERT INTO moves (game_id, seq, seat, user_id, command, created_at,"
                    " idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, seat, user_id, command, now, idempotency_key),
                )
            except sqlite3.IntegrityError as exc:  # backstop; the checks above should win
                if idempotency_key is not None and "idempotency_key" in str(exc):
                    found = self._key_seq(conn, idempotency_key)
                    if found is not None:
                        raise AlreadyProcessed(idempotency_key, *found) from exc
                raise DuplicateMove(game_id, seq) from exc
            conn.execute("UPDATE games SET last_seq = ? WHERE id = ?", (seq, game_id))
            if finish is not None:
                final_hash = None if snapshot is None else snapshot.state_hash
                self._finish(conn, self._require_active(conn, game_id), finish, final_hash)
            elif snapshot is not None:
                self._put_snapshot(conn, game_id, seq, snapshot)
            return MoveRecord(game_id, seq, seat, user_id, command, _parse_ts(now), idempotency_key)

    @staticmethod
    def _archived(conn: sqlite3.Connection, game_id: int) -> list[MoveRecord] | None:
        archived = read_archive(conn, game_id)
        if archived is None:
            return None
        return [
            MoveRecord(game_id, seq, seat, user, command, _parse_ts(at), key)
            for seq, seat, user, command, at, key in archived
        ]

    def moves(self, game_id: int, after_seq: int = -1) -> list[MoveRecord]:
        """Moves with ``seq > after_seq`` in order - what to replay after a snapshot (from
        the packed archive for a finished game)."""
        with self._read() as conn:
            archived = self._archived(conn, game_id)
            if archived is not None:
                return [m for m in archived if m.seq > after_seq]
            rows = self._rows(
                conn,
                f"SELECT {_MOVE_COLUMNS} FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, after_seq),
            )
        return [_move_from_row(r) for r in rows]

    def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The last ``limit`` moves, oldest first (for a "what happened" view)."""
        with self._read() as conn:
            archived = self._archived(conn, game_id)
            if archived is not None:
                return archived[-limit:] if limit > 0 else []
            rows = self._rows(
                conn,
                f"SELECT {_MOVE_COLUMNS} FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                (game_id, limit),
            )
        return [_move_from_row(r) for r in reversed(rows)]

    # -- snapshots ----------------------------------------------------------------------------

    def _put_snapshot(
        self, conn: sqlite3.Connection, game_id: int, seq: int, snapshot: SnapshotData
    ) -> None:
        conn.execute(
            "INSERT INTO snapshots (game_id, seq, state_json, state_hash, created_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seq) DO UPDATE SET "
            "state_json = excluded.state_json, state_hash = excluded.state_hash, "
            "created_at = excluded.created_at",
            (game_id, seq, snapshot.state_json, snapshot.state_hash, self._now()),
        )

    def save_snapshot(self, game_id: int, seq: int, state_json: str, state_hash: str) -> None:
        """Store the state after move ``seq`` (``-1`` = initial), outside a move transaction.

        ``seq`` must be an already stored position (``-1 <= seq <= last_seq``); a snapshot
        for the same ``seq`` is replaced.
        """
        with self._write("save_snapshot") as conn:
            game = self._game(conn, game_id)
            if game is None:
                raise GameNotActive(game_id, None)
            if not -1 <= seq <= game.last_seq:
                raise ValueError(
                    f"game {game_id}: snapshot seq {seq} is not a stored position "
                    f"(-1..{game.last_seq})"
                )
            self._put_snapshot(conn, game_id, seq, SnapshotData(state_json, state_hash))

    def latest_snapshot(self, game_id: int) -> SnapshotRecord | None:
        """The snapshot with the highest seq, or ``None`` (then replay from the seed)."""
        with self._read() as conn:
            row = self._row(
                conn,
                "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                (game_id,),
            )
        return None if row is None else _snapshot_from_row(row)

    # -- results and history ------------------------------------------------------------------

    def results(self, game_id: int) -> list[ResultRecord]:
        """Final results by place, then seat (empty unless the game finished)."""
        with self._read() as conn:
            rows = self._rows(
                conn, "SELECT * FROM results WHERE game_id = ? ORDER BY place, seat", (game_id,)
            )
        return [_result_from_row(r) for r in rows]

    def game_history(self, channel_id: str, limit: int = 10) -> list[GameRecord]:
        """The channel's finished and aborted games, newest first."""
        with self._read() as conn:
            rows = self._rows(
                conn,
                f"SELECT {_GAME_COLUMNS} FROM games "
                "WHERE channel_id = ? AND status IN ('finished', 'aborted') "
                "ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            )
        return [_game_from_row(r) for r in rows]

    # -- adapter state ------------------------------------------------------------------------

    def get_adapter_state(self, scope: str, key: str) -> str | None:
        """The value an adapter stored under ``(scope, key)``, or ``None``."""
        with self._read() as conn:
            row = conn.execute(
                "SELECT value FROM adapter_state WHERE scope = ? AND key = ?", (scope, key)
            ).fetchone()
        return None if row is None else str(row[0])

    def set_adapter_state(self, scope: str, key: str, value: str | None) -> None:
        """Store (``None``: forget) an adapter's value under ``(scope, key)``."""
        with self._write("set_adapter_state") as conn:
            if value is None:
                conn.execute("DELETE FROM adapter_state WHERE scope = ? AND key = ?", (scope, key))
            else:
                conn.execute(
                    "INSERT INTO adapter_state (scope, key, value, updated_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET "
                    "value = excluded.value, updated_at = excluded.updated_at",
                    (scope, key, value, self._now()),
                )
