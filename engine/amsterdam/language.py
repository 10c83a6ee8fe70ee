"""Amsterdam's message functions (catalog domain ``amsterdam``, in ``data/amsterdam/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later; :func:`joined` a list of texts that can be said
again in another language as a whole."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from engine.i18n import N_, Messages, Text, say

messages = Messages("amsterdam")
_ = messages.text
_n = messages.plural
_p = messages.particular


class Joined(Text):
    """Texts joined by a separator (``tea+wine``, ``Anna passes; Ben reveals …``) that is said
    again part by part: ``", ".join(texts)`` gives a plain ``str``, frozen in one language."""

    _parts: tuple[object, ...]
    _sep: str

    def __new__(cls, sep: str, parts: Iterable[object]) -> Joined:
        items = tuple(parts)
        text = cast(Joined, super().__new__(cls, sep.join(str(p) for p in items)))
        text._parts = items
        text._sep = sep
        return text

    def in_language(self, lang: str) -> str:
        return Joined(self._sep, [say(p, lang) for p in self._parts])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self._sep, self._parts))


def joined(sep: str, parts: Iterable[object]) -> Joined:
    """``sep.join(parts)`` that :func:`engine.i18n.say` can say again in another language."""
    return Joined(sep, parts)


__all__ = ["N_", "Joined", "_", "_n", "_p", "joined", "messages"]
