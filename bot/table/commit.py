"""The committed path of every move (a human's or an AI's): apply on a clone, one SQLite
transaction, then swap; a lost race with another process reloads the table."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.storage.repositories import GameRepository
from bot.storage.store import (
    AlreadyProcessed,
    DuplicateMove,
    GameNotActive,
    OutOfOrderMove,
)
from bot.table.outputs import Code
from bot.table.records import Applied, LostRace, Refused, Table
from bot.table.restore import Restore, log_entry, mark_finished, results, snapshot
from bot.table.teardown import Teardown
from engine.core import GAME_OVER, TURN_END
from engine.i18n.shared import N_, _

log = logging.getLogger("bot.service")

ENDED_MEANWHILE = N_("this decision is from an earlier game: the game here ended meanwhile")


def stale_text(expected: int, seq_now: int) -> str:
    return _(
        "this decision is from an earlier turn (move {move}); the game is at move {now} now",
        move=expected + 1,
        now=seq_now + 1,
    )


class Committer:
    """Commits validated moves to ``games`` (a snapshot every ``snapshot_every`` moves and
    at the end) and swaps the committed state into the table; reloads through ``restore``."""

    def __init__(
        self,
        games: GameRepository,
        restore: Restore,
        snapshot_every: int,
        teardown: Teardown,
    ) -> None:
        self.games = games
        #: the one end of a game: a last move's leaves no timer, vote or notice behind
        self.teardown = teardown
        self.restore = restore
        self.snapshot_every = max(1, snapshot_every)
        #: Test hook: called (in the worker thread) after a move was validated and applied to
        #: the clone, just before the commit. If it raises, nothing is committed or swapped.
        self.before_commit: Callable[[str, int], None] | None = None

    def commit(
        self,
        table: Table,
        seat: int,
        user_id: str | None,
        command: str,
        idempotency_key: str | None,
    ) -> Applied:
        """Apply ``command`` (already canonical and validated) on a clone, commit, swap.

        Raises ``IllegalMove`` (nothing changed), storage errors (nothing changed) or
        :class:`Refused` for a duplicate delivery.
        """
        state = table.state
        record = table.record
        assert state is not None and record is not None
        seq = len(state.history)
        new = state.clone()
        events = new.apply(seat, command)
        canonical = new.history[-1][1]
        finish = results(new, table.players, table.parts) if new.is_over else None
        snap = snapshot(new) if finish is not None or (seq + 1) % self.snapshot_every == 0 else None
        if self.before_commit is not None:
            self.before_commit(table.channel_id, seq)
        try:
            self.games.append_move(
                record.id,
                seq,
                seat,
                user_id,
                canonical,
                idempotency_key,
                snap,
                finish=finish,
            )
        except AlreadyProcessed as exc:
            raise Refused(
                Code.DUPLICATE, _("already done: this was accepted as move {move}", move=exc.seq)
            ) from exc
        except (DuplicateMove, OutOfOrderMove, GameNotActive) as exc:
            # Someone else wrote to this game first (another process on the same database):
            # our cache is stale. Reload it and refuse like a stale button (nothing changed).
            raise self.lost_race(table, seq, exc) from exc
        # Committed: from here on the new state is the truth.
        table.state = new
        entry = log_entry(new, seq, seat, events)
        table.log.append(entry)
        turn_view = (
            new.public_view() if any(e.kind in (TURN_END, GAME_OVER) for e in events) else None
        )
        if new.is_over:
            mark_finished(table, new, events)
            self.teardown.finished(table.channel_id, record.id)
        return Applied(seq, seat, user_id, canonical, events, entry.text, turn_view)

    def lost_race(self, table: Table, seq: int, exc: Exception) -> LostRace:
        log.info("channel %s: move %s lost a race (%s); catching up", table.channel_id, seq, exc)
        table.races += 1
        self.reload(table)
        if table.state is None:
            return LostRace(Code.STALE, _(ENDED_MEANWHILE))
        return LostRace(Code.STALE, stale_text(seq, len(table.state.history)))

    def reload(self, table: Table) -> None:
        """Catch up with the channel's game: another process sharing the database moved. Its
        moves are followed as a read's catch-up follows them - also to the game's end, which
        the table then shows (a reload would leave it with neither the game nor its end)."""
        with table.load_lock:
            self.restore.follow(table, self.games.active_game(table.channel_id))

    def behind(self, table: Table) -> bool:
        """The game in memory is behind the database: another process sharing it moved (or
        ended the game) since we last wrote or loaded it."""
        record, state = table.record, table.state
        if record is None or state is None:
            return False
        stored = self.games.get_game(record.id)
        return (
            stored is None or stored.status != "active" or stored.last_seq != len(state.history) - 1
        )
