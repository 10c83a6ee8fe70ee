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
import inspect
import logging
import secrets
import sys
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord_dm import HandMail
from bot.discord_layout import CONTENT_MAX, clip_end, clip_start, escape
from bot.discord_perms import missing_permissions, permissions_refusal
from bot.discord_table import TableMessages
from bot.discord_views import (
    DYNAMIC_ITEMS,
    ComponentId,
    MessageSpec,
    arg_of,
    district_choice_spec,
    district_names,
    filter_options,
    private_choice_spec,
    reply_spec,
    send_kwargs,
    verb_of,
)
from bot.outputs import Code, DecisionInfo, Outcome, Reply
from bot.service import (
    RULE_TOPICS,
    PlaceholderRenderer,
    Renderer,
    RendererUnavailable,
    TableService,
    ai_levels,
    default_renderer,
)
from bot.settings import TOKEN_HELP, Settings, SettingsError

__all__ = [
    "COMMAND_NAMES",
    "VeneziaBot",
    "create_bot",
    "help_text",
    "main",
    "make_renderer",
    "verb_choices",
]

log = logging.getLogger("bot.discord")

GAME_TITLE = "Venezia"
#: Autocomplete cannot be deferred: give up (no suggestions) rather than miss Discord's window.
AUTOCOMPLETE_TIMEOUT = 2.0
MAX_CHOICES = 25
#: Refusal code of a click on an earlier decision's component (the service's ``Code.STALE``).
STALE = Code.STALE
#: Longest text a move's slash command option accepts (Discord enforces it client-side).
MOVE_TEXT_MAX = 100
#: A short text option (a game, an AI level, a rules topic).
ShortText = app_commands.Range[str, 1, 40]

COMMAND_NAMES = (
    "join",
    "leave",
    "start",
    "abort",
    "addbot",
    "removebot",
    "replace",
    "play",
    "place",
    "drain",
    "draw",
    "swap",
    "exchange",
    "discard",
    "build",
    "score",
    "flip",
    "done",
    "hand",
    "board",
    "status",
    "log",
    "rules",
    "help",
    "sync",
)


# --------------------------------------------------------------------------------------------
# Pure helpers (autocomplete, help)
# --------------------------------------------------------------------------------------------


def _choice_name(option: str) -> str:
    verb, arg = verb_of(option), arg_of(option)
    if verb == "play":
        return arg or "no cards"
    if verb == "exchange":
        values = [int(v) for v in arg.split() if v.isdigit()]
        steps = sum(values) // 5
        return f"{arg} → {steps} step{'s' if steps != 1 else ''} ({sum(values)} gold)"
    if verb == "score":
        name = district_names().get(arg.upper())
        return f"{arg} — {name}" if name else arg
    if verb == "draw":
        return "the deck" if arg == "deck" else f"{arg} (from the pool)"
    return arg or option


def _choice_value(option: str) -> str:
    verb, arg = verb_of(option), arg_of(option)
    if verb == "play" and not arg:
        return "nothing"
    return arg


def _strip_verb(text: str, verbs: Sequence[str]) -> str:
    words = text.strip().lstrip("/!").split()
    if words and words[0].casefold() in verbs:
        words = words[1:]
    return " ".join(words)


def verb_choices(
    options: Sequence[str], verbs: Sequence[str], current: str, limit: int = MAX_CHOICES
) -> list[tuple[str, str]]:
    """Autocomplete choices ``(name, value)`` for a command's argument: the user's legal
    options of those verbs, filtered by what he typed (arguments starting with it first, then
    those containing every typed word as a word start, then any containing it)."""
    typed = _strip_verb(current, verbs).casefold()
    words = typed.split()
    ranked: list[tuple[int, int, str, str]] = []
    for n, option in enumerate(options):
        if verb_of(option) not in verbs:
            continue
        name, value = _choice_name(option), _choice_value(option)
        hay = f"{value} {name}".casefold()
        tokens = hay.replace("—", " ").replace("(", " ").split()
        if not typed or value.casefold().startswith(typed):
            rank = 0
        elif all(any(t.startswith(w) for t in tokens) for w in words):
            rank = 1
        elif typed in hay:
            rank = 2
        else:
            continue
        ranked.append((rank, n, name[:100], value[:100]))
    ranked.sort()
    return [(name, value) for _, _, name, value in ranked[:limit]]


