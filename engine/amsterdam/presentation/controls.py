"""Amsterdam's controls: placements and ship moves grouped by row, plays listed privately
(the options show one's hand, each card labelled as the hand image names it)."""

from __future__ import annotations

from engine.amsterdam.cards import load_cards
from engine.core import Option
from engine.registry import Controls


def option_group(option: Option) -> str:
    """``place D5`` -> ``D`` (the row); ``play 12`` -> ``play``; ``pass`` -> ``pass``."""
    verb, arg = option.verb, option.arg
    if verb in ("place", "ship", "remove") and arg[:1].isalpha() and arg not in ("stay", "none"):
        return arg[:1].upper()
    return verb


def option_label(option: Option) -> str | None:
    labels = {
        "pass": "Pass",
        "buy": "Buy",
        "buy no": "Do not buy",
        "ship stay": "Ship stays",
        "remove none": "Remove nothing",
    }
    if option.command in labels:
        return labels[option.command]
    verb, arg = option.verb, option.arg
    if verb in ("play", "show"):
        card = card_words(arg)
        if card is not None:
            return card
    words = {"place": "Place: ", "ship": "Ship to ", "remove": "Remove: ", "play": "Reveal: "}
    words |= {"show": "Show: ", "buy": "Buy: "}
    if verb in words and arg:
        return words[verb] + arg
    return None


def option_description(option: Option) -> str | None:
    """Under a card in the menu: what choosing it does, as typed (``play 19``)."""
    if option.verb == "play":
        return f"reveal this card ({option.command})"
    if option.verb == "show":
        return f"show this card ({option.command})"
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
        return None if special is None else special.describe()
    head, _, inner = card.describe().partition(" (")
    kind, _, number = head.partition(" ")
    parts = [number, kind] if number else [kind]
    if inner:
        parts += inner.rstrip(")").split(", ")
    return " · ".join(parts)


def controls() -> Controls:
    return Controls(
        grouped_verbs=frozenset({"place", "ship", "remove"}),
        short_label_verbs=frozenset({"place", "ship", "remove"}),
        private_choices={
            "choose": ("Reveal a card…", "play"),
            "contest": ("Show a card…", "show"),
            "order": ("Show a card…", "show"),
        },
        option_filters={"play": ("play", "pass"), "show": ("show",), "all": ()},
        filter_titles={"play": "Your cards", "show": "Cards to show"},
        option_group=option_group,
        group_noun="row",
        option_label=option_label,
        option_description=option_description,
    )
