"""Venezia's message functions (catalog domain ``venezia``, in ``data/venezia/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later; and :class:`Joined`, a list of texts that is said
again part by part (a card list inside an event can be said in another reader's language)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from engine.i18n import N_, Messages, Text, say

messages = Messages("venezia")
_ = messages.text
_n = messages.plural
_p = messages.particular


class Joined(Text):
    """Texts joined with a separator; said in another language, each part is said again."""

    _parts: tuple[object, ...]
    _sep: str

    def __new__(cls, parts: Iterable[object], sep: str = " ") -> Joined:
        items = tuple(parts)
        text = cast(Joined, super().__new__(cls, sep.join(say(p) for p in items)))
        text._parts = items
        text._sep = sep
        return text

    def in_language(self, lang: str) -> str:
        return Joined([say(p, lang) for p in self._parts], self._sep)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self._parts, self._sep))


__all__ = ["N_", "Joined", "_", "_n", "_p", "messages"]
