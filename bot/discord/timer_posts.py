"""The turn timers in the channels: every ``TIMER_POLL_SECONDS`` the scheduler asks the service
for due reminders, takeovers, pauses and archives (stored deadlines: nothing is lost across a
restart) and posts each, confirming it once posted (an event whose post failed comes again)."""

from __future__ import annotations

import logging

import discord

from bot.discord.actions import TableActions
from bot.discord.layout import user_mention
from bot.discord.speech import speaking_to_table
from bot.table.settings import duration_text
from bot.table.timers import TimerEvent
from engine.i18n.shared import _

__all__ = ["TIMER_POLL_SECONDS", "TimerPosts"]

log = logging.getLogger("bot.discord")

#: How often the turn-timer scheduler looks for due reminders and timeouts (seconds).
TIMER_POLL_SECONDS = 20.0


class TimerPosts:
    """One scheduler pass (:meth:`run`) and how each timer event shows (:meth:`post`)."""

    def __init__(self, actions: TableActions) -> None:
        self.actions = actions
        self.service = actions.service

    async def run(self) -> None:
        """One scheduler pass: post every reminder, takeover, pause and archive now due, and
        let the AI seats whose chain stopped move on."""
        try:
            # confirmed: an event whose post does not happen (a crash, an error) comes again
            events = await self.service.timers.tick(confirm=True)
        except Exception:
            log.exception("the turn-timer scheduler failed")
            return
        for event in events:
            try:
                await self.post(event)
                await self.service.timers.posted(event)
            except (discord.Forbidden, discord.NotFound) as exc:  # it never can be: let it go
                log.warning("cannot post a %s in channel %s: %s", event.kind, event.channel_id, exc)
                await self.service.timers.posted(event)
            except Exception:
                log.exception("could not post a %s in channel %s", event.kind, event.channel_id)
        # AI turns whose chain stopped (the database away, a race lost to another process,
        # the process of an adopted shard dead mid-chain): nobody else would move them on (#27)
        adopted = await self.service.timers.newly_adopted()
        for channel in [*adopted, *self.service.play.stalled()]:
            try:
                await self.actions.resume_table(channel)
            except Exception:
                log.exception("could not resume the AI seats in channel %s", channel)

    async def post(self, event: TimerEvent) -> None:
        """A reminder is one short ping (deleted when the player answers); a takeover, pause
        or archive is announced on the table (a takeover with a button to take the seat
        back), then the AI seats play."""
        actions = self.actions
        channel, dest = event.channel_id, actions.dest(event.channel_id)
        if event.kind == "reminder":
            if event.user_id is None:
                return
            with speaking_to_table(self.service, channel):
                # the ping names the player: the service's line ("⏰ bob, it is your
                # decision — …") is the terminal's; here one sentence says it to him
                text = _(
                    "⏰ {mention}, it is your decision — {duration} left. Answer with the "
                    "buttons of the table's newest message or a slash command.",
                    mention=user_mention(event.user_id),
                    duration=duration_text(self.time_left(event)),
                )
            await actions.reminders.post(dest, channel, event.user_id, text)
            return
        async with actions.lock(channel):
            # as /abort: the table message loses its controls, the message says why
            await actions.table.publish(dest, channel, event.outcome)
        await actions.reminders.release(dest, channel, event.outcome)
        # the AI's moves may have ended the game: then there is no seat to take back
        if event.kind == "takeover" and event.user_id is not None and not event.outcome.game_over:
            game = event.outcome.game_id or 0
            await actions.resume_notes.post(dest, channel, event.user_id, game)
        if event.kind == "pause":
            await actions.votes.post(dest, channel, event.outcome.game_id or 0)
        if event.kind in ("takeover", "pause"):
            await actions.mail.deliver(dest, channel, event.outcome)
            await actions.play_ais(dest, channel)
        # e.g. the AI's moves ended the game
        await actions.resume_notes.retire(dest, channel)

    def time_left(self, event: TimerEvent) -> float:
        """Seconds until the event's timeout, as the service's clock reads now (the
        scheduler may post a reminder a few seconds after it was due); from a minute on,
        in whole minutes."""
        left = max(0.0, (event.timeout_at or 0.0) - self.service.runner.now())
        return round(left / 60) * 60 if left >= 60 else left
