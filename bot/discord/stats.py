"""``/stats [user]``, ``/leaderboard [game]`` and ``/statsettings``: a member's games, wins and
average rank per game in this server, the server's openskill rating leaderboard (AI seats rated
per level), and which games they count (changed by members who can manage the server) - each
one call into the table service's stats (:mod:`bot.table.stats`), for every game alike."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.client import TableClient
from bot.discord.commands import plain_choices
from bot.discord.kinds import Interaction
from bot.discord.layout import CONTENT_MAX, clip_end, escape
from engine.i18n.shared import _

__all__ = ["add_stats_commands"]


async def _send(interaction: Interaction, text: str, public: bool) -> None:
    await interaction.followup.send(
        content=clip_end(text, CONTENT_MAX),
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def _stats(
    bot: TableClient,
    interaction: Interaction,
    user: discord.User | discord.Member | None,
    public: bool,
) -> None:
    await bot.defer(interaction, ephemeral=not public)
    who = user or interaction.user
    lines = await bot.service.stats.lines(interaction.guild_id, who.id)
    name = escape(who.display_name)
    if not lines:
        await _send(
            interaction, _("{name} has no counted games in this server yet.", name=name), public
        )
        return
    head = _("**{name}** in this server:", name=name)
    text = "\n".join([head, *[escape(line) for line in lines]])
    await _send(interaction, text, public)


async def _leaderboard(
    bot: TableClient, interaction: Interaction, game: str | None, public: bool
) -> None:
    await bot.defer(interaction, ephemeral=not public)
    answer = await bot.service.stats.leaderboard(interaction.guild_id, game)
    lines = answer.value
    if lines is None:
        await bot.answer(interaction, answer.error or "")
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


async def _setting(
    bot: TableClient, interaction: Interaction, aborted: bool | None, takeover: bool | None
) -> None:
    await bot.defer(interaction)
    changing = aborted is not None or takeover is not None
    perms = getattr(interaction, "permissions", None)
    if changing and not getattr(perms, "manage_guild", False):
        await bot.answer(interaction, _("Only members who can manage the server change this."))
        return
    text = await bot.service.stats.setting(
        interaction.guild_id, count_aborted=aborted, count_takeover=takeover
    )
    await _send(interaction, text, False)


def add_stats_commands(bot: TableClient) -> None:
    """Put ``/stats`` and ``/leaderboard`` on ``bot.tree``."""
    tree = bot.tree

    async def ac_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        from engine.games import table_games

        items = [(g.title, name) for name, g in table_games().items()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    @tree.command(
        name="stats", description=locale_str("Games, wins and average rank in this server")
    )
    @app_commands.describe(
        user=locale_str("Whose stats (default: yours)"), public=locale_str("Post it for everyone")
    )
    @app_commands.guild_only()
    async def stats(
        interaction: Interaction, user: discord.User | None = None, public: bool = False
    ) -> None:
        await bot.guard(
            interaction, "/stats", _stats(bot, interaction, user, public), public=public
        )

    @tree.command(name="leaderboard", description=locale_str("This server's ratings (openskill)"))
    @app_commands.describe(
        game=locale_str("Which game (default: every rated game)"), public=locale_str("Post it")
    )
    @app_commands.autocomplete(game=ac_game)
    @app_commands.guild_only()
    async def leaderboard(
        interaction: Interaction, game: str | None = None, public: bool = False
    ) -> None:
        await bot.guard(
            interaction, "/leaderboard", _leaderboard(bot, interaction, game, public), public=public
        )

    @tree.command(
        name="statsettings", description=locale_str("Which games this server's stats count")
    )
    @app_commands.describe(
        aborted=locale_str("Count aborted games (default: no)"),
        takeover=locale_str("Count games where an AI took over a seat (default: yes, marked)"),
    )
    @app_commands.guild_only()
    async def statsettings(
        interaction: Interaction, aborted: bool | None = None, takeover: bool | None = None
    ) -> None:
        await bot.guard(interaction, "/statsettings", _setting(bot, interaction, aborted, takeover))
