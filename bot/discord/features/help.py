"""Help at the table: ``/help`` (the commands of this channel's game) and ``/rules`` (a topic
of its rules, or its move grammar)."""

from __future__ import annotations

from typing import Any

from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.commands import (
    ShortText,
    game_move_help,
    help_text,
    move_commands,
    plain_choices,
)
from bot.discord.features.common import channel_game, game_title
from bot.discord.kinds import Interaction
from bot.discord.messages import reply_spec
from bot.discord.replies import Replies
from bot.discord.translator import described, localized_name
from bot.table.service import TableService
from engine.i18n import current_language
from engine.i18n.shared import _
from engine.registry import registration

__all__ = ["HelpCog"]


class HelpCog(commands.Cog, name="help"):
    """The commands and the rules of the channel's game, privately."""

    def __init__(
        self, service: TableService, replies: Replies, tree: app_commands.CommandTree[Any]
    ) -> None:
        self.service = service
        self.replies = replies
        #: the bot's command tree, which /help lists
        self.tree = tree

    @app_commands.command(name="rules", description=locale_str("Short rules help by topic"))
    @app_commands.describe(
        topic=locale_str("A topic of the game's rules ('commands': the moves; empty: the list)")
    )
    @app_commands.guild_only()
    async def rules(self, interaction: Interaction, topic: ShortText | None = None) -> None:
        async with self.replies.guarded(interaction, "/rules"):
            reply = await self.service.play.rules(topic, channel_id=str(interaction.channel_id))
            title = _("{game} rules", game=await game_title(self.service, interaction))
            await self.replies.answer(interaction, reply_spec(reply, title=title))

    @rules.autocomplete("topic")
    async def topics(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The rules topics of the channel's game."""
        texts = registration(await channel_game(self.service, interaction)).parts().texts
        items = [(t, t) for t in [*texts.rule_topics, "commands"]]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    @app_commands.command(
        name="help", description=locale_str("The commands of this channel's table")
    )
    @app_commands.guild_only()
    async def help(self, interaction: Interaction) -> None:
        async with self.replies.guarded(interaction, "/help"):
            game = await channel_game(self.service, interaction)
            own = game_move_help(game)
            other_games = {spec.verb for spec in move_commands()} - set(own)
            lang = current_language()
            listed = [
                (
                    localized_name("command", c.name, lang) or c.qualified_name,
                    described(own.get(c.name) or c.description, lang),
                )
                for c in self.tree.get_commands()
                if isinstance(c, app_commands.Command) and c.name not in {"sync", *other_games}
            ]
            title = registration(game).title
            await self.replies.answer(interaction, help_text(listed, title))
