"""``/stats [user]``, ``/leaderboard [game]`` and ``/statsettings``: a member's games, wins and
average rank per game in this server, the server's openskill rating leaderboard (AI seats rated
per level), and which games they count (changed by members who can manage the server) - each
one call into the table service's stats (:mod:`bot.table.stats`), for every game alike."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.features.common import game_choices
from bot.discord.kinds import Interaction
from bot.discord.layout import CONTENT_MAX, clip_end, escape
from bot.discord.replies import Replies
from bot.table.service import TableService
from engine.i18n.shared import _

__all__ = ["StatsCog"]


async def _send(interaction: Interaction, text: str, public: bool) -> None:
    await interaction.followup.send(
        content=clip_end(text, CONTENT_MAX),
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )


class StatsCog(commands.Cog, name="stats"):
    """The server's stats and ratings, and which games they count."""

    def __init__(self, service: TableService, replies: Replies) -> None:
        self.service = service
        self.replies = replies

    @app_commands.command(
        name="stats", description=locale_str("Games, wins and average rank in this server")
    )
    @app_commands.describe(
        user=locale_str("Whose stats (default: yours)"), public=locale_str("Post it for everyone")
    )
    @app_commands.guild_only()
    async def stats(
        self, interaction: Interaction, user: discord.User | None = None, public: bool = False
    ) -> None:
        async with self.replies.guarded(interaction, "/stats", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            who = user or interaction.user
            lines = await self.service.stats.lines(interaction.guild_id, who.id)
            name = escape(who.display_name)
            if not lines:
                text = _("{name} has no counted games in this server yet.", name=name)
                await _send(interaction, text, public)
                return
            head = _("**{name}** in this server:", name=name)
            await _send(interaction, "\n".join([head, *[escape(x) for x in lines]]), public)

    @app_commands.command(
        name="leaderboard", description=locale_str("This server's ratings (openskill)")
    )
    @app_commands.describe(
        game=locale_str("Which game (default: every rated game)"), public=locale_str("Post it")
    )
    @app_commands.autocomplete(game=game_choices)
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: Interaction, game: str | None = None, public: bool = False
    ) -> None:
        async with self.replies.guarded(interaction, "/leaderboard", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            answer = await self.service.stats.leaderboard(interaction.guild_id, game)
            lines = answer.value
            if lines is None:
                await self.replies.answer(interaction, answer.error or "")
                return
            if not lines:
                await _send(interaction, _("No rated games in this server yet."), public)
                return
            text = "\n".join(
                [
                    _("**Leaderboard** (rating = mu - 3 sigma, openskill):"),
                    *[line if line.startswith("**") else escape(line) for line in lines],
                ]
            )
            await _send(interaction, text, public)

    @app_commands.command(
        name="statsettings", description=locale_str("Which games this server's stats count")
    )
    @app_commands.describe(
        aborted=locale_str("Count aborted games (default: no)"),
        takeover=locale_str("Count games where an AI took over a seat (default: yes, marked)"),
    )
    @app_commands.guild_only()
    async def statsettings(
        self, interaction: Interaction, aborted: bool | None = None, takeover: bool | None = None
    ) -> None:
        async with self.replies.guarded(interaction, "/statsettings"):
            await self.replies.defer(interaction)
            changing = aborted is not None or takeover is not None
            perms = getattr(interaction, "permissions", None)
            if changing and not getattr(perms, "manage_guild", False):
                refusal = _("Only members who can manage the server change this.")
                await self.replies.answer(interaction, refusal)
                return
            text = await self.service.stats.setting(
                interaction.guild_id, count_aborted=aborted, count_takeover=takeover
            )
            await _send(interaction, text, False)
