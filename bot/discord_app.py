"""The Discord bot: slash commands, buttons and DMs over the table service.

A thin adapter: every slash command and every button maps to one call of
:class:`bot.service.TableService`; the service's answers (:mod:`bot.outputs`) become messages
through the pure functions of :mod:`bot.discord_views`.

* **Actions** (``/join``, ``/play``, a button, a select, ...) defer privately at once (Discord
  wants an answer within 3 seconds; the service renders off the event loop), call the service,
  post every public update as a *new* channel message (embed + board PNG + the components of
  the decision now pending), DM private updates (hand image and text) and then remove the
  private "thinking" note. Refusals answer privately with the service's own message.
* **Reads** (``/board``, ``/status``, ``/log``, ``/rules``, ``/help``, ``/hand``) answer
  privately; ``public:`` posts board / status / log for everyone.
* **Buttons** are ``DynamicItem`` s (:class:`bot.discord_views.VzButton` / ``VzSelect``) whose
  custom ids name channel, game and move number: they work after a restart, and a click on an
  older turn's button is answered privately as stale.
* **DMs closed** (``Forbidden``): the player is told once per game in the channel to use the
  "My hand" button or ``/hand``; nothing waits for a DM.
* **Unexpected errors** are logged with a reference id; the user sees a short apology with
  that id. The service never half-applies a move, so the game stays intact.

``create_bot(settings)`` builds everything without touching the network; ``main(argv)`` is
``venezia bot``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import secrets
import sys
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from bot import discord_sealed as sealed
from bot.discord_commands import (
    FALLBACK_VERB,
    game_verbs,
    help_text,
    move_commands,
    plain_choices,
    register_commands,
    sync_commands,
    verb_choices,
    verb_refusal,
)
from bot.discord_dm import HandMail
from bot.discord_layout import CONTENT_MAX, clip_end, clip_start, escape
from bot.discord_multi import multi_text, private_multi_spec
from bot.discord_perms import missing_permissions, permissions_refusal
from bot.discord_table import TableMessages
from bot.discord_views import (
    DYNAMIC_ITEMS,
    ComponentId,
    MessageSpec,
    controls_for,
    district_choice_spec,
    filter_options,
    private_choice_spec,
    reply_spec,
    send_kwargs,
)
from bot.outputs import Code, DecisionInfo, Outcome, Reply
from bot.service import (
    PlaceholderRenderer,
    Renderer,
    RendererUnavailable,
    TableService,
    default_renderer,
)
from bot.settings import TOKEN_HELP, Settings, SettingsError
from engine.registry import default_game, registration

__all__ = [
    "COMMAND_NAMES",
    "VeneziaBot",
    "create_bot",
    "help_text",
    "main",
    "make_renderer",
    "plain_choices",
    "sync_commands",
    "verb_choices",
]

log = logging.getLogger("bot.discord")

#: Autocomplete cannot be deferred: give up (no suggestions) rather than miss Discord's window.
AUTOCOMPLETE_TIMEOUT = 2.0
#: Refusal code of a click on an earlier decision's component (the service's ``Code.STALE``).
STALE = Code.STALE

COMMAND_NAMES = (
    "join",
    "leave",
    "start",
    "abort",
    "addbot",
    "removebot",
    "options",
    "replace",
    *(spec.verb for spec in move_commands()),
    FALLBACK_VERB,
    "hand",
    "board",
    "status",
    "log",
    "rules",
    "help",
    "sync",
)


# --------------------------------------------------------------------------------------------
# The bot
# --------------------------------------------------------------------------------------------


def make_renderer(mode: str) -> Renderer:
    """``real``: the ``render`` package (or :class:`RendererUnavailable`); ``placeholder``:
    stand-in images; ``auto``: real if importable, else placeholders with a warning."""
    if mode == "placeholder":
        return PlaceholderRenderer((480, 320))
    if mode == "real":
        return default_renderer()
    try:
        return default_renderer()
    except RendererUnavailable as exc:
        log.warning("%s; posting placeholder images (VENEZIA_RENDERER=auto)", exc)
        return PlaceholderRenderer((480, 320))


class VeneziaTree(app_commands.CommandTree["VeneziaBot"]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            await self.client.answer(interaction, "The games are played in server channels.")
            return
        if isinstance(error, app_commands.CheckFailure):
            await self.client.answer(interaction, str(error) or "You cannot use this command.")
            return
        await self.client.apologize(interaction, "command", error)


class VeneziaBot(discord.Client):
    """The Discord client: a command tree, the dynamic buttons, and the table service."""

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
        self.tree = VeneziaTree(self)
        self._channel_locks: dict[str, asyncio.Lock] = {}
        self._table_messages: TableMessages | None = None
        self._mail: HandMail | None = None
        self._resumed = False
        # Set when start-up has resumed every table (tests and tools wait for it).
        self.tables_resumed = asyncio.Event()
        self._public_defers: set[int] = set()
        self._closed_service = False
        self.sync_on_start = settings.sync_on_start
        register_commands(self)
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
        """Hands by DM (held while the player decides; closed DMs remembered)."""
        if self._mail is None:
            self._mail = HandMail(self, self.service, enabled=self.settings.dm_hands)
        return self._mail

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_on_start != "off":
            guild = self.settings.dev_guild_id if self.sync_on_start == "guild" else None
            if self.sync_on_start == "guild" and guild is None:
                log.warning("VENEZIA_SYNC_ON_START=guild needs VENEZIA_DEV_GUILD; not syncing")
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

    async def resume_tables(self) -> None:
        """At start-up: let AI seats take the decisions a restart left them (an AI chain cut
        short), post what they did, and bring every running table's current message up to
        date (only it has controls, and they are the pending decision's)."""
        for channel in await self.service.active_channels():
            try:
                await self.resume_table(channel)
            except Exception:
                log.exception("could not resume the table in channel %s", channel)

    async def resume_table(self, channel: str) -> None:
        dest = self.get_channel(int(channel)) or self.get_partial_messageable(int(channel))
        async with self._lock(channel):
            outcome = await self.service.resume(channel)
            if not outcome.accepted:
                return
            if outcome.public:
                await self.table.publish(dest, channel, outcome)
            else:
                await self.table.refresh(dest, channel)
        await self.mail.deliver(dest, channel, outcome)

    async def close(self) -> None:
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
    def _channel_id(interaction: discord.Interaction[Any]) -> str:
        return str(interaction.channel_id)

    def channel_for(self, interaction: discord.Interaction[Any]) -> Any:
        channel = interaction.channel
        if channel is not None and hasattr(channel, "send"):
            return channel
        return self.get_partial_messageable(int(interaction.channel_id or 0))

    async def defer(self, interaction: discord.Interaction[Any], *, ephemeral: bool = True) -> None:
        """Acknowledge now (a private or public "thinking…"); answers follow as followups."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            if not ephemeral:
                self._public_defers.add(interaction.id)

    async def answer(
        self, interaction: discord.Interaction[Any], message: str | MessageSpec
    ) -> None:
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

    async def done_quietly(self, interaction: discord.Interaction[Any]) -> None:
        """The action is visible in the channel: remove the private "thinking…" note."""
        self._public_defers.discard(interaction.id)
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.debug("could not delete the deferred response of %s", interaction.id)

    async def guard(
        self, interaction: discord.Interaction[Any], what: str, work: Coroutine[Any, Any, Any]
    ) -> None:
        """Run one interaction's work; an unexpected exception is logged with a reference id
        and answered with a short apology (the service never half-applies a move)."""
        try:
            await work
        except Exception as exc:
            await self.apologize(interaction, what, exc)

    async def apologize(
        self, interaction: discord.Interaction[Any], what: str, error: BaseException
    ) -> str:
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
                f"Sorry — something went wrong on my side (reference `{ref}`). The game is "
                "safe; please try again, or use /board to see where it stands.",
            )
        except Exception:
            log.exception("could not tell the user about error %s", ref)
        return ref

    # -- table-changing actions ---------------------------------------------------------------

    async def act(
        self,
        interaction: discord.Interaction[Any],
        what: str,
        call: Callable[[], Awaitable[Outcome]],
        *,
        via: str = "slash",
    ) -> Outcome | None:
        """Check the bot's channel permissions (nothing is committed without them), call the
        service, show its updates on the table message, DM what is due, and answer the actor.

        ``via``: ``slash`` (a private "thinking…" then a short private confirmation),
        ``button`` (a click on the table message: a deferred update, nothing else on
        success), ``private`` (a choice in the actor's own private message: that message is
        edited in place to the result)."""
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
        if outcome.private:
            await self.mail.deliver(dest, channel, outcome)
        waiting = sealed.waiting_note(outcome, str(interaction.user.id))
        if not outcome.accepted:
            await self.refuse(interaction, what, outcome, via=via)
        elif via == "slash":
            first = outcome.public[0].text.splitlines()[0] if outcome.public else what
            done = "✅ " + clip_end(escape(first), 300)
            await self.answer(interaction, done if waiting is None else f"{done}\n{waiting}")
        elif via == "private":
            done = f"✅ {clip_end(escape(what), 300)}"
            await self.answer_via(
                interaction, via, done if waiting is None else f"{done}\n{waiting}"
            )
        elif waiting is not None:  # a button on the table message: the waiting note privately
            await self.answer(interaction, waiting)
        return outcome

    async def answer_via(self, interaction: discord.Interaction[Any], via: str, text: str) -> None:
        """Answer privately; in a private message's own interaction, by editing it."""
        if via == "private" and interaction.message is not None:
            if not interaction.response.is_done():
                await interaction.response.defer()
            await interaction.edit_original_response(content=clip_end(text, CONTENT_MAX), view=None)
            return
        await self.answer(interaction, text)

    async def refuse(
        self,
        interaction: discord.Interaction[Any],
        what: str,
        outcome: Outcome,
        *,
        via: str = "slash",
    ) -> None:
        error = outcome.error or "refused"
        if outcome.code == Code.DUPLICATE:
            text = "Already done: " + error.removeprefix("already done: ")
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
            text = f"Sorry — {error} (reference `{ref}`)."
        else:
            text = escape(error[:1].upper() + error[1:])
        await self.answer_via(interaction, via, text)

    async def move(
        self,
        interaction: discord.Interaction[Any],
        text: str,
        expect: ComponentId | None = None,
        via: str = "slash",
    ) -> Outcome | None:
        """A game command as typed, from the interaction's user. With ``expect`` (a clicked
        component), the service checks its decision point (game id and move number) under
        the channel's lock, so two quick clicks cannot both land on one decision."""
        channel = self._channel_id(interaction)
        user = str(interaction.user.id)
        key = str(interaction.id)

        async def call() -> Outcome:
            if expect is None:
                return await self.service.command(channel, user, text, idempotency_key=key)
            return await self.service.command(
                channel,
                user,
                text,
                idempotency_key=key,
                expect_seq=expect.seq,
                expect_game=expect.game,
            )

        return await self.act(interaction, text, call, via=via)

    # -- slash command handlers ---------------------------------------------------------------

    async def cmd_join(
        self, interaction: discord.Interaction[Any], game: str | None, via: str = "slash"
    ) -> None:
        channel, user = self._channel_id(interaction), interaction.user
        await self.act(
            interaction,
            "join",
            lambda: self.service.join(
                channel, str(user.id), user.display_name, game or None, interaction.guild_id
            ),
            via=via,
        )

    async def cmd_leave(self, interaction: discord.Interaction[Any], via: str = "slash") -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(interaction, "leave", lambda: self.service.leave(channel, user), via=via)

    async def cmd_start(
        self,
        interaction: discord.Interaction[Any],
        game: str | None,
        via: str = "slash",
        options: dict[str, str] | None = None,
    ) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        can_manage = _can_manage(interaction)
        await self.act(
            interaction,
            "start",
            lambda: self.service.start(
                channel, user, game=game or None, can_manage=can_manage, options=options or None
            ),
            via=via,
        )

    async def cmd_abort(self, interaction: discord.Interaction[Any]) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        perms = getattr(interaction, "permissions", None)
        can_manage = bool(getattr(perms, "manage_channels", False))
        await self.act(
            interaction, "abort", lambda: self.service.abort(channel, user, can_manage=can_manage)
        )

    async def cmd_addbot(
        self, interaction: discord.Interaction[Any], level: str | None, via: str = "slash"
    ) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        can_manage = _can_manage(interaction)
        await self.act(
            interaction,
            "addbot",
            lambda: self.service.add_ai(channel, user, level or None, can_manage=can_manage),
            via=via,
        )

    async def cmd_options(
        self, interaction: discord.Interaction[Any], settings: str | None, via: str = "slash"
    ) -> None:
        """Show (no settings) or set the lobby's game options: ``name=value`` pairs."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        pairs = dict(p.partition("=")[::2] for p in (settings or "").split())
        await self.act(
            interaction, "options", lambda: self.service.set_options(channel, user, pairs), via=via
        )

    async def cmd_removebot(
        self, interaction: discord.Interaction[Any], seat: int | None, via: str = "slash"
    ) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(
            interaction,
            "removebot",
            lambda: self.service.remove_ai(channel, user, seat),
            via=via,
        )

    async def cmd_replace(
        self, interaction: discord.Interaction[Any], target: int, level: str | None
    ) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        perms = getattr(interaction, "permissions", None)
        can_manage = bool(getattr(perms, "manage_channels", False))
        await self.act(
            interaction,
            "replace",
            lambda: self.service.replace_with_ai(
                channel, user, str(target), level or None, can_manage=can_manage
            ),
        )

    async def cmd_hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.defer(interaction)
        reply = _escaped(
            await self.service.hand(self._channel_id(interaction), str(interaction.user.id))
        )
        await self.answer(
            interaction,
            reply_spec(reply, title=f"{await self.game_title(interaction)} — your hand"),
        )

    async def cmd_board(self, interaction: discord.Interaction[Any], public: bool) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.board(self._channel_id(interaction)))
        await self.answer(
            interaction,
            reply_spec(
                reply,
                title=f"{await self.game_title(interaction)} — the board",
                ephemeral=not public,
            ),
        )

    async def cmd_status(self, interaction: discord.Interaction[Any], public: bool) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.status(self._channel_id(interaction)))
        await self.answer(
            interaction,
            reply_spec(reply, title=await self.game_title(interaction), ephemeral=not public),
        )

    async def cmd_log(
        self, interaction: discord.Interaction[Any], count: int, public: bool
    ) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.log(self._channel_id(interaction), count))
        if reply.ok and len(reply.text) > CONTENT_MAX:
            # Too long for one message: keep the newest moves.
            kept = clip_start(reply.text.splitlines(), CONTENT_MAX)
            reply = dataclasses.replace(reply, text="\n".join(kept))
        await self.answer(
            interaction,
            reply_spec(reply, title=await self.game_title(interaction), ephemeral=not public),
        )

    async def cmd_rules(self, interaction: discord.Interaction[Any], topic: str | None) -> None:
        reply = await self.service.rules(topic, channel_id=str(interaction.channel_id))
        await self.answer(
            interaction, reply_spec(reply, title=f"{await self.game_title(interaction)} rules")
        )

    async def cmd_help(self, interaction: discord.Interaction[Any]) -> None:
        game = await self.service.game_of(self._channel_id(interaction))
        other_games = {spec.verb for spec in move_commands()} - set(
            game_verbs(game or default_game())
        )
        commands = [
            (c.qualified_name, c.description)
            for c in self.tree.get_commands()
            if isinstance(c, app_commands.Command) and c.name not in {"sync", *other_games}
        ]
        title = registration(game or default_game()).title
        await self.answer(interaction, help_text(commands, title))

    async def cmd_sync(self, interaction: discord.Interaction[Any], scope: str) -> None:
        user = interaction.user
        owner = user.id in self.settings.owner_ids
        if not owner:
            owner = await self.is_app_owner(user.id)
        if not owner:
            await self.answer(interaction, "Only the bot's owner can sync the commands.")
            return
        await self.defer(interaction)
        guild = interaction.guild_id
        if scope == "global":
            synced = await sync_commands(self)
            text = f"Synced {len(synced)} commands globally (Discord may take a while)."
        elif scope == "clear":
            synced = await sync_commands(self, guild_id=guild, clear=True)
            text = "Removed this server's copies of the commands (the global ones remain)."
        else:
            synced = await sync_commands(self, guild_id=guild)
            text = f"Synced {len(synced)} commands to this server (available at once)."
        await self.answer(interaction, text)

    async def is_app_owner(self, user_id: int) -> bool:
        """Whether the user owns the application (or is on its team); False on any error."""
        try:
            app = await self.application_info()
        except discord.HTTPException:
            return False
        if app.team is not None:
            return any(m.id == user_id for m in app.team.members)
        return app.owner is not None and app.owner.id == user_id

    # -- autocomplete -------------------------------------------------------------------------

    async def options(self, interaction: discord.Interaction[Any]) -> list[str]:
        """The user's legal commands now (empty if that takes too long)."""
        try:
            return await asyncio.wait_for(
                self.service.options_for(
                    self._channel_id(interaction), str(interaction.user.id), "", None
                ),
                AUTOCOMPLETE_TIMEOUT,
            )
        except TimeoutError:
            log.info("autocomplete timed out in channel %s", interaction.channel_id)
            return []

    async def game_title(self, interaction: discord.Interaction[Any]) -> str:
        """The title of the channel's game (the default game's without a table)."""
        game = await self.service.game_of(self._channel_id(interaction))
        return registration(game or default_game()).title

    async def rule_topics(self, interaction: discord.Interaction[Any]) -> list[str]:
        """The rules topics of the channel's game (for ``/rules`` autocomplete)."""
        game = await self.service.game_of(self._channel_id(interaction))
        texts = registration(game or default_game()).load_texts()
        return [*texts.rule_topics, "commands"]

    async def move_verb(self, interaction: discord.Interaction[Any], verb: str, text: str) -> None:
        """A move's slash command: refused with the game's verbs if the channel's game has no
        such verb (the command tree holds every registered game's verbs)."""
        game = await self.service.game_of(self._channel_id(interaction))
        refusal = verb_refusal(game, verb) if game is not None else None
        if refusal is not None:
            await self.answer(interaction, refusal)
            return
        await self.move(interaction, text)

    async def autocomplete_any(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Every legal command of the user, as whole commands (the generic ``/move``)."""
        options = await self.options(interaction)
        choices = plain_choices([(o[:100], o[:100]) for o in options], current)
        return [app_commands.Choice(name=n, value=v) for n, v in choices]

    async def autocomplete_verb(
        self, interaction: discord.Interaction[Any], verbs: Sequence[str], current: str
    ) -> list[app_commands.Choice[str]]:
        options = await self.options(interaction)
        game = await self.service.game_of(self._channel_id(interaction))
        choices = verb_choices(options, verbs, current, controls=controls_for(game))
        return [app_commands.Choice(name=n, value=v) for n, v in choices]

    # -- components ---------------------------------------------------------------------------

    async def on_component(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None:
        """A click on one of our buttons or a choice in one of our selects."""
        await self.guard(
            interaction, f"component {cid.text()}", self._component(interaction, cid, values)
        )

    async def _component(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None:
        channel = self._channel_id(interaction)
        if cid.channel != channel:
            await self.answer(interaction, "This button belongs to another channel's table.")
            return
        action = cid.action
        lobby = {
            "join": lambda: self.cmd_join(interaction, None, via="button"),
            "leave": lambda: self.cmd_leave(interaction, via="button"),
            "start": lambda: self.cmd_start(interaction, None, via="button"),
            "addbot": lambda: self.cmd_addbot(interaction, None, via="button"),
            "removebot": lambda: self.cmd_removebot(interaction, None, via="button"),
        }
        if action == "hand":
            await self.cmd_hand(interaction)
            return
        if action in lobby:
            await lobby[action]()
            return
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        via = "private" if private else "button"
        if action in ("do", "pick", "multi"):
            # Acknowledge the click on the message itself: no "thinking…" note.
            await interaction.response.defer()
        else:
            await self.defer(interaction)
        d = await sealed.own_decision(self.service, channel, str(interaction.user.id))
        stale = stale_text(cid, d)
        if stale is not None or d is None:
            await self.answer_via(interaction, via, stale or "No decision is pending.")
            return
        user = str(interaction.user.id)
        if action == "do":
            command = cid.arg
            if command.startswith("#"):
                command = _indexed(list(d.options or ()), command)
            if command:
                await self.move(interaction, command, cid, via=via)
            else:
                await self.answer_via(interaction, via, "That choice is no longer available.")
            return
        if action == "pick":
            value = values[0] if values else ""
            if value.startswith("#"):
                if d.options is not None and cid.arg.startswith("d"):
                    source = list(d.options)
                else:
                    source = await self.service.options_for(channel, user, "", None)
                value = _indexed(source, value)
            if not value or value == "-":
                await self.answer_via(interaction, via, "Nothing was chosen.")
                return
            await self.move(interaction, value, cid, via=via)
            return
        if action == "multi":
            chosen = [v for v in values if v and v != "-"]
            if not chosen:
                await self.answer_via(interaction, via, "Nothing was chosen.")
                return
            await self.move(interaction, multi_text(d.game, cid.arg, chosen), cid, via=via)
            return
        if action == "grp":
            if d.user_id != user:
                await self.answer(interaction, not_yours(d))
                return
            group = values[0] if values else ""
            if d.options is not None:
                spec = district_choice_spec(
                    channel, d.game_id, d.seq, d.options, group, "d", d.game
                )
            else:
                mine = await self.service.options_for(channel, user, "", None)
                spec = district_choice_spec(channel, d.game_id, d.seq, mine, group, "u", d.game)
            await self.answer(interaction, spec)
            return
        if action == "opt":
            await self._open_choices(interaction, channel, user, cid, d)
            return
        await self.answer(interaction, "Unknown button.")

    async def _open_choices(
        self,
        interaction: discord.Interaction[Any],
        channel: str,
        user: str,
        cid: ComponentId,
        d: DecisionInfo,
    ) -> None:
        """A private list of the clicker's own options (cards to play, draws, exchanges)."""
        everything = await self.service.options_for(channel, user, "", None)
        options = filter_options(everything, cid.arg, d.game)
        if not options:
            reason = await self.service.options_reason(channel, user)
            if reason == Code.NOT_SEATED:
                text = "You are not playing in this game."
            elif reason == Code.ALREADY_CHOSEN:
                text = await sealed.already_chosen_text(self.service, channel)
            elif reason == Code.NOT_YOUR_DECISION or d.user_id != user:
                text = not_yours(d)
            else:
                text = "Nothing to choose there now."
            await self.answer(interaction, text)
            return
        multi = private_multi_spec(d, options)  # a multi-select of the own options, if declared
        if multi is not None:
            await self.answer(interaction, multi)
            return
        what = {"play": "Your plays", "draw": "Your draws", "exchange": "Your exchanges"}
        await self.answer(
            interaction,
            private_choice_spec(
                channel,
                d.game_id,
                d.seq,
                options,
                what.get(cid.arg, "Your choices"),
                indexes=[everything.index(o) for o in options],
                game_name=d.game,
            ),
        )


def _escaped(reply: Reply) -> Reply:
    """A read's answer with player names made inert (no markdown, no mentions)."""
    if not reply.ok:
        return dataclasses.replace(reply, text=escape(reply.text), error=escape(reply.error or ""))
    return dataclasses.replace(reply, text=escape(reply.text))


def _can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the channel (start, add AIs and abort without a seat)."""
    perms = getattr(interaction, "permissions", None)
    return bool(getattr(perms, "manage_channels", False))


def _indexed(options: Sequence[str], ref: str) -> str:
    try:
        return options[int(ref[1:])]
    except (ValueError, IndexError):
        return ""


def not_yours(d: DecisionInfo) -> str:
    return f"Not your decision: it is {escape(d.name)}'s turn to decide ({d.prompt})."


def stale_text(cid: ComponentId, d: DecisionInfo | None) -> str | None:
    """Why a decision button no longer applies, or ``None`` if it is current."""
    if d is None:
        return (
            "This button is from an earlier turn: no decision is pending now (the game is "
            "over, or no game is running)."
        )
    if d.game_id != cid.game:
        return "This button is from an earlier game."
    if d.seq != cid.seq:
        return (
            f"This button is from an earlier turn (move {cid.seq + 1}); the game is at move "
            f"{d.seq + 1} now. Use the newest message's buttons or the slash commands."
        )
    return None


def create_bot(
    settings: Settings,
    *,
    service: TableService | None = None,
    renderer: Renderer | None = None,
    open_service: bool = True,
) -> VeneziaBot:
    """Build the bot without touching the network: the command tree with every command, the
    dynamic buttons, and (unless ``open_service`` is false) the table service on
    ``settings.db_path`` (created if missing)."""
    if service is None and open_service:
        settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        service = TableService.open(
            settings.db_path,
            renderer if renderer is not None else make_renderer(settings.renderer),
            workers=settings.workers,
            render_processes=settings.render_processes,
            hand_images=settings.hand_images,
            synchronous=settings.db_synchronous,
        )
    return VeneziaBot(settings, service)


# --------------------------------------------------------------------------------------------
# venezia bot
# --------------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="venezia bot",
        description="Run the Discord bot. Settings come from the environment or a .env file "
        "(see docs/discord.md); the options below override them.",
    )
    parser.add_argument("--env-file", help="read settings from this file instead of ./.env")
    parser.add_argument("--db", help="the SQLite file (VENEZIA_DB)")
    parser.add_argument("--log-level", help="DEBUG, INFO, WARNING or ERROR (VENEZIA_LOG_LEVEL)")
    parser.add_argument(
        "--renderer", choices=("auto", "real", "placeholder"), help="VENEZIA_RENDERER"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build the bot and list its commands without connecting, then exit",
    )
    return parser


def load_settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env(env_file=args.env_file)
    changes: dict[str, Any] = {}
    if args.db:
        from pathlib import Path

        changes["db_path"] = Path(args.db).expanduser()
    if args.log_level:
        level = args.log_level.upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"--log-level: '{args.log_level}' is not a log level")
        changes["log_level"] = level
    if args.renderer:
        changes["renderer"] = args.renderer
    return dataclasses.replace(settings, **changes) if changes else settings


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        settings = load_settings(args)
    except SettingsError as exc:
        print(f"venezia bot: {exc}", file=sys.stderr)
        return 2
    level = getattr(logging, settings.log_level, logging.INFO)
    if logging.getLogger().handlers:  # configured already (e.g. by a test runner)
        logging.getLogger().setLevel(level)
    else:
        discord.utils.setup_logging(level=level)
    if not args.check and not settings.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    try:
        bot = create_bot(settings)
    except RendererUnavailable as exc:
        print(f"venezia bot: {exc}", file=sys.stderr)
        return 1
    log.info("settings: %s", settings.describe())
    if args.check:
        names = sorted(c.name for c in bot.tree.get_commands())
        print(f"ok: {len(names)} commands: " + ", ".join(f"/{n}" for n in names))
        print(f"database: {settings.db_path}")
        bot.service.close()
        return 0
    assert settings.token is not None
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "venezia bot: Discord refused the token. Copy it again from the Developer Portal "
            "(Bot → Reset Token) into DISCORD_TOKEN.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
