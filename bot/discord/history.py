"""``/history``, ``/game`` and ``/replay``: the channel's finished games, one of them (result,
final board, score graph) and its animated replay - each one call into the table service's
history reads (:mod:`bot.table.history`), for every registered game alike."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.client import TableClient
from bot.discord.kinds import Interaction
from bot.discord.layout import CONTENT_MAX, clip_start, escape
from engine.i18n.shared import _, _n

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
    lines = await bot.service.history.lines(str(interaction.channel_id))
    if not lines:
        await _send(bot, interaction, _("No finished games in this channel yet."), [], public)
        return
    shown = clip_start([escape(line) for line in lines], CONTENT_MAX - 120)
    text = "\n".join([_("**Finished games** (newest first):"), *shown])
    text += "\n" + _("`/game id:` shows one, `/replay game:` replays it.")
    await _send(bot, interaction, text, [], public)


async def _game(bot: TableClient, interaction: Interaction, game_id: int, public: bool) -> None:
    await bot.defer(interaction, ephemeral=not public)
    answer = await bot.service.history.card(str(interaction.channel_id), game_id)
    card = answer.value
    if card is None:
        await bot.answer(interaction, answer.error or "")
        return
    files = [("board.png", card.board)] if card.board else []  # not for players
    files += [("scores.png", card.graph)] if card.graph else []  # not for players
    replay = _("Replay: /replay game:{game} (or `canalside export {game}`).", game=game_id)
    text = f"{escape(card.text)}\n{replay}"
    await _send(bot, interaction, text, files, public)


async def _replay(
    bot: TableClient, interaction: Interaction, game_id: int | None, public: bool
) -> None:
    await bot.defer(interaction, ephemeral=not public)
    answer = await bot.service.history.replay(str(interaction.channel_id), game_id)
    replay = answer.value
    if replay is None:
        await bot.answer(interaction, answer.error or "")
        return
    text = _n(
        "Replay: {n} frame, one per turn, then the final board.",
        "Replay: {n} frames, one per turn, then the final board.",
        replay.frames,
    )
    name = f"replay.{replay.extension}"
    await _send(bot, interaction, text, [(name, replay.data)], public)


def add_history_commands(bot: TableClient) -> None:
    """Put ``/history``, ``/game`` and ``/replay`` on ``bot.tree``."""
    tree = bot.tree

    @tree.command(name="history", description=locale_str("This channel's finished games"))
    @app_commands.describe(public=locale_str("Post it for everyone"))
    @app_commands.guild_only()
    async def history(interaction: Interaction, public: bool = False) -> None:
        await bot.guard(interaction, "/history", _history(bot, interaction, public), public=public)

    @tree.command(
        name="game", description=locale_str("One finished game: result, board and score graph")
    )
    @app_commands.describe(
        id=locale_str("The game's number (/history shows it)"), public=locale_str("Post it")
    )
    @app_commands.guild_only()
    async def game(
        interaction: Interaction,
        id: app_commands.Range[int, 1, 2**53],
        public: bool = False,
    ) -> None:
        await bot.guard(interaction, "/game", _game(bot, interaction, id, public), public=public)

    @tree.command(
        name="replay", description=locale_str("A finished game turn by turn, as one animation")
    )
    @app_commands.describe(
        game=locale_str("The game's number (default: the newest)"), public=locale_str("Post it")
    )
    @app_commands.guild_only()
    async def replay(
        interaction: Interaction,
        game: app_commands.Range[int, 1, 2**53] | None = None,
        public: bool = False,
    ) -> None:
        await bot.guard(
            interaction, "/replay", _replay(bot, interaction, game, public), public=public
        )
