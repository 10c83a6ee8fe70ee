"""Venezia's message functions (catalog domain ``venezia``, in ``data/venezia/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later."""

from engine.i18n import N_, Messages

messages = Messages("venezia")
_ = messages.text
_n = messages.plural
_p = messages.particular

__all__ = ["N_", "_", "_n", "_p", "messages"]
