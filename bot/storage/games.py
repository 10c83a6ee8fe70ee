"""Games: starting one, finishing or aborting it (compacting it in the same transaction), its
snapshots (the shortcut for replay) and its results and history."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage.compact import compact_game
from bot.storage.errors import (
    GameInProgress,
    GameNotActive,
)
from bot.storage.lobby import TableStore
from bot.storage.records import (
    GAME_COLUMNS,
    FinalResult,
    GameRecord,
    GameStatus,
    PlayerInfo,
    ResultRecord,
    SnapshotData,
    SnapshotRecord,
    dumps_json,
    game_from_row,
    result_from_row,
    snapshot_from_row,
)


class GameStore(TableStore):
    """Game lifecycle, snapshots, results and history (a game starts from the lobby's seats)."""

    def _game(self, conn: sqlite3.Connection, game_id: int) -> GameRecord | None:
        row = self._row(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_from_row(row)

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
                        "options": dumps_json(dict(options or {})),
                        "seed": str(int(seed)),
                        "players": dumps_json([p.to_json() for p in players]),
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

    def _active_game(self, conn: sqlite3.Connection, channel_id: str) -> GameRecord | None:
        row = self._row(
            conn,
            f"SELECT {GAME_COLUMNS} FROM games "
            "WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else game_from_row(row)

    def active_game(self, channel_id: str) -> GameRecord | None:
        """The channel's open game, or ``None``. Finished and aborted games are never returned."""
        with self._read() as conn:
            return self._active_game(conn, channel_id)

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
                "score": dumps_json(r.score),
            }
            for r in results
        )
        # An AI took a seat over (turn timer, /kick): flag that seat's result where the
        # ratings' schema has the column (their module adds it; older files lack it).
        if "takeover" in {str(c[1]) for c in conn.execute("PRAGMA table_info(results)")}:
            conn.execute(
                "UPDATE results SET takeover = 1 WHERE game_id = ? AND seat IN "
                "(SELECT seat FROM takeovers WHERE game_id = ?)",
                (game.id, game.id),
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

    def _latest_snapshot(self, conn: sqlite3.Connection, game_id: int) -> SnapshotRecord | None:
        row = self._row(
            conn,
            "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return None if row is None else snapshot_from_row(row)

    def latest_snapshot(self, game_id: int) -> SnapshotRecord | None:
        """The snapshot with the highest seq, or ``None`` (then replay from the seed)."""
        with self._read() as conn:
            return self._latest_snapshot(conn, game_id)

    # -- results and history ------------------------------------------------------------------

    def results(self, game_id: int) -> list[ResultRecord]:
        """Final results by place, then seat (empty unless the game finished)."""
        with self._read() as conn:
            rows = self._rows(
                conn, "SELECT * FROM results WHERE game_id = ? ORDER BY place, seat", (game_id,)
            )
        return [result_from_row(r) for r in rows]

    def game_history(self, channel_id: str, limit: int = 10) -> list[GameRecord]:
        """The channel's finished and aborted games, newest first."""
        with self._read() as conn:
            rows = self._rows(
                conn,
                f"SELECT {GAME_COLUMNS} FROM games "
                "WHERE channel_id = ? AND status IN ('finished', 'aborted') "
                "ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            )
        return [game_from_row(r) for r in rows]
