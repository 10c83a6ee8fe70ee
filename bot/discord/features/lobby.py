"""The lobby: ``/join``, ``/leave``, ``/start``, ``/abort``, ``/addbot``, ``/removebot`` and
``/options``, and what the lobby message's buttons and menus do (the same actions)."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.actions import TableActions
from bot.discord.commands import ShortText, tree_text
from bot.discord.features.common import (
    add_made_command,
    fresh_lobby_title,
    game_choices,
    level_choices,
)
from bot.discord.kinds import Interaction
from bot.discord.layout import escape
from bot.discord.perms import can_manage
from bot.discord.replies import Replies, channel_of
from bot.discord.start import start_command
from bot.table.service import TableService
from engine.i18n import say, sentence
from engine.i18n.shared import _

__all__ = ["LobbyCog"]


class LobbyCog(commands.Cog, name="lobby"):
    """Sitting down, standing up, the AI seats, the game and its options, starting and
    aborting."""

    def __init__(self, service: TableService, replies: Replies, actions: TableActions) -> None:
        self.service = service
        self.replies = replies
        self.actions = actions
        # /join names the game a new table starts with, /start has every game's options: both
        # are made from the registrations when the bot is built (a game registered at run time
        # is in them); the order of /help: join, leave, start, then the class's
        add_made_command(self, self._join_command(), at=0)
        start = start_command(
            lambda channel: self.service.play.game_of(channel),  # the service's when asked
            self.start_game,
            self.replies.guard,
            game_choices,
        )
        add_made_command(self, start, at=2)

    def _join_command(self) -> app_commands.Command[LobbyCog, ..., None]:
        # Translators: /join's game option; game: the game a new table starts with
        game_help = _("The game to play (a new table: {game})", game=fresh_lobby_title())

        @app_commands.command(
            name="join", description=locale_str("Sit down at this channel's table (opens one)")
        )
        @app_commands.describe(game=tree_text(game_help))
        @app_commands.autocomplete(game=game_choices)
        @app_commands.guild_only()
        async def join(interaction: Interaction, game: ShortText | None = None) -> None:
            async with self.replies.guarded(interaction, "/join"):
                await self.sit_down(interaction, game)

        return join

    # -- the commands -------------------------------------------------------------------------

    @app_commands.command(
        name="leave", description=locale_str("Leave the table (in a game an AI takes your seat)")
    )
    @app_commands.guild_only()
    async def leave(self, interaction: Interaction) -> None:
        async with self.replies.guarded(interaction, "/leave"):
            await self.stand_up(interaction)

    @app_commands.command(
        name="abort",
        description=locale_str("Abort the game or close the table (host or Manage Channels)"),
    )
    @app_commands.guild_only()
    async def abort(self, interaction: Interaction) -> None:
        async with self.replies.guarded(interaction, "/abort"):
            channel, user = channel_of(interaction), str(interaction.user.id)
            manager = can_manage(interaction)
            await self.actions.act(
                interaction,
                "abort",
                lambda: self.service.lobby.abort(channel, user, can_manage=manager),
            )

    @app_commands.command(name="addbot", description=locale_str("Add an AI player to the table"))
    @app_commands.describe(
        level=locale_str("How the AI plays: random, greedy, strong or expert (default: random)")
    )
    @app_commands.autocomplete(level=level_choices)
    @app_commands.guild_only()
    async def addbot(self, interaction: Interaction, level: ShortText | None = None) -> None:
        async with self.replies.guarded(interaction, "/addbot"):
            await self.add_ai(interaction, level)

    @app_commands.command(
        name="options", description=locale_str("Show or set the game options of the table")
    )
    @app_commands.describe(
        settings=locale_str("name=value pairs, e.g. first_divider=2 (empty: list them)")
    )
    @app_commands.guild_only()
    async def options(
        self,
        interaction: Interaction,
        settings: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        """Show (no settings) or set the lobby's game options: ``name=value`` pairs."""
        async with self.replies.guarded(interaction, "/options"):
            channel, user = channel_of(interaction), str(interaction.user.id)
            pairs = dict(p.partition("=")[::2] for p in (settings or "").split())
            if not pairs:
                # Only a question: answered to the asker; the lobby's seat list stays as it is.
                outcome = await self.service.lobby.set_options(channel, user, {})
                text = say(outcome.public[-1].text) if outcome.public else (outcome.error or "")
                await self.replies.answer(interaction, escape(sentence(text)))
                return
            await self.actions.act(
                interaction, "options", lambda: self.service.lobby.set_options(channel, user, pairs)
            )

    @app_commands.command(
        name="removebot", description=locale_str("Remove an AI player from the table")
    )
    @app_commands.describe(seat=locale_str("The AI's seat number (default: the last AI)"))
    @app_commands.guild_only()
    async def removebot(
        self, interaction: Interaction, seat: app_commands.Range[int, 1, 10] | None = None
    ) -> None:
        async with self.replies.guarded(interaction, "/removebot"):
            await self.remove_ai(interaction, seat)

    # -- the actions (the commands' and the lobby message's) ----------------------------------

    async def sit_down(
        self, interaction: Interaction, game: str | None, via: str = "slash"
    ) -> None:
        channel, user = channel_of(interaction), interaction.user
        await self.actions.act(
            interaction,
            "join",
            lambda: self.service.lobby.join(
                channel, str(user.id), user.display_name, game or None, interaction.guild_id
            ),
            via=via,
        )

    async def stand_up(self, interaction: Interaction, via: str = "slash") -> None:
        channel, user = channel_of(interaction), str(interaction.user.id)
        await self.actions.act(
            interaction, "leave", lambda: self.service.lobby.leave(channel, user), via=via
        )

    async def start_game(
        self,
        interaction: Interaction,
        game: str | None,
        via: str = "slash",
        options: dict[str, str] | None = None,
    ) -> None:
        channel, user = channel_of(interaction), str(interaction.user.id)
        manager = can_manage(interaction)
        await self.actions.act(
            interaction,
            "start",
            lambda: self.service.lobby.start(
                channel, user, game=game or None, can_manage=manager, options=options or None
            ),
            via=via,
        )

    async def add_ai(self, interaction: Interaction, level: str | None, via: str = "slash") -> None:
        channel, user = channel_of(interaction), str(interaction.user.id)
        manager = can_manage(interaction)
        await self.actions.act(
            interaction,
            "addbot",
            lambda: self.service.lobby.add_ai(channel, user, level or None, can_manage=manager),
            via=via,
        )

    async def remove_ai(
        self, interaction: Interaction, seat: int | None, via: str = "slash"
    ) -> None:
        channel, user = channel_of(interaction), str(interaction.user.id)
        await self.actions.act(
            interaction,
            "removebot",
            lambda: self.service.lobby.remove_ai(channel, user, seat),
            via=via,
        )

    async def set_option(self, interaction: Interaction, name: str, value: str) -> None:
        """One lobby option set from the lobby message's menu (as ``/options name=value``)."""
        channel, user = channel_of(interaction), str(interaction.user.id)
        await self.actions.act(
            interaction,
            "options",
            lambda: self.service.lobby.set_options(channel, user, {name: value}),
            via="button",
        )

    async def choose_game(self, interaction: Interaction, game: str) -> None:
        """Switch the lobby to another game (the lobby message's game menu)."""
        channel, user = channel_of(interaction), str(interaction.user.id)
        await self.actions.act(
            interaction,
            "game",
            lambda: self.service.lobby.choose_game(channel, user, game),
            via="button",
        )
