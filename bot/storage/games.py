"""Games: starting one, its move log (one transaction per accepted command), finishing or
aborting it (compacting it in the same transaction), its snapshots (the shortcut for replay),
its results, and loading a channel's game in one read transaction - the SQLite
:class:`~bot.storage.repositories.GameRepository`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage.compact import compact_game
from bot.storage.errors import (
    AlreadyProcessed,
    DuplicateMove,
    GameInProgress,
    GameNotActive,
    OutOfOrderMove,
)
from bot.storage.lobby import ensure_table, lobby_choice_of, seats_of
from bot.storage.moves import archived_moves, key_seq, moves_of
from bot.storage.records import (
    GAME_COLUMNS,
    MOVE_COLUMNS,
    ChannelLoad,
    FinalResult,
    GameRecord,
    GameStatus,
    MoveRecord,
    PlayerInfo,
    ResultRecord,
    SnapshotData,
    SnapshotRecord,
    StoredGame,
    dumps_json,
    game_from_row,
    move_from_row,
    parse_ts,
    result_from_row,
    snapshot_from_row,
)
from bot.storage.sql import INTEGRITY_ERRORS, Backend, Conn, insert, row
from bot.storage.stats import record_abort, record_finish


def game_of(conn: Conn, game_id: int) -> GameRecord | None:
    """A game's record (inside the caller's transaction)."""
    found = row(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    return None if found is None else game_from_row(found)


def _require_active(conn: Conn, game_id: int) -> GameRecord:
    game = game_of(conn, game_id)
    if game is None or game.status != "active":
        raise GameNotActive(game_id, None if game is None else game.status)
    return game


class SqlGameRepository:
    """Game lifecycle, the move log, snapshots and results (a game starts from the lobby's
    seats) - :class:`~bot.storage.repositories.GameRepository`."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

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
        with self._c.write("create_game", table=channel_id) as conn:
            ensure_table(self._c, conn, channel_id, guild_id)
            row = self._c.row(
                conn,
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
            if row is not None:
                raise GameInProgress(channel_id, int(row["id"]))
            if players is None:
                players = [
                    PlayerInfo(s.display_name, s.user_id, s.is_ai, s.ai_level)
                    for s in seats_of(conn, channel_id)
                ]
            if not players:
                raise ValueError(f"cannot start a game in channel {channel_id} without players")
            now = self._c.now()
            game_id = insert(
                conn,
                "games",
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
                },
                returning_id=True,
            )
            assert game_id is not None
            conn.execute(
                "UPDATE tables SET current_game_id = ? WHERE channel_id = ?", (game_id, channel_id)
            )
            if snapshot is not None:
                self._put_snapshot(conn, game_id, -1, snapshot)
            game = game_of(conn, game_id)
            assert game is not None
            return game

    def get_game(self, game_id: int) -> GameRecord | None:
        with self._c.read() as conn:
            return game_of(conn, game_id)

    def _active_game(self, conn: Conn, channel_id: str) -> GameRecord | None:
        row = self._c.row(
            conn,
            f"SELECT {GAME_COLUMNS} FROM games "
            "WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else game_from_row(row)

    def active_game(self, channel_id: str) -> GameRecord | None:
        """The channel's open game, or ``None``. Finished and aborted games are never returned."""
        with self._c.read() as conn:
            return self._active_game(conn, channel_id)

    def channel_head(self, channel_id: str) -> tuple[int, int, str] | None:
        """The channel's open game as a table service compares it with the one it holds
        (#27): its id, its last move's number and its players as stored (JSON text); one
        indexed row, nothing parsed. ``None``: no open game."""
        with self._c.read() as conn:
            found = self._c.row(
                conn,
                "SELECT id, last_seq, players FROM games "
                "WHERE channel_id = ? AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        return None if found is None else (int(found[0]), int(found[1]), str(found[2]))

    def active_channels(self) -> list[str]:
        """Ids of channels with an open game - cheap, for a lazy restart."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT channel_id FROM games WHERE status IN ('lobby', 'active') "
                "ORDER BY channel_id"
            ).fetchall()
        return [str(r[0]) for r in rows]

    def _close_game(self, conn: Conn, game_id: int, status: GameStatus) -> None:
        conn.execute(
            "UPDATE games SET status = ?, finished_at = ? WHERE id = ?",
            (status, self._c.now(), game_id),
        )
        conn.execute(
            "UPDATE tables SET current_game_id = NULL WHERE current_game_id = ?", (game_id,)
        )

    def _finish(
        self,
        conn: Conn,
        game: GameRecord,
        results: Sequence[FinalResult],
        final_hash: str | None,
    ) -> None:
        """Store results, mark the game finished and compact it: snapshots dropped, moves
        packed, ``final_hash`` kept (caller holds the write transaction)."""
        seats = [r.seat for r in results]
        if len(set(seats)) != len(seats):
            raise ValueError(f"game {game.id}: duplicate seats in results {seats}")
        conn.executemany(
            "INSERT INTO results (game_id, seat, user_id, name, place, score) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [((game.id), r.seat, r.user_id, r.name, r.place, dumps_json(r.score)) for r in results],
        )
        self._close_game(conn, game.id, "finished")
        compact_game(conn, game.id, final_hash)
        record_finish(conn, game.id)  # stats rows and ratings (bot/storage/stats.py)

    def finish_game(
        self, game_id: int, results: Sequence[FinalResult], final_hash: str | None = None
    ) -> GameRecord:
        """Mark an active game finished, store its results and compact it, in one transaction.

        ``final_hash`` is the engine's hash of the final state; without it the hash of a
        snapshot taken at the last move is kept, if there is one."""
        with self._c.write("finish_game", game=game_id) as conn:
            game = _require_active(conn, game_id)
            self._finish(conn, game, results, final_hash)
            finished = game_of(conn, game_id)
            assert finished is not None
            return finished

    def abort_game(self, game_id: int, standings: Sequence[FinalResult] = ()) -> GameRecord:
        """Mark an active game aborted; it is compacted like a finished one (its moves stay,
        packed, for the record; its snapshots go: an aborted game is never resumed).
        ``standings``: the places at the abort, kept in its stats rows (marked aborted)."""
        with self._c.write("abort_game", game=game_id) as conn:
            _require_active(conn, game_id)
            self._close_game(conn, game_id, "aborted")
            compact_game(conn, game_id, None)
            record_abort(conn, game_id, [(r.seat, r.place, dumps_json(r.score)) for r in standings])
            aborted = game_of(conn, game_id)
            assert aborted is not None
            return aborted

    def update_players(
        self, game_id: int, players: Sequence[PlayerInfo], *, takeover: bool = False
    ) -> None:
        """Store a running game's new seat list (``takeover``: an AI took a human's seat, a
        mark its stats rows keep). :class:`GameNotActive` if the game is not running."""
        payload = dumps_json([p.to_json() for p in players])
        mark = ", takeover = 1" if takeover else ""
        with self._c.write("update_players", game=game_id) as conn:
            cur = conn.execute(
                f"UPDATE games SET players = ?{mark} WHERE id = ? AND status = 'active'",
                (payload, game_id),
            )
            if cur.rowcount != 1:
                raise GameNotActive(game_id, None)

    # -- snapshots ----------------------------------------------------------------------------

    def _put_snapshot(self, conn: Conn, game_id: int, seq: int, snapshot: SnapshotData) -> None:
        conn.execute(
            "INSERT INTO snapshots (game_id, seq, state_json, state_hash, created_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seq) DO UPDATE SET "
            "state_json = excluded.state_json, state_hash = excluded.state_hash, "
            "created_at = excluded.created_at",
            (game_id, seq, snapshot.state_json, snapshot.state_hash, self._c.now()),
        )

    def save_snapshot(self, game_id: int, seq: int, state_json: str, state_hash: str) -> None:
        """Store the state after move ``seq`` (``-1`` = initial), outside a move transaction.

        ``seq`` must be an already stored position (``-1 <= seq <= last_seq``); a snapshot
        for the same ``seq`` is replaced.
        """
        with self._c.write("save_snapshot", game=game_id) as conn:
            game = game_of(conn, game_id)
            if game is None:
                raise GameNotActive(game_id, None)
            if not -1 <= seq <= game.last_seq:
                raise ValueError(
                    f"game {game_id}: snapshot seq {seq} is not a stored position "
                    f"(-1..{game.last_seq})"
                )
            self._put_snapshot(conn, game_id, seq, SnapshotData(state_json, state_hash))

    def _latest_snapshot(self, conn: Conn, game_id: int) -> SnapshotRecord | None:
        row = self._c.row(
            conn,
            "SELECT * FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return None if row is None else snapshot_from_row(row)

    def latest_snapshot(self, game_id: int) -> SnapshotRecord | None:
        """The snapshot with the highest seq, or ``None`` (then replay from the seed)."""
        with self._c.read() as conn:
            return self._latest_snapshot(conn, game_id)

    # -- results and history ------------------------------------------------------------------

    def results(self, game_id: int) -> list[ResultRecord]:
        """Final results by place, then seat (empty unless the game finished)."""
        with self._c.read() as conn:
            rows = self._c.rows(
                conn, "SELECT * FROM results WHERE game_id = ? ORDER BY place, seat", (game_id,)
            )
        return [result_from_row(r) for r in rows]

    def game_history(self, channel_id: str, limit: int = 10) -> list[GameRecord]:
        """The channel's finished and aborted games, newest first."""
        with self._c.read() as conn:
            rows = self._c.rows(
                conn,
                f"SELECT {GAME_COLUMNS} FROM games "
                "WHERE channel_id = ? AND status IN ('finished', 'aborted') "
                "ORDER BY id DESC LIMIT ?",
                (channel_id, limit),
            )
        return [game_from_row(r) for r in rows]

    # -- the move log -------------------------------------------------------------------------

    def has_idempotency_key(self, key: str) -> int | None:
        """The seq of the move accepted under ``key``, or ``None`` if the key is new (finished
        games included: their keys live on in ``archived_keys``)."""
        with self._c.read() as conn:
            found = key_seq(conn, key)
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
        with self._c.write("append_move", game=game_id) as conn:
            if idempotency_key is not None:
                found = key_seq(conn, idempotency_key)
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
            now = self._c.now()
            try:
                # Plain SQL on the hot path (sqlite-utils' insert inspects the schema each time).
                conn.execute(
                    "INSERT INTO moves (game_id, seq, seat, user_id, command, created_at,"
                    " idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, seat, user_id, command, now, idempotency_key),
                )
            except INTEGRITY_ERRORS as exc:  # backstop; the checks above should win
                if idempotency_key is not None and "idempotency_key" in str(exc):
                    found = key_seq(conn, idempotency_key)
                    if found is not None:
                        raise AlreadyProcessed(idempotency_key, *found) from exc
                raise DuplicateMove(game_id, seq) from exc
            conn.execute("UPDATE games SET last_seq = ? WHERE id = ?", (seq, game_id))
            if finish is not None:
                final_hash = None if snapshot is None else snapshot.state_hash
                self._finish(conn, _require_active(conn, game_id), finish, final_hash)
            elif snapshot is not None:
                self._put_snapshot(conn, game_id, seq, snapshot)
            return MoveRecord(game_id, seq, seat, user_id, command, parse_ts(now), idempotency_key)

    def moves(self, game_id: int, after_seq: int = -1) -> list[MoveRecord]:
        """Moves with ``seq > after_seq`` in order - what to replay after a snapshot (from
        the packed archive for a finished game)."""
        with self._c.read() as conn:
            return moves_of(conn, game_id, after_seq)

    def _stored_game(self, conn: Conn, record: GameRecord, all_moves: bool) -> StoredGame:
        snap = self._latest_snapshot(conn, record.id)
        after = -1 if all_moves or snap is None else snap.seq
        return StoredGame(record, snap, moves_of(conn, record.id, after))

    def load_channel(self, channel_id: str) -> ChannelLoad:
        """Everything a table service loads for a channel - the lobby's choice, the open game,
        its latest snapshot and the moves after it - in ONE read transaction, so they agree
        even while another process sharing the file commits moves (they show the file as it
        was at the first read)."""
        with self._c.read_snapshot() as conn:
            lobby_game, lobby_options = lobby_choice_of(conn, channel_id)
            record = self._active_game(conn, channel_id)
            game = None if record is None else self._stored_game(conn, record, False)
        return ChannelLoad(lobby_game, lobby_options, game)

    def load_game(self, game_id: int, *, all_moves: bool = False) -> StoredGame | None:
        """A game's record, latest snapshot and the moves after it (every move with
        ``all_moves``), read in ONE read transaction like :meth:`load_channel`; ``None`` if
        there is no such game."""
        with self._c.read_snapshot() as conn:
            record = game_of(conn, game_id)
            if record is None:
                return None
            return self._stored_game(conn, record, all_moves)

    def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The last ``limit`` moves, oldest first (for a "what happened" view)."""
        with self._c.read() as conn:
            archived = archived_moves(conn, game_id)
            if archived is not None:
                return archived[-limit:] if limit > 0 else []
            rows = self._c.rows(
                conn,
                f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                (game_id, limit),
            )
        return [move_from_row(r) for r in reversed(rows)]