def plain_choices(
    items: Sequence[tuple[str, str]], current: str, limit: int = MAX_CHOICES
) -> list[tuple[str, str]]:
    typed = current.strip().casefold()
    starts = [
        c for c in items if c[1].casefold().startswith(typed) or c[0].casefold().startswith(typed)
    ]
    inside = [c for c in items if c not in starts and typed in f"{c[0]} {c[1]}".casefold()]
    return (starts + inside)[:limit]


def help_text(commands: Sequence[tuple[str, str]]) -> str:
    lines = [
        f"**{GAME_TITLE} at this channel's table** — every command is also a button on the "
        "newest table message; 'My hand' and /hand answer only you.",
    ]
    lines += [f"`/{name}` — {desc}" for name, desc in commands]
    lines.append("`/rules commands` lists the move grammar; `/rules` lists the rules topics.")
    return "\n".join(lines)


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
            await self.client.answer(interaction, "Venezia is played in server channels.")
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
            self._table_messages = TableMessages(self.service, GAME_TITLE)
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
            await self.resume_tables()

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
        if not outcome.accepted:
            await self.refuse(interaction, what, outcome, via=via)
        elif via == "slash":
            first = outcome.public[0].text.splitlines()[0] if outcome.public else what
            await self.answer(interaction, "✅ " + clip_end(escape(first), 300))
        elif via == "private":
            await self.answer_via(interaction, via, f"✅ {clip_end(escape(what), 300)}")
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
        self, interaction: discord.Interaction[Any], game: str | None, via: str = "slash"
    ) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        can_manage = _can_manage(interaction)
        await self.act(
            interaction,
            "start",
            lambda: self.service.start(channel, user, game=game or None, can_manage=can_manage),
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
        await self.answer(interaction, reply_spec(reply, title=f"{GAME_TITLE} — your hand"))

    async def cmd_board(self, interaction: discord.Interaction[Any], public: bool) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.board(self._channel_id(interaction)))
        await self.answer(
            interaction,
            reply_spec(
                reply,
                title=f"{GAME_TITLE} — the board",
                ephemeral=not public,
            ),
        )

    async def cmd_status(self, interaction: discord.Interaction[Any], public: bool) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.status(self._channel_id(interaction)))
        await self.answer(
            interaction,
            reply_spec(reply, title=GAME_TITLE, ephemeral=not public),
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
        await self.answer(interaction, reply_spec(reply, title=GAME_TITLE, ephemeral=not public))

    async def cmd_rules(self, interaction: discord.Interaction[Any], topic: str | None) -> None:
        reply = await self.service.rules(topic)
        await self.answer(interaction, reply_spec(reply, title=f"{GAME_TITLE} rules"))

    async def cmd_help(self, interaction: discord.Interaction[Any]) -> None:
        commands = [
            (c.qualified_name, c.description)
            for c in self.tree.get_commands()
            if isinstance(c, app_commands.Command) and c.name != "sync"
        ]
        await self.answer(interaction, help_text(commands))

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

    async def autocomplete_verb(
        self, interaction: discord.Interaction[Any], verbs: Sequence[str], current: str
    ) -> list[app_commands.Choice[str]]:
        choices = verb_choices(await self.options(interaction), verbs, current)
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
        if action in ("do", "pick"):
            # Acknowledge the click on the message itself: no "thinking…" note.
            await interaction.response.defer()
        else:
            await self.defer(interaction)
        d = await self.service.decision(channel)
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
        if action == "grp":
            if d.user_id != user:
                await self.answer(interaction, not_yours(d))
                return
            group = values[0] if values else ""
            if d.options is not None:
                spec = district_choice_spec(channel, d.game_id, d.seq, d.options, group, "d")
            else:
                mine = await self.service.options_for(channel, user, "", None)
                spec = district_choice_spec(channel, d.game_id, d.seq, mine, group, "u")
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
        options = filter_options(everything, cid.arg)
        if not options:
            reason = await self.service.options_reason(channel, user)
            if reason == Code.NOT_SEATED:
                text = "You are not playing in this game."
            elif reason == Code.NOT_YOUR_DECISION or d.user_id != user:
                text = not_yours(d)
            else:
                text = "Nothing to choose there now."
            await self.answer(interaction, text)
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


# --------------------------------------------------------------------------------------------
# Slash commands
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class MoveCommand:
    """A move's slash command: ``/verb [param]``, the text it sends being ``verb param``."""

    verb: str
    description: str
    param: str | None = None  # the one text parameter, if any
    param_description: str = ""
    required: bool = True


MOVE_COMMANDS: tuple[MoveCommand, ...] = (
    MoveCommand(
        "play",
        "Play cards from your hand (or none)",
        "cards",
        "The cards, e.g. '2 ponte casa'; empty or 'nothing' plays none",
        required=False,
    ),
    MoveCommand(
        "place",
        "Place the building being resolved",
        "hexes",
        "Hex labels as printed on the board, e.g. 'C3 C4'",
    ),
    MoveCommand(
        "drain",
        "Drain a swamp (up to two per turn)",
        "hexes",
        "The swamp hex(es), e.g. 'C3' or 'C3 D5'",
    ),
    MoveCommand(
        "draw",
        "Take the top card of the deck or a card of the pool",
        "source",
        "'deck' or a building type in the pool",
    ),
    MoveCommand(
        "swap",
        "Put a card into the pool, then take three",
        "card",
        "The building type to put into the pool",
    ),
    MoveCommand(
        "exchange",
        "Hand in gold tokens: 5 gold per step",
        "tokens",
        "Token values, e.g. '6 2 2', or '2 steps' for the best choice",
    ),
    MoveCommand(
        "discard",
        "Throw away all your cards of one type in front of you",
        "type",
        "The building type to discard",
    ),
    MoveCommand(
        "build",
        "Choose the completed building to resolve next",
        "building",
        "The building type, e.g. 'palazzo' or 'ponte solo'",
    ),
    MoveCommand(
        "score",
        "Name the district the ponte scores",
        "district",
        "The district letter or name, e.g. 'C' or 'Cannaregio'",
    ),
    MoveCommand("flip", "Two players: flip the top card for Klaus-Jürgen"),
    MoveCommand("done", "Stop draining, skip the flip, or continue"),
)


def _move_command(
    spec: MoveCommand,
    move: Callable[[discord.Interaction[Any], str, str | None], Awaitable[None]],
    autocomplete: AutocompleteCallback,
) -> app_commands.Command[Any, ..., None]:
    """The slash command of one :class:`MoveCommand`. Its callback takes the parameter under
    the command's own name (discord.py reads the parameters from the signature)."""

    async def callback(interaction: discord.Interaction[Any], **values: str | None) -> None:
        await move(interaction, spec.verb, values.get(spec.param) if spec.param else None)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    if spec.param is not None:
        params.append(
            inspect.Parameter(
                spec.param,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=app_commands.Range[str, 1, MOVE_TEXT_MAX],
                default=inspect.Parameter.empty if spec.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = spec.verb
    if spec.param is not None:
        app_commands.describe(**{spec.param: spec.param_description})(callback)
        app_commands.autocomplete(**{spec.param: autocomplete})(callback)
    app_commands.guild_only()(callback)
    return app_commands.Command(name=spec.verb, description=spec.description, callback=callback)


def _verb_text(verb: str, arg: str | None) -> str:
    rest = _strip_verb(arg or "", (verb,))
    return f"{verb} {rest}".strip()


AutocompleteCallback = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]


def register_commands(bot: VeneziaBot) -> None:
    """Every slash command on ``bot.tree`` (guild-only), each a thin call into the bot."""
    tree = bot.tree

    def ac_verbs(*verbs: str) -> AutocompleteCallback:
        async def autocomplete(
            interaction: discord.Interaction[Any], current: str
        ) -> list[app_commands.Choice[str]]:
            return await bot.autocomplete_verb(interaction, verbs, current)

        return autocomplete

    async def ac_game(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        from engine.games import GAMES

        items = [(g.title, name) for name, g in GAMES.items()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    async def ac_level(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        items = [(lv, lv) for lv in ai_levels()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    async def ac_topic(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        items = [(t, t) for t in [*RULE_TOPICS, "commands"]]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    def run(
        interaction: discord.Interaction[Any], what: str, work: Coroutine[Any, Any, Any]
    ) -> Awaitable[None]:
        return bot.guard(interaction, what, work)

    # -- lobby --------------------------------------------------------------------------------

    @tree.command(name="join", description="Sit down at this channel's table (opens one)")
    @app_commands.describe(game="The game to play (default: Venezia)")
    @app_commands.autocomplete(game=ac_game)
    @app_commands.guild_only()
    async def join(interaction: discord.Interaction[Any], game: ShortText | None = None) -> None:
        await run(interaction, "/join", bot.cmd_join(interaction, game))

    @tree.command(name="leave", description="Leave the table (in a game an AI takes your seat)")
    @app_commands.guild_only()
    async def leave(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/leave", bot.cmd_leave(interaction))

    @tree.command(name="start", description="Start the game with everybody seated")
    @app_commands.describe(game="Switch the table to this game before starting")
    @app_commands.autocomplete(game=ac_game)
    @app_commands.guild_only()
    async def start(interaction: discord.Interaction[Any], game: ShortText | None = None) -> None:
        await run(interaction, "/start", bot.cmd_start(interaction, game))

    @tree.command(
        name="abort", description="Abort the game or close the table (host or Manage Channels)"
    )
    @app_commands.guild_only()
    async def abort(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/abort", bot.cmd_abort(interaction))

    @tree.command(name="addbot", description="Add an AI player to the table")
    @app_commands.describe(level="How the AI plays: random, greedy or strong (default: random)")
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def addbot(interaction: discord.Interaction[Any], level: ShortText | None = None) -> None:
        await run(interaction, "/addbot", bot.cmd_addbot(interaction, level))

    @tree.command(name="removebot", description="Remove an AI player from the table")
    @app_commands.describe(seat="The AI's seat number (default: the last AI)")
    @app_commands.guild_only()
    async def removebot(
        interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 10] | None = None
    ) -> None:
        await run(interaction, "/removebot", bot.cmd_removebot(interaction, seat))

    @tree.command(
        name="replace",
        description="Hand a player's seat to an AI (host, Manage Channels or himself)",
    )
    @app_commands.describe(player="The player whose seat the AI takes", level="The AI's level")
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def replace(
        interaction: discord.Interaction[Any], player: discord.User, level: ShortText | None = None
    ) -> None:
        await run(interaction, "/replace", bot.cmd_replace(interaction, player.id, level))

    # -- moves --------------------------------------------------------------------------------

    def move(interaction: discord.Interaction[Any], verb: str, arg: str | None) -> Awaitable[None]:
        text = _verb_text(verb, arg)
        return run(interaction, f"/{verb}", bot.move(interaction, text))

    for spec in MOVE_COMMANDS:
        tree.add_command(_move_command(spec, move, ac_verbs(spec.verb)))

    # -- reads --------------------------------------------------------------------------------

    @tree.command(name="hand", description="Your hand and tokens (only you see the answer)")
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/hand", bot.cmd_hand(interaction))

    @tree.command(name="board", description="The board of this channel's game")
    @app_commands.describe(public="Post it for everyone (with the buttons to go on playing)")
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction[Any], public: bool = False) -> None:
        await run(interaction, "/board", bot.cmd_board(interaction, public))

    @tree.command(name="status", description="Who is where, and who must decide what")
    @app_commands.describe(public="Post it for everyone")
    @app_commands.guild_only()
    async def status(interaction: discord.Interaction[Any], public: bool = False) -> None:
        await run(interaction, "/status", bot.cmd_status(interaction, public))

    @tree.command(name="log", description="The last moves in words")
    @app_commands.describe(count="How many moves (default 10)", public="Post it for everyone")
    @app_commands.guild_only()
    async def log_(
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 50] = 10,
        public: bool = False,
    ) -> None:
        await run(interaction, "/log", bot.cmd_log(interaction, count, public))

    @tree.command(name="rules", description="Short rules help by topic")
    @app_commands.describe(topic="turn, play, architect, build, drain, draw, gold, end, 2p, …")
    @app_commands.autocomplete(topic=ac_topic)
    @app_commands.guild_only()
    async def rules(interaction: discord.Interaction[Any], topic: ShortText | None = None) -> None:
        await run(interaction, "/rules", bot.cmd_rules(interaction, topic))

    @tree.command(name="help", description="The commands of the Venezia table")
    @app_commands.guild_only()
    async def help_(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/help", bot.cmd_help(interaction))

    @tree.command(name="sync", description="Bot owner: register the slash commands with Discord")
    @app_commands.describe(
        scope="guild: this server, at once; global: everywhere; clear: remove this server's copies"
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(name="this server (instant)", value="guild"),
            app_commands.Choice(name="global (slow to appear)", value="global"),
            app_commands.Choice(name="clear this server's copies", value="clear"),
        ]
    )
    @app_commands.default_permissions(administrator=True)
    @app_commands.guild_only()
    async def sync(interaction: discord.Interaction[Any], scope: str = "guild") -> None:
        await run(interaction, "/sync", bot.cmd_sync(interaction, scope))


async def sync_commands(
    bot: VeneziaBot, guild_id: int | None = None, *, clear: bool = False
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
