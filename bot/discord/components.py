"""Clicks on the table's buttons and choices in its selects: routed by the custom id's action
(:mod:`bot.discord.specs`), checked against the pending decision (a click on an earlier
turn's control is answered privately as stale), then played like the slash commands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.discord import sealed
from bot.discord.controls import (
    filter_options,
    group_choice_spec,
    private_choice_spec,
)
from bot.discord.handlers import TableCommands
from bot.discord.layout import escape
from bot.discord.multi import multi_text, private_multi_spec
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
from bot.table.outputs import Code, DecisionInfo
from engine.core import Option
from engine.i18n.shared import _

__all__ = ["STALE", "ComponentRouter", "not_yours", "stale_text"]

#: Refusal code of a click on an earlier decision's component (the service's ``Code.STALE``).
STALE = Code.STALE


class ComponentRouter(TableCommands):
    """Buttons and selects of the table's messages (and of the private option lists)."""

    async def on_component(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None:
        """A click on one of our buttons or a choice in one of our selects."""
        await self.guard(
            interaction, f"component {cid.text()}", self._component(interaction, cid, values)
        )

    async def _component(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None:
        channel = self._channel_id(interaction)
        if cid.channel != channel:
            await self.answer(interaction, _("This button belongs to another channel's table."))
            return
        action = cid.action
        lobby = {
            "join": lambda: self.cmd_join(interaction, None, via="button"),
            "leave": lambda: self.cmd_leave(interaction, via="button"),
            "start": lambda: self.cmd_start(interaction, None, via="button"),
            "addbot": lambda: self.cmd_addbot(interaction, None, via="button"),
            "removebot": lambda: self.cmd_removebot(interaction, None, via="button"),
            "resume": lambda: self.cmd_resume(interaction, via="button"),
            "vote": lambda: self.cmd_vote(interaction, cid.arg),
        }
        picked = next((v for v in values if v and v != "-"), None)
        menus = {
            "game": lambda v: self.cmd_choose_game(interaction, v),
            "setopt": lambda v: self.cmd_set_option(interaction, cid.arg, v),
            "addai": lambda v: self.cmd_addbot(interaction, v, via="button"),
            "timer": lambda v: self.cmd_settings(interaction, v, via="button"),
        }
        if action in menus:
            if picked is None:
                await self.answer(interaction, _("Nothing was chosen."))
            else:
                await menus[action](picked)
            return
        if action == "hand":
            await self.cmd_hand(interaction)
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
            await self.defer(interaction)
        d = await sealed.own_decision(self.service, channel, str(interaction.user.id))
        stale = stale_text(cid, d)
        if stale is not None or d is None:
            await self.answer_via(interaction, via, stale or _("No decision is pending."))
            return
        user = str(interaction.user.id)
        if d.user_id != user:
            # a player whose seat an AI holds is told how to get it back, whatever he used
            reason = await self.service.options_reason(channel, user)
            if reason in (Code.TAKEN_OVER, Code.MOVED_OUT):
                await self.answer_via(
                    interaction, via, await self._not_choosing(channel, reason, d)
                )
                return
        if action == "do":
            command = cid.arg
            if command.startswith("#"):
                command = _indexed(d.choices or (), command)
            if command:
                await self.move(interaction, command, cid, via=via)
            else:
                await self.answer_via(interaction, via, _("That choice is no longer available."))
            return
        if action == "pick":
            value = values[0] if values else ""
            if value.startswith("#"):
                public = d.choices
                if public is not None and cid.arg.startswith("d"):
                    source: Sequence[Option] = public
                else:
                    source = await self.service.choices_for(channel, user, "", None)
                value = _indexed(source, value)
            if not value or value == "-":
                await self.answer_via(interaction, via, _("Nothing was chosen."))
                return
            await self.move(interaction, value, cid, via=via)
            return
        if action == "multi":
            chosen = [v for v in values if v and v != "-"]
            if not chosen:
                await self.answer_via(interaction, via, _("Nothing was chosen."))
                return
            reoffer = None
            if via == "private":  # a refused combination: the reason above the same menu
                mine = await self.service.choices_for(channel, user, "", None)
                reoffer = private_multi_spec(d, [o for o in mine if o.verb == cid.arg])
            command = multi_text(d.game, cid.arg, chosen)
            await self.move(interaction, command, cid, via=via, reoffer=reoffer)
            return
        if action == "grp":
            if d.user_id != user:
                await self.answer(interaction, not_yours(d))
                return
            group = values[0] if values else ""
            public = d.choices
            if public is not None:
                spec = group_choice_spec(channel, d.game_id, d.seq, public, group, "d", d.game)
            else:
                mine = await self.service.choices_for(channel, user, "", None)
                spec = group_choice_spec(channel, d.game_id, d.seq, mine, group, "u", d.game)
            await self.answer(interaction, spec)
            return
        if action == "opt":
            await self._open_choices(interaction, channel, user, cid, d)
            return
        await self.answer(interaction, _("Unknown button."))

    async def _open_choices(
        self,
        interaction: discord.Interaction[Any],
        channel: str,
        user: str,
        cid: ComponentId,
        d: DecisionInfo,
    ) -> None:
        """A private list of the clicker's own options (of the button's filter)."""
        everything = await self.service.choices_for(channel, user, "", None)
        options = filter_options(everything, cid.arg, d.game)
        if not options or all(o.command == d.decline for o in options):
            # The public button is shown whatever the clicker's hidden things allow (they are
            # hidden): an empty list is explained to him alone, with the decline if he has one.
            reason = None if everything else await self.service.options_reason(channel, user)
            if reason is not None or d.user_id != user:
                await self.answer(interaction, await self._not_choosing(channel, reason, d))
                return
            await self.answer(
                interaction, await self._nothing_to_choose(channel, user, cid, d, everything)
            )
            return
        multi = private_multi_spec(d, options)  # a multi-select of the own options, if declared
        if multi is not None:
            await self.answer(interaction, multi)
            return
        titles = controls_for(d.game).filter_titles
        await self.answer(
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
        view = await self.service.view(channel, user)
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


def _indexed(options: Sequence[Option], ref: str) -> str:
    """The command of the option a ``#i`` value or button argument stands for (``""``: no
    such option)."""
    try:
        return options[int(ref[1:])].command
    except (ValueError, IndexError):
        return ""


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
