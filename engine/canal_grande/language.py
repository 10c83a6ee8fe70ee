"""Canal Grande's message functions (catalog domain ``canal_grande``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later.

The registration's texts are made once (``parts()`` is cached) but read in every language, so
its labels are said at each use: :class:`Later` is a ``str`` (English, the marked message) that
says itself in the language in force when it is printed or formatted, and :class:`SaidLater`
a mapping whose values are said at each lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from engine.i18n import N_, Messages, Text

messages = Messages("canal_grande")
_ = messages.text
_n = messages.plural
_p = messages.particular

K = TypeVar("K")
V = TypeVar("V")


class Later(str):
    """A marked message (``N_``) that is said when used: ``str(x)``, ``f"{x}"`` and
    ``x.format(...)`` give it in the language in force; the ``str`` itself stays English."""

    _context: str | None

    def __new__(cls, msgid: str, context: str | None = None) -> Later:
        made = super().__new__(cls, msgid)
        made._context = context
        return made

    def said(self, **args: Any) -> Text:
        msgid = str.__str__(self)
        if self._context is not None:
            return messages.particular(self._context, msgid, **args)
        return messages.text(msgid, **args)

    def __str__(self) -> str:
        return self.said()

    def __format__(self, spec: str) -> str:
        return format(str(self.said()), spec)

    def format(self, *args: Any, **kwargs: Any) -> str:
        return self.said(**kwargs)


class SaidLater(Mapping[K, V]):
    """A mapping read in the language in force: ``say(key, value)`` makes each value at lookup
    (the keys, and which there are, never depend on the language)."""

    def __init__(self, source: Mapping[K, Any], say: Callable[[K, Any], V]) -> None:
        self._source = source
        self._say = say

    def __getitem__(self, key: K) -> V:
        return self._say(key, self._source[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self._source)

    def __len__(self) -> int:
        return len(self._source)


__all__ = ["N_", "Later", "SaidLater", "_", "_n", "_p", "messages"]
