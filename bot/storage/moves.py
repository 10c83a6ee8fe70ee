"""The move log: one transaction per accepted command, idempotency keys that recognise a
retried delivery, and reading the moves back (from the packed archive of a finished game)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.storage.compact import archived_key, read_archive
from bot.storage.errors import (
    AlreadyProcessed,
    DuplicateMove,
    GameNotActive,
    OutOfOrderMove,
)
from bot.storage.games import GameStore
from bot.storage.records import (
    MOVE_COLUMNS,
    ChannelLoad,
    FinalResult,
    GameRecord,
    MoveRecord,
    SnapshotData,
    StoredGame,
    move_from_row,
    parse_ts,
)


class MoveLog(GameStore):
    """Appending and reading moves; a game-ending move finishes its game in the same commit."""

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
            return MoveRecord(game_id, seq, seat, user_id, command, parse_ts(now), idempotency_key)

    @staticmethod
    def _archived(conn: sqlite3.Connection, game_id: int) -> list[MoveRecord] | None:
        archived = read_archive(conn, game_id)
        if archived is None:
            return None
        return [
            MoveRecord(game_id, seq, seat, user, command, parse_ts(at), key)
            for seq, seat, user, command, at, key in archived
        ]

    def _moves(self, conn: sqlite3.Connection, game_id: int, after_seq: int) -> list[MoveRecord]:
        archived = self._archived(conn, game_id)
        if archived is not None:
            return [m for m in archived if m.seq > after_seq]
        rows = self._rows(
            conn,
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
        return [move_from_row(r) for r in rows]

    def moves(self, game_id: int, after_seq: int = -1) -> list[MoveRecord]:
        """Moves with ``seq > after_seq`` in order - what to replay after a snapshot (from
        the packed archive for a finished game)."""
        with self._read() as conn:
            return self._moves(conn, game_id, after_seq)

    def _stored_game(
        self, conn: sqlite3.Connection, record: GameRecord, all_moves: bool
    ) -> StoredGame:
        snap = self._latest_snapshot(conn, record.id)
        after = -1 if all_moves or snap is None else snap.seq
        return StoredGame(record, snap, self._moves(conn, record.id, after))

    def load_channel(self, channel_id: str) -> ChannelLoad:
        """Everything a table service loads for a channel - the lobby's choice, the open game,
        its latest snapshot and the moves after it - in ONE read transaction, so they agree
        even while another process sharing the file commits moves (they show the file as it
        was at the first read)."""
        with self._read_snapshot() as conn:
            lobby_game, lobby_options = self._lobby_choice(conn, channel_id)
            record = self._active_game(conn, channel_id)
            game = None if record is None else self._stored_game(conn, record, False)
        return ChannelLoad(lobby_game, lobby_options, game)

    def load_game(self, game_id: int, *, all_moves: bool = False) -> StoredGame | None:
        """A game's record, latest snapshot and the moves after it (every move with
        ``all_moves``), read in ONE read transaction like :meth:`load_channel`; ``None`` if
        there is no such game."""
        with self._read_snapshot() as conn:
            record = self._game(conn, game_id)
            if record is None:
                return None
            return self._stored_game(conn, record, all_moves)

    def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The last ``limit`` moves, oldest first (for a "what happened" view)."""
        with self._read() as conn:
            archived = self._archived(conn, game_id)
            if archived is not None:
                return archived[-limit:] if limit > 0 else []
            rows = self._rows(
                conn,
                f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                (game_id, limit),
            )
        return [move_from_row(r) for r in reversed(rows)]
