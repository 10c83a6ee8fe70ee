"""Multi-selects built from a player's own options, and the command chosen values stand for.

A game's controls may declare, per decision kind, a multi-select whose items come from the
decider's legal options (:class:`chat.controls.MultiSelect` ``from_options``), e.g. the cards
of a hidden hand that one move may use. Such options are private, so the select goes only into
the private answer to the decider's own "choose" button, never onto the table's message. The
chosen values become one command (the game's ``command`` mapping, else the verb and the values)
that the service checks like any typed move: a refused combination is answered with the
engine's reason and changes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.discord.controls import multi_select
from bot.discord.specs import MessageSpec, controls_for
from bot.table.outputs import DecisionInfo, MultiChoice
from chat.controls import MultiSelect, compose_multi, multi_select_for
from engine.core import Option
from engine.i18n.shared import _

__all__ = ["declared_for_verb", "multi_text", "private_multi_spec"]


def declared_for_verb(game: str, verb: str) -> MultiSelect | None:
    """The multi-select a game declares for a verb (the verb is what a ``multi`` id carries)."""
    return multi_select_for(controls_for(game), verb)


def multi_text(game: str, verb: str, values: Sequence[str]) -> str:
    """The command a multi-select's chosen values stand for (the service composes it the same
    way for :meth:`bot.table.play.Play.choose_many`)."""
    return compose_multi(controls_for(game), verb, values)


def private_multi_spec(d: DecisionInfo, options: Sequence[Option]) -> MessageSpec | None:
    """The private answer holding one multi-select built from the clicker's own ``options``
    (``None``: the game declares none for this decision, or no item is possible - then the
    plain list of options is the answer)."""
    declared = controls_for(d.game).multi_select.get(d.kind)
    if declared is None or declared.from_options is None:
        return None
    items, low, high = declared.from_options(options)
    if not items or high < 1:
        return None
    choice = MultiChoice(declared.verb, tuple(items), low, high)
    menu = multi_select(dataclasses.replace(d, multi=choice))
    shown = len(menu.options)
    note: str = _(
        "Your choice: pick {low}–{high} of these {n} in the menu; they are sent as one "
        "command (refused combinations change nothing).",
        low=menu.min_values,
        high=menu.max_values,
        n=shown,
    )
    if shown < len(items):
        extra = _(
            "Only {shown} of {n} fit: type the command for the others.", shown=shown, n=len(items)
        )
        note = f"{note} {extra}"
    return MessageSpec(content=note, components=(menu,), ephemeral=True)
