"""Amsterdam's controls: placements and ship moves grouped by row, plays listed privately
(the options show one's hand, each card labelled as the hand image names it).

Labels are said in the language in force when asked for; the fixed words of :func:`controls`
(built once) are :class:`~engine.i18n.Text` values an adapter says again in its reader's
language (``say(label, lang)``)."""

from __future__ import annotations

from chat.controls import Controls, SlashCommand
from engine.amsterdam.cards import GOODS, load_cards
from engine.amsterdam.language import N_, _, _p
from engine.amsterdam.presentation.words import (
    card_symbol,
    colour_name,
    good_name,
    special_name,
    water_word,
)
from engine.core import Option


def option_group(option: Option) -> str:
    """``place D5`` -> ``D`` (the row); ``play 12`` -> ``play``; ``pass`` -> ``pass``."""
    verb, arg = option.verb, option.arg
    if verb in ("place", "ship", "remove") and arg[:1].isalpha() and arg not in ("stay", "none"):
        return arg[:1].upper()
    return verb


def group_title(group: str) -> str | None:
    """The groups of one special option (``ship stay``, ``remove none``, ``pass``) read as
    that option's button, not as the verb the group is named by (#25: "ship" in a Japanese
    menu)."""
    special = {
        "ship": "ship stay",  # not for players
        "remove": "remove none",  # not for players
        "pass": "pass",  # not for players
    }.get(group)
    return option_label(Option.of(special)) if special is not None else None


def option_label(option: Option) -> str | None:
    command = option.command
    if command == "pass":
        return _p("button", "Pass")
    if command == "buy":
        return _p("button", "Buy")
    if command == "buy no":  # not for players
        return _p("button", "Do not buy")
    if command == "ship stay":  # not for players
        return _p("button", "Ship stays")
    if command == "remove none":  # not for players
        return _p("button", "Remove nothing")
    verb, arg = option.verb, option.arg
    if verb in ("play", "show"):
        card = card_words(arg)
        if card is not None:
            return card
    if not arg:
        return None
    # Translators: button labels; {cell} is a cell (D5), {card} a card's label (12, tide).
    # Keep the cell or card at the end when you can.
    if verb == "place":
        return _("Place: {cell}", cell=arg)
    if verb == "ship":
        return _("Ship to {cell}", cell=arg)
    if verb == "remove":
        return _("Remove: {cell}", cell=arg)
    if verb == "play":
        return _("Reveal: {card}", card=arg)
    if verb == "show":
        return _("Show: {card}", card=arg)
    if verb == "buy":
        return _("Buy: {card}", card=arg)
    return None


def option_description(option: Option) -> str | None:
    """Under a card in the menu: what choosing it does, as typed (``play 19``)."""
    # Translators: {command} is the command as typed (play 19), it stays in English.
    if option.verb == "play":
        return _("reveal this card ({command})", command=option.command)
    if option.verb == "show":
        return _("show this card ({command})", command=option.command)
    return None


def card_words(label: str) -> str | None:
    """A card in the words of the hand image, for a menu of one's own cards:
    ``19 · red · tea+wine · gulden``, ``61 · water · ship``, ``tide`` (None: no such card)."""
    cs = load_cards()
    if label.isdigit():
        ident = cs.by_number.get(int(label))
        if ident is None:
            return None
        card = cs.cards[ident]
    else:
        special = next((c for c in cs.cards if c.special and c.label == label), None)
        # a special card has no number or symbols (AM-G35)
        return None if special is None else special_name(special.kind)
    kind = colour_name(("red", "black")[card.owner]) if card.owner is not None else water_word()
    parts = [str(card.number), kind] if card.number is not None else [kind]
    things = [card_symbol("crane")] if card.crane else []
    things += [good_name(g) for g, k in zip(GOODS, card.goods, strict=True) for _n in range(k)]
    symbols = [card_symbol(s) for s, on in (("ship", card.ship), ("gulden", card.gulden)) if on]
    parts += [x for x in ("+".join(things), *symbols) if x]
    return " · ".join(parts)


#: Amsterdam's slash commands: their texts are English message ids of the ``amsterdam``
#: domain, short enough for Discord (100 characters) in every language.
SLASH_COMMANDS: tuple[SlashCommand, ...] = (
    SlashCommand(
        "play",
        N_("Reveal a card from your hand in secret"),
        "args",
        N_("The card's number, e.g. '12', or 'tide'"),
        required=False,
        # Translators: the /play, /place and /pass of several games list each game's part;
        # keep each part short (the whole list must fit Discord's 100 characters)
        shared=N_("Amsterdam: reveal a card in secret"),
        shared_param=N_("Amsterdam: a card number or 'tide'"),
    ),
    SlashCommand(
        "place",
        N_("Put your revealed card into a free cell"),
        "args",
        N_("The cell, e.g. 'D5'"),
        required=False,
        shared=N_("Amsterdam: put your revealed card"),
        shared_param=N_("Amsterdam: a cell, e.g. 'D5'"),
    ),
    SlashCommand(
        "pass",
        N_("Reveal no card this round; take 1 gulden"),
        shared=N_("Amsterdam: reveal no card this round"),
    ),
    SlashCommand(
        "buy", N_("Buy a special card, or not"), "args", N_("Empty: buy; 'no': do not buy"), False
    ),
    SlashCommand(
        "remove",
        N_("Remove a ship-symbol card next to the ship"),
        "args",
        N_("The card's cell, e.g. 'F7', or 'none'"),
        required=False,
    ),
    SlashCommand(
        "ship",
        N_("Move the ship to a water card, or leave it"),
        "args",
        N_("A water card's cell, e.g. 'E7', or 'stay'"),
        required=False,
    ),
    SlashCommand(
        "show",
        N_("Show a card to settle who buys or starts"),
        "args",
        N_("The card's number, e.g. '12'"),
        required=False,
    ),
)


def controls() -> Controls:
    return Controls(
        grouped_verbs=frozenset({"place", "ship", "remove"}),
        short_label_verbs=frozenset({"place", "ship", "remove"}),
        private_choices={
            "choose": (_p("button", "Reveal a card…"), "play"),
            "contest": (_p("button", "Show a card…"), "show"),
            "order": (_p("button", "Show a card…"), "show"),
        },
        option_filters={"play": ("play", "pass"), "show": ("show",), "all": ()},
        filter_titles={"play": _("Your cards"), "show": _("Cards to show")},
        option_group=option_group,
        group_title=group_title,
        group_noun=_p("group of cells", "row"),
        option_label=option_label,
        option_description=option_description,
        slash_commands=SLASH_COMMANDS,
    )
