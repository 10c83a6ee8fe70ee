"""Loading a channel's game after a restart, replaying and verifying stored games."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence

from bot.storage.errors import StorageUnavailable
from bot.storage.repositories import GameRepository
from bot.storage.store import (
    FinalResult,
    GameRecord,
    PlayerInfo,
    SnapshotData,
    StoredGame,
)
from bot.table.ai_seat import labelled_seats
from bot.table.records import LOG_KEEP, Finished, LogEntry, RestoreError, Table, join_texts
from engine.core import GAME_OVER, Event, GameState, IllegalMove
from engine.i18n.shared import _
from engine.registry import GameParts, registration, table_game

log = logging.getLogger("bot.service")


def fresh_state(record: GameRecord) -> GameState:
    """A stored game's state before its first move: seed, players and the lobby's options
    (stored as option texts, turned into what the game's ``new_state`` takes)."""
    reg = registration(record.game_type)
    options = reg.engine_options(dict(record.options or {})) if reg.options else None
    state = reg.parts().game.new_state(record.player_names, record.seed, options)
    return labelled_seats(state)  # its AI seats named in the reader's words (#25)


def results(
    state: GameState, players: Sequence[PlayerInfo], parts: GameParts | None = None
) -> list[FinalResult]:
    """Places from the engine's ranking, scores from the game's ``parts`` (a table's held
    parts; ``None``: looked up from the state's game)."""
    scores = (parts or registration(state.game_name).parts()).scores(state)
    out: list[FinalResult] = []
    place = 1
    for group in state.ranking():
        for seat in group:
            score = scores[seat] if seat < len(scores) else None
            p = players[seat]
            out.append(FinalResult(seat, p.name, place, score, p.user_id))
        place += len(group)
    return out


class Restore:
    """Loads channels' games from ``games`` (lazily, after a restart) and replays stored
    games to check them."""

    def __init__(
        self, games: GameRepository, *, on_finish: Callable[[str, int], None] | None = None
    ) -> None:
        self.games = games
        #: the end-of-game teardown of a game found over at load (channel id, game id):
        #: :meth:`bot.table.teardown.Teardown.finished`
        self.on_finish = on_finish

    def ensure_loaded(self, table: Table) -> None:
        if table.loaded:
            return
        with table.load_lock:  # a lock-free read may get here while a command does too
            if not table.loaded:
                self.load(table)

    def load(self, table: Table) -> None:
        """(Re)load the channel from the database. Everything is read in one read transaction
        (:meth:`GameRepository.load_channel`), so another process sharing the file and
        committing moves meanwhile can never make the record, the snapshot and the moves
        disagree."""
        table.reset_game()
        table.loads += 1
        loaded = self.games.load_channel(table.channel_id)
        table.lobby_game, table.lobby_options = loaded.lobby_game, loaded.lobby_options
        stored = loaded.game
        if stored is not None and stored.record.status == "active":
            record = stored.record
            table.record = record
            table.players = list(record.players)
            try:
                table.state = self.restored(stored, table)
            except StorageUnavailable:
                raise  # not broken: the database is away for a moment (#27)
            except Exception as exc:  # a broken game must not break the channel
                log.exception("channel %s: cannot restore game %s", table.channel_id, record.id)
                table.broken = str(exc)
                table.state = None
            else:
                if table.state.is_over:  # the end was stored without the finish (not expected)
                    self.store_finish(table)
        table.loaded = True

    def restored(self, stored: StoredGame, table: Table) -> GameState:
        """Latest snapshot (hash-checked) + replay of the later moves, each checked."""
        record, snap = stored.record, stored.snapshot
        game = table_game(record.game_type)
        state: GameState | None = None
        if snap is not None:
            try:
                candidate = game.from_json(snap.state_json)
                if candidate.state_hash() != snap.state_hash:
                    raise RestoreError(
                        f"snapshot {snap.seq} of game {record.id}: hash "  # not for players
                        f"{candidate.state_hash()} != stored {snap.state_hash}"  # not for players
                    )
                if len(candidate.history) != snap.seq + 1:
                    raise RestoreError(
                        f"snapshot {snap.seq} of game {record.id} holds "  # not for players
                        f"{len(candidate.history)} moves"  # not for players
                    )
                state = labelled_seats(candidate)
            except Exception:
                log.exception("game %s: snapshot unusable, replaying from the seed", record.id)
        moves = stored.moves
        if state is None:
            state = fresh_state(record)
            if snap is not None:  # the moves read start after the unusable snapshot: read all,
                # as far as the record (read with them) knows - another process may have added more
                moves = [m for m in self.games.moves(record.id) if m.seq <= record.last_seq]
        for move in moves:
            if move.seq != len(state.history):
                raise RestoreError(
                    f"game {record.id}: move {move.seq} "  # not for players
                    f"follows {len(state.history) - 1}"  # not for players
                )
            try:
                events = state.apply(move.seat, move.command)
            except IllegalMove as exc:
                raise RestoreError(
                    f"game {record.id}: stored "  # not for players
                    f"move {move.seq} '{move.command}' by seat "  # not for players
                    f"{move.seat} is refused on replay: {exc}"  # not for players
                ) from exc
            if state.history[-1] != (move.seat, move.command):
                raise RestoreError(
                    f"game {record.id}: move {move.seq} "  # not for players
                    f"replays as {state.history[-1]!r}, "  # not for players
                    f"stored {move.command!r}"  # not for players
                )
            table.log.append(log_entry(state, move.seq, move.seat, events))
        if len(state.history) != record.last_seq + 1:
            raise RestoreError(
                f"game {record.id}: {len(state.history)} "  # not for players
                f"moves replayed, log ends at "  # not for players
                f"{record.last_seq}"  # not for players
            )
        return state

    def replay_finished(self, game_id: int) -> tuple[GameState | None, list[LogEntry]]:
        """A finished game's end after a restart, for /board, /hand, /log: replayed from the
        seed and checked like :meth:`verify` (``None`` if that fails: logged; the summary from
        the stored results still shows)."""
        entries: deque[LogEntry] = deque(maxlen=LOG_KEEP)
        try:
            return self.replay_checked(game_id, entries), list(entries)
        except Exception:
            log.exception("finished game %s does not replay to its stored end", game_id)
            return None, []

    def verify(self, game_id: int) -> str:
        """Full check of a stored game (finished ones too): replay every move from the seed,
        check each is stored canonically, and compare the engine's state hash with the latest
        stored snapshot where it was taken and, for a finished game, with its stored final
        hash (its snapshots are gone). Returns the final state hash."""
        return self.replay_checked(game_id).state_hash()

    def replay_checked(self, game_id: int, log_into: deque[LogEntry] | None = None) -> GameState:
        stored = self.games.load_game(game_id, all_moves=True)  # one read transaction
        if stored is None:
            raise RestoreError(f"no game {game_id}")  # not for players

        def log_move(state: GameState, seq: int, seat: int, events: list[Event]) -> None:
            if log_into is not None:
                log_into.append(log_entry(state, seq, seat, events))

        return replay_stored(stored, log_move)

    def store_finish(self, table: Table) -> None:
        state, record = table.state, table.record
        assert state is not None and record is not None
        self.games.finish_game(
            record.id, results(state, table.players, table.parts), state.state_hash()
        )
        mark_finished(table, state, [])
        if self.on_finish is not None:
            self.on_finish(table.channel_id, record.id)


#: Called after each replayed move: the state after it, its seq, its seat and its events.
OnMove = Callable[[GameState, int, int, list[Event]], None]


def replay_stored(stored: StoredGame, on_move: OnMove | None = None) -> GameState:
    """A stored game replayed from its seed, every move checked: canonical, agreeing with the
    initial snapshot or the latest one where it was taken, as many moves as the record says,
    ending in the stored final hash, over if stored as finished. ``on_move`` sees every
    move's state (a replay's frames, a log). The one replayer: loading a finished game,
    ``verify``, the history's replays and an imported file all go through it."""
    record, snap = stored.record, stored.snapshot
    game_id = record.id
    state = fresh_state(record)
    if snap is not None and snap.seq == -1 and state.state_hash() != snap.state_hash:
        raise RestoreError(
            f"game {game_id}: initial state differs from its snapshot"  # not for players
        )
    for move in stored.moves:
        try:
            events = state.apply(move.seat, move.command)
        except IllegalMove as exc:
            raise RestoreError(
                f"game {game_id}: move {move.seq} "  # not for players
                f"'{move.command}' by seat {move.seat} is "  # not for players
                f"refused on replay: {exc}"  # not for players
            ) from exc
        if state.history[-1] != (move.seat, move.command):
            raise RestoreError(
                f"game {game_id}: move {move.seq} is not canonical"  # not for players
            )
        if on_move is not None:
            on_move(state, move.seq, move.seat, events)
        if snap is not None and move.seq == snap.seq and state.state_hash() != snap.state_hash:
            raise RestoreError(
                f"game {game_id}: replay differs from snapshot {snap.seq}"  # not for players
            )
    if len(state.history) != record.last_seq + 1:
        raise RestoreError(
            f"game {game_id}: {len(state.history)} "  # not for players
            f"moves stored, log ends at {record.last_seq}"  # not for players
        )
    if record.final_hash is not None and state.state_hash() != record.final_hash:
        raise RestoreError(
            f"game {game_id}: replay ends "  # not for players
            f"in {state.state_hash()}, stored final hash "  # not for players
            f"{record.final_hash}"  # not for players
        )
    if record.status == "finished" and not state.is_over:
        raise RestoreError(
            f"game {game_id} is stored as finished, but its replay is not over"  # not for players
        )
    return state


def log_entry(state: GameState, seq: int, seat: int, events: list[Event]) -> LogEntry:
    name = state.players[seat] if 0 <= seat < len(state.players) else _("seat {seat}", seat=seat)
    text = join_texts([e.text for e in events if e.text]) or _("(no visible effect)")
    return LogEntry(seq, seat, name, text)


def snapshot(state: GameState) -> SnapshotData:
    return SnapshotData(state.to_json(), state.state_hash())


def mark_finished(table: Table, state: GameState, events: list[Event]) -> None:
    record = table.record
    assert record is not None
    summary = next((e.text for e in events if e.kind == GAME_OVER), None) or _("the game is over")
    table.finished = Finished(
        record.id,
        record.game_type,
        list(table.players),
        state,
        summary,
        list(table.log),
        {str(k): str(v) for k, v in (record.options or {}).items()},
    )
    table.reset_game()
