"""The table's settings: ``/settings`` (its turn timer and its language) and the lobby
message's timer menu (the same action)."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.actions import TableActions
from bot.discord.kinds import Interaction
from bot.discord.layout import escape
from bot.discord.perms import can_manage
from bot.discord.replies import Replies, channel_of
from bot.table.service import TableService
from engine.i18n import NATIVE_NAMES, say

__all__ = ["SettingsCog"]


class SettingsCog(commands.Cog, name="settings"):
    """Showing and changing the table's turn timer and language."""

    def __init__(self, service: TableService, replies: Replies, actions: TableActions) -> None:
        self.service = service
        self.replies = replies
        self.actions = actions

    @app_commands.command(
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
        self,
        interaction: Interaction,
        settings: app_commands.Range[str, 1, 200] | None = None,
        language: str | None = None,
    ) -> None:
        """The table's language (``language <code>``, said to the service as a setting)
        and/or its turn timer; with neither, the settings are shown."""
        async with self.replies.guarded(interaction, "/settings"):
            if language:
                await self.change(interaction, f"language {language}")
                if not (settings or "").strip():
                    return
            await self.change(interaction, settings)

    async def change(self, interaction: Interaction, text: str | None, via: str = "slash") -> None:
        """Show (no text) or set the table's turn timer: a preset or ``timer 10m ...``."""
        channel, user = channel_of(interaction), str(interaction.user.id)
        manager = can_manage(interaction)
        if not (text or "").strip():
            outcome = await self.service.settings.change(channel, user, "")
            shown = say(outcome.public[0].text) if outcome.public else (outcome.error or "")
            await self.replies.answer(interaction, escape(shown))
            return
        await self.actions.act(
            interaction,
            "settings",
            lambda: self.service.settings.change(channel, user, text or "", can_manage=manager),
            via=via,
        )
