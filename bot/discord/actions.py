"""The one path every table-changing action takes (a slash command, a button, a select, a
private menu's choice): check the bot's permissions, acknowledge at once (Discord wants an
answer within 3 seconds; the service renders off the event loop), call the service under the
channel's lock, show its public updates on the table's live message (:mod:`bot.discord.table`),
DM what is due (:mod:`bot.discord.dm`), tidy the channel's notes (:mod:`bot.discord.notes`),
answer the actor, and let the AI seats play (each move shown as it is made).

Refusals answer privately with the service's own message (:class:`bot.discord.replies.Replies`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import cast

import discord

from bot.discord import sealed
from bot.discord.dm import HandMail
from bot.discord.kinds import POSTABLE, Interaction, Postable
from bot.discord.layout import clip_end, escape
from bot.discord.notes import Reminders, ResumeNotes, VoteMessages
from bot.discord.perms import missing_permissions, permissions_refusal
from bot.discord.replies import Replies, channel_of
from bot.discord.specs import ComponentId, MessageSpec, option_label
from bot.discord.speech import speaking_to_table
from bot.discord.table import TableMessages
from bot.table.outputs import Outcome
from bot.table.service import TableService
from engine.core import Option
from engine.i18n import say
from engine.i18n.shared import _

__all__ = ["MAX_AI_STEPS", "TableActions"]

log = logging.getLogger("bot.discord")

#: AI moves one call of :meth:`TableActions.play_ais` makes at most (a game never needs so many
#: in a row; the guard only stops a runaway loop).
MAX_AI_STEPS = 2000


class TableActions:
    """Table-changing actions, one channel at a time: the channel locks, :meth:`act` (and
    :meth:`move`, a game command), the AI seats' moves, and resuming the tables at start-up."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        table: TableMessages,
        mail: HandMail,
        replies: Replies,
        reminders: Reminders,
        votes: VoteMessages,
        resume_notes: ResumeNotes,
    ) -> None:
        self.client = client
        self.service = service
        self.table = table
        self.mail = mail
        self.replies = replies
        self.reminders = reminders
        self.votes = votes
        self.resume_notes = resume_notes
        self._locks: dict[str, asyncio.Lock] = {}

    def lock(self, channel: str) -> asyncio.Lock:
        """The channel's lock: one table change (and its messages) at a time."""
        lock = self._locks.get(channel)
        if lock is None:
            lock = self._locks[channel] = asyncio.Lock()
        return lock

    def dest(self, channel: str) -> Postable:
        """Where the channel's messages go (a channel the bot knows, or a partial one)."""
        found = self.client.get_channel(int(channel))
        if isinstance(found, POSTABLE):
            return found
        return self.client.get_partial_messageable(int(channel))

    def channel_for(self, interaction: Interaction) -> Postable:
        channel = interaction.channel
        if channel is not None and hasattr(channel, "send"):
            # A channel the bot posts in (a test's interaction hands a look-alike).
            return cast(Postable, channel)
        return self.client.get_partial_messageable(int(interaction.channel_id or 0))

    # -- start-up -----------------------------------------------------------------------------

    async def resume_tables(self) -> None:
        """At start-up: let AI seats take the decisions a restart left them (an AI chain cut
        short), post what they did, and bring every running table's current message up to
        date (only it has controls, and they are the pending decision's)."""
        for channel in await self.service.play.active_channels():
            try:
                # several processes on one database (#27): each resumes its shards' tables
                if not await self.service.timers.serves_channel(channel):
                    continue
                await self.resume_table(channel)
            except Exception:
                log.exception("could not resume the table in channel %s", channel)

    async def resume_table(self, channel: str) -> None:
        dest = self.dest(channel)
        async with self.lock(channel):
            outcome = await self.service.play.resume(channel)
            if not outcome.accepted:
                return
            if outcome.public:
                await self.table.publish(dest, channel, outcome)
            else:
                await self.table.refresh(dest, channel)
        await self.mail.deliver(dest, channel, outcome)
        await self.play_ais(dest, channel)

    async def play_ais(self, dest: Postable, channel: str) -> None:
        """Let the AI seats play, one move at a time, while one must decide: each move is
        shown as it is made (the chain's message is kept up to date, :mod:`bot.discord.chain`),
        and the channel's lock is free between moves."""
        for _step in range(MAX_AI_STEPS):
            async with self.lock(channel):
                outcome = await self.service.play.advance(channel, max_moves=1)
                if not outcome.accepted or not outcome.public:
                    return
                try:
                    await self.table.publish(dest, channel, outcome)
                except discord.HTTPException as exc:
                    log.warning("cannot update the table in %s: %s", channel, exc)
            # also without updates of its own: an AI move that ends a turn sends what was held
            await self.mail.deliver(dest, channel, outcome)
        log.warning(
            "channel %s: the AI seats are still playing after %d moves", channel, MAX_AI_STEPS
        )

    # -- table-changing actions ---------------------------------------------------------------

    async def act(
        self,
        interaction: Interaction,
        what: str,
        call: Callable[[], Awaitable[Outcome]],
        *,
        via: str = "slash",
        reoffer: MessageSpec | Callable[[Outcome], MessageSpec | None] | None = None,
        explain: Callable[[Outcome], Awaitable[str | None]] | None = None,
    ) -> Outcome | None:
        """Check the bot's channel permissions (nothing is committed without them), call the
        service, show its updates on the table message, DM what is due, and answer the actor.

        ``via``: ``slash`` (a private "thinking…" then a short private confirmation),
        ``button`` (a click on the table message: a deferred update, nothing else on
        success), ``private`` (a choice in the actor's own private message: that message is
        deleted, since the table message shows the result; a sealed choice, whose result is
        private, edits it to what was chosen and the waiting note). ``explain``: the adapter's
        own words for a refusal (``None``: the service's). ``reoffer``: the private menu a
        refused choice in it shows again (or what makes it from the refusal)."""
        replies = self.replies
        missing = missing_permissions(interaction)
        if missing:
            await replies.answer_via(interaction, via, permissions_refusal(missing))
            return None
        if via == "slash":
            await replies.defer(interaction)
        elif not interaction.response.is_done():
            await interaction.response.defer()
        channel = channel_of(interaction)
        dest = self.channel_for(interaction)
        async with self.lock(channel):
            outcome = await call()
            if outcome.public or (outcome.accepted and outcome.decision is not None):
                try:
                    await self.table.publish(dest, channel, outcome)
                except discord.HTTPException as exc:
                    log.warning("cannot update the table in %s: %s", channel, exc)
        if outcome.accepted:
            await self.reminders.drop(dest, channel, str(interaction.user.id))
            await self.resume_notes.retire(dest, channel)
            await self.reminders.release(dest, channel, outcome)
            with speaking_to_table(self.service, channel):
                over = _("🗳️ The vote is over: the game goes on.")
            await self.votes.close(dest, channel, over)
        # a turn's or the game's end sends what was held
        if outcome.private or outcome.game_over or any(u.turn_over for u in outcome.public):
            await self.mail.deliver(dest, channel, outcome)
        waiting = sealed.waiting_note(outcome, str(interaction.user.id))
        what = what or outcome.command or ""  # a clicked ``#i``: the option it named
        why = None if outcome.accepted or explain is None else await explain(outcome)
        if why is not None:
            await replies.answer_via(interaction, via, why)
        elif not outcome.accepted:
            menu = reoffer(outcome) if callable(reoffer) else reoffer
            await replies.refuse(interaction, what, outcome, via=via, reoffer=menu)
        elif via == "slash":
            said = await self.said(channel, what)
            # the table's words said again in the actor's (a Text made by the service can be)
            first = say(outcome.public[0].text).splitlines()[0] if outcome.public else said
            done = "✅ " + clip_end(escape(first), 300)
            await replies.answer(interaction, done if waiting is None else f"{done}\n{waiting}")
        elif via == "private" and waiting is not None:
            # a sealed choice: what was chosen stays private, beside the waiting note
            game = next((d.game for d in outcome.decisions), None)
            done = f"✅ {clip_end(escape(await self.said(channel, what, game)), 300)}"
            await replies.answer_via(interaction, via, f"{done}\n{waiting}")
        elif via == "private":
            # The result shows on the table message: the private menu goes, nothing is left.
            await replies.done_quietly(interaction)
        elif waiting is not None:  # a button on the table message: the waiting note privately
            await replies.answer(interaction, waiting)
        # AI seats play after the action (also after a refusal: a restart may have left them
        # a decision), each move shown as it is made. Lobby actions need nothing of them, nor
        # an outcome whose open decisions are all people's.
        humans = bool(outcome.decisions) and not any(d.is_ai for d in outcome.decisions)
        if (outcome.decision is not None or not outcome.accepted) and not humans:
            await self.play_ais(dest, channel)
        return outcome

    async def said(self, channel: str, command: str, game: str | None = None) -> str:
        """A command in people's words for a confirmation (``show 12`` -> ``Show: 12``);
        ``game``: the channel's game, if known."""
        game = game or await self.service.play.game_of(channel)
        if game is None or not command.strip():
            return command
        return option_label(Option.of(command), short=False, game=game)

    async def move(
        self,
        interaction: Interaction,
        text: str,
        expect: ComponentId | None = None,
        via: str = "slash",
        reoffer: MessageSpec | None = None,
    ) -> Outcome | None:
        """A game command as typed, from the interaction's user. With ``expect`` (a clicked
        component), the service checks its decision point (game id and move number) under
        the channel's lock, so two quick clicks cannot both land on one decision."""
        channel = channel_of(interaction)
        user = str(interaction.user.id)
        key = str(interaction.id)

        async def call() -> Outcome:
            if expect is None:
                return await self.service.play.command(channel, user, text, idempotency_key=key)
            return await self.service.play.command(
                channel,
                user,
                text,
                idempotency_key=key,
                expect_seq=expect.seq,
                expect_game=expect.game,
            )

        async with self.service.adapter_state.batch():  # what the move keeps: one write
            return await self.act(interaction, text, call, via=via, reoffer=reoffer)

    async def choose(
        self,
        interaction: Interaction,
        choice: Option | int,
        expect: ComponentId,
        via: str,
        explain: Callable[[Outcome], Awaitable[str | None]],
    ) -> Outcome | None:
        """A clicked option, sent to the service as a value (the option, or its place in the
        clicker's list): checked there against the open decision at the component's decision
        point, under the channel's lock; ``explain`` words a refusal."""
        channel = channel_of(interaction)
        user = str(interaction.user.id)
        what = choice.command if isinstance(choice, Option) else ""  # the outcome names it

        async def call() -> Outcome:
            return await self.service.play.choose(
                channel,
                user,
                choice,
                idempotency_key=str(interaction.id),
                expect_seq=expect.seq,
                expect_game=expect.game,
            )

        async with self.service.adapter_state.batch():  # what the click keeps: one write
            return await self.act(interaction, what, call, via=via, explain=explain)

    async def choose_many(
        self,
        interaction: Interaction,
        verb: str,
        values: list[str],
        expect: ComponentId,
        via: str,
        explain: Callable[[Outcome], Awaitable[str | None]],
        reoffer: Callable[[Outcome], MessageSpec | None],
    ) -> Outcome | None:
        """Values chosen in a multi-select, sent to the service as values: composed into
        one command there by the table's game and checked against the open decision at the
        component's decision point, under the channel's lock; ``explain`` words a refusal,
        ``reoffer`` makes the private menu a refused combination shows again (from the
        refusal's own options: no other call)."""
        channel = channel_of(interaction)
        user = str(interaction.user.id)

        async def call() -> Outcome:
            return await self.service.play.choose_many(
                channel,
                user,
                verb,
                values,
                idempotency_key=str(interaction.id),
                expect_seq=expect.seq,
                expect_game=expect.game,
            )

        async with self.service.adapter_state.batch():  # what the choice keeps: one write
            return await self.act(interaction, "", call, via=via, explain=explain, reoffer=reoffer)
