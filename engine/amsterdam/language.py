"""Amsterdam's message functions (catalog domain ``amsterdam``, in ``data/amsterdam/locale/``),
under the names the catalog tool extracts: ``_`` a message, ``_n`` with plural forms, ``_p`` with a
context, ``N_`` a mark for a label said later."""

from engine.i18n import N_, Messages

messages = Messages("amsterdam")
_ = messages.text
_n = messages.plural
_p = messages.particular

__all__ = ["N_", "_", "_n", "_p", "messages"]
