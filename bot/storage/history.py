"""The history of finished games: a channel's list with results, and games brought in from a
portable file (an exported game), kept in a channel-less archive.

An imported game is an ordinary finished (or aborted) game of the pseudo channel
:data:`ARCHIVE_CHANNEL`: no adapter ever opens a table there (it is not a channel id a
transport hands out), so it is never loaded as a table, but it replays, verifies and exports
like every other game. It is stored compacted at once (packed moves, final hash), as a game
ending at the table is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.storage.compact import compact_game
from bot.storage.games import game_of
from bot.storage.lobby import ensure_table
from bot.storage.moves import moves_of
from bot.storage.records import (
    GAME_COLUMNS,
    FinalResult,
    GameRecord,
    GameStatus,
    PlayerInfo,
    ResultRecord,
    StoredGame,
    dumps_json,
    format_ts,
    game_from_row,
    result_from_row,
)
from bot.storage.sql import Backend, Conn, insert

__all__ = [
    "ARCHIVE_CHANNEL",
    "AlreadyStored",
    "HistoryEntry",
    "ImportedGame",
    "SqlHistoryRepository",
]

#: The pseudo channel of imported games (no transport's channel id looks like this).
ARCHIVE_CHANNEL = "archive"


class AlreadyStored(Exception):
    """The game to import is stored already, as game ``game_id`` (nothing was stored)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(game_id)
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A closed game and its results (by place; none for an aborted game)."""

    record: GameRecord
    results: tuple[ResultRecord, ...]


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A game to store from a portable file, already replayed and checked by the caller."""

    game_type: str
    options: Mapping[str, Any]
    seed: int
    players: Sequence[PlayerInfo]
    moves: Sequence[tuple[int, str]]  # (seat, canonical command), in order
    status: GameStatus
    final_hash: str
    results: Sequence[FinalResult]
    started_at: datetime | None = None
    finished_at: datetime | None = None


class SqlHistoryRepository:
    """Reads of closed games and the import of one (:class:`HistoryRepository`)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def _results(self, conn: Conn, game_id: int) -> tuple[ResultRecord, ...]:
        rows = self._c.rows(
            conn, "SELECT * FROM results WHERE game_id = ? ORDER BY place, seat", (game_id,)
        )
        return tuple(result_from_row(r) for r in rows)

    def closed_games(
        self, channel_id: str, limit: int = 10, before_id: int | None = None
    ) -> list[HistoryEntry]:
        """The channel's finished and aborted games with their results, newest first
        (``before_id``: older than that game, for paging)."""
        with self._c.read_snapshot() as conn:
            rows = self._c.rows(
                conn,
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? "
                "AND status IN ('finished', 'aborted') AND id < ? ORDER BY id DESC LIMIT ?",
                (channel_id, before_id if before_id is not None else 2**62, limit),
            )
            records = [game_from_row(r) for r in rows]
            return [HistoryEntry(r, self._results(conn, r.id)) for r in records]

    def closed_game(self, game_id: int) -> HistoryEntry | None:
        """One finished or aborted game with its results (``None``: no such closed game)."""
        with self._c.read_snapshot() as conn:
            record = game_of(conn, game_id)
            if record is None or record.status not in ("finished", "aborted"):
                return None
            return HistoryEntry(record, self._results(conn, game_id))

    def every_closed_game(self, limit: int, before_id: int | None = None) -> list[HistoryEntry]:
        """The finished and aborted games of every channel (the archive's too), newest
        first, with their results (``before_id``: older than that game)."""
        with self._c.read_snapshot() as conn:
            rows = self._c.rows(
                conn,
                f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('finished', 'aborted') "
                "AND id < ? ORDER BY id DESC LIMIT ?",
                (before_id if before_id is not None else 2**62, limit),
            )
            records = [game_from_row(r) for r in rows]
            return [HistoryEntry(r, self._results(conn, r.id)) for r in records]

    def import_game(
        self, game: ImportedGame, same: Callable[[StoredGame], bool] | None = None
    ) -> GameRecord:
        """Store ``game`` as a closed game of :data:`ARCHIVE_CHANNEL` in one transaction,
        compacted; its id is new (the file's id is not kept). ``same``: whether a closed game
        of the same type and seed, in any channel, is this one; if one is,
        :class:`AlreadyStored` names it and nothing is stored."""
        # the archive's table: two imports take turns (each checks that the game is not
        # stored yet), other tables' writers run meanwhile
        with self._c.write("import_game", table=ARCHIVE_CHANNEL) as conn:
            candidates = self._c.rows(
                conn,
                f"SELECT {GAME_COLUMNS} FROM games WHERE game_type = ? AND seed = ? "
                "AND status IN ('finished', 'aborted') ORDER BY id",
                (game.game_type, str(int(game.seed))),
            )
            for row in candidates if same is not None else ():
                stored = StoredGame(game_from_row(row), None, moves_of(conn, row["id"], -1))
                if same is not None and same(stored):
                    raise AlreadyStored(stored.record.id)
            ensure_table(self._c, conn, ARCHIVE_CHANNEL, None)
            now = self._c.now()
            started = format_ts(game.started_at) if game.started_at else now
            finished = format_ts(game.finished_at) if game.finished_at else now
            game_id = insert(
                conn,
                "games",
                {
                    "channel_id": ARCHIVE_CHANNEL,
                    "game_type": game.game_type,
                    "options": dumps_json(dict(game.options)),
                    "seed": str(int(game.seed)),
                    "players": dumps_json([p.to_json() for p in game.players]),
                    "status": game.status,
                    "created_at": started,
                    "started_at": started,
                    "finished_at": finished,
                    "last_seq": len(game.moves) - 1,
                },
                returning_id=True,
            )
            assert game_id is not None
            conn.executemany(
                "INSERT INTO moves (game_id, seq, seat, user_id, command, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (game_id, seq, seat, game.players[seat].user_id, command, finished)
                    for seq, (seat, command) in enumerate(game.moves)
                ],
            )
            conn.executemany(
                "INSERT INTO results (game_id, seat, user_id, name, place, score) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    ((game_id), r.seat, r.user_id, r.name, r.place, dumps_json(r.score))
                    for r in game.results
                ],
            )
            compact_game(conn, game_id, game.final_hash)
            record = game_of(conn, game_id)
            assert record is not None
            return record
