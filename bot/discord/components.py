"""Clicks on the table's buttons and choices in its selects: routed by the custom id's action
(:mod:`bot.discord.specs`), checked against the pending decision (a click on an earlier
turn's control is answered privately as stale), then played like the slash commands (the lobby,
seat, vote, settings and hand buttons run their feature's own action)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import sealed
from bot.discord.actions import TableActions
from bot.discord.controls import (
    filter_options,
    group_choice_spec,
    private_choice_spec,
)
from bot.discord.features.lobby import LobbyCog
from bot.discord.features.reads import ReadsCog
from bot.discord.features.seats import SeatsCog
from bot.discord.features.settings import SettingsCog
from bot.discord.features.vote import VoteCog
from bot.discord.layout import escape
from bot.discord.multi import private_multi_spec
from bot.discord.ops import Gate, refuse_restarting
from bot.discord.replies import Replies, channel_of
from bot.discord.specs import (
    ButtonSpec,
    ComponentId,
    MessageSpec,
    controls_for,
    make_id,
    option_label,
)
from bot.discord.translator import in_any_catalog
from bot.table.grammar import texts_of
from bot.table.guard import unavailable
from bot.table.outputs import Code, DecisionInfo, Outcome
from bot.table.play import Choosing
from bot.table.service import TableService
from engine.core import Option
from engine.i18n.shared import _

__all__ = ["STALE", "ComponentRouter", "not_yours", "stale_text"]

#: Refusal code of a click on an earlier decision's component (the service's ``Code.STALE``).
STALE = Code.STALE


class ComponentRouter:
    """Buttons and selects of the table's messages (and of the private option lists): each
    click to the action it stands for."""

    def __init__(
        self,
        service: TableService,
        replies: Replies,
        actions: TableActions,
        *,
        lobby: LobbyCog,
        seats: SeatsCog,
        settings: SettingsCog,
        vote: VoteCog,
        reads: ReadsCog,
        gate: Gate | None = None,
    ) -> None:
        self.service = service
        self.replies = replies
        self.actions = actions
        self.lobby = lobby
        self.seats = seats
        self.settings = settings
        self.vote = vote
        self.reads = reads
        #: interactions in flight, closed by a graceful shutdown (#27)
        self.gate = gate if gate is not None else Gate()

    async def route(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None:
        """A click on one of our buttons or a choice in one of our selects (refused while the
        bot shuts down, #27)."""
        if self.gate.closing:
            await refuse_restarting(interaction, self.replies)
            return
        what = f"component {cid.text()}"
        async with self.gate.entered(), self.replies.guarded(interaction, what):
            await self._component(interaction, cid, values)

    async def _component(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None:
        channel = channel_of(interaction)
        if cid.channel != channel:
            await self.replies.answer(
                interaction, _("This button belongs to another channel's table.")
            )
            return
        action = cid.action
        lobby = {
            "join": lambda: self.lobby.sit_down(interaction, None, via="button"),
            "leave": lambda: self.lobby.stand_up(interaction, via="button"),
            "start": lambda: self.lobby.start_game(interaction, None, via="button"),
            "addbot": lambda: self.lobby.add_ai(interaction, None, via="button"),
            "removebot": lambda: self.lobby.remove_ai(interaction, None, via="button"),
            "resume": lambda: self.seats.take_back(interaction, via="button"),
            "vote": lambda: self.vote.cast(interaction, cid.arg),
        }
        picked = next((v for v in values if v and v != "-"), None)
        menus = {
            "game": lambda v: self.lobby.choose_game(interaction, v),
            "setopt": lambda v: self.lobby.set_option(interaction, cid.arg, v),
            "addai": lambda v: self.lobby.add_ai(interaction, v, via="button"),
            "timer": lambda v: self.settings.change(interaction, v, via="button"),
        }
        if action in menus:
            if picked is None:
                await self.replies.answer(interaction, _("Nothing was chosen."))
            else:
                await menus[action](picked)
            return
        if action == "hand":
            await self.reads.show_hand(interaction)
            return
        if action in lobby:
            await lobby[action]()
            return
        message = interaction.message
        private = message is not None and message.flags.ephemeral
        via = "private" if private else "button"
        if action in ("do", "pick", "multi"):
            # Acknowledge the click on the message itself: no "thinking…" note.
            await interaction.response.defer()
        else:
            await self.replies.defer(interaction)
        if action in ("do", "pick"):
            await self._choose(interaction, channel, cid, values, via)
            return
        if action == "multi":
            await self._choose_many(interaction, channel, cid, values, via)
            return
        user = str(interaction.user.id)
        # the open decisions and the clicker's options, in one read
        now = await self.service.play.choosing(channel, user)
        if now.reason == Code.UNAVAILABLE:
            await self.replies.answer_via(interaction, via, unavailable())
            return
        d = now.own(user)
        stale = stale_text(cid, d)
        if stale is not None or d is None:
            await self.replies.answer_via(interaction, via, stale or _("No decision is pending."))
            return
        if d.user_id != user:
            # a player whose seat an AI holds is told how to get it back, whatever he used
            reason = now.reason
            if reason in (Code.TAKEN_OVER, Code.MOVED_OUT):
                await self.replies.answer_via(
                    interaction, via, await self._not_choosing(channel, reason, d)
                )
                return
        if action == "grp":
            if d.user_id != user:
                await self.replies.answer(interaction, not_yours(d))
                return
            group = values[0] if values else ""
            public = d.choices
            if public is not None:
                spec = group_choice_spec(channel, d.game_id, d.seq, public, group, "d", d.game)
            else:
                mine = now.choices
                spec = group_choice_spec(channel, d.game_id, d.seq, mine, group, "u", d.game)
            await self.replies.answer(interaction, spec)
            return
        if action == "opt":
            await self._open_choices(interaction, channel, user, cid, d, now)
            return
        await self.replies.answer(interaction, _("Unknown button."))

    async def _choose(
        self,
        interaction: discord.Interaction[Any],
        channel: str,
        cid: ComponentId,
        values: list[str],
        via: str,
    ) -> None:
        """An option clicked (``do``) or chosen in a menu (``pick``), sent to the service as a
        value - its place in the clicker's list (``#i``) or the option - and checked there
        against the decision the component belongs to: one round trip. A refusal comes with
        the open decisions, from which a stale control or a seat an AI holds is explained."""
        ref = cid.arg if cid.action == "do" else next(iter(values), "")
        if not ref or ref == "-":
            await self.replies.answer_via(interaction, via, _("Nothing was chosen."))
            return
        choice: Option | int = Option.of(ref)
        if ref.startswith("#"):
            choice = int(ref[1:]) if ref[1:].isdigit() else -1
        user = str(interaction.user.id)

        async def explain(outcome: Outcome) -> str | None:
            ds = outcome.decisions
            d = next((d for d in ds if d.user_id == user), ds[0] if ds else None)
            stale = stale_text(cid, d)
            if stale is not None or d is None:
                return stale or _("No decision is pending.")
            if d.user_id != user and outcome.code in (Code.TAKEN_OVER, Code.MOVED_OUT):
                return await self._not_choosing(channel, outcome.code, d)
            if cid.action == "do" and isinstance(choice, int) and outcome.code == Code.ILLEGAL:
                return _("That choice is no longer available.")
            return None

        await self.actions.choose(interaction, choice, cid, via, explain)

    async def _choose_many(
        self,
        interaction: discord.Interaction[Any],
        channel: str,
        cid: ComponentId,
        values: list[str],
        via: str,
    ) -> None:
        """Values chosen in a multi-select (``multi``; the id's argument is its verb), sent
        to the service as values - it composes the command from them at the decision the
        select belongs to: one round trip, as :meth:`_choose`. A refusal comes with the open
        decisions (a stale select, a seat an AI holds, nothing chosen are explained from
        them) and, for a refused combination in the clicker's private menu, his own options
        of the verb: the reason is shown above the same menu again."""
        chosen = [v for v in values if v and v != "-"]
        user = str(interaction.user.id)

        def own(outcome: Outcome) -> DecisionInfo | None:
            ds = outcome.decisions
            return next((d for d in ds if d.user_id == user), ds[0] if ds else None)

        async def explain(outcome: Outcome) -> str | None:
            d = own(outcome)
            stale = stale_text(cid, d)
            if stale is not None or d is None:
                return stale or _("No decision is pending.")
            if d.user_id != user and outcome.code in (Code.TAKEN_OVER, Code.MOVED_OUT):
                return await self._not_choosing(channel, outcome.code, d)
            if not chosen:
                return _("Nothing was chosen.")
            return None

        def reoffer(outcome: Outcome) -> MessageSpec | None:
            d = own(outcome)
            if via != "private" or d is None:  # only a private menu is offered again
                return None
            return private_multi_spec(d, outcome.choices)

        await self.actions.choose_many(interaction, cid.arg, chosen, cid, via, explain, reoffer)

    async def _open_choices(
        self,
        interaction: discord.Interaction[Any],
        channel: str,
        user: str,
        cid: ComponentId,
        d: DecisionInfo,
        now: Choosing,
    ) -> None:
        """A private list of the clicker's own options (of the button's filter)."""
        everything = list(now.choices)
        options = filter_options(everything, cid.arg, d.game)
        if not options or all(o.command == d.decline for o in options):
            # The public button is shown whatever the clicker's hidden things allow (they are
            # hidden): an empty list is explained to him alone, with the decline if he has one.
            reason = None if everything else now.reason
            if reason is not None or d.user_id != user:
                await self.replies.answer(interaction, await self._not_choosing(channel, reason, d))
                return
            await self.replies.answer(
                interaction, await self._nothing_to_choose(channel, user, cid, d, everything)
            )
            return
        multi = private_multi_spec(d, options)  # a multi-select of the own options, if declared
        if multi is not None:
            await self.replies.answer(interaction, multi)
            return
        titles = controls_for(d.game).filter_titles
        await self.replies.answer(
            interaction,
            private_choice_spec(
                channel,
                d.game_id,
                d.seq,
                options,
                in_any_catalog(titles[cid.arg]) if cid.arg in titles else _("Your choices"),
                indexes=[everything.index(o) for o in options],
                game_name=d.game,
            ),
        )

    async def _not_choosing(self, channel: str, reason: str | None, d: DecisionInfo) -> str:
        """Why a user has nothing to choose in the decision (not seated, already chosen, not
        his decision)."""
        if reason == Code.NOT_SEATED:
            return _("You are not playing in this game.")
        if reason == Code.TAKEN_OVER:
            return _(
                "An AI plays your seat for now: take it back with /resume (or the “Take my "
                "seat back” button), then play on."
            )
        if reason == Code.MOVED_OUT:
            return _(
                "The host moved you out of this game and an AI plays your seat: ask the host "
                "to /replace it with you."
            )
        if reason == Code.ALREADY_CHOSEN:
            return await sealed.already_chosen_text(self.service, channel)
        if reason == Code.UNAVAILABLE:
            return unavailable()
        if reason in (None, Code.NOT_YOUR_DECISION):
            return not_yours(d)
        return _("Nothing to choose there now.")

    async def _nothing_to_choose(
        self,
        channel: str,
        user: str,
        cid: ComponentId,
        d: DecisionInfo,
        everything: Sequence[Option],
    ) -> MessageSpec:
        """The decider's private answer to an opener whose list holds nothing to choose: the
        reason in the game's words (from his own view), and the decline's button when the
        opener is the decision's own choice and declining is all that is left in it."""
        rules = controls_for(d.game)
        view = await self.service.play.view(channel, user)
        reason = rules.nothing_to_choose(cid.arg, view) if view is not None else None
        own = rules.private_choices.get(d.kind, ("", "all"))[1] == cid.arg
        decline = d.decline_option
        if not own or decline is None or decline not in everything:
            text = reason or _("Nothing to choose there now.")
            return MessageSpec(content=escape(text), ephemeral=True)
        label = next(
            (
                in_any_catalog(text)
                for command, text in rules.private_buttons.get(d.kind, ())
                if command == decline.command
            ),
            option_label(decline, game=d.game),
        )
        text = reason or _(
            "You have nothing to choose here now: your only choice is {choice}.", choice=label
        )
        button = ButtonSpec(
            make_id(channel, d.game_id, d.seq, "do", decline.command), label, "primary"
        )
        return MessageSpec(content=escape(text), components=(button,), ephemeral=True)


def not_yours(d: DecisionInfo) -> str:
    # the reader is not the decider: the decider's task, not his imperative prompt (#25)
    task = texts_of(d.game).task(d.kind)
    if task is None:
        return _("Not your decision: it is {name}'s turn to decide.", name=escape(d.name))
    # Translators: {task} is what the decider is doing, a noun phrase ("drawing cards")
    return _("Not your decision: it is {name}'s turn ({task}).", name=escape(d.name), task=task)


def stale_text(cid: ComponentId, d: DecisionInfo | None) -> str | None:
    """Why a decision button no longer applies, or ``None`` if it is current."""
    if d is None:
        return _(
            "This button is from an earlier turn: no decision is pending now (the game is "
            "over, or no game is running)."
        )
    if d.game_id != cid.game:
        return _("This button is from an earlier game.")
    if d.seq != cid.seq:
        return _(
            "This button is from an earlier turn (move {then}); the game is at move {now} "
            "now. Use the newest message's buttons or the slash commands.",
            then=cid.seq + 1,
            now=d.seq + 1,
        )
    return None
