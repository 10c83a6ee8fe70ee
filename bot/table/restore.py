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
from bot.table.records import (
    ACCESS,
    CHECKED,
    LOG_KEEP,
    Behind,
    Finished,
    LogEntry,
    RestoreError,
    Table,
    join_texts,
)
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
        """The channel's table loaded, and current: another process sharing the database may
        have moved since (#27: a DM's ``/hand`` arrives on shard 0 while the process of the
        game's shard plays it), so a loaded table is compared with the stored game - one query
        per worker call - and catches up (:meth:`catch_up`)."""
        if not table.loaded:
            with table.load_lock:  # a lock-free read may get here while a command does too
                if not table.loaded:
                    self.load(table)
                    self.mark_checked(table)
                    return
        self.catch_up(table)

    @staticmethod
    def mark_checked(table: Table) -> bool:
        """Note that this worker call compared ``table`` with the database; ``True`` if it had
        already done so (nothing to check again)."""
        seen = CHECKED.get()
        if seen is None:
            return False
        if table.channel_id in seen:
            return True
        seen.add(table.channel_id)
        return False

    @staticmethod
    def same_head(table: Table, head: tuple[int, int, str] | None) -> bool:
        """The cheap check: the stored game's id, move count and players text are the ones in
        memory (the players text as last compared)."""
        record, state = table.record, table.state
        if head is None or record is None or state is None:
            return head is None and record is None
        game_id, last_seq, players = head
        return (
            game_id == record.id
            and last_seq == len(state.history) - 1
            and players == table.players_text
        )

    def current(self, table: Table, stored: GameRecord | None) -> bool:
        """The table in memory shows the channel's open game as stored (``stored``)."""
        record = table.record
        if stored is None or record is None:
            return stored is None and record is None
        if stored.id != record.id:
            return False
        if table.state is None:  # a broken game: nothing to catch up with
            return True
        return stored.last_seq == len(table.state.history) - 1 and tuple(stored.players) == tuple(
            table.players
        )

    def catch_up(self, table: Table) -> None:
        """Bring a loaded table up to the database (#27) if another process moved: the moves
        it committed are replayed on a copy of the game in memory (each checked like a load
        does; any doubt reloads the channel), so nothing stale is shown and no move is applied
        twice. Lock-free reads raise :class:`Behind` instead (the read runs again under the
        channel's lock: a move of this process may be between its commit and its swap)."""
        if self.mark_checked(table):
            return
        try:
            head = self.games.channel_head(table.channel_id)
        except StorageUnavailable:
            if ACCESS.get() == "read":  # the database is away: a read shows what this process
                return  # holds; every command is refused "try again" until it is back (#27)
            raise
        if self.same_head(table, head):
            return
        stored = self.games.active_game(table.channel_id)  # something differs: look closer
        if self.current(table, stored):
            table.players_text = None if head is None else head[2]
            return
        if ACCESS.get() == "read":
            raise Behind(table.channel_id)
        with table.load_lock:
            self.follow(table, stored)

    def follow(self, table: Table, stored: GameRecord | None) -> None:
        """Replay the moves another process committed to the table's game (its seats as
        before), else reload the channel (a game started, ended or re-seated elsewhere)."""
        record, state = table.record, table.state
        if (
            record is None
            or state is None
            or (stored is not None and stored.id != record.id)
            or (stored is not None and stored.last_seq < len(state.history))
            or (stored is not None and tuple(stored.players) != tuple(table.players))
        ):
            self.reload(table, ended=stored is None or record is None or stored.id != record.id)
            return
        # ``stored is None``: the game ended elsewhere - by its last move (followed below, so
        # the end reads as the other process shows it), or aborted (reloaded below).
        try:
            new = state.clone()
            entries: list[LogEntry] = []
            events: list[Event] = []
            for move in self.games.moves(record.id, after_seq=len(state.history) - 1):
                if move.seq != len(new.history):
                    raise RestoreError(
                        f"game {record.id}: move {move.seq} "  # not for players
                        f"follows {len(new.history) - 1}"  # not for players
                    )
                events = new.apply(move.seat, move.command)
                if new.history[-1] != (move.seat, move.command):
                    raise RestoreError(
                        f"game {record.id}: move {move.seq} is not canonical"  # not for players
                    )
                entries.append(log_entry(new, move.seq, move.seat, events))
        except StorageUnavailable:
            raise  # not a doubt about the moves: the database is away for a moment (#27)
        except Exception:
            log.exception(
                "channel %s: cannot follow game %s; reloading", table.channel_id, record.id
            )
            self.reload(table, ended=False)
            return
        log.info(
            "channel %s: caught up with %d move(s) another process made",
            table.channel_id,
            len(entries),
        )
        if stored is None and not new.is_over:  # aborted elsewhere
            self.reload(table, ended=True)
            return
        table.state = new
        table.record = stored or record
        table.log.extend(entries)
        if new.is_over:  # the other process stored the end with the last move
            mark_finished(table, new, events)

    def reload(self, table: Table, *, ended: bool) -> None:
        """Read the channel again (the caller holds ``table.load_lock``); ``ended``: the game
        in memory is no longer the channel's open one, so its last game is read again too."""
        table.loaded = False
        table.secrets.clear()  # a cache of positions; the other process's moves passed ours by
        if ended:
            table.finished = None
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
