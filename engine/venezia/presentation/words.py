"""Venezia's words said when read: the building names, and the registration's fixed texts
(help lines, rules topics, control labels) kept as English message ids and said in the language
in force each time the table reads them (the registration is built once, before anybody's
language is known)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from engine.i18n import SaidMapping, Text, listed
from engine.venezia.language import _, _p

K = TypeVar("K")


def building_label(kind: str) -> str:
    """A building type as a label begins (a button: ``Basilica``, ``Templom``, ``教会``): its
    own message, never a name with its first letter changed; anything else as it is."""
    # Translators: a building type's name at the start of a button's label
    names: dict[str, Callable[[], Text]] = {
        "basilica": lambda: _p("building label", "Basilica"),
        "palazzo": lambda: _p("building label", "Palazzo"),
        "campo": lambda: _p("building label", "Campo"),
        "ponte": lambda: _p("building label", "Ponte"),
        "casa": lambda: _p("building label", "Casa"),
    }
    make = names.get(kind)
    return make() if make is not None else kind


def building_name(kind: str) -> str:
    """A building type (``basilica`` … ``casa``, the engine's token) as the reader names it;
    anything else as it is."""
    names: dict[str, Callable[[], Text]] = {
        "basilica": lambda: _p("building", "basilica"),
        "palazzo": lambda: _p("building", "palazzo"),
        "campo": lambda: _p("building", "campo"),
        "ponte": lambda: _p("building", "ponte"),
        "casa": lambda: _p("building", "casa"),
    }
    make = names.get(kind)
    return make() if make is not None else kind


def building_gloss(kind: str) -> str:
    """The small line under a card's printed (Italian) name: what the building is, in the
    reader's words (English: basilica, palace, square, bridge, house)."""
    names: dict[str, Callable[[], Text]] = {
        "basilica": lambda: _p("card gloss", "basilica"),
        "palazzo": lambda: _p("card gloss", "palace"),
        "campo": lambda: _p("card gloss", "square"),
        "ponte": lambda: _p("card gloss", "bridge"),
        "casa": lambda: _p("card gloss", "house"),
    }
    make = names.get(kind)
    return make() if make is not None else kind


def building_names(kinds: object) -> str:
    """Building types joined with ", " as the reader names them."""
    if not isinstance(kinds, (list, tuple)):
        return ""
    return listed(building_name(str(k)) for k in kinds)


def said_texts(ids: Mapping[K, str]) -> SaidMapping[K, str]:
    """A table of English message ids (marked ``N_``) said in the language in force when read:
    the registration's tables stay what they were, in every language."""
    return SaidMapping(ids, lambda _key, msgid: _(msgid))


def said_pairs(ids: Mapping[K, tuple[str, str]]) -> SaidMapping[K, tuple[str, str]]:
    """(label, value) pairs whose labels are said when read (a control's label and the filter
    it opens)."""
    return SaidMapping(ids, lambda _key, pair: (_(pair[0]), pair[1]))


def said_buttons(
    ids: Mapping[K, tuple[tuple[str, str], ...]],
) -> SaidMapping[K, tuple[tuple[str, str], ...]]:
    """(command, label) buttons whose labels are said when read."""
    return SaidMapping(ids, lambda _key, buttons: tuple((c, _(label)) for c, label in buttons))


class SaidLabel(tuple[str, str]):
    """A (label, value) pair whose label (an English message id, marked ``N_``) is said in the
    language in force each time the pair is read or unpacked (a control's fixed button)."""

    __slots__ = ()

    def __new__(cls, label: str, value: str) -> SaidLabel:
        return super().__new__(cls, (label, value))

    def __iter__(self) -> Iterator[str]:
        label, value = super().__iter__()
        yield _(label)
        yield value

    def __getitem__(self, index: Any) -> Any:
        return tuple(self)[index]

    def __getnewargs__(self) -> tuple[str, str]:
        """Pickled as the message id (said again where it is unpickled)."""
        return (tuple.__getitem__(self, 0), tuple.__getitem__(self, 1))
