"""Ending a game: the one teardown every way a game ends goes through.

A game ends by its last move (the engine says it is over: its results are stored with that
move, see :class:`bot.table.commit.Committer`), by ``/abort``, by the other players' vote at
a pause, by the last human leaving or being handed to an AI, or by archiving. Whatever the
way, what the game leaves behind is the same: no turn-timer deadline, no vote of a pause, no
unconfirmed timer notice of it (nothing a scheduler could fire or announce for a game that
is over), and the table in memory holds no game. An abort also closes the game in storage
(its standings kept for the stats where the way says so) and empties the lobby's seats; a
finished game keeps its seats (a rematch may reuse them). Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging

from bot.storage.records import FinalResult, GameRecord
from bot.storage.repositories import Database
from bot.table.outputs import Outcome, PublicUpdate
from bot.table.records import Table
from bot.table.stats import abort_standings

log = logging.getLogger("bot.service")


class Teardown:
    """See the module docstring."""

    def __init__(self, storage: Database) -> None:
        self.storage = storage

    def abort(self, table: Table, *, standings: bool = True) -> GameRecord:
        """End ``table``'s running game as aborted: stored as aborted (``standings``: the
        places at the abort kept for the stats), the lobby's seats emptied, the game's
        timers, votes and notices gone, the table holds no game (nor a finished one).
        Returns the game's record (as it was while it ran)."""
        record = table.record
        assert record is not None
        kept: list[FinalResult] = abort_standings(table) if standings else []
        self.storage.games.abort_game(record.id, kept)
        self.storage.lobby.clear_seats(table.channel_id)
        self.forget_timers(table.channel_id, record.id)
        table.reset_game()
        table.finished = None
        return record

    def aborted(self, table: Table, text: str, *, released: tuple[str, ...] = ()) -> Outcome:
        """:meth:`abort` (its standings kept for the stats), announced in the channel with
        ``text``; ``released``: users who no longer decide here (see :class:`Outcome`)."""
        record = self.abort(table)
        return Outcome(True, public=(PublicUpdate(text),), game_id=record.id, released=released)

    def finished(self, channel_id: str, game_id: int) -> None:
        """A game ended by its last move (its results and the table's finished game are
        stored by the move's commit): its timers, votes and notices go. Never raises: the
        move is committed, and rows of a closed game fire nothing (they are logged and
        left)."""
        try:
            self.forget_timers(channel_id, game_id)
        except Exception:
            log.exception("clearing the timers of finished game %s failed", game_id)

    def forget_timers(self, channel_id: str, game_id: int) -> None:
        """The ended game's deadlines, pause votes and unconfirmed timer notices."""
        self.storage.deadlines.clear_deadlines(game_id)
        self.storage.timeout_votes.clear_timeout_votes(game_id)
        for n in self.storage.deadlines.notices(channel_id):
            if n.game_id == game_id:
                self.storage.deadlines.clear_notice(n.game_id, n.seat, n.kind)
