"""The reads of the channel's game: ``/hand`` (only the asker sees it; the table message's
"My hand" button too), ``/board``, ``/status`` and ``/log`` (privately, or for everyone)."""

from __future__ import annotations

import dataclasses

from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.features.common import escaped, game_title
from bot.discord.kinds import Interaction
from bot.discord.layout import CONTENT_MAX, clip_start
from bot.discord.messages import reply_spec
from bot.discord.replies import Replies, channel_of
from bot.table.service import TableService
from engine.i18n.shared import _

__all__ = ["ReadsCog"]


class ReadsCog(commands.Cog, name="reads"):
    """What the game looks like now, in words and pictures."""

    def __init__(self, service: TableService, replies: Replies) -> None:
        self.service = service
        self.replies = replies

    @app_commands.command(
        name="hand", description=locale_str("Your hand (only you see the answer)")
    )
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        async with self.replies.guarded(interaction, "/hand"):
            await self.show_hand(interaction)

    async def show_hand(self, interaction: Interaction) -> None:
        """The asker's hand, privately (``/hand`` and the table message's button)."""
        await self.replies.defer(interaction)
        channel, user = channel_of(interaction), str(interaction.user.id)
        reply = escaped(await self.service.play.hand(channel, user))
        title = _("{game} — your hand", game=await game_title(self.service, interaction))
        await self.replies.answer(interaction, reply_spec(reply, title=title))

    @app_commands.command(name="board", description=locale_str("The board of this channel's game"))
    @app_commands.describe(
        public=locale_str("Post it for everyone (with the buttons to go on playing)")
    )
    @app_commands.guild_only()
    async def board(self, interaction: Interaction, public: bool = False) -> None:
        async with self.replies.guarded(interaction, "/board", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            reply = escaped(await self.service.play.board(channel_of(interaction)))
            title = _("{game} — the board", game=await game_title(self.service, interaction))
            spec = reply_spec(reply, title=title, ephemeral=not public)
            await self.replies.answer(interaction, spec)

    @app_commands.command(
        name="status", description=locale_str("Who is where, and who must decide what")
    )
    @app_commands.describe(public=locale_str("Post it for everyone"))
    @app_commands.guild_only()
    async def status(self, interaction: Interaction, public: bool = False) -> None:
        async with self.replies.guarded(interaction, "/status", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            reply = escaped(await self.service.play.status(channel_of(interaction)))
            title = await game_title(self.service, interaction)
            spec = reply_spec(reply, title=title, ephemeral=not public)
            await self.replies.answer(interaction, spec)

    @app_commands.command(name="log", description=locale_str("The last moves in words"))
    @app_commands.describe(
        count=locale_str("How many moves (default 10)"), public=locale_str("Post it for everyone")
    )
    @app_commands.guild_only()
    async def log(
        self,
        interaction: Interaction,
        count: app_commands.Range[int, 1, 50] = 10,
        public: bool = False,
    ) -> None:
        async with self.replies.guarded(interaction, "/log", public=public):
            await self.replies.defer(interaction, ephemeral=not public)
            reply = escaped(await self.service.play.log(channel_of(interaction), count))
            if reply.ok and len(reply.text) > CONTENT_MAX:
                # Too long for one message: keep the newest moves.
                kept = clip_start(reply.text.splitlines(), CONTENT_MAX)
                reply = dataclasses.replace(reply, text="\n".join(kept))
            title = await game_title(self.service, interaction)
            spec = reply_spec(reply, title=title, ephemeral=not public)
            await self.replies.answer(interaction, spec)
