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
import re
import shlex
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from bot.product import env_value
from bot.storage.errors import StorageError
from bot.storage.store import DEFAULT_SYNCHRONOUS, SqliteDatabase, is_postgres_url
from engine.i18n.shared import N_, _
from engine.text import is_number

if TYPE_CHECKING:
    from bot.storage.postgres import PgDatabase

    #: Either backend's database (the same repositories).
    Database = SqliteDatabase | PgDatabase

DEFAULT_DB = "venezia.sqlite3"  # not for players
#: ``--db``'s help (said with ``_(DB_HELP)``).
DB_HELP = N_(
    "the database: a SQLite file or a PostgreSQL address postgresql://user:password@host/database "
    "(default: $CANALSIDE_DB, as for the bot, else ./venezia.sqlite3)"
)
#: How every printed command starts: the README's quick start runs the tools with ``uv run``.
RUN = ("uv", "run", "canalside")  # not for players
#: The largest game number read (SQLite's ids fit in 63 bits; 15 digits are plenty).
MAX_GAME_DIGITS = 15


class DatabaseRefused(ValueError):
    """A ``--db`` that cannot be opened (its message says why); nothing was created."""


#: A database setting: a SQLite file's path, or a PostgreSQL server's ``postgresql://…``
#: address (kept as text), as ``CANALSIDE_DB`` holds it for the bot.
Target = Path | str

#: Seconds a command waits for a PostgreSQL server to answer before it says it cannot reach it.
CONNECT_SECONDS = 5


def db_setting(text: str) -> Target:
    """One database setting: an address (``postgresql://…``, or one :func:`open_db` refuses)
    stays text, anything else is a SQLite file's path."""
    if "://" in text:
        return text
    return Path(text).expanduser()


def env_target(environ: Mapping[str, str] | None = None) -> Target | None:
    """``CANALSIDE_DB`` of ``environ`` (default: the process's), the bot's setting, if set."""
    text = env_value(os.environ if environ is None else environ, "CANALSIDE_DB")
    return db_setting(text) if text else None


def db_target(given: str | None) -> Target:
    """``--db``, else ``CANALSIDE_DB``, else ``./venezia.sqlite3`` (the bot's setting and
    default): a SQLite file or a ``postgresql://…`` address."""
    if given:
        return db_setting(given)
    return env_target() or db_setting(DEFAULT_DB)


def shown(target: Target) -> str:
    """A database setting fit for a message: a PostgreSQL address without its password."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", str(target))


def _same(a: Target, b: Target) -> bool:
    if isinstance(a, Path) and isinstance(b, Path):
        return a.resolve() == b.resolve()
    return str(a) == str(b)


def db_words(target: Target) -> list[str]:
    """``["--db", target]``, or nothing when ``target`` is the database these commands open
    without ``--db``."""
    if _same(target, db_target(None)):
        return []
    return ["--db", str(target)]


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


def _allowed() -> str:
    return _(
        "give a SQLite file's path or a PostgreSQL address "
        "postgresql://user:password@host:port/database"
    )


def open_db(target: Target, *, create: bool, synchronous: str = DEFAULT_SYNCHRONOUS) -> Database:
    """The database a setting names, SQLite or PostgreSQL - the one way every command opens
    it. ``create``: make a SQLite file if there is none (its folder must exist); a
    PostgreSQL database must exist on its server (its tables are made or migrated).
    :class:`DatabaseRefused` says what is wrong and what is allowed, and nothing was
    created."""
    if is_postgres_url(target):
        return _open_postgres(str(target))
    if "://" in str(target):
        raise DatabaseRefused(
            _(
                "cannot open the database {path}: it is neither a file nor a PostgreSQL "
                "address; {allowed}",
                path=shown(target),
                allowed=_allowed(),
            )
        )
    path = Path(target)
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
        return SqliteDatabase.open(path, synchronous=synchronous)
    except (sqlite3.Error, OSError, StorageError) as exc:
        raise DatabaseRefused(
            _("cannot open the database {path}: {reason}", path=path, reason=exc)
        ) from exc


def _first_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def _open_postgres(url: str) -> Database:
    """A PostgreSQL database: the address read, the server asked once (at most
    :data:`CONNECT_SECONDS`), then the pool opened and the schema migrated."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict
    from psycopg_pool import PoolTimeout

    from bot.storage.postgres import PgDatabase

    where = shown(url)
    try:
        urlsplit(url).port  # noqa: B018 - read for its check: a port is a number
        conninfo_to_dict(url)
    except (psycopg.Error, ValueError) as exc:
        raise DatabaseRefused(
            _(
                "cannot open the database {path}: the address does not read ({reason}); {allowed}",
                path=where,
                reason=_first_line(exc),
                allowed=_allowed(),
            )
        ) from None
    try:
        psycopg.connect(url, connect_timeout=CONNECT_SECONDS).close()
    except psycopg.Error as exc:
        raise DatabaseRefused(
            _(
                "cannot reach the PostgreSQL server of {path}: {reason} (is the server "
                "running, and are the host, port, user, password and database name right?)",
                path=where,
                reason=_first_line(exc),
            )
        ) from None
    try:
        return PgDatabase.open(url)
    except (psycopg.Error, StorageError, PoolTimeout) as exc:
        raise DatabaseRefused(
            _("cannot open the database {path}: {reason}", path=where, reason=_first_line(exc))
        ) from None
