"""``venezia export``, ``venezia import`` and ``venezia replay``: a finished game as a portable
JSON file and back, and its animated replay drawn from such a file (the format and the checks
live in :mod:`bot.table.history`)."""

from __future__ import annotations

import os
from pathlib import Path

from engine.i18n.shared import N_

DEFAULT_DB = "venezia.sqlite3"  # not for players
#: ``--db``'s help (said with ``_(DB_HELP)``).
DB_HELP = N_("the SQLite file (default: $VENEZIA_DB or ./venezia.sqlite3)")


def db_path(given: str | None) -> Path:
    """``--db``, else ``VENEZIA_DB``, else ``./venezia.sqlite3`` (the bot's default)."""
    return Path(given or os.environ.get("VENEZIA_DB") or DEFAULT_DB)
