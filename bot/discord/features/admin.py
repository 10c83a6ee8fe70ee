"""The bot owner's ``/sync``, and how the commands are registered with Discord (also at
start-up and by ``canalside sync``)."""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.kinds import Interaction
from bot.discord.replies import Replies
from bot.discord.settings import Settings
from engine.i18n.shared import _, _n

__all__ = ["AdminCog", "Commanded", "sync_commands", "sync_tree"]


class Commanded(Protocol):
    """A client with a command tree (the bot)."""

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...


async def sync_commands(
    bot: Commanded, guild_id: int | None = None, *, clear: bool = False
) -> list[app_commands.AppCommand]:
    """Register the bot's commands with Discord (:func:`sync_tree`)."""
    return await sync_tree(bot.tree, guild_id, clear=clear)


async def sync_tree(
    tree: app_commands.CommandTree[Any], guild_id: int | None = None, *, clear: bool = False
) -> list[app_commands.AppCommand]:
    """Register the commands with Discord: globally, or for one guild (a copy of the global
    commands, available at once), or clear a guild's copies. Needs a logged-in client."""
    if guild_id is None:
        return await tree.sync()
    guild = discord.Object(id=guild_id)
    if clear:
        tree.clear_commands(guild=guild)
    else:
        tree.copy_global_to(guild=guild)
    return await tree.sync(guild=guild)


class AdminCog(commands.Cog, name="admin"):
    """What only the bot's owner does."""

    def __init__(
        self,
        client: discord.Client,
        tree: app_commands.CommandTree[Any],
        settings: Settings,
        replies: Replies,
    ) -> None:
        self.client = client
        self.tree = tree
        self.settings = settings
        self.replies = replies

    @app_commands.command(
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
    async def sync(self, interaction: Interaction, scope: str = "guild") -> None:
        async with self.replies.guarded(interaction, "/sync"):
            user = interaction.user
            owner = user.id in self.settings.owner_ids
            if not owner:
                owner = await self.is_app_owner(user.id)
            if not owner:
                await self.replies.answer(
                    interaction, _("Only the bot's owner can sync the commands.")
                )
                return
            await self.replies.defer(interaction)
            guild = interaction.guild_id
            if scope == "global":
                synced = await sync_tree(self.tree)
                text = _n(
                    "Synced {n} command globally (Discord may take a while).",
                    "Synced {n} commands globally (Discord may take a while).",
                    len(synced),
                )
            elif scope == "clear":
                await sync_tree(self.tree, guild_id=guild, clear=True)
                text = _("Removed this server's copies of the commands (the global ones remain).")
            else:
                synced = await sync_tree(self.tree, guild_id=guild)
                text = _n(
                    "Synced {n} command to this server (available at once).",
                    "Synced {n} commands to this server (available at once).",
                    len(synced),
                )
            await self.replies.answer(interaction, text)

    async def is_app_owner(self, user_id: int) -> bool:
        """Whether the user owns the application (or is on its team); False on any error."""
        try:
            app = await self.client.application_info()
        except discord.HTTPException:
            return False
        if app.team is not None:
            return any(m.id == user_id for m in app.team.members)
        return app.owner is not None and app.owner.id == user_id
