"""Canal Grande's controls: the divide as one multi-select of the revealed cards (offer A; its
254 options stay grouped by first position for adapters without multi-selects); a placement in
a vote as one multi-select of the hand cards it may use (shown to the placer only: it shows
his hand; :mod:`chat.canal_grande.vote_select`); the district of a vote in a private list."""

from __future__ import annotations

from typing import Any

from chat.canal_grande.vote_select import placement_command, placement_items
from chat.controls import Controls, MultiSelect, SlashCommand
from engine.canal_grande import commands as cmd
from engine.canal_grande.cards import card_name
from engine.canal_grande.language import N_, _, _p, later
from engine.core import JSON, IllegalMove, Option
from engine.i18n import SaidMapping, counted


def option_group(option: Option) -> str:
    """``divide 1 4 7`` -> ``1``; ``place sanmarco …`` -> the chosen district."""
    return option.args[0] if option.args else option.command


def option_label(option: Option) -> str | None:
    """A choice as people read it: ``vote santacroce`` -> ``Vote: Santa Croce``; ``place 2
    sanmarco gondola castello`` -> ``Place: 2 × San Marco + gondola (Castello)``."""
    if option.command == "pass":
        return _p("button", "Pass")
    if not option.args:
        return None
    if option.verb == "divide":
        # Translators: a button; positions: the revealed cards' positions, e.g. "1 4 7"
        return _("Offer A: {positions}", positions=option.arg)
    if option.verb == "take":
        # Translators: a button; the label must end with the offer's letter (A or B)
        return _("Take offer {offer}", offer=option.arg)
    if option.verb == "vote":
        return _("Vote: {district}", district=card_name(option.arg))
    if option.verb == "place":
        return _place_label(option)
    return None


def _place_label(option: Option) -> str | None:
    try:
        move = cmd.parse(option.command)
    except IllegalMove:
        return None

    def cards(group: tuple[tuple[str, int], ...]) -> str:
        return counted(
            card_name(d) if k == 1 else _("{count} × {card}", count=k, card=card_name(d))
            for d, k in group
        )

    parts = [cards(tuple(move.plain))] if move.plain else []
    parts += [
        _("gondola ({cards})", cards=cards(tuple(group)) or _("empty")) for group in move.groups
    ]
    return _("Place: {cards}", cards=" + ".join(parts))


def kind_name(kind: str) -> str:
    """A revealed card's kind in words (the description under a card in the divide's list)."""
    kinds = {
        "district": _p("card kind", "district"),
        "gondola": _p("card kind", "gondola"),
        "traitor": _p("card kind", "traitor"),
        "spy": _p("card kind", "spy"),
        "doge": _p("card kind", "doge"),
        "number": _p("card kind", "number"),
    }
    return kinds.get(kind, kind)


#: decision kind -> (button label, filter) of a private choice; the labels are said at use
PRIVATE_CHOICES: dict[str, tuple[str, str]] = {
    # Translators: a button opening the private list of districts (at most 80 characters)
    "district": (N_("Choose the district…"), "vote"),
    # Translators: a button opening the private list of cards to place (at most 80 characters)
    "place": (N_("Place cards…"), "place"),
}


def _private_choice(kind: str, choice: tuple[str, str]) -> tuple[str, str]:
    return (_(choice[0]), choice[1])


def divide_items(view: JSON) -> tuple[list[tuple[str, str, str | None]], int, int]:
    """The revealed cards as a multi-select for offer A (``1 · San Marco``), from the public
    view's ``revealed`` and ``divide`` blocks (1..n-1 cards; the rest are offer B)."""
    revealed: list[dict[str, Any]] = list(view.get("revealed") or [])
    block: dict[str, Any] = dict(view.get("divide") or {})
    items = [
        (str(c["pos"]), f"{c['pos']} · {c['name']}", kind_name(str(c.get("kind") or "")) or None)
        for c in revealed
    ]
    low = int(block.get("min", 1))
    high = int(block.get("max", max(len(items) - 1, 1)))
    return items, low, high


def nothing_to_choose(flt: str, view: JSON) -> str | None:
    """Why the placer's own list holds nothing to place (only the pass), for his eyes only."""
    vote = view.get("vote") or {}
    district = vote.get("district")
    if flt != "place" or not district:
        return None
    names = {str(d["id"]): str(d["name"]) for d in view.get("districts") or []}
    name = names.get(district, card_name(district))
    return _(
        "Nothing in your hand can be placed in {district} now: your only choice is to pass.",
        district=name,
    )


#: Canal Grande's slash commands: their texts are English message ids of the
#: ``canal_grande`` domain, short enough for Discord (100 characters) in every language.
SLASH_COMMANDS: tuple[SlashCommand, ...] = (
    SlashCommand(
        "divide",
        N_("Divide the revealed cards: name offer A, the rest is offer B"),
        "args",
        N_("The positions of offer A's cards, e.g. '1 4 7'"),
        required=False,
    ),
    SlashCommand("take", N_("Take one of the two offers"), "args", N_("'A' or 'B'"), False),
    SlashCommand(
        "vote",
        N_("Choose the district of the vote"),
        "args",
        N_("The district, e.g. 'sanmarco'"),
        required=False,
    ),
    SlashCommand(
        "place",
        N_("Add cards to the vote"),
        "args",
        N_("The cards, e.g. 'sanmarco gondola 2 castello'"),
        required=False,
        # Translators: the /place and /pass of several games list each game's part;
        # keep each part short (the whole list must fit Discord's 100 characters)
        shared=N_("Canal Grande: add cards to the vote"),
        shared_param=N_("Canal Grande: cards, e.g. 'sanmarco'"),
    ),
    SlashCommand(
        "pass",
        N_("Place nothing more in this vote"),
        shared=N_("Canal Grande: place nothing more"),
    ),
)


def controls() -> Controls:
    return Controls(
        grouped_verbs=frozenset({"divide"}),
        short_label_verbs=frozenset({"take"}),
        private_choices=SaidMapping(PRIVATE_CHOICES, _private_choice),
        option_filters={"vote": ("vote",), "place": ("place", "pass"), "all": ()},
        option_group=option_group,
        group_noun=later(N_("first card")),
        option_label=option_label,
        nothing_to_choose=nothing_to_choose,
        multi_select={
            "divide": MultiSelect("divide", divide_items),
            "place": MultiSelect("place", from_options=placement_items, command=placement_command),
        },
        slash_commands=SLASH_COMMANDS,
    )
