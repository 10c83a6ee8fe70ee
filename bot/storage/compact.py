"""Compaction of finished games: one small packed record instead of snapshots and move rows.

Why
---
A running game needs snapshots (a quick restart) and one row per move (one transaction per
move, a unique ``(game, seq)`` and idempotency keys). A finished game needs neither: it is
never resumed, and everything about it follows from its seed and its moves. Kept as they
were, a finished 4-player game cost about 150 kB (70 % snapshots, the rest move rows with
their timestamps, keys and two index entries each). So at a game's end, in the transaction
that stores its results, :func:`compact_game`

* drops the game's snapshots (``games.final_hash`` keeps the engine's hash of the final
  state, so a replay from the seed can still be checked), and
* packs its move rows into one zlib-compressed row of ``move_archives`` (seat, canonical
  command, user id, timestamp and idempotency key of every move; nothing is lost) and
  deletes the rows.

:meth:`bot.storage.games.SqlGameRepository.moves` reads an archive transparently, so
replay, ``verify`` and ``/log`` work unchanged. The idempotency keys of the packed moves stay
recognisable in ``archived_keys`` (key -> game, seq; only moves that had a key cost anything
there), so a press repeated after the game ended is still answered "already done".

The functions take a raw connection (:class:`bot.storage.sql.Conn`) inside the caller's
write transaction and
deal in plain tuples, so this module does not depend on :mod:`bot.storage.store` (whose migration
creates the ``move_archives`` and ``archived_keys`` tables).
"""

from __future__ import annotations

import json
import zlib
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.sql import Conn

__all__ = [
    "ARCHIVE_FORMAT",
    "ArchivedMove",
    "archived_key",
    "compact_game",
    "pack_moves",
    "read_archive",
    "unpack_moves",
]

#: Version of the packed layout (``move_archives.format``); readers refuse unknown ones.
ARCHIVE_FORMAT = 1

#: ``(seq, seat, user_id, command, created_at, idempotency_key)``, ``created_at`` as stored
#: (ISO-8601 UTC text).
ArchivedMove = tuple[int, int, str | None, str, str, str | None]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _micros(text: str) -> int:
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return (value - _EPOCH) // timedelta(microseconds=1)


def _iso(micros: int) -> str:
    return (_EPOCH + timedelta(microseconds=micros)).isoformat(timespec="microseconds")


def pack_moves(moves: list[ArchivedMove]) -> bytes:
    """Columns (seats, commands, interned user ids, timestamp deltas, keys) as compressed
    JSON: repeated commands and small deltas compress far better than rows."""
    seqs = [m[0] for m in moves]
    users: list[str] = []
    user_index: dict[str, int] = {}
    user_col: list[int] = []
    for m in moves:
        if m[2] is None:
            user_col.append(-1)
        else:
            if m[2] not in user_index:
                user_index[m[2]] = len(users)
                users.append(m[2])
            user_col.append(user_index[m[2]])
    times = [_micros(m[4]) for m in moves]
    doc: dict[str, object] = {
        "seat": [m[1] for m in moves],
        "cmd": [m[3] for m in moves],
        "users": users,
        "user": user_col,
        "t0": times[0] if times else 0,
        "dt": [b - a for a, b in pairwise(times)],
        "key": [m[5] for m in moves],
    }
    first = seqs[0] if seqs else 0
    if seqs == list(range(first, first + len(seqs))):
        doc["seq0"] = first  # the usual case: 0..last_seq without gaps
    else:
        doc["seq"] = seqs
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    return zlib.compress(text.encode("utf-8"), 9)


def unpack_moves(packed: bytes) -> list[ArchivedMove]:
    """The inverse of :func:`pack_moves`, move by move as they were stored."""
    doc = json.loads(zlib.decompress(packed).decode("utf-8"))
    n = len(doc["cmd"])
    seqs: list[int] = doc["seq"] if "seq" in doc else list(range(doc["seq0"], doc["seq0"] + n))
    times = [int(doc["t0"])]
    for delta in doc["dt"]:
        times.append(times[-1] + int(delta))
    users: list[str] = doc["users"]
    return [
        (
            int(seqs[i]),
            int(doc["seat"][i]),
            None if doc["user"][i] < 0 else users[doc["user"][i]],
            str(doc["cmd"][i]),
            _iso(times[i]),
            doc["key"][i],
        )
        for i in range(n)
    ]


def read_archive(conn: Conn, game_id: int) -> list[ArchivedMove] | None:
    """The archived moves of a compacted game, or ``None`` if the game has no archive."""
    row = conn.execute(
        "SELECT format, move_count, packed FROM move_archives WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    if int(row[0]) != ARCHIVE_FORMAT:
        raise ValueError(
            f"game {game_id}: move archive format {row[0]} is not supported "
            f"(this program reads format {ARCHIVE_FORMAT})"
        )
    moves = unpack_moves(bytes(row[2]))
    if len(moves) != int(row[1]):
        raise ValueError(f"game {game_id}: archive holds {len(moves)} moves, not {row[1]}")
    return moves


def compact_game(conn: Conn, game_id: int, final_hash: str | None) -> int:
    """Pack the game's move rows into ``move_archives``, delete them and its snapshots, and
    record ``final_hash`` (if ``None``: the hash of a snapshot taken at the last move, when
    there is one). Idempotent: moves already archived stay archived. Returns the number of
    moves in the archive. The caller holds the write transaction."""
    if final_hash is None:
        row = conn.execute(
            "SELECT s.state_hash FROM snapshots s JOIN games g ON g.id = s.game_id "
            "WHERE s.game_id = ? AND s.seq = g.last_seq",
            (game_id,),
        ).fetchone()
        final_hash = None if row is None else str(row[0])
    if final_hash is not None:
        conn.execute("UPDATE games SET final_hash = ? WHERE id = ?", (final_hash, game_id))
    conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
    rows: list[ArchivedMove] = [
        (int(r[0]), int(r[1]), r[2], str(r[3]), str(r[4]), r[5])
        for r in conn.execute(
            "SELECT seq, seat, user_id, command, created_at, idempotency_key FROM moves "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
    ]
    earlier = read_archive(conn, game_id) or []
    moves = sorted({m[0]: m for m in [*earlier, *rows]}.values())
    conn.execute(
        "INSERT INTO move_archives (game_id, format, move_count, packed) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET format = excluded.format, "
        "move_count = excluded.move_count, packed = excluded.packed",
        (game_id, ARCHIVE_FORMAT, len(moves), pack_moves(moves)),
    )
    conn.executemany(
        "INSERT INTO archived_keys (idempotency_key, game_id, seq) VALUES (?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        [(m[5], game_id, m[0]) for m in rows if m[5] is not None],
    )
    conn.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
    return len(moves)


def archived_key(conn: Conn, key: str) -> tuple[int, int] | None:
    """``(game_id, seq)`` of the archived move accepted under ``key``, or ``None``."""
    row = conn.execute(
        "SELECT game_id, seq FROM archived_keys WHERE idempotency_key = ?", (key,)
    ).fetchone()
    return None if row is None else (int(row[0]), int(row[1]))
