"""The channel permissions the bot needs to play, checked before anything is committed.

An interaction carries the bot's own permissions in its channel (``app_permissions``). A move
that the bot could not show would leave the table's message behind the game, so every
table-changing action is refused - naming what is missing - before the service is called.
"""

from __future__ import annotations

import discord

from bot.discord.kinds import Interaction
from engine.i18n import listed
from engine.i18n.shared import N_, _, _n

__all__ = [
    "PERMISSION_NAMES",
    "can_manage",
    "missing_permissions",
    "needed_permissions",
    "permissions_refusal",
]

#: Permission attribute -> the name Discord's settings show (said at use: Discord's own
#: translations of these names).
PERMISSION_NAMES = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
}


def needed_permissions(in_thread: bool) -> tuple[str, ...]:
    """What the table needs: see the channel, post (in threads: post in threads) and attach
    the board pictures. The table message is Components V2: no embeds, so no Embed Links."""
    post = "send_messages_in_threads" if in_thread else "send_messages"
    return ("view_channel", post, "attach_files")


def _in_thread(interaction: Interaction) -> bool:
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return True
    kind = getattr(channel, "type", None)
    return kind in (
        discord.ChannelType.public_thread,
        discord.ChannelType.private_thread,
        discord.ChannelType.news_thread,
    )


def missing_permissions(interaction: Interaction) -> list[str]:
    """The names of the needed permissions the bot lacks in the interaction's channel
    (nothing outside a server: no table plays there)."""
    if interaction.guild_id is None:
        return []
    perms = interaction.app_permissions
    return [
        PERMISSION_NAMES[p]
        for p in needed_permissions(_in_thread(interaction))
        if not getattr(perms, p)
    ]


def permissions_refusal(missing: list[str]) -> str:
    return _n(
        "I cannot play at this table: I am missing the permission {names} in this channel. "
        "Ask a server admin to grant it here; nothing was changed.",
        "I cannot play at this table: I am missing the permissions {names} in this channel. "
        "Ask a server admin to grant them here; nothing was changed.",
        len(missing),
        names=listed(f"**{_(m)}**" for m in missing),
    )


def can_manage(interaction: Interaction) -> bool:
    """Whether the user may manage the channel (start, add AIs, hand seats over and abort
    without being the host)."""
    perms = getattr(interaction, "permissions", None)
    return bool(getattr(perms, "manage_channels", False))
