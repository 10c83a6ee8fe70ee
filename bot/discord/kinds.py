"""The discord.py types the adapter passes around, named once.

* :data:`Interaction` - every slash command, button and select arrives as one. Its client
  parameter is covariant, so an interaction of the bot's own client class fits.
* :data:`Postable` - where the table's messages go: a channel or thread the bot posts in,
  edits its messages in (``get_partial_message``) and deletes its pings from.
* :data:`Work` - one interaction's work, awaited under :meth:`Replies.guard
  <bot.discord.replies.Replies.guard>` (a coroutine of any result, which is dropped).
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TypeAlias

import discord

__all__ = ["POSTABLE", "Interaction", "Postable", "Work"]

Interaction: TypeAlias = discord.Interaction[discord.Client]

Postable: TypeAlias = (
    discord.TextChannel
    | discord.VoiceChannel
    | discord.StageChannel
    | discord.Thread
    | discord.DMChannel
    | discord.PartialMessageable
)
#: The classes of :data:`Postable`, for ``isinstance``.
POSTABLE = (
    discord.TextChannel,
    discord.VoiceChannel,
    discord.StageChannel,
    discord.Thread,
    discord.DMChannel,
    discord.PartialMessageable,
)

Work: TypeAlias = Coroutine[object, object, object]
