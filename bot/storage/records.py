"""The records :mod:`bot.storage.store` hands out, and their conversion from and to rows.

Frozen dataclasses, so a caller can never mutate what it read; timestamps are ISO-8601 UTC
text in the file, JSON columns compact UTF-8 JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, Protocol, TypeAlias, TypedDict, cast

GameStatus = Literal["lobby", "active", "finished", "aborted"]
#: A value as JSON holds it (a stored score).
JsonValue: TypeAlias = str | int | float | bool | list["JsonValue"] | dict[str, "JsonValue"] | None
#: What a SQLite column gives back.
SqlValue: TypeAlias = str | int | float | bytes | None


class Row(Protocol):
    """A result row of either backend: by column index or by column name."""

    def __getitem__(self, key: int | str, /) -> Any: ...


class PlayerJson(TypedDict):
    """A player as the ``players`` JSON column stores it."""

    name: str
    user_id: str | None
    is_ai: bool
    ai_level: int | None


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

    def to_json(self) -> PlayerJson:
        return {
            "name": self.name,
            "user_id": self.user_id,
            "is_ai": self.is_ai,
            "ai_level": self.ai_level,
        }

    @classmethod
    def from_json(cls, data: PlayerJson) -> PlayerInfo:
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
class StoredGame:
    """What resuming a game needs, read in one read transaction (one consistent snapshot of
    the file): its record, its latest snapshot (``None``: none) and its moves in order - those
    after that snapshot, or all of them (without a snapshot, or when asked for all)."""

    record: GameRecord
    snapshot: SnapshotRecord | None
    moves: list[MoveRecord]


@dataclass(frozen=True, slots=True)
class ChannelLoad:
    """A channel as a (re)starting table service loads it, in one read transaction: the
    lobby's chosen game and option texts, and the open game (``None``: no open game)."""

    lobby_game: str | None
    lobby_options: dict[str, str]
    game: StoredGame | None


@dataclass(frozen=True, slots=True)
class FinalResult:
    """One seat's outcome, given to :meth:`GameRepository.finish_game`. ``score`` is any JSON
    value."""

    seat: int
    name: str
    place: int
    score: JsonValue = None
    user_id: str | None = None


@dataclass(frozen=True, slots=True)
class ResultRecord:
    """A stored final result row."""

    game_id: int
    seat: int
    user_id: str | None
    name: str
    place: int
    score: JsonValue


# --------------------------------------------------------------------------------------------
# Row conversion helpers
# --------------------------------------------------------------------------------------------


def utcnow() -> datetime:
    return datetime.now(UTC)


def format_ts(value: datetime) -> str:
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def parse_ts(value: SqlValue) -> datetime:
    return datetime.fromisoformat(str(value))


def parse_opt_ts(value: SqlValue) -> datetime | None:
    return None if value is None else parse_ts(value)


def opt_str(value: SqlValue) -> str | None:
    return None if value is None else str(value)


def opt_int(value: SqlValue) -> int | None:
    return None if value is None else int(value)


def dumps_json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def table_from_row(row: Row) -> TableRecord:
    return TableRecord(
        channel_id=str(row["channel_id"]),
        guild_id=opt_str(row["guild_id"]),
        created_at=parse_ts(row["created_at"]),
        current_game_id=opt_int(row["current_game_id"]),
    )


def seat_from_row(row: Row) -> SeatRecord:
    return SeatRecord(
        channel_id=str(row["channel_id"]),
        seat_order=int(row["seat_order"]),
        user_id=opt_str(row["user_id"]),
        display_name=str(row["display_name"]),
        is_ai=bool(row["is_ai"]),
        ai_level=opt_int(row["ai_level"]),
        joined_at=parse_ts(row["joined_at"]),
    )


def game_from_row(row: Row) -> GameRecord:
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
        created_at=parse_ts(row["created_at"]),
        started_at=parse_opt_ts(row["started_at"]),
        finished_at=parse_opt_ts(row["finished_at"]),
        final_hash=opt_str(row["final_hash"]),
    )


def move_from_row(row: Row) -> MoveRecord:
    return MoveRecord(
        game_id=int(row["game_id"]),
        seq=int(row["seq"]),
        seat=int(row["seat"]),
        user_id=opt_str(row["user_id"]),
        command=str(row["command"]),
        created_at=parse_ts(row["created_at"]),
        idempotency_key=opt_str(row["idempotency_key"]),
    )


def snapshot_from_row(row: Row) -> SnapshotRecord:
    return SnapshotRecord(
        game_id=int(row["game_id"]),
        seq=int(row["seq"]),
        state_json=str(row["state_json"]),
        state_hash=str(row["state_hash"]),
        created_at=parse_ts(row["created_at"]),
    )


def result_from_row(row: Row) -> ResultRecord:
    return ResultRecord(
        game_id=int(row["game_id"]),
        seat=int(row["seat"]),
        user_id=opt_str(row["user_id"]),
        name=str(row["name"]),
        place=int(row["place"]),
        score=json.loads(row["score"]),
    )


GAME_COLUMNS = (
    "id, channel_id, game_type, options, seed, players, status, last_seq, "
    "created_at, started_at, finished_at, final_hash"
)
MOVE_COLUMNS = "game_id, seq, seat, user_id, command, created_at, idempotency_key"
