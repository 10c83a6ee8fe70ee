"""Venezia's message functions (catalog domain ``venezia``, in ``data/venezia/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later; and :class:`Joined`, a list of texts that is said
again part by part (a card list inside an event can be said in another reader's language)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engine.i18n import N_, Joined, Messages, Text, current_language

messages = Messages("venezia")
_ = messages.text
_n = messages.plural
_p = messages.particular


_quiet: ContextVar[bool] = ContextVar("venezia_quiet", default=False)
#: The text of every event made while :func:`quiet` (nobody reads a simulated move's events).
QUIET = Text("")


@contextmanager
def quiet() -> Iterator[None]:
    """Make no event texts inside (the AI's simulated moves: thousands per decision)."""
    token = _quiet.set(True)
    try:
        yield
    finally:
        _quiet.reset(token)


def event_text(msgid: str, /, **args: object) -> Text:
    """``_`` for an event's text: the empty :data:`QUIET` inside :func:`quiet`."""
    if _quiet.get():
        return QUIET
    return messages.text(msgid, **args)


def event_plural(singular: str, plural: str, n: int, /, **args: object) -> Text:
    """``_n`` for an event's text: the empty :data:`QUIET` inside :func:`quiet`."""
    if _quiet.get():
        return QUIET
    return messages.plural(singular, plural, n, **args)


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
    "QUIET",
    "Joined",
    "_",
    "_n",
    "_p",
    "event_plural",
    "event_text",
    "memo",
    "messages",
    "quiet",
]
