"""Seats handed over during a game: ``/replace`` (to an AI or a waiting person), ``/kick`` and
``/resume`` (and the takeover note's "Take my seat back" button, the same action)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.actions import TableActions
from bot.discord.commands import ShortText
from bot.discord.features.common import level_choices
from bot.discord.kinds import Interaction
from bot.discord.perms import can_manage
from bot.discord.replies import Replies, channel_of
from bot.table.service import TableService

__all__ = ["SeatsCog"]


class SeatsCog(commands.Cog, name="seats"):
    """Handing a player's seat to an AI or a person, and taking one's own seat back."""

    def __init__(self, service: TableService, replies: Replies, actions: TableActions) -> None:
        self.service = service
        self.replies = replies
        self.actions = actions

    @app_commands.command(
        name="replace",
        description=locale_str("Hand a player's seat to an AI (host, Manage Channels or himself)"),
    )
    @app_commands.describe(
        player=locale_str("The player whose seat is handed over"),
        level=locale_str("The AI's level"),
        person=locale_str("A waiting person who takes the seat instead of an AI"),
    )
    @app_commands.autocomplete(level=level_choices)
    @app_commands.guild_only()
    async def replace(
        self,
        interaction: Interaction,
        player: discord.User,
        level: ShortText | None = None,
        person: discord.User | None = None,
    ) -> None:
        """The player's seat to a waiting ``person``, else to an AI of ``level``."""
        async with self.replies.guarded(interaction, "/replace"):
            channel, user = channel_of(interaction), str(interaction.user.id)
            manager = can_manage(interaction)
            seats, target = self.service.seats, str(player.id)
            if person is not None:
                who = person
                await self.actions.act(
                    interaction,
                    "replace",
                    lambda: seats.replace(
                        channel, user, str(who.id), who.display_name, manager, player=target
                    ),
                )
                return
            await self.actions.act(
                interaction,
                "replace",
                lambda: seats.replace_with_ai(
                    channel, user, target, level or None, can_manage=manager
                ),
            )

    @app_commands.command(
        name="resume", description=locale_str("Take your seat back from the AI after a timeout")
    )
    @app_commands.guild_only()
    async def resume(self, interaction: Interaction) -> None:
        async with self.replies.guarded(interaction, "/resume"):
            await self.take_back(interaction)

    async def take_back(self, interaction: Interaction, via: str = "slash") -> None:
        """Take one's seat back from the AI that played it since a timeout."""
        channel, user = channel_of(interaction), str(interaction.user.id)
        await self.actions.act(
            interaction, "resume", lambda: self.service.seats.resume(channel, user), via=via
        )

    @app_commands.command(
        name="kick", description=locale_str("Hand a seat to an AI (host or Manage Channels)")
    )
    @app_commands.describe(
        seat=locale_str("The seat number (see /status)"), level=locale_str("The AI's level")
    )
    @app_commands.autocomplete(level=level_choices)
    @app_commands.guild_only()
    async def kick(
        self,
        interaction: Interaction,
        seat: app_commands.Range[int, 1, 10],
        level: ShortText | None = None,
    ) -> None:
        """The host or a channel manager hands a seat (number) to an AI."""
        async with self.replies.guarded(interaction, "/kick"):
            channel, user = channel_of(interaction), str(interaction.user.id)
            manager = can_manage(interaction)
            await self.actions.act(
                interaction,
                "kick",
                lambda: self.service.seats.kick(
                    channel, user, seat, level or None, can_manage=manager
                ),
            )
