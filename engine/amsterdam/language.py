"""Amsterdam's message functions (catalog domain ``amsterdam``, in ``data/amsterdam/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later; :func:`~engine.i18n.joined` (re-exported) a list of
texts that can be said again in another language as a whole."""

from __future__ import annotations

from engine.i18n import N_, Joined, Messages, joined

messages = Messages("amsterdam")
_ = messages.text
_n = messages.plural
_p = messages.particular


__all__ = ["N_", "Joined", "_", "_n", "_p", "joined", "messages"]
