"""The vote on a game paused at a timeout: ``/pausevote`` and the vote message's buttons (the
same action)."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.actions import TableActions
from bot.discord.kinds import Interaction
from bot.discord.layout import escape
from bot.discord.replies import Replies, channel_of
from bot.discord.speech import speaking_to_table
from bot.table.service import TableService
from bot.table.vote import VOTE_CHOICES
from engine.i18n import say
from engine.i18n.shared import _

__all__ = ["VoteCog"]


class VoteCog(commands.Cog, name="vote"):
    """The other players' vote on a paused game: let an AI play the seat, wait, or end."""

    def __init__(self, service: TableService, replies: Replies, actions: TableActions) -> None:
        self.service = service
        self.replies = replies
        self.actions = actions

    @app_commands.command(
        name="pausevote", description=locale_str("Vote on a game paused at a timeout")
    )
    @app_commands.describe(
        choice=locale_str("Let an AI play the seat, keep waiting, or end the game")
    )
    @app_commands.choices(
        choice=[
            app_commands.Choice(name=locale_str(label), value=key)
            for key, label in VOTE_CHOICES.items()
        ]
    )
    @app_commands.guild_only()
    async def pausevote(self, interaction: Interaction, choice: str) -> None:
        async with self.replies.guarded(interaction, "/pausevote"):
            await self.cast(interaction, choice)

    async def cast(self, interaction: Interaction, choice: str) -> None:
        """One of the other players votes on a game paused at a timeout (``ai``, ``wait``,
        ``end``): the vote's message shows the tally; a majority's decision is played out
        on the table. Anyone else is refused privately and nothing changes."""
        actions, votes = self.actions, self.actions.votes
        channel, user = channel_of(interaction), str(interaction.user.id)
        await self.replies.defer(interaction)
        dest = actions.channel_for(interaction)
        async with actions.lock(channel):
            outcome = await self.service.vote.cast(channel, user, choice)
            if outcome.accepted and outcome.public:
                await actions.table.publish(dest, channel, outcome)
        await actions.reminders.release(dest, channel, outcome)
        if not outcome.accepted:
            await self.replies.refuse(interaction, "vote", outcome)
            return
        tally = await self.service.vote.status(channel)
        if tally is not None:
            await votes.show(dest, channel, tally, done=False)
        else:
            with speaking_to_table(self.service, channel):  # the vote's message is public
                decided = (
                    say(outcome.public[0].text).splitlines()[0] if outcome.public else _("decided")
                )
            await votes.show(dest, channel, decided, done=True)
        label = VOTE_CHOICES.get(choice.strip().casefold())
        said = _(label) if label is not None else choice
        await self.replies.answer(interaction, _("✅ Your vote: {choice}.", choice=escape(said)))
        if outcome.public:
            await actions.mail.deliver(dest, channel, outcome)
            await actions.play_ais(dest, channel)
