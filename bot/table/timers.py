"""Turn timers: per-table settings, stored deadlines, reminders, timeouts, takeovers.

Deadlines are rows, not sleeping tasks: after every action on a table :meth:`Timers.sync`
stores, for each human seat with an open decision (in a sealed stage: each seat that has not
answered), when its reminder and its timeout are due, timed from the service's clock. A
scheduler (:meth:`Timers.tick`, ``service.timers.tick``, driven by that injectable clock) fires
what is due; each row carries fired-flags, set in the database in the transaction that stores
the timeout's effect (the seat handed to an AI, or the pause; a reminder's flag is all it
stores), so a crash leaves a timeout either done and marked or neither, and it fires exactly
once, also after a restart; the same transaction stores the fired timer's notice, which stays
until the adapter confirms that it posted the announcement (``tick(confirm=True)``), so a
crash before the post loses no announcement either. A timeout either hands the seat to an AI
(the table's level; it answers from that seat's view, as every AI seat) - announced, and the
player takes it back with ``/resume`` - or pauses the game (it waits for the player). While
a game is paused at a timeout the other human players vote (:mod:`bot.table.vote`).
The settings the timers run by are read and changed in :mod:`bot.table.settings`.
Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.storage.errors import StorageUnavailable
from bot.storage.repositories import (
    ArchiveClockRepository,
    DeadlineRepository,
    GameRepository,
    LobbyRepository,
    TakeoverRepository,
    TimerSettingsRepository,
)
from bot.storage.store import Deadline, TimerSettings
from bot.storage.timers import Notice
from bot.table import guard
from bot.table.ai_seat import AiLevel, ai_level
from bot.table.handover import Handover, reclaim_of, timeout_level
from bot.table.outputs import Outcome, PublicUpdate
from bot.table.presentation import Presenter, decision_info
from bot.table.records import Table
from bot.table.restore import Restore
from bot.table.runner import ChannelRunner
from bot.table.settings import DEFAULT_ARCHIVE_DAYS, describe_settings, duration_text
from bot.table.shard_leases import ShardLeases
from bot.table.vote import PauseVote, open_human_seats
from engine.i18n.shared import _

log = logging.getLogger("bot.service")


class TimerKind(StrEnum):
    """What a :class:`TimerEvent` reports (each member equal to its text)."""

    #: a player's time is running out (he is pinged)
    REMINDER = "reminder"
    #: his time ran out and an AI plays his seat (``/resume`` takes it back)
    TAKEOVER = "takeover"
    #: his time ran out and the game waits for him (the others may vote)
    PAUSE = "pause"
    #: a quiet table's game was archived
    ARCHIVE = "archive"


@dataclass(frozen=True, slots=True)
class TimerEvent:
    """Something the scheduler did (:class:`TimerKind`); ``outcome`` holds the channel
    messages (and, after a takeover, the AI's moves); ``user_id``/``seat`` name the player it
    concerns (a reminder pings him)."""

    channel_id: str
    kind: TimerKind
    outcome: Outcome
    user_id: str | None = None
    seat: int | None = None
    name: str = ""
    #: for a reminder: when the time runs out (epoch seconds of the service's clock)
    timeout_at: float | None = None
    #: the stored notice of a fired timer, ``(game id, seat, kind)``: an adapter that
    #: confirms its posts (``tick(confirm=True)``) hands it back once the event is posted
    notice: tuple[int, int, str] | None = None


#: Archive a game nobody touched (table, game id, now):
#: :meth:`bot.table.archiving.Archiving.archive`.
Archive = Callable[[Table, int, float], list[TimerEvent]]


@dataclass(eq=False)
class Timers:
    """The table's timers (see the module docstring): a timeout hands the seat over through
    ``handover`` or pauses the game for ``vote``; ``archive`` ends the games nobody touched.
    Adapters call :meth:`tick`, :meth:`posted` and :meth:`next_due` (run by ``runner``)."""

    runner: ChannelRunner
    timer_settings: TimerSettingsRepository
    deadlines: DeadlineRepository
    takeovers: TakeoverRepository
    archive_clock: ArchiveClockRepository
    lobby: LobbyRepository
    games: GameRepository
    restore: Restore
    presenter: Presenter
    #: the one path that hands a seat to an AI (shared with the lobby and the seats)
    handover: Handover
    vote: PauseVote
    archive: Archive
    #: At a timeout with no other human seat, pause instead of handing the seat to an AI
    #: (an AI-only game would play itself to its end before the player is back). The
    #: terminal turns it off: it steps the AI move by move and reads 'resume' meanwhile.
    keep_a_human: bool = True
    #: Which channels' timers this process fires, by the channel's guild id (``None``: a
    #: table without one): several processes on one database (#27) split the tables by
    #: Discord shard, so each timer is fired and announced by one process - the one whose
    #: gateway holds the guild. ``None``: every channel (one process).
    serves: Callable[[str | None], bool] | None = None
    #: With :attr:`serves`: the process's shard leases, renewed at every tick; it then also
    #: fires the timers of the shards whose process died or hangs (their leases ran out),
    #: until that process is back (:mod:`bot.table.shard_leases`).
    shard_leases: ShardLeases | None = None

    # -- what adapters call (run by the channel runner) -----------------------------------

    async def tick(self, confirm: bool = False) -> list[TimerEvent]:
        """Fire every due reminder and timeout (each exactly once, also after a restart) and
        archive games nobody touched for their table's archive time; an adapter calls this
        periodically (or at :meth:`next_due`) and posts the events.

        ``confirm``: the adapter hands each event to :meth:`posted` once it is posted; an
        event not confirmed (the process died before, or the post failed) is made again by
        the next ``tick(confirm=True)`` - also in a new process - while it still applies: a
        crash between a timer's firing and its post loses no announcement."""
        now = self.runner.now()
        events: list[TimerEvent] = []
        try:
            if self.shard_leases is not None:
                await self.runner.run(self.shard_leases.renew, now)
            channels = await self.runner.run(self.due_channels, now, confirm)
        except StorageUnavailable:  # the next tick fires them once the database is back
            log.warning("timers: the database is unavailable")
            return events
        for channel in channels:
            try:
                if self.shard_leases is not None and not await self.serves_channel(channel):
                    continue  # (this process hung since it listed the channel: not its now)
                fire = self.runner.in_table_language(self.fire)
                events += await self.runner.locked(channel, fire, now, confirm)
            except Exception:
                guard.failure("timers", channel)
        try:
            stale = await self.runner.run(self.archive_clock.stale_games, now, DEFAULT_ARCHIVE_DAYS)
        except StorageUnavailable:
            log.warning("archiving: the database is unavailable")
            return events
        for channel, game_id in stale:
            if not await self.serves_channel(channel):
                continue
            try:
                archive = self.runner.in_table_language(self.archive)
                events += await self.runner.locked(channel, archive, game_id, now)
            except Exception:
                guard.failure("archiving", channel)
        self.runner.metrics.timers_fired(str(e.kind) for e in events)
        return events

    async def posted(self, event: TimerEvent) -> None:
        """The adapter posted ``event`` (of ``tick(confirm=True)``): it is not made again."""
        await self.runner.run(self.mark_posted, event)

    async def next_due(self) -> float | None:
        """When (epoch seconds of the service's clock) the next reminder or timeout is due
        (``None`` also while the database cannot be reached)."""
        try:
            return await self.runner.run(self.deadlines.next_due)
        except StorageUnavailable:
            return None

    def due_channels(self, now: float, confirm: bool) -> list[str]:
        """Channels with a timer due (and with ``confirm``, an unconfirmed notice) that this
        process serves (:attr:`serves`)."""
        due = self.deadlines.due_channels(now)
        if confirm:
            due = sorted({*due, *self.deadlines.notice_channels()})
        return [channel for channel in due if self.serving(channel)]

    def serving(self, channel_id: str) -> bool:
        """Whether this process fires the channel's timers and resumes its table (#27): all of
        them without :attr:`serves`, else the ones of its guilds (one query) - with
        :attr:`shard_leases`, those of the shards it holds now."""
        if self.serves is None:
            return True
        table = self.lobby.get_table(channel_id)
        guild = None if table is None else table.guild_id
        if self.shard_leases is not None:
            return self.shard_leases.serves(guild, self.runner.now())
        return self.serves(guild)

    async def newly_adopted(self) -> list[str]:
        """The open tables of the shards this process adopted since the last call (#27: a
        dead process's AI chains wait in them for whoever fires their timers now)."""
        try:
            return await self.runner.run(self._newly_adopted)
        except Exception:
            guard.failure("shard adoption", "-")  # not for players
            return []

    def _newly_adopted(self) -> list[str]:
        leases = self.shard_leases
        fresh = frozenset[int]() if leases is None else leases.take_adopted()
        if leases is None or not fresh:
            return []
        found = []
        for channel in self.games.active_channels():
            table = self.lobby.get_table(channel)
            if leases.shard_of(None if table is None else table.guild_id) in fresh:
                found.append(channel)
        return found

    async def serves_channel(self, channel_id: str) -> bool:
        """:meth:`serving`, in the worker pool."""
        return await self.runner.run(self.serving, channel_id)

    def status_lines(self, table: Table, now: float) -> list[str]:
        s = self.timer_settings.get_timer_settings(table.channel_id)
        level = timeout_level(table, s).name if table.record is not None else None
        lines = [describe_settings(s, level)]  # the level that would really take a seat
        if table.record is not None and table.state is not None:
            for d in self.deadlines.deadlines(table.record.id):
                name = table.state.players[d.seat]
                if d.timed_out:
                    lines.append(_("Paused: waiting for {name} (time ran out).", name=name))
                else:
                    left = duration_text(d.timeout_at - now)
                    lines.append(_("{name}: {duration} left to decide.", name=name, duration=left))
            tally = self.vote.tally(table)
            if tally is not None:
                lines.append(tally.text())
        return lines

    # -- deadlines ----------------------------------------------------------------------------

    def sync(self, table: Table, now: float, moved: str | None = None) -> None:
        """Store the deadlines of the open human decisions (``moved``: that user just moved,
        so his next decision is timed afresh)."""
        if not table.loaded or table.state is None or table.record is None:
            return
        restart = frozenset({s for s in [table.seat_of(moved)] if s is not None} if moved else ())
        self.deadlines.sync_deadlines(
            table.channel_id,
            table.record.id,
            open_human_seats(table),
            now,
            None,  # the table's stored settings, read with its deadlines: one query (#27)
            restart,
        )

    def fire(self, table: Table, now: float, confirm: bool = False) -> list[TimerEvent]:
        """Fire the table's due reminders and timeouts, each once: a timeout's effect (the
        seat handed to an AI, or the pause) is stored in the transaction that marks it fired,
        so a crash leaves it either done and marked or neither - fired by the next tick.

        Each fired timer also stores its notice in that transaction. ``confirm``: the caller
        confirms each event once it is posted (:meth:`mark_posted`), and the events of notices
        left unconfirmed - a process died before its adapter posted them, or the post
        failed - are made again (each while it still applies); else the notices are
        cleared at once."""
        self.restore.ensure_loaded(table)
        events = self._fire(table, now)
        if confirm:
            fired = {e.notice for e in events}
            for n in self.deadlines.notices(table.channel_id):
                if (n.game_id, n.seat, n.kind) not in fired:
                    again = self._again(table, n, now)
                    if again is None:
                        self.deadlines.clear_notice(n.game_id, n.seat, n.kind)
                    else:
                        events.append(again)
        else:
            for e in events:
                self.mark_posted(e)
        return events

    def mark_posted(self, event: TimerEvent) -> None:
        """The event is posted: its notice is done."""
        if event.notice is not None:
            self.deadlines.clear_notice(*event.notice)

    def _again(self, table: Table, n: Notice, now: float) -> TimerEvent | None:
        """The event of a fired timer whose announcement was not confirmed, as it stands now
        (``None``: it no longer applies - the game or the seat moved on)."""
        if table.state is None or table.record is None or table.record.id != n.game_id:
            return None
        key = (n.game_id, n.seat, n.kind)
        if n.kind == "takeover":
            t = self.takeovers.seat_takeover(n.game_id, n.seat)
            if t is None or t.kind != "timeout" or not table.players[n.seat].is_ai:
                return None
            name = table.state.players[n.seat]
            header = self._takeover_header(name, ai_level(table.players[n.seat].ai_level), n.seat)
            out = replace(self.presenter.announce(table, header), released=(t.user_id,))
            return TimerEvent(
                table.channel_id, TimerKind.TAKEOVER, out, t.user_id, n.seat, name, notice=key
            )
        d = next((d for d in self.deadlines.deadlines(n.game_id) if d.seat == n.seat), None)
        if d is None or d.seat not in open_human_seats(table):
            return None
        # (a decision opened afresh since has a new row, not reminded yet: that one is moot)
        if n.kind == "reminder" and d.reminded and not d.timed_out and now < d.timeout_at:
            return replace(self.reminder(table, d), notice=key)
        if n.kind == "pause" and d.timed_out:
            settings = self.timer_settings.get_timer_settings(table.channel_id)
            return self._pause_event(table, d, settings)
        return None

    def _fire(self, table: Table, now: float) -> list[TimerEvent]:
        if table.state is None or table.record is None:
            return []
        settings = self.timer_settings.get_timer_settings(table.channel_id)
        open_seats = open_human_seats(table)
        events: list[TimerEvent] = []
        for d in self.deadlines.deadlines(table.record.id):
            if d.seat not in open_seats or table.record is None:
                continue
            remind_due = not d.reminded and d.remind_at is not None and d.remind_at <= now
            # past the timeout too (a long outage): the reminder is skipped (the timeout's
            # transaction marks it), time runs out
            if remind_due and now < d.timeout_at:
                reminder = self.reminder(table, d)  # its mark (and notice) is all it stores
                if self.deadlines.mark_fired(d.game_id, d.seat, "reminded"):
                    events.append(replace(reminder, notice=(d.game_id, d.seat, "reminder")))
            timeout_due = not d.timed_out and d.timeout_at <= now
            if timeout_due:
                event = self.timeout(table, d, settings, now)
                if event is not None:
                    events.append(event)
                # the game may have moved on (the AI played): the other deadlines are judged
                # again on the next tick, against the decisions open then
                break
        self.sync(table, now)
        return events

    def reminder(self, table: Table, d: Deadline) -> TimerEvent:
        assert table.state is not None
        name = table.state.players[d.seat]
        left = duration_text(d.timeout_at - (d.remind_at or d.opened_at))
        text = "⏰ " + _("{name}, it is your decision — {duration} left.", name=name, duration=left)
        return TimerEvent(
            table.channel_id,
            TimerKind.REMINDER,
            Outcome(True, public=(PublicUpdate(text),), decision=decision_info(table, table.state)),
            d.user_id,
            d.seat,
            name,
            d.timeout_at,
        )

    def timeout(
        self, table: Table, d: Deadline, settings: TimerSettings, now: float
    ) -> TimerEvent | None:
        """The seat's time ran out: the game pauses, or an AI takes the seat (``None``: the
        timeout had fired already)."""
        assert table.state is not None and table.record is not None
        name = table.state.players[d.seat]
        others = [
            p for i, p in enumerate(table.players) if not p.is_ai and i != d.seat and p.user_id
        ]
        if settings.on_timeout == "pause" or (self.keep_a_human and not others):
            if not self.deadlines.pause_seat(table.record.id, d.seat):
                return None
            return self._pause_event(table, d, settings)
        lv = timeout_level(table, settings)
        header = self._takeover_header(name, lv, d.seat)
        reclaim = reclaim_of(table, d.seat, "timeout")
        out = self.handover.to_ai(table, d.seat, lv, header, now, reclaim=reclaim, timed_out=True)
        if out is None:
            return None
        key = (d.game_id, d.seat, "takeover")
        return TimerEvent(
            table.channel_id, TimerKind.TAKEOVER, out, d.user_id, d.seat, name, notice=key
        )

    def _pause_event(self, table: Table, d: Deadline, settings: TimerSettings) -> TimerEvent:
        """The announcement of a game paused at ``d``'s timeout."""
        assert table.state is not None
        name = table.state.players[d.seat]
        if settings.on_timeout == "pause":
            paused = _(
                "{name} ran out of time; the game is paused until {name} decides.", name=name
            )
        else:
            paused = _(
                "{name} ran out of time; the game is paused until {name} decides "
                "(no other human would be left).",
                name=name,
            )
        pause = self.presenter.announce(table, f"⌛ {paused}")
        key = (d.game_id, d.seat, "pause")
        return TimerEvent(
            table.channel_id, TimerKind.PAUSE, pause, d.user_id, d.seat, name, notice=key
        )

    @staticmethod
    def _takeover_header(name: str, level: AiLevel, seat: int) -> str:
        return "⌛ " + _(
            "{name} ran out of time: an AI ({level}) plays seat {seat} for now. "
            "{name} takes it back with /resume.",
            name=name,
            level=level.name,
            seat=seat + 1,
        )
