"""``canalside play``: a table in the terminal, through the same table service and command
grammar as Discord.

You plus AI seats (``--players N``, ``--ai LEVEL``), or hot-seat play for several people at one
keyboard (``--humans K``: hands stay hidden behind a "pass the terminal" prompt), or AI seats
only (``--humans 0``: watch a whole game). The terminal is one channel of the service (id
``terminal``, or ``--channel``); humans are the users ``human1`` … ``humanK``.

Each turn the board PNG is written to the game's own folder in the output folder (``--out``,
default ``./out``; ``<out>/<game>/``, so two games never overwrite each other's pictures):
``board-NNNN.png`` after NNNN moves and ``board.png`` (the latest), ``hand-<name>.png`` (at a
hot seat only while its owner holds the keyboard: everyone there can open the folder) and
``end.png``; a compact text summary is printed. Type a command (``take A``,
``place C3 C4`` …, the same as on Discord) or the number of an option, or ``help``, ``board``,
``hand``, ``status``, ``log [n]``, ``rules [topic]``, ``stats``, ``history``, ``game N``
(a finished game's card; its board and score graph written to the folder), ``replay [N]``
(its animated replay), ``quit``. Everything is stored in the database the bot's setting
names (``--db``, else ``CANALSIDE_DB``: a SQLite file or ``postgresql://…``; default
``<out>/venezia.sqlite3``) move by move, one save per game (its own channel,
:func:`bot.terminal.setup.home_channel`): quit, run again with the same ``--db`` and ``--game``,
and the game continues.

Input may be piped (a script of commands): then there are no prompts and no colours, and every
line read is echoed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bot.archive import DatabaseRefused, Target, env_target, open_db, shown
from bot.table.render import Renderer
from bot.table.service import TableService
from bot.terminal.args import (
    CHANNEL,
    DEFAULT_MAX_TURNS,
    best_renderer,
    build_parser,
    choose_language,
    unknown_language,
)
from bot.terminal.io import Console, ImageFolder
from bot.terminal.process import DatabaseLock, ServerLock, ServiceLog, plain_ctrl_c
from bot.terminal.table import TerminalTable
from bot.terminal.words import command_word
from engine.i18n import speaking
from engine.i18n.shared import _

if TYPE_CHECKING:
    from bot.archive import Database

__all__ = [
    "CHANNEL",
    "DEFAULT_MAX_TURNS",
    "TerminalTable",
    "build_parser",
    "command_word",
    "main",
]


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    renderer: Renderer | None = None,
    clock: Callable[[], datetime] | None = None,
    timer_poll: float | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    """``canalside play [options]``; ``stdin``/``stdout``/``renderer``, ``clock`` (the turn
    timer's; default the real one), ``timer_poll`` (seconds) and ``environ`` (the locale
    variables and ``CANALSIDE_DB``; default the process's) are for tests.

    One keyboard, one language: ``--lang``, else the environment's locale, else English is
    the table's and every seat's, and the whole session (its help too) is said in it."""
    words = list(sys.argv[1:] if argv is None else argv)
    lang, unknown = choose_language(words, os.environ if environ is None else environ)
    with speaking(lang):
        if unknown is not None:
            Console(stdin, stdout).say(unknown_language(unknown), "red")
            return 2
        args = build_parser().parse_args(words)
        args.lang = lang
        return _session(args, stdin, stdout, renderer, clock, timer_poll, environ)


def _session(
    args: argparse.Namespace,
    stdin: TextIO | None,
    stdout: TextIO | None,
    renderer: Renderer | None,
    clock: Callable[[], datetime] | None,
    timer_poll: float | None,
    environ: Mapping[str, str] | None,
) -> int:
    """One terminal session, in the language in force."""
    out_dir: Path = args.out
    default_db = out_dir / "venezia.sqlite3"  # not for players
    db_path: Target = args.db if args.db is not None else env_target(environ) or default_db
    console = Console(stdin, stdout)
    placeholders: list[str] = []
    if renderer is None:
        renderer, placeholders = best_renderer(args.game)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        if isinstance(db_path, Path):
            db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        console.say(_("✗ cannot create {path}: {reason}", path=exc.filename, reason=exc.strerror))
        return 2
    storage: Database | None = None
    if not isinstance(db_path, Path):
        # a PostgreSQL address read and its server reached before its lock is asked for
        storage = _opened(console, db_path)
        if storage is None:
            return 2
    lock = DatabaseLock(db_path) if isinstance(db_path, Path) else ServerLock(db_path)
    try:
        holder = lock.acquire()
    except Exception as exc:  # a lock file that cannot be made, a server gone meanwhile
        if storage is not None:
            storage.close()
        reason = getattr(exc, "strerror", None) or exc
        where = getattr(lock, "path", None) or shown(db_path)
        console.say(_("✗ cannot create {path}: {reason}", path=where, reason=reason))
        return 2
    if holder is not None:
        if storage is not None:
            storage.close()
        console.say(
            _(
                "✗ another terminal is playing with {path} (process {pid}): quit it there "
                "first, or use another --db (two at once would overwrite each other's moves). "
                "Nothing was changed.",
                path=shown(db_path),
                pid=holder or "?",
            ),
            "red",
        )
        return 2
    try:
        if storage is None:  # a SQLite file: opened once this session holds it
            storage = _opened(console, db_path)
            if storage is None:
                return 2
        return _locked_session(
            args, console, storage, db_path, renderer, placeholders, clock, timer_poll
        )
    finally:
        lock.release()


def _opened(console: Console, db_path: Target) -> Database | None:
    """The database (:func:`bot.archive.open_db`, the bot's way), or ``None`` once the
    reason it cannot be opened is said."""
    try:
        return open_db(db_path, create=True)
    except DatabaseRefused as refused:
        console.say(f"✗ {refused}", "red")
        return None


def _locked_session(
    args: argparse.Namespace,
    console: Console,
    storage: Database,
    db_path: Target,
    renderer: Renderer,
    placeholders: list[str],
    clock: Callable[[], datetime] | None,
    timer_poll: float | None,
) -> int:
    """The session once it holds the database (:class:`DatabaseLock`, :class:`ServerLock`)."""
    out_dir: Path = args.out
    stdout = None if console.stdout is sys.stdout else console.stdout
    service_log = ServiceLog(out_dir)
    try:
        # AI seats never move inside another call: the table steps them with advance().
        timed: dict[str, Any] = {} if clock is None else {"clock": clock}  # else the real one
        service = TableService(
            storage, renderer, owns_storage=True, workers=2, max_ai_moves=0, **timed
        )
    except Exception as exc:
        storage.close()
        service_log.close()
        console.say(_("✗ cannot open the database {path}: {reason}", path=db_path, reason=exc))
        return 2
    table = TerminalTable(
        service,
        console,
        ImageFolder(out_dir),
        args,
        db_path=db_path,
        placeholders=placeholders,
        service_log=service_log,
        timer_poll=1.0 if timer_poll is None else timer_poll,
    )
    # At a timeout an AI takes the person's seat although he is the only human here: the
    # terminal paces it, reads 'resume' meanwhile and keeps the game's last decision for him.
    service.timers.keep_a_human = False
    try:
        with plain_ctrl_c():
            return asyncio.run(table.run())
    except KeyboardInterrupt:
        table.stop.set()
        console.progress("")
        console.say()
        return table.screen.quit()
    except BrokenPipeError:  # e.g. 'canalside play --humans 0 | head'
        if stdout is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 0
    finally:
        service.close()
        service_log.close()


if __name__ == "__main__":
    sys.exit(main())
