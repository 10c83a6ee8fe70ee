"""The move log's reads and checks inside a transaction: idempotency keys that recognise a
retried delivery, and reading the moves back (from the packed archive of a finished game).
:class:`bot.storage.games.SqlGameRepository` appends moves and reads them with these."""

from __future__ import annotations

from bot.storage.compact import archived_key, read_archive
from bot.storage.records import MOVE_COLUMNS, MoveRecord, move_from_row, parse_ts
from bot.storage.sql import Conn, rows


def key_seq(conn: Conn, key: str) -> tuple[int, int] | None:
    """``(game id, seq)`` of the move accepted under idempotency ``key``, or ``None``."""
    row = conn.execute(
        "SELECT game_id, seq FROM moves WHERE idempotency_key = ?", (key,)
    ).fetchone()
    if row is None:
        return archived_key(conn, key)  # a finished game's moves are packed
    return int(row[0]), int(row[1])


def archived_moves(conn: Conn, game_id: int) -> list[MoveRecord] | None:
    """A compacted game's moves from its packed archive (``None``: not compacted)."""
    archived = read_archive(conn, game_id)
    if archived is None:
        return None
    return [
        MoveRecord(game_id, seq, seat, user, command, parse_ts(at), key)
        for seq, seat, user, command, at, key in archived
    ]


def moves_of(conn: Conn, game_id: int, after_seq: int) -> list[MoveRecord]:
    """Moves with ``seq > after_seq`` in order, from the archive of a compacted game."""
    archived = archived_moves(conn, game_id)
    if archived is not None:
        return [m for m in archived if m.seq > after_seq]
    found = rows(
        conn,
        f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq",
        (game_id, after_seq),
    )
    return [move_from_row(r) for r in found]
