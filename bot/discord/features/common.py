"""What several features read the same way: the channel's game and its title, a read's answer
made inert, and the autocomplete of a game's name and of an AI level."""

from __future__ import annotations

import dataclasses
from typing import Any

from discord import app_commands
from discord.ext import commands

from bot.discord.commands import plain_choices
from bot.discord.kinds import Interaction
from bot.discord.layout import escape
from bot.discord.replies import channel_of
from bot.table.ai_seat import ai_levels
from bot.table.outputs import Reply
from bot.table.service import TableService
from engine.registry import first_registered, registration

__all__ = [
    "add_made_command",
    "channel_game",
    "escaped",
    "fresh_lobby_title",
    "game_choices",
    "game_title",
    "level_choices",
]


async def channel_game(service: TableService, interaction: Interaction) -> str:
    """The channel's game: its table's, else (no table: nobody has chosen) the game a fresh
    lobby offers, :func:`engine.registry.first_registered`."""
    game = await service.play.game_of(channel_of(interaction))
    return game if game is not None else first_registered()


def fresh_lobby_title() -> str:
    """The title of the game a fresh lobby offers (nobody has chosen one yet)."""
    return registration(first_registered()).title


async def game_title(service: TableService, interaction: Interaction) -> str:
    """The title of the channel's game (:func:`channel_game`)."""
    return registration(await channel_game(service, interaction)).title


def escaped(reply: Reply) -> Reply:
    """A read's answer with player names made inert (no markdown, no mentions)."""
    if not reply.ok:
        return dataclasses.replace(reply, text=escape(reply.text), error=escape(reply.error or ""))
    return dataclasses.replace(reply, text=escape(reply.text))


async def game_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The hosted games (their titles) for a ``game`` option."""
    from engine.registry import table_registrations

    items = [(r.title, r.name) for r in table_registrations()]
    return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]


async def level_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The AI levels for a ``level`` option."""
    items = [(lv, lv) for lv in ai_levels()]
    return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]


def add_made_command(
    cog: commands.Cog, command: app_commands.Command[Any, ..., Any], at: int | None = None
) -> None:
    """A command the cog makes when it is built (from the registrations: the move verbs,
    ``/start``'s game options, ``/join``'s first game) joins those declared in its class:
    :meth:`~discord.ext.commands.Cog.get_app_commands` lists both (``at``: its place among
    them, the order of the tree and of ``/help``; default: last)."""
    made: list[Any] = cog.__cog_app_commands__
    made.insert(len(made) if at is None else at, command)
