"""The shared domain's message functions, under the names the catalog tool extracts."""

from engine.i18n.text import N_, table_messages

_ = table_messages.text
_n = table_messages.plural
_p = table_messages.particular

__all__ = ["N_", "_", "_n", "_p"]
