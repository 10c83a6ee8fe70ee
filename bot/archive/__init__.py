"""``canalside export``, ``canalside import``, ``canalside replay`` and ``canalside history``: a
finished game as a portable JSON file and back (:mod:`bot.archive.portable`: the format and
its checks), its animated replay drawn from such a file, and the list of a database's finished
games, imported ones included.

Commands printed for a person to run are printed as they work when pasted: with the README's
``uv run`` (:func:`shell_command`) and with ``--db`` when the database is not the one these
commands open by default (:func:`db_words`)."""

from __future__ import annotations

import argparse
import os
import shlex
import sqlite3
from pathlib import Path

from bot.product import env_value
from bot.storage.errors import StorageError
from bot.storage.store import SqliteDatabase
from engine.i18n.shared import N_, _
from engine.text import is_number

DEFAULT_DB = "venezia.sqlite3"  # not for players
#: ``--db``'s help (said with ``_(DB_HELP)``).
DB_HELP = N_("the SQLite file (default: $CANALSIDE_DB or ./venezia.sqlite3)")
#: How every printed command starts: the README's quick start runs the tools with ``uv run``.
RUN = ("uv", "run", "canalside")  # not for players
#: The largest game number read (SQLite's ids fit in 63 bits; 15 digits are plenty).
MAX_GAME_DIGITS = 15


class DatabaseRefused(ValueError):
    """A ``--db`` that cannot be opened (its message says why); nothing was created."""


def db_path(given: str | None) -> Path:
    """``--db``, else ``CANALSIDE_DB``, else ``./venezia.sqlite3`` (the bot's default)."""
    return Path(given or env_value(os.environ, "CANALSIDE_DB") or DEFAULT_DB)


def db_words(path: Path) -> list[str]:
    """``["--db", path]``, or nothing when ``path`` is the database these commands open
    without ``--db``."""
    if path.resolve() == db_path(None).resolve():
        return []
    return ["--db", str(path)]


def shell_command(*words: str) -> str:
    """``uv run canalside WORDS…``, each word quoted for a POSIX shell where it needs it."""
    return " ".join([*RUN, *(shlex.quote(w) for w in words)])


def game_number(text: str) -> int:
    """A game number typed on the command line (``12`` or ``#12``): ASCII digits, at most
    :data:`MAX_GAME_DIGITS`, from 1 (an ``argparse`` type)."""
    digits = text.strip().removeprefix("#")
    if not is_number(digits) or len(digits) > MAX_GAME_DIGITS or int(digits) < 1:
        raise argparse.ArgumentTypeError(
            _(
                "a game number is a whole number from 1 to {high} ('{command}' lists them), "
                "not {typed}",
                high="9" * MAX_GAME_DIGITS,
                command=shell_command("history"),
                typed=repr(text[:20]),
            )
        )
    return int(digits)


def open_db(path: Path, *, create: bool) -> SqliteDatabase:
    """The database at ``path``; ``create``: make it if there is none (its folder must
    exist). :class:`DatabaseRefused` says why it cannot be opened."""
    if not path.exists() and not create:
        raise DatabaseRefused(_("no database at {path}", path=path))
    folder = path.parent
    if not folder.is_dir():
        raise DatabaseRefused(
            _(
                "cannot open the database {path}: there is no folder {folder}",
                path=path,
                folder=folder,
            )
        )
    if path.is_dir():
        raise DatabaseRefused(
            _("cannot open the database {path}: it is a folder, not a file", path=path)
        )
    try:
        return SqliteDatabase.open(path)
    except (sqlite3.Error, OSError, StorageError) as exc:
        raise DatabaseRefused(
            _("cannot open the database {path}: {reason}", path=path, reason=exc)
        ) from exc
