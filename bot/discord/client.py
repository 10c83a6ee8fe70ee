"""The Discord client: start-up, resuming tables, and the path of every table action.

A thin adapter over :class:`bot.table.service.TableService`:

* **Actions** (``/join``, ``/play``, a button, a select, ...) check the bot's permissions,
  acknowledge at once (Discord wants an answer within 3 seconds; the service renders off the
  event loop), call the service, show its public updates on the table's live message
  (:mod:`bot.discord.table`), DM what is due (:mod:`bot.discord.dm`) and answer the actor.
  Refusals answer privately with the service's own message.
* **Unexpected errors** are logged with a reference id; the user sees a short apology with
  that id. The service never half-applies a move, so the game stays intact.
* **Start-up** resumes every running table (AI seats take the decisions a restart left them;
  every table's current message is brought up to date) and then sets ``tables_resumed``.

The slash commands live in :mod:`bot.discord.handlers`, the buttons and selects in
:mod:`bot.discord.components`, the bot class and ``canalside bot`` in :mod:`bot.discord.app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import tasks

from bot.discord import sealed
from bot.discord.dm import HandMail
from bot.discord.kinds import POSTABLE, Interaction, Postable, Work
from bot.discord.layout import CONTENT_MAX, clip_end, escape, user_mention
from bot.discord.live import table_scope
from bot.discord.perms import missing_permissions, permissions_refusal
from bot.discord.settings import Settings
from bot.discord.specs import (
    ButtonSpec,
    ComponentId,
    MessageSpec,
    Style,
    make_id,
    option_label,
)
from bot.discord.speech import speaking_to_table, table_language
from bot.discord.table import TableMessages
from bot.discord.translator import CatalogTranslator
from bot.discord.views import DYNAMIC_ITEMS, build_view, send_kwargs
from bot.table.outputs import Code, Outcome
from bot.table.service import TableService
from bot.table.settings import duration_text
from bot.table.timers import TimerEvent
from bot.table.vote import VOTE_CHOICES
from engine.core import Option
from engine.i18n import say, sentence, speaking
from engine.i18n.shared import _

__all__ = ["TableClient", "TableTree"]

log = logging.getLogger("bot.discord")

#: AI moves one call of :meth:`TableClient.play_ais` makes at most (a game never needs so many
#: in a row; the guard only stops a runaway loop).
MAX_AI_STEPS = 2000
#: How often the turn-timer scheduler looks for due reminders and timeouts (seconds).
TIMER_POLL_SECONDS = 20.0


class TableTree(app_commands.CommandTree["TableClient"]):
    """The command tree: a failed check or an unexpected error answers the user privately."""

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        with speaking(self.client.reader(interaction)):
            if isinstance(error, app_commands.NoPrivateMessage):
                await self.client.answer(interaction, _("The games are played in server channels."))
                return
            if isinstance(error, app_commands.CheckFailure):
                await self.client.answer(
                    interaction, str(error) or _("You cannot use this command.")
                )
                return
            await self.client.apologize(interaction, "command", error)


class TableClient(discord.Client):
    """The Discord client's life cycle and plumbing: start-up (resuming every table), the
    channel locks, answering an interaction, and the one path every table-changing action
    takes (:meth:`act`). The commands and components are added by subclasses."""

    def __init__(self, settings: Settings, service: TableService | None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # No voice here: keep discord.py from warning about voice libraries at start-up.
        discord.VoiceClient.warn_nacl = False
        if hasattr(discord.VoiceClient, "warn_dave"):
            discord.VoiceClient.warn_dave = False
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=True, replied_user=False
            ),
        )
        self.settings = settings
        self._service = service
        self.tree = TableTree(self)
        self._channel_locks: dict[str, asyncio.Lock] = {}
        self._table_messages: TableMessages | None = None
        self._mail: HandMail | None = None
        self._resumed = False
        # Set when start-up has resumed every table (tests and tools wait for it).
        self.tables_resumed = asyncio.Event()
        self._public_defers: set[int] = set()
        self._closed_service = False
        #: The turn-timer scheduler: asks the service for due reminders and timeouts (stored
        #: deadlines, so nothing is lost across a restart) every ``TIMER_POLL_SECONDS``.
        self.timer_loop: tasks.Loop[Any] = tasks.loop(seconds=TIMER_POLL_SECONDS)(self.run_timers)
        #: (channel, user) -> the reminder note to delete once he has answered
        self._reminder_notes: dict[tuple[str, str], int] = {}
        #: channel -> the message id of its open vote's announcement (``None``: none open)
        self._vote_notes: dict[str, int | None] = {}
        #: channel -> {user: the takeover note whose "Take my seat back" button is live}
        self._resume_notes: dict[str, dict[str, int]] = {}
        self.sync_on_start = settings.sync_on_start
        # Registering the templates needs no network; setup_hook does it again (harmless).
        self._connection.store_dynamic_items(*DYNAMIC_ITEMS)

    # -- life cycle ---------------------------------------------------------------------------

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("this bot was built without a table service")
        return self._service

    @property
    def table(self) -> TableMessages:
        """The live table messages of every channel."""
        if self._table_messages is None:
            self._table_messages = TableMessages(self.service)
        return self._table_messages

    @property
    def mail(self) -> HandMail:
        """Hands by DM (held until the turn ends; closed DMs remembered)."""
        if self._mail is None:
            self._mail = HandMail(self, self.service, enabled=self.settings.dm_hands)
        return self._mail

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # the commands' names and descriptions in ja/hu/it (bot/discord/translator.py)
        await self.tree.set_translator(CatalogTranslator())
        if self.sync_on_start != "off":
            guild = self.settings.dev_guild_id if self.sync_on_start == "guild" else None
            if self.sync_on_start == "guild" and guild is None:
                log.warning("CANALSIDE_SYNC_ON_START=guild needs CANALSIDE_DEV_GUILD; not syncing")
            else:
                synced = await sync_commands(self, guild_id=guild)
                log.info("synced %d commands (%s)", len(synced), guild or "global")

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s); %d guild(s)",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
        )
        if not self._resumed and self._service is not None:
            self._resumed = True
            try:
                await self.resume_tables()
            finally:
                self.tables_resumed.set()
            if not self.timer_loop.is_running():
                self.timer_loop.start()

    async def resume_tables(self) -> None:
        """At start-up: let AI seats take the decisions a restart left them (an AI chain cut
        short), post what they did, and bring every running table's current message up to
        date (only it has controls, and they are the pending decision's)."""
        for channel in await self.service.play.active_channels():
            try:
                await self.resume_table(channel)
            except Exception:
                log.exception("could not resume the table in channel %s", channel)

    async def resume_table(self, channel: str) -> None:
        found = self.get_channel(int(channel))
        dest = found if isinstance(found, POSTABLE) else self.get_partial_messageable(int(channel))
        async with self._lock(channel):
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
            async with self._lock(channel):
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

    # -- turn timers --------------------------------------------------------------------------

    def _dest(self, channel: str) -> Postable:
        found = self.get_channel(int(channel))
        return found if isinstance(found, POSTABLE) else self.get_partial_messageable(int(channel))

    async def run_timers(self) -> None:
        """One scheduler pass: post every reminder, takeover, pause and archive now due."""
        try:
            # confirmed: an event whose post does not happen (a crash, an error) comes again
            events = await self.service.timers.tick(confirm=True)
        except Exception:
            log.exception("the turn-timer scheduler failed")
            return
        for event in events:
            try:
                await self.post_timer_event(event)
                await self.service.timers.posted(event)
            except (discord.Forbidden, discord.NotFound) as exc:  # it never can be: let it go
                log.warning("cannot post a %s in channel %s: %s", event.kind, event.channel_id, exc)
                await self.service.timers.posted(event)
            except Exception:
                log.exception("could not post a %s in channel %s", event.kind, event.channel_id)

    async def post_timer_event(self, event: TimerEvent) -> None:
        """A reminder is one short ping (deleted when the player answers); a takeover, pause
        or archive is announced on the table (a takeover with a button to take the seat
        back), then the AI seats play."""
        channel, dest = event.channel_id, self._dest(event.channel_id)
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
                    duration=duration_text(self._time_left(event)),
                )
            note = await self._note(dest, text, event.user_id)
            await self._drop_reminder(dest, channel, event.user_id)
            self._reminder_notes[(channel, event.user_id)] = note.id
            key = f"reminder:{event.user_id}"
            await self.service.adapter_state.set(table_scope(channel), key, str(note.id))
            return
        async with self._lock(channel):
            # as /abort: the table message loses its controls, the message says why
            await self.table.publish(dest, channel, event.outcome)
        await self.release(dest, channel, event.outcome)
        # the AI's moves may have ended the game: then there is no seat to take back
        if event.kind == "takeover" and event.user_id is not None and not event.outcome.game_over:
            game = event.outcome.game_id or 0
            with speaking_to_table(self.service, channel):
                # Translators: a button label (at most 80 characters)
                label = _("Take my seat back")
                text = _(
                    "{mention}: an AI plays your seat for now — press the button (or /resume) "
                    "to take it back.",
                    mention=user_mention(event.user_id),
                )
            button = ButtonSpec(make_id(channel, game, 0, "resume"), label, "primary")
            note = await self._note(dest, text, event.user_id, button)
            await self._keep_resume_note(dest, channel, event.user_id, note.id)
        if event.kind == "pause":
            await self._post_vote(dest, channel, event.outcome.game_id or 0)
        if event.kind in ("takeover", "pause"):
            await self.mail.deliver(dest, channel, event.outcome)
            await self.play_ais(dest, channel)
        await self.retire_resume_notes(dest, channel)  # e.g. the AI's moves ended the game

    def _time_left(self, event: TimerEvent) -> float:
        """Seconds until the event's timeout, as the service's clock reads now (the
        scheduler may post a reminder a few seconds after it was due); from a minute on,
        in whole minutes."""
        left = max(0.0, (event.timeout_at or 0.0) - self.service.runner.now())
        return round(left / 60) * 60 if left >= 60 else left

    async def _post_vote(self, dest: Postable, channel: str, game: int) -> None:
        """A pause with other players at the table: the vote's message with its buttons
        (public; the service refuses a vote of anyone but the other seated humans)."""
        tally = await self.service.vote.status(channel)
        if tally is None:
            return
        await self.close_vote(dest, channel, None)  # an earlier pause's message
        styles: dict[str, Style] = {"ai": "primary", "wait": "secondary", "end": "danger"}
        with speaking_to_table(self.service, channel):
            buttons = [
                ButtonSpec(make_id(channel, game, 0, "vote", choice), _(label), styles[choice])
                for choice, label in VOTE_CHOICES.items()
            ]
        view = build_view(buttons)
        assert view is not None
        allowed = discord.AllowedMentions.none()
        note = await dest.send(escape(tally), allowed_mentions=allowed, view=view)
        self._vote_notes[channel] = note.id
        await self.service.adapter_state.set(table_scope(channel), "vote", str(note.id))

    async def _vote_note(self, channel: str) -> int | None:
        if channel not in self._vote_notes:
            stored = await self.service.adapter_state.get(table_scope(channel), "vote")
            self._vote_notes[channel] = int(stored) if stored and stored.isdigit() else None
        return self._vote_notes[channel]

    async def show_vote(self, dest: Postable, channel: str, text: str, done: bool) -> None:
        """Edit the vote's message: the running tally, or (``done``) how it ended, without
        its buttons."""
        note = await self._vote_note(channel)
        if note is None:
            return
        if done:
            self._vote_notes[channel] = None
            await self.service.adapter_state.set(table_scope(channel), "vote", None)
        try:
            message = dest.get_partial_message(note)
            if done:
                await message.edit(content=clip_end(escape(text), CONTENT_MAX), view=None)
            else:
                await message.edit(content=clip_end(escape(text), CONTENT_MAX))
        except discord.HTTPException as exc:
            log.debug("could not edit the vote message %s: %s", note, exc)

    async def close_vote(self, dest: Postable, channel: str, text: str | None) -> None:
        """The vote is over (the player decided, or a new pause): its message says so."""
        if await self._vote_note(channel) is None:
            return
        if await self.service.vote.status(channel) is not None and text is not None:
            return  # still paused: the vote goes on
        with speaking_to_table(self.service, channel):
            text = text or _("🗳️ The vote is over.")
        await self.show_vote(dest, channel, text, done=True)

    async def _resume_notes_of(self, channel: str) -> dict[str, int]:
        """The channel's takeover notes with a live button (kept in the database as
        ``user:message;…``: also after a restart)."""
        notes = self._resume_notes.get(channel)
        if notes is None:
            stored = await self.service.adapter_state.get(table_scope(channel), "resume") or ""
            pairs = (item.partition(":") for item in stored.split(";") if item)
            notes = {user: int(note) for user, _sep, note in pairs if note.isdigit()}
            self._resume_notes[channel] = notes
        return notes

    async def _save_resume_notes(self, channel: str, notes: dict[str, int]) -> None:
        stored = ";".join(f"{user}:{note}" for user, note in notes.items())
        await self.service.adapter_state.set(table_scope(channel), "resume", stored or None)

    async def _keep_resume_note(self, dest: Postable, channel: str, user: str, note: int) -> None:
        """Remember a new takeover note (an older one of the same player loses its button)."""
        notes = await self._resume_notes_of(channel)
        old = notes.get(user)
        if old is not None:
            await self._retire_note(dest, old, None)
        notes[user] = note
        await self._save_resume_notes(channel, notes)

    async def retire_resume_notes(self, dest: Postable, channel: str) -> None:
        """Once a player's seat is back (his button, /resume, a /replace, his own move) or
        the game is over, his takeover note loses its "Take my seat back" button (pressing
        it again could only be refused), and says so when he plays again."""
        notes = await self._resume_notes_of(channel)
        if not notes:
            return
        for user, note in list(notes.items()):
            state = await self.service.seats.standing(channel, user)
            # another task may have retired it meanwhile (the lock is not held here)
            if state == "held" or notes.pop(user, None) is None:
                continue
            text = None
            if state == "back":
                with speaking_to_table(self.service, channel):
                    text = _("✅ {mention} has the seat back.", mention=user_mention(user))
            await self._retire_note(dest, note, text)
        await self._save_resume_notes(channel, notes)

    async def _retire_note(self, dest: Postable, note: int, text: str | None) -> None:
        """The note without its button (and with ``text``, if given)."""
        try:
            message = dest.get_partial_message(note)
            if text is None:
                await message.edit(view=None)
            else:
                none = discord.AllowedMentions.none()
                await message.edit(content=text, view=None, allowed_mentions=none)
        except discord.HTTPException as exc:
            log.debug("could not retire the takeover note %s: %s", note, exc)

    async def _note(
        self, dest: Postable, text: str, ping: str | None = None, button: ButtonSpec | None = None
    ) -> discord.Message:
        """A short plain message, pinging ``ping`` only, with an optional button."""
        users = [discord.Object(int(ping))] if ping is not None and ping.isdigit() else []
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=users)
        view = build_view((button,)) if button is not None else None
        if view is None:
            return await dest.send(text, allowed_mentions=allowed)
        return await dest.send(text, allowed_mentions=allowed, view=view)

    async def release(self, dest: Postable, channel: str, outcome: Outcome) -> None:
        """Remove what was shown to the players who no longer decide here since ``outcome``
        (their seat went to an AI, or the game ended): their reminders."""
        for user in outcome.released:
            await self._drop_reminder(dest, channel, user)

    async def _drop_reminder(self, dest: Postable, channel: str, user: str) -> None:
        """Delete the player's reminder note (remembered in the database: also after a
        restart)."""
        key = f"reminder:{user}"
        note: int | str | None = self._reminder_notes.pop((channel, user), None)
        if note is None:
            note = await self.service.adapter_state.get(table_scope(channel), key)
            if note is None:
                return
        await self.service.adapter_state.set(table_scope(channel), key, None)
        try:
            await dest.get_partial_message(int(note)).delete()
        except (discord.HTTPException, ValueError):
            log.debug("could not delete reminder note %s", note)

    async def close(self) -> None:
        self.timer_loop.cancel()
        await super().close()
        if self._service is not None and not self._closed_service:
            self._closed_service = True
            await self._service.aclose()

    # -- plumbing -----------------------------------------------------------------------------

    def _lock(self, channel: str) -> asyncio.Lock:
        lock = self._channel_locks.get(channel)
        if lock is None:
            lock = self._channel_locks[channel] = asyncio.Lock()
        return lock

    @staticmethod
    def _channel_id(interaction: Interaction) -> str:
        return str(interaction.channel_id)

    def channel_for(self, interaction: Interaction) -> Postable:
        channel = interaction.channel
        if channel is not None and hasattr(channel, "send"):
            # A channel the bot posts in (a test's interaction hands a look-alike).
            return cast(Postable, channel)
        return self.get_partial_messageable(int(interaction.channel_id or 0))

    async def defer(self, interaction: Interaction, *, ephemeral: bool = True) -> None:
        """Acknowledge now (a private or public "thinking…"); answers follow as followups."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            if not ephemeral:
                self._public_defers.add(interaction.id)

    async def answer(self, interaction: Interaction, message: str | MessageSpec) -> None:
        """Answer the user: privately unless the spec says otherwise."""
        spec = MessageSpec(content=message, ephemeral=True) if isinstance(message, str) else message
        if spec.content is not None and len(spec.content) > CONTENT_MAX:
            spec = dataclasses.replace(spec, content=clip_end(spec.content, CONTENT_MAX))
        kwargs = send_kwargs(spec, ephemeral_ok=True)
        if not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
            return
        if spec.ephemeral and interaction.id in self._public_defers:
            # The first followup would replace the public "thinking…" and be public: remove it
            # so that this private answer stays private.
            self._public_defers.discard(interaction.id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        self._public_defers.discard(interaction.id)
        await interaction.followup.send(**kwargs)

    async def done_quietly(self, interaction: Interaction) -> None:
        """The action is visible in the channel: remove the private "thinking…" note."""
        self._public_defers.discard(interaction.id)
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.debug("could not delete the deferred response of %s", interaction.id)

    def reader(self, interaction: Interaction) -> str | None:
        """The language of the interaction's user, after noting what his client reports: his
        own locale, and (the table's language until ``/settings language`` chooses one) his
        server's preferred locale. ``None`` when the bot has no table service."""
        languages = getattr(self._service, "languages", None)
        if languages is None:
            return None
        channel = self._channel_id(interaction)
        server = getattr(interaction, "guild_locale", None)
        if interaction.guild_id is not None and server is not None:
            languages.note_server(channel, str(server))
        user = interaction.user.id
        locale = getattr(interaction, "locale", None)
        if locale is not None:
            languages.note_person(user, str(locale))
        return str(languages.person(user, languages.table(channel)))

    async def guard(
        self, interaction: Interaction, what: str, work: Work, *, public: bool = False
    ) -> None:
        """Run one interaction's work in its user's language (what only he reads: refusals,
        private answers, menus; the table's messages say themselves in the table's), or
        (``public``: a read posted for everyone, ``/board public:``) in the table's; an
        unexpected exception is logged with a reference id and answered with a short apology
        (the service never half-applies a move)."""
        lang = self.reader(interaction)
        if public:
            lang = table_language(self._service, self._channel_id(interaction)) or lang
        with speaking(lang):
            try:
                await work
            except Exception as exc:
                await self.apologize(interaction, what, exc)

    async def apologize(self, interaction: Interaction, what: str, error: BaseException) -> str:
        ref = secrets.token_hex(4).upper()
        log.error(
            "unexpected error [ref %s] in %s: channel=%s guild=%s user=%s",
            ref,
            what,
            interaction.channel_id,
            interaction.guild_id,
            getattr(interaction.user, "id", None),
            exc_info=error,
        )
        try:
            await self.answer(
                interaction,
                _(
                    "Sorry — something went wrong on my side (reference `{ref}`). The game is "
                    "safe; please try again, or use /board to see where it stands.",
                    ref=ref,
                ),
            )
        except Exception:
            log.exception("could not tell the user about error %s", ref)
        return ref

    # -- table-changing actions ---------------------------------------------------------------

    async def act(
        self,
        interaction: Interaction,
        what: str,
        call: Callable[[], Awaitable[Outcome]],
        *,
        via: str = "slash",
        reoffer: MessageSpec | None = None,
    ) -> Outcome | None:
        """Check the bot's channel permissions (nothing is committed without them), call the
        service, show its updates on the table message, DM what is due, and answer the actor.

        ``via``: ``slash`` (a private "thinking…" then a short private confirmation),
        ``button`` (a click on the table message: a deferred update, nothing else on
        success), ``private`` (a choice in the actor's own private message: that message is
        deleted, since the table message shows the result; a sealed choice, whose result is
        private, edits it to what was chosen and the waiting note)."""
        missing = missing_permissions(interaction)
        if missing:
            await self.answer_via(interaction, via, permissions_refusal(missing))
            return None
        if via == "slash":
            await self.defer(interaction)
        elif not interaction.response.is_done():
            await interaction.response.defer()
        channel = self._channel_id(interaction)
        dest = self.channel_for(interaction)
        async with self._lock(channel):
            outcome = await call()
            if outcome.public or (outcome.accepted and outcome.decision is not None):
                try:
                    await self.table.publish(dest, channel, outcome)
                except discord.HTTPException as exc:
                    log.warning("cannot update the table in %s: %s", channel, exc)
        if outcome.accepted:
            await self._drop_reminder(dest, channel, str(interaction.user.id))
            await self.retire_resume_notes(dest, channel)
            await self.release(dest, channel, outcome)
            with speaking_to_table(self.service, channel):
                over = _("🗳️ The vote is over: the game goes on.")
            await self.close_vote(dest, channel, over)
        # a turn's or the game's end sends what was held
        if outcome.private or outcome.game_over or any(u.turn_over for u in outcome.public):
            await self.mail.deliver(dest, channel, outcome)
        waiting = sealed.waiting_note(outcome, str(interaction.user.id))
        if not outcome.accepted:
            await self.refuse(interaction, what, outcome, via=via, reoffer=reoffer)
        elif via == "slash":
            said = await self.said(channel, what)
            # the table's words said again in the actor's (a Text made by the service can be)
            first = say(outcome.public[0].text).splitlines()[0] if outcome.public else said
            done = "✅ " + clip_end(escape(first), 300)
            await self.answer(interaction, done if waiting is None else f"{done}\n{waiting}")
        elif via == "private" and waiting is not None:
            # a sealed choice: what was chosen stays private, beside the waiting note
            done = f"✅ {clip_end(escape(await self.said(channel, what)), 300)}"
            await self.answer_via(interaction, via, f"{done}\n{waiting}")
        elif via == "private":
            # The result shows on the table message: the private menu goes, nothing is left.
            await self.done_quietly(interaction)
        elif waiting is not None:  # a button on the table message: the waiting note privately
            await self.answer(interaction, waiting)
        # AI seats play after the action (also after a refusal: a restart may have left them
        # a decision), each move shown as it is made. Lobby actions need nothing of them.
        if outcome.decision is not None or not outcome.accepted:
            await self.play_ais(dest, channel)
        return outcome

    async def said(self, channel: str, command: str) -> str:
        """A command in people's words for a confirmation (``show 12`` -> ``Show: 12``)."""
        game = await self.service.play.game_of(channel)
        if game is None or not command.strip():
            return command
        return option_label(Option.of(command), short=False, game=game)

    async def answer_via(self, interaction: Interaction, via: str, text: str) -> None:
        """Answer privately; in a private message's own interaction, by editing it."""
        if via == "private" and interaction.message is not None:
            if not interaction.response.is_done():
                await interaction.response.defer()
            await interaction.edit_original_response(content=clip_end(text, CONTENT_MAX), view=None)
            return
        await self.answer(interaction, text)

    async def refuse(
        self,
        interaction: Interaction,
        what: str,
        outcome: Outcome,
        *,
        via: str = "slash",
        reoffer: MessageSpec | None = None,
    ) -> None:
        error = outcome.error or "refused"
        text: str
        if outcome.code == Code.DUPLICATE:
            text = _("Already done: {what}", what=error.removeprefix("already done: "))
        elif outcome.code == Code.INTERNAL:
            ref = secrets.token_hex(4).upper()
            log.error(
                "service failure [ref %s] in %s: channel=%s user=%s: %s",
                ref,
                what,
                interaction.channel_id,
                getattr(interaction.user, "id", None),
                error,
            )
            text = _("Sorry — {error} (reference `{ref}`).", error=error, ref=ref)
        else:
            text = escape(sentence(error))
        if via == "private" and reoffer is not None and outcome.code != Code.STALE:
            await self.reoffer(interaction, text, reoffer)
            return
        await self.answer_via(interaction, via, text)

    async def reoffer(self, interaction: Interaction, reason: str, menu: MessageSpec) -> None:
        """A refused choice in a private menu: the reason above the same menu, still live."""
        content = f"❌ {reason}" + (f"\n{menu.content}" if menu.content else "")
        kwargs = send_kwargs(dataclasses.replace(menu, content=clip_end(content, CONTENT_MAX)))
        if not interaction.response.is_done():
            await interaction.response.defer()
        await interaction.edit_original_response(
            content=kwargs.get("content"), view=kwargs.get("view")
        )

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
        channel = self._channel_id(interaction)
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

        return await self.act(interaction, text, call, via=via, reoffer=reoffer)

    # -- slash command handlers ---------------------------------------------------------------


# -- the command tree at Discord -------------------------------------------------------------


async def sync_commands(
    bot: TableClient, guild_id: int | None = None, *, clear: bool = False
) -> list[app_commands.AppCommand]:
    """Register the commands with Discord: globally, or for one guild (a copy of the global
    commands, available at once), or clear a guild's copies. Needs a logged-in client."""
    if guild_id is None:
        return await bot.tree.sync()
    guild = discord.Object(id=guild_id)
    if clear:
        bot.tree.clear_commands(guild=guild)
    else:
        bot.tree.copy_global_to(guild=guild)
    return await bot.tree.sync(guild=guild)
