"""The slash commands' handlers and autocomplete: each one call into the table service,
answered through :class:`bot.discord.client.TableClient`'s plumbing."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Sequence

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.client import TableClient, sync_commands
from bot.discord.commands import (
    FALLBACK_COMMAND,
    FALLBACK_VERB,
    AutocompleteCallback,
    ShortText,
    game_move_help,
    help_text,
    move_command,
    move_commands,
    plain_choices,
    tree_text,
    verb_choices,
    verb_refusal,
    verb_text,
)
from bot.discord.history import add_history_commands
from bot.discord.kinds import Interaction, Work
from bot.discord.layout import CONTENT_MAX, clip_start, escape
from bot.discord.messages import reply_spec
from bot.discord.specs import controls_for
from bot.discord.speech import speaking_to_table
from bot.discord.start import start_command
from bot.discord.stats import add_stats_commands
from bot.discord.translator import described, localized_name
from bot.table.ai_seat import ai_levels
from bot.table.outputs import Reply
from bot.table.vote import VOTE_CHOICES
from engine.core import Option
from engine.i18n import NATIVE_NAMES, current_language, say, sentence, speaking
from engine.i18n.shared import _, _n
from engine.registry import first_registered, registration

__all__ = ["AUTOCOMPLETE_TIMEOUT", "TableCommands", "register_commands"]

log = logging.getLogger("bot.discord")

#: Autocomplete cannot be deferred: give up (no suggestions) rather than miss Discord's window.
AUTOCOMPLETE_TIMEOUT = 2.0


class TableCommands(TableClient):
    """The slash commands (lobby, moves, reads, ``/sync``) and their autocomplete."""

    async def cmd_join(
        self, interaction: Interaction, game: str | None, via: str = "slash"
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

    async def cmd_leave(self, interaction: Interaction, via: str = "slash") -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(interaction, "leave", lambda: self.service.leave(channel, user), via=via)

    async def cmd_start(
        self,
        interaction: Interaction,
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

    async def cmd_abort(self, interaction: Interaction) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        perms = getattr(interaction, "permissions", None)
        can_manage = bool(getattr(perms, "manage_channels", False))
        await self.act(
            interaction, "abort", lambda: self.service.abort(channel, user, can_manage=can_manage)
        )

    async def cmd_addbot(
        self, interaction: Interaction, level: str | None, via: str = "slash"
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
        self, interaction: Interaction, settings: str | None, via: str = "slash"
    ) -> None:
        """Show (no settings) or set the lobby's game options: ``name=value`` pairs."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        pairs = dict(p.partition("=")[::2] for p in (settings or "").split())
        if not pairs:
            # Only a question: answered to the asker; the lobby's seat list stays as it is.
            outcome = await self.service.set_options(channel, user, {})
            text = say(outcome.public[-1].text) if outcome.public else (outcome.error or "")
            await self.answer(interaction, escape(sentence(text)))
            return
        await self.act(
            interaction, "options", lambda: self.service.set_options(channel, user, pairs), via=via
        )

    async def cmd_set_option(
        self, interaction: Interaction, name: str, value: str, via: str = "button"
    ) -> None:
        """One lobby option set from the lobby message's menu (as ``/options name=value``)."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(
            interaction,
            "options",
            lambda: self.service.set_options(channel, user, {name: value}),
            via=via,
        )

    async def cmd_choose_game(
        self, interaction: Interaction, game: str, via: str = "button"
    ) -> None:
        """Switch the lobby to another game (the lobby message's game menu)."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(
            interaction,
            "game",
            lambda: self.service.choose_game(channel, user, game),
            via=via,
        )

    async def cmd_removebot(
        self, interaction: Interaction, seat: int | None, via: str = "slash"
    ) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(
            interaction,
            "removebot",
            lambda: self.service.remove_ai(channel, user, seat),
            via=via,
        )

    async def cmd_replace(self, interaction: Interaction, target: int, level: str | None) -> None:
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        perms = getattr(interaction, "permissions", None)
        can_manage = bool(getattr(perms, "manage_channels", False))
        await self.act(
            interaction,
            "replace",
            lambda: self.service.seats.replace_with_ai(
                channel, user, str(target), level or None, can_manage=can_manage
            ),
        )

    async def cmd_settings(
        self, interaction: Interaction, text: str | None, via: str = "slash"
    ) -> None:
        """Show (no text) or set the table's turn timer: a preset or ``timer 10m ...``."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        can_manage = _can_manage(interaction)
        if not (text or "").strip():
            outcome = await self.service.settings.change(channel, user, "")
            shown = say(outcome.public[0].text) if outcome.public else (outcome.error or "")
            await self.answer(interaction, escape(shown))
            return
        await self.act(
            interaction,
            "settings",
            lambda: self.service.settings.change(channel, user, text or "", can_manage=can_manage),
            via=via,
        )

    async def cmd_settings_language(
        self, interaction: Interaction, text: str | None, language: str | None
    ) -> None:
        """``/settings``: the table's language (``language <code>``, said to the service as
        a setting) and/or its turn timer; with neither, the settings are shown."""
        if language:
            await self.cmd_settings(interaction, f"language {language}")
            if not (text or "").strip():
                return
        await self.cmd_settings(interaction, text)

    async def cmd_resume(self, interaction: Interaction, via: str = "slash") -> None:
        """Take one's seat back from the AI that played it since a timeout."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.act(
            interaction, "resume", lambda: self.service.seats.resume(channel, user), via=via
        )

    async def cmd_vote(self, interaction: Interaction, choice: str) -> None:
        """One of the other players votes on a game paused at a timeout (``ai``, ``wait``,
        ``end``): the vote's message shows the tally; a majority's decision is played out
        on the table. Anyone else is refused privately and nothing changes."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        await self.defer(interaction)
        dest = self.channel_for(interaction)
        async with self._lock(channel):
            outcome = await self.service.vote.cast(channel, user, choice)
            if outcome.accepted and outcome.public:
                await self.table.publish(dest, channel, outcome)
        await self.release(dest, channel, outcome)
        if not outcome.accepted:
            await self.refuse(interaction, "vote", outcome)
            return
        tally = await self.service.vote.status(channel)
        if tally is not None:
            await self.show_vote(dest, channel, tally, done=False)
        else:
            with speaking_to_table(self.service, channel):  # the vote's message is public
                decided = (
                    say(outcome.public[0].text).splitlines()[0] if outcome.public else _("decided")
                )
            await self.show_vote(dest, channel, decided, done=True)
        label = VOTE_CHOICES.get(choice.strip().casefold())
        said = _(label) if label is not None else choice
        await self.answer(interaction, _("✅ Your vote: {choice}.", choice=escape(said)))
        if outcome.public:
            await self.mail.deliver(dest, channel, outcome)
            await self.play_ais(dest, channel)

    async def cmd_kick(self, interaction: Interaction, seat: int, level: str | None) -> None:
        """The host or a channel manager hands a seat (number) to an AI."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        can_manage = _can_manage(interaction)
        await self.act(
            interaction,
            "kick",
            lambda: self.service.seats.kick(
                channel, user, seat, level or None, can_manage=can_manage
            ),
        )

    async def cmd_replace_with(
        self, interaction: Interaction, target: int, person: discord.abc.User
    ) -> None:
        """The host or a channel manager gives a player's seat to a waiting person."""
        channel, user = self._channel_id(interaction), str(interaction.user.id)
        can_manage = _can_manage(interaction)
        await self.act(
            interaction,
            "replace",
            lambda: self.service.seats.replace_of(
                channel, user, str(target), str(person.id), person.display_name, can_manage
            ),
        )

    async def cmd_hand(self, interaction: Interaction) -> None:
        await self.defer(interaction)
        reply = _escaped(
            await self.service.hand(self._channel_id(interaction), str(interaction.user.id))
        )
        await self.answer(
            interaction,
            reply_spec(
                reply, title=_("{game} — your hand", game=await self.game_title(interaction))
            ),
        )

    async def cmd_board(self, interaction: Interaction, public: bool) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.board(self._channel_id(interaction)))
        await self.answer(
            interaction,
            reply_spec(
                reply,
                title=_("{game} — the board", game=await self.game_title(interaction)),
                ephemeral=not public,
            ),
        )

    async def cmd_status(self, interaction: Interaction, public: bool) -> None:
        await self.defer(interaction, ephemeral=not public)
        reply = _escaped(await self.service.status(self._channel_id(interaction)))
        await self.answer(
            interaction,
            reply_spec(reply, title=await self.game_title(interaction), ephemeral=not public),
        )

    async def cmd_log(self, interaction: Interaction, count: int, public: bool) -> None:
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

    async def cmd_rules(self, interaction: Interaction, topic: str | None) -> None:
        reply = await self.service.rules(topic, channel_id=str(interaction.channel_id))
        await self.answer(
            interaction,
            reply_spec(reply, title=_("{game} rules", game=await self.game_title(interaction))),
        )

    async def cmd_help(self, interaction: Interaction) -> None:
        game = await self.channel_game(interaction)
        own = game_move_help(game)
        other_games = {spec.verb for spec in move_commands()} - set(own)
        lang = current_language()
        commands = [
            (
                localized_name("command", c.name, lang) or c.qualified_name,
                described(own.get(c.name) or c.description, lang),
            )
            for c in self.tree.get_commands()
            if isinstance(c, app_commands.Command) and c.name not in {"sync", *other_games}
        ]
        title = registration(game).title
        await self.answer(interaction, help_text(commands, title))

    async def cmd_sync(self, interaction: Interaction, scope: str) -> None:
        user = interaction.user
        owner = user.id in self.settings.owner_ids
        if not owner:
            owner = await self.is_app_owner(user.id)
        if not owner:
            await self.answer(interaction, _("Only the bot's owner can sync the commands."))
            return
        await self.defer(interaction)
        guild = interaction.guild_id
        if scope == "global":
            synced = await sync_commands(self)
            text = _n(
                "Synced {n} command globally (Discord may take a while).",
                "Synced {n} commands globally (Discord may take a while).",
                len(synced),
            )
        elif scope == "clear":
            synced = await sync_commands(self, guild_id=guild, clear=True)
            text = _("Removed this server's copies of the commands (the global ones remain).")
        else:
            synced = await sync_commands(self, guild_id=guild)
            text = _n(
                "Synced {n} command to this server (available at once).",
                "Synced {n} commands to this server (available at once).",
                len(synced),
            )
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

    async def options(self, interaction: Interaction) -> list[Option]:
        """The user's legal options now (empty if that takes too long)."""
        try:
            return await asyncio.wait_for(
                self.service.choices_for(
                    self._channel_id(interaction), str(interaction.user.id), "", None
                ),
                AUTOCOMPLETE_TIMEOUT,
            )
        except TimeoutError:
            log.info("autocomplete timed out in channel %s", interaction.channel_id)
            return []

    async def channel_game(self, interaction: Interaction) -> str:
        """The channel's game: its table's, else (no table: nobody has chosen) the game a
        fresh lobby offers, :func:`engine.registry.first_registered`."""
        game = await self.service.game_of(self._channel_id(interaction))
        return game if game is not None else first_registered()

    async def game_title(self, interaction: Interaction) -> str:
        """The title of the channel's game (:meth:`channel_game`)."""
        return registration(await self.channel_game(interaction)).title

    async def rule_topics(self, interaction: Interaction) -> list[str]:
        """The rules topics of the channel's game (for ``/rules`` autocomplete)."""
        texts = registration(await self.channel_game(interaction)).parts().texts
        return [*texts.rule_topics, "commands"]

    async def move_verb(self, interaction: Interaction, verb: str, text: str) -> None:
        """A move's slash command: refused with the game's verbs if the channel's game has no
        such verb (the command tree holds every registered game's verbs)."""
        game = await self.service.game_of(self._channel_id(interaction))
        refusal = verb_refusal(game, verb) if game is not None else None
        if refusal is not None:
            await self.answer(interaction, refusal)
            return
        await self.move(interaction, text)

    async def autocomplete_any(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Every legal command of the user, as whole commands (the generic ``/move``)."""
        options = await self.options(interaction)
        commands = [o.command[:100] for o in options]
        choices = plain_choices([(c, c) for c in commands], current)
        return [app_commands.Choice(name=n, value=v) for n, v in choices]

    async def autocomplete_verb(
        self, interaction: Interaction, verbs: Sequence[str], current: str
    ) -> list[app_commands.Choice[str]]:
        options = await self.options(interaction)
        game = await self.channel_game(interaction)
        with speaking(self.reader(interaction)):  # the choices' names only he reads
            choices = verb_choices(options, verbs, current, controls=controls_for(game))
        return [app_commands.Choice(name=n, value=v) for n, v in choices]

    # -- components ---------------------------------------------------------------------------


def _escaped(reply: Reply) -> Reply:
    """A read's answer with player names made inert (no markdown, no mentions)."""
    if not reply.ok:
        return dataclasses.replace(reply, text=escape(reply.text), error=escape(reply.error or ""))
    return dataclasses.replace(reply, text=escape(reply.text))


def _can_manage(interaction: Interaction) -> bool:
    """Whether the user may manage the channel (start, add AIs and abort without a seat)."""
    perms = getattr(interaction, "permissions", None)
    return bool(getattr(perms, "manage_channels", False))


def register_commands(bot: TableCommands) -> None:
    """Every slash command on ``bot.tree`` (guild-only), each a thin call into the bot."""
    tree = bot.tree
    # Translators: /join's game option; game: the game a new table starts with
    join_game_help = _(
        "The game to play (a new table: {game})", game=registration(first_registered()).title
    )

    def ac_verbs(*verbs: str) -> AutocompleteCallback:
        async def autocomplete(
            interaction: Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return await bot.autocomplete_verb(interaction, verbs, current)

        return autocomplete

    async def ac_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        from engine.games import table_games

        items = [(g.title, name) for name, g in table_games().items()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    async def ac_level(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        items = [(lv, lv) for lv in ai_levels()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    async def ac_topic(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        items = [(t, t) for t in await bot.rule_topics(interaction)]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    def run(
        interaction: Interaction, what: str, work: Work, public: bool = False
    ) -> Awaitable[None]:
        return bot.guard(interaction, what, work, public=public)

    # -- lobby --------------------------------------------------------------------------------

    @tree.command(
        name="join", description=locale_str("Sit down at this channel's table (opens one)")
    )
    @app_commands.describe(game=tree_text(join_game_help))
    @app_commands.autocomplete(game=ac_game)
    @app_commands.guild_only()
    async def join(interaction: Interaction, game: ShortText | None = None) -> None:
        await run(interaction, "/join", bot.cmd_join(interaction, game))

    @tree.command(
        name="leave", description=locale_str("Leave the table (in a game an AI takes your seat)")
    )
    @app_commands.guild_only()
    async def leave(interaction: Interaction) -> None:
        await run(interaction, "/leave", bot.cmd_leave(interaction))

    # /start game:… plus every game option (variant:…), from the registrations
    def game_of(channel: str) -> Awaitable[str | None]:  # the service as it is when asked
        return bot.service.game_of(channel)

    tree.add_command(start_command(game_of, bot.cmd_start, run, ac_game))

    @tree.command(
        name="abort",
        description=locale_str("Abort the game or close the table (host or Manage Channels)"),
    )
    @app_commands.guild_only()
    async def abort(interaction: Interaction) -> None:
        await run(interaction, "/abort", bot.cmd_abort(interaction))

    @tree.command(name="addbot", description=locale_str("Add an AI player to the table"))
    @app_commands.describe(
        level=locale_str("How the AI plays: random, greedy, strong or expert (default: random)")
    )
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def addbot(interaction: Interaction, level: ShortText | None = None) -> None:
        await run(interaction, "/addbot", bot.cmd_addbot(interaction, level))

    @tree.command(
        name="options", description=locale_str("Show or set the game options of the table")
    )
    @app_commands.describe(
        settings=locale_str("name=value pairs, e.g. first_divider=2 (empty: list them)")
    )
    @app_commands.guild_only()
    async def options(
        interaction: Interaction,
        settings: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await run(interaction, "/options", bot.cmd_options(interaction, settings))

    @tree.command(name="removebot", description=locale_str("Remove an AI player from the table"))
    @app_commands.describe(seat=locale_str("The AI's seat number (default: the last AI)"))
    @app_commands.guild_only()
    async def removebot(
        interaction: Interaction, seat: app_commands.Range[int, 1, 10] | None = None
    ) -> None:
        await run(interaction, "/removebot", bot.cmd_removebot(interaction, seat))

    @tree.command(
        name="replace",
        description=locale_str("Hand a player's seat to an AI (host, Manage Channels or himself)"),
    )
    @app_commands.describe(
        player=locale_str("The player whose seat is handed over"),
        level=locale_str("The AI's level"),
        person=locale_str("A waiting person who takes the seat instead of an AI"),
    )
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def replace(
        interaction: Interaction,
        player: discord.User,
        level: ShortText | None = None,
        person: discord.User | None = None,
    ) -> None:
        if person is not None:
            work = bot.cmd_replace_with(interaction, player.id, person)
        else:
            work = bot.cmd_replace(interaction, player.id, level)
        await run(interaction, "/replace", work)

    @tree.command(
        name="settings",
        description=locale_str("Show or set the turn timer: live, evening, correspondence, off, …"),
    )
    @app_commands.describe(
        settings=locale_str(
            "A preset (live, evening, correspondence, off) or e.g. 'timer 10m timeout pause'"
        ),
        language=locale_str("The language of the table's messages"),
    )
    @app_commands.choices(
        # each language by its own name, the same for every reader
        language=[
            app_commands.Choice(name=locale_str(name, same=True), value=code)
            for code, name in NATIVE_NAMES.items()
        ]
    )
    @app_commands.guild_only()
    async def settings(
        interaction: Interaction,
        settings: app_commands.Range[str, 1, 200] | None = None,
        language: str | None = None,
    ) -> None:
        await run(
            interaction, "/settings", bot.cmd_settings_language(interaction, settings, language)
        )

    @tree.command(
        name="resume", description=locale_str("Take your seat back from the AI after a timeout")
    )
    @app_commands.guild_only()
    async def resume(interaction: Interaction) -> None:
        await run(interaction, "/resume", bot.cmd_resume(interaction))

    @tree.command(name="pausevote", description=locale_str("Vote on a game paused at a timeout"))
    @app_commands.describe(
        choice=locale_str("Let an AI play the seat, keep waiting, or end the game")
    )
    @app_commands.choices(
        choice=[
            app_commands.Choice(name=locale_str(label), value=key)
            for key, label in VOTE_CHOICES.items()
        ]
    )
    @app_commands.guild_only()
    async def pausevote(interaction: Interaction, choice: str) -> None:
        await run(interaction, "/pausevote", bot.cmd_vote(interaction, choice))

    @tree.command(
        name="kick", description=locale_str("Hand a seat to an AI (host or Manage Channels)")
    )
    @app_commands.describe(
        seat=locale_str("The seat number (see /status)"), level=locale_str("The AI's level")
    )
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def kick(
        interaction: Interaction,
        seat: app_commands.Range[int, 1, 10],
        level: ShortText | None = None,
    ) -> None:
        await run(interaction, "/kick", bot.cmd_kick(interaction, seat, level))

    # -- moves --------------------------------------------------------------------------------

    def move(interaction: Interaction, verb: str, arg: str | None) -> Awaitable[None]:
        text = verb_text(verb, arg)
        return run(interaction, f"/{verb}", bot.move_verb(interaction, verb, text))

    specs = move_commands()
    for spec in specs:
        tree.add_command(move_command(spec, move, ac_verbs(spec.verb)))
    if FALLBACK_VERB not in {spec.verb for spec in specs}:

        async def ac_any(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await bot.autocomplete_any(interaction, current)

        tree.add_command(move_command(FALLBACK_COMMAND, move, ac_any))

    # -- reads --------------------------------------------------------------------------------

    @tree.command(name="hand", description=locale_str("Your hand (only you see the answer)"))
    @app_commands.guild_only()
    async def hand(interaction: Interaction) -> None:
        await run(interaction, "/hand", bot.cmd_hand(interaction))

    @tree.command(name="board", description=locale_str("The board of this channel's game"))
    @app_commands.describe(
        public=locale_str("Post it for everyone (with the buttons to go on playing)")
    )
    @app_commands.guild_only()
    async def board(interaction: Interaction, public: bool = False) -> None:
        await run(interaction, "/board", bot.cmd_board(interaction, public), public)

    @tree.command(name="status", description=locale_str("Who is where, and who must decide what"))
    @app_commands.describe(public=locale_str("Post it for everyone"))
    @app_commands.guild_only()
    async def status(interaction: Interaction, public: bool = False) -> None:
        await run(interaction, "/status", bot.cmd_status(interaction, public), public)

    @tree.command(name="log", description=locale_str("The last moves in words"))
    @app_commands.describe(
        count=locale_str("How many moves (default 10)"), public=locale_str("Post it for everyone")
    )
    @app_commands.guild_only()
    async def log_(
        interaction: Interaction,
        count: app_commands.Range[int, 1, 50] = 10,
        public: bool = False,
    ) -> None:
        await run(interaction, "/log", bot.cmd_log(interaction, count, public), public)

    @tree.command(name="rules", description=locale_str("Short rules help by topic"))
    @app_commands.describe(
        topic=locale_str("A topic of the game's rules ('commands': the moves; empty: the list)")
    )
    @app_commands.autocomplete(topic=ac_topic)
    @app_commands.guild_only()
    async def rules(interaction: Interaction, topic: ShortText | None = None) -> None:
        await run(interaction, "/rules", bot.cmd_rules(interaction, topic))

    @tree.command(name="help", description=locale_str("The commands of this channel's table"))
    @app_commands.guild_only()
    async def help_(interaction: Interaction) -> None:
        await run(interaction, "/help", bot.cmd_help(interaction))

    add_history_commands(bot)  # /history, /game, /replay (bot/discord/history.py)
    add_stats_commands(bot)  # /stats, /leaderboard (bot/discord/stats.py)

    @tree.command(
        name="sync", description=locale_str("Bot owner: register the slash commands with Discord")
    )
    @app_commands.describe(
        scope=locale_str(
            "guild: this server, at once; global: everywhere; clear: remove this server's copies"
        )
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(name=locale_str("this server (instant)"), value="guild"),
            app_commands.Choice(name=locale_str("global (slow to appear)"), value="global"),
            app_commands.Choice(name=locale_str("clear this server's copies"), value="clear"),
        ]
    )
    @app_commands.default_permissions(administrator=True)
    @app_commands.guild_only()
    async def sync(interaction: Interaction, scope: str = "guild") -> None:
        await run(interaction, "/sync", bot.cmd_sync(interaction, scope))
