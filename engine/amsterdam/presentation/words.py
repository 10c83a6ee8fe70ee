"""Amsterdam's game words as people read them (goods, colours, special cards, card symbols),
said in the language in force: the texts, the controls and the images share them.

Each is a ``_p`` message whose context names the kind of thing (``_p("good", "tea")``), so
the same word said by the rules and by the images is one catalog entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.amsterdam import cards
from engine.amsterdam.cards import SPICE, TEA, WINE
from engine.amsterdam.language import _, _p
from engine.i18n import Text


def good_name(good: str) -> Text:
    """``tea``, ``wine``, ``spice`` (as the views give them) in words: the rules' own words
    (:func:`engine.amsterdam.cards.good_name`), one catalog entry each."""
    index = {"tea": TEA, "wine": WINE, "spice": SPICE}.get(good)
    return cards.good_name(index) if index is not None else Text(good)


def colour_name(colour: object) -> Text:
    """A player's colour (``red``/``black``, as the views give it) in words."""
    seat = {"red": 0, "black": 1}.get(str(colour))
    return cards.color_name(seat) if seat is not None else Text(str(colour))


def special_name(kind: str) -> Text:
    """A special card (``tide``, ``bridge``, ``customs``) in words (AM-V4)."""
    if kind in ("tide", "bridge", "customs"):
        return cards.special_name(kind)
    return Text(kind)


def card_symbol(symbol: str) -> Text:
    """A symbol printed on a card (``ship``, ``gulden``, ``crane``) in words."""
    names = {
        "ship": _p("card symbol", "ship"),
        "gulden": _p("card symbol", "gulden"),
        "crane": _p("card symbol", "crane"),
    }
    return names.get(symbol) or Text(symbol)


def variant_name(name: str) -> Text:
    """A variant's name in words (the rulebook's, without the harbour's size)."""
    names = {
        "canale_grande": _p("variant", "Canale Grande"),
        "gulliver": _p("variant", "Gulliver's Travels"),
        "penniless": _p("variant", "Penniless"),
        "special_cards": _p("variant", "Special cards"),
        "water_play": _p("variant", "Water Play"),
        "gomoku": _p("variant", "Gomoku"),
    }
    return names.get(name) or _("Amsterdam")


#: The variants whose title gives the harbour's size (their frame differs from 7×7).
_SIZED = frozenset({"canale_grande", "gulliver", "water_play", "gomoku"})


def variant_title(variant: Mapping[str, Any]) -> str:
    """A view's ``variant`` as a title: ``Amsterdam`` (the base game), ``Canale Grande
    (4×12)``, ``Penniless``; an unknown variant keeps the view's own title."""
    name = str(variant.get("name") or "base")
    if name == "base":
        return _("Amsterdam")
    if name not in _SIZED:
        return variant_name(name) if name in _NAMED else str(variant.get("title", name))
    if name in _NAMED:
        from engine.amsterdam.variants import VARIANTS

        # the title is one message, its size written as the language writes it: （6×6） (#25)
        return _(VARIANTS[name].title)
    return str(variant.get("title", name))


_NAMED = frozenset(
    {"canale_grande", "gulliver", "penniless", "special_cards", "water_play", "gomoku"}
)


def water_word() -> Text:
    """A water card's kind, as a card's words start (``61 · water · ship``)."""
    return _p("card kind", "water")
