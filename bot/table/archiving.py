"""Archiving: a game nobody touched for its table's archive time (``/settings archive``) is
ended as aborted, announced, its record kept. Generic: nothing here knows a game.
"""

from __future__ import annotations

from bot.storage.repositories import Database
from bot.table.outputs import Outcome, PublicUpdate
from bot.table.records import Table
from bot.table.restore import Restore
from bot.table.teardown import Teardown
from bot.table.timers import TimerEvent, TimerKind
from engine.i18n.shared import _n


class Archiving:
    """Archives stale games through the one end-of-game ``teardown``."""

    def __init__(self, storage: Database, restore: Restore, teardown: Teardown) -> None:
        self.storage = storage
        self.restore = restore
        self.teardown = teardown

    def archive(self, table: Table, game_id: int, now: float) -> list[TimerEvent]:
        """Archive an untouched game: aborted with a message, its record kept."""
        self.restore.ensure_loaded(table)
        if table.record is None or table.record.id != game_id:
            return []
        days = self.storage.timer_settings.get_timer_settings(table.channel_id).archive_days
        self.teardown.abort(table, standings=False)  # untouched: nobody ranks it
        text = _n(
            "Nobody touched this game for {n} day: it is archived (its record is kept, "
            "see /history). /join to start a new one.",
            "Nobody touched this game for {n} days: it is archived (its record is kept, "
            "see /history). /join to start a new one.",
            days,
        )
        out = Outcome(True, public=(PublicUpdate(text),), game_id=game_id)
        return [TimerEvent(table.channel_id, TimerKind.ARCHIVE, out)]
