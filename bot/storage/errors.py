"""The errors :mod:`bot.storage.store` raises on purpose, each carrying what the caller needs to
answer (the existing seq of a retried move, the seat a user already holds, ...)."""

from __future__ import annotations

from bot.storage.records import SeatRecord


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
    """The storage was used after :meth:`SqliteDatabase.close`."""


class StorageUnavailable(StorageError):
    """The database server cannot be reached (stopped, restarting, the network down): the
    operation changed nothing; the same call works again once the server is back (#27).
    ``busy``: the server is there, but a lock the operation needed stayed taken past the
    wait allowed (another process's long write, or a hung one whose lease has not run out):
    the same call works again in a moment."""

    def __init__(self, message: str, *, busy: bool = False) -> None:
        super().__init__(message)
        self.busy = busy


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
