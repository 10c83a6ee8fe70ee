"""Venezia's message functions (catalog domain ``venezia``, in ``data/venezia/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later; and :class:`Joined`, a list of texts that is said
again part by part (a card list inside an event can be said in another reader's language)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from engine.i18n import N_, Joined, Messages, Text, current_language

messages = Messages("venezia")
_ = messages.text
_n = messages.plural
_p = messages.particular


_memo: dict[tuple[Hashable, str], Text] = {}


def memo(key: Hashable, make: Callable[[], Text]) -> Text:
    """``make()`` once per key and language in force: a fixed message (a building's name, a
    decision's prompt) is made on every move the AI simulates, and a Text never changes."""
    found = _memo.get((key, lang := current_language()))
    if found is None:
        found = _memo[(key, lang)] = make()
    return found


__all__ = [
    "N_",
    "Joined",
    "_",
    "_n",
    "_p",
    "memo",
    "messages",
]
