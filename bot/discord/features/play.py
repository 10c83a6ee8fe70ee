"""The moves: one slash command per verb of the hosted games' grammars (``/play``, ``/place``,
…; a verb two games share is one command) and ``/move`` (any move as typed), each with the
user's legal options as autocomplete. A verb the channel's game does not have is refused with
the game's own verbs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from discord import app_commands
from discord.ext import commands

from bot.discord.actions import TableActions
from bot.discord.commands import (
    FALLBACK_COMMAND,
    FALLBACK_VERB,
    AutocompleteCallback,
    move_command,
    move_commands,
    plain_choices,
    verb_choices,
    verb_refusal,
    verb_text,
)
from bot.discord.features.common import add_made_command, channel_game
from bot.discord.kinds import Interaction
from bot.discord.replies import Replies, channel_of
from bot.discord.specs import controls_for
from bot.table.service import TableService
from engine.core import Option
from engine.i18n import speaking

__all__ = ["AUTOCOMPLETE_TIMEOUT", "PlayCog"]

log = logging.getLogger("bot.discord")

#: Autocomplete cannot be deferred: give up (no suggestions) rather than miss Discord's window.
AUTOCOMPLETE_TIMEOUT = 2.0


class PlayCog(commands.Cog, name="play"):
    """The move commands, made from the registrations when the bot is built."""

    def __init__(self, service: TableService, replies: Replies, actions: TableActions) -> None:
        self.service = service
        self.replies = replies
        self.actions = actions
        specs = move_commands()
        for spec in specs:
            add_made_command(
                self, move_command(spec, self.play, self._verb_autocomplete(spec.verb))
            )
        if FALLBACK_VERB not in {spec.verb for spec in specs}:
            add_made_command(self, move_command(FALLBACK_COMMAND, self.play, self.any_choices))

    async def play(self, interaction: Interaction, verb: str, arg: str | None) -> None:
        """A move's slash command, as its verb and argument."""
        text = verb_text(verb, arg)
        async with self.replies.guarded(interaction, f"/{verb}"):
            # refused with the game's verbs if the channel's game has no such verb (the
            # command tree holds every registered game's verbs)
            game = await self.service.play.game_of(channel_of(interaction))
            refusal = verb_refusal(game, verb) if game is not None else None
            if refusal is not None:
                await self.replies.answer(interaction, refusal)
                return
            await self.actions.move(interaction, text)

    # -- autocomplete -------------------------------------------------------------------------

    async def _options(self, interaction: Interaction) -> list[Option]:
        """The user's legal options now (empty if that takes too long)."""
        try:
            return await asyncio.wait_for(
                self.service.play.choices_for(
                    channel_of(interaction), str(interaction.user.id), "", None
                ),
                AUTOCOMPLETE_TIMEOUT,
            )
        except TimeoutError:
            log.info("autocomplete timed out in channel %s", interaction.channel_id)
            return []

    async def any_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Every legal command of the user, as whole commands (the generic ``/move``)."""
        options = await self._options(interaction)
        commands_ = [o.command[:100] for o in options]
        choices = plain_choices([(c, c) for c in commands_], current)
        return [app_commands.Choice(name=n, value=v) for n, v in choices]

    async def verb_choices(
        self, interaction: Interaction, verbs: Sequence[str], current: str
    ) -> list[app_commands.Choice[str]]:
        """The user's legal options of those verbs."""
        options = await self._options(interaction)
        game = await channel_game(self.service, interaction)
        with speaking(self.replies.reader(interaction)):  # the choices' names only he reads
            choices = verb_choices(options, verbs, current, controls=controls_for(game))
        return [app_commands.Choice(name=n, value=v) for n, v in choices]

    def _verb_autocomplete(self, *verbs: str) -> AutocompleteCallback:
        async def autocomplete(
            interaction: Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return await self.verb_choices(interaction, verbs, current)

        return autocomplete
