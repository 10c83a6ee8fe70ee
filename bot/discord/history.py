"""``/history``, ``/game`` and ``/replay``: the channel's finished games, one of them (result,
final board, score graph) and its animated replay - each one call into the table service's
history reads (:mod:`bot.table.history`), for every registered game alike."""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.discord.client import TableClient
from bot.discord.kinds import Interaction
from bot.discord.layout import CONTENT_MAX, clip_start, escape
from bot.table.records import Refused

__all__ = ["add_history_commands"]


async def _send(
    bot: TableClient,
    interaction: Interaction,
    text: str,
    files: list[tuple[str, bytes]],
    public: bool,
) -> None:
    attachments = [discord.File(io.BytesIO(data), filename=name) for name, data in files]
    await interaction.followup.send(
        content=text[:CONTENT_MAX],
        files=attachments,
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def _history(bot: TableClient, interaction: Interaction, public: bool) -> None:
    await bot.defer(interaction, ephemeral=not public)
    lines = await bot.service.history_lines(str(interaction.channel_id))
    if not lines:
        await _send(bot, interaction, "No finished games in this channel yet.", [], public)
        return
    shown = clip_start([escape(line) for line in lines], CONTENT_MAX - 120)
    text = "\n".join(["**Finished games** (newest first):", *shown])
    text += "\n`/game id:` shows one, `/replay game:` replays it."
    await _send(bot, interaction, text, [], public)


async def _game(bot: TableClient, interaction: Interaction, game_id: int, public: bool) -> None:
    await bot.defer(interaction, ephemeral=not public)
    try:
        card = await bot.service.game_card(str(interaction.channel_id), game_id)
    except Refused as refused:
        await bot.answer(interaction, refused.message)
        return
    files = [("board.png", card.board)] if card.board else []
    files += [("scores.png", card.graph)] if card.graph else []
    text = f"{escape(card.text)}\nReplay: /replay game:{game_id} (or `venezia export {game_id}`)."
    await _send(bot, interaction, text, files, public)


async def _replay(
    bot: TableClient, interaction: Interaction, game_id: int | None, public: bool
) -> None:
    await bot.defer(interaction, ephemeral=not public)
    try:
        replay = await bot.service.replay(str(interaction.channel_id), game_id)
    except Refused as refused:
        await bot.answer(interaction, refused.message)
        return
    text = f"Replay: {replay.frames} frames, one per turn, then the final board."
    name = f"replay.{replay.extension}"
    await _send(bot, interaction, text, [(name, replay.data)], public)


def add_history_commands(bot: TableClient) -> None:
    """Put ``/history``, ``/game`` and ``/replay`` on ``bot.tree``."""
    tree = bot.tree

    @tree.command(name="history", description="This channel's finished games")
    @app_commands.describe(public="Post it for everyone")
    @app_commands.guild_only()
    async def history(interaction: Interaction, public: bool = False) -> None:
        await bot.guard(interaction, "/history", _history(bot, interaction, public))

    @tree.command(name="game", description="One finished game: result, board and score graph")
    @app_commands.describe(id="The game's number (/history shows it)", public="Post it")
    @app_commands.guild_only()
    async def game(
        interaction: Interaction,
        id: app_commands.Range[int, 1, 2**53],
        public: bool = False,
    ) -> None:
        await bot.guard(interaction, "/game", _game(bot, interaction, id, public))

    @tree.command(name="replay", description="A finished game turn by turn, as one animation")
    @app_commands.describe(game="The game's number (default: the newest)", public="Post it")
    @app_commands.guild_only()
    async def replay(
        interaction: Interaction,
        game: app_commands.Range[int, 1, 2**53] | None = None,
        public: bool = False,
    ) -> None:
        await bot.guard(interaction, "/replay", _replay(bot, interaction, game, public))
