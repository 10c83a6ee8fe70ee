"""``/history``, ``/game`` and ``/replay``: the channel's finished games, one of them (result,
final board, score graph) and its animated replay - each one call into the table service's
history reads (:mod:`bot.table.history`), for every registered game alike."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.kinds import Interaction
from bot.discord.layout import CONTENT_MAX, clip_start, escape
from bot.discord.replies import Replies
from bot.table.service import TableService
from engine.i18n.shared import _, _n

__all__ = ["HistoryCog"]


async def _send(
    interaction: Interaction, text: str, files: list[tuple[str, bytes]], public: bool
) -> None:
    attachments = [discord.File(io.BytesIO(data), filename=name) for name, data in files]
    await interaction.followup.send(
        content=text[:CONTENT_MAX],
        files=attachments,
        ephemeral=not public,
        allowed_mentions=discord.AllowedMentions.none(),
    )


class HistoryCog(commands.Cog, name="history"):
    """The channel's finished games."""

    def __init__(self, service: TableService, replies: Replies) -> None:
        self.service = service
        self.replies = replies

    @app_commands.command(name="history", description=locale_str("This channel's finished games"))
    @app_commands.describe(public=locale_str("Post it for everyone"))
    @app_commands.guild_only()
    async def history(self, interaction: Interaction, public: bool = False) -> None:
        async with self.replies.guarded(interaction, "/history", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            lines = await self.service.history.lines(str(interaction.channel_id))
            if not lines:
                await _send(interaction, _("No finished games in this channel yet."), [], public)
                return
            shown = clip_start([escape(line) for line in lines], CONTENT_MAX - 120)
            text = "\n".join([_("**Finished games** (newest first):"), *shown])
            text += "\n" + _("`/game id:` shows one, `/replay game:` replays it.")
            await _send(interaction, text, [], public)

    @app_commands.command(
        name="game", description=locale_str("One finished game: result, board and score graph")
    )
    @app_commands.describe(
        id=locale_str("The game's number (/history shows it)"), public=locale_str("Post it")
    )
    @app_commands.guild_only()
    async def game(
        self,
        interaction: Interaction,
        id: app_commands.Range[int, 1, 2**53],
        public: bool = False,
    ) -> None:
        async with self.replies.guarded(interaction, "/game", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            answer = await self.service.history.card(str(interaction.channel_id), id)
            card = answer.value
            if card is None:
                await self.replies.answer(interaction, answer.error or "")
                return
            files = [("board.png", card.board)] if card.board else []  # not for players
            files += [("scores.png", card.graph)] if card.graph else []  # not for players
            replay = _("Replay: /replay game:{game} (or `canalside export {game}`).", game=id)
            text = f"{escape(card.text)}\n{replay}"
            await _send(interaction, text, files, public)

    @app_commands.command(
        name="replay", description=locale_str("A finished game turn by turn, as one animation")
    )
    @app_commands.describe(
        game=locale_str("The game's number (default: the newest)"), public=locale_str("Post it")
    )
    @app_commands.guild_only()
    async def replay(
        self,
        interaction: Interaction,
        game: app_commands.Range[int, 1, 2**53] | None = None,
        public: bool = False,
    ) -> None:
        async with self.replies.guarded(interaction, "/replay", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            answer = await self.service.history.replay(str(interaction.channel_id), game)
            replay = answer.value
            if replay is None:
                await self.replies.answer(interaction, answer.error or "")
                return
            text = _n(
                "Replay: {n} frame, one per turn, then the final board.",
                "Replay: {n} frames, one per turn, then the final board.",
                replay.frames,
            )
            name = f"replay.{replay.extension}"
            await _send(interaction, text, [(name, replay.data)], public)
