"""Canal Grande's message functions (catalog domain ``canal_grande``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later.

The registration's texts are made once (``parts()`` is cached) but read in every language, so
its labels are said at each use: :func:`later` (an :class:`engine.i18n.Later`) and
:class:`engine.i18n.SaidMapping`.
"""

from __future__ import annotations

from engine.i18n import N_, Messages, Text

messages = Messages("canal_grande")
_ = messages.text
_n = messages.plural
_p = messages.particular


def later(msgid: str, context: str | None = None) -> Text:
    """A marked message said whenever it is used (:class:`engine.i18n.Later`)."""
    return messages.later(msgid, context)


__all__ = ["N_", "_", "_n", "_p", "later", "messages"]
