"""``canalside history [--db PATH] [--limit N]``: the finished (and aborted) games of a database,
newest first - every channel's, the terminal's saves and the imported archive alike - one line
each as ``/history`` writes it, the imported ones marked; with the commands that export one."""

from __future__ import annotations

import sys
from argparse import ArgumentTypeError

from bot.archive import DB_HELP, DatabaseRefused, db_target, db_words, open_db, shown
from bot.archive import shell_command as command
from bot.parsing import Parser
from bot.storage.history import ARCHIVE_CHANNEL
from bot.table.history import entry_line
from engine.i18n.shared import _
from engine.text import is_number

#: How many games are listed without ``--limit``; ``--limit`` takes 1 to :data:`MOST`.
SHOWN = 20
MOST = 10_000


def _limit(text: str) -> int:
    if not is_number(text) or len(text) > 5 or not 1 <= int(text) <= MOST:
        raise ArgumentTypeError(
            _("a whole number from 1 to {most}, not {typed}", most=MOST, typed=repr(text[:20]))
        )
    return int(text)


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="canalside history",  # not for players
        description=_(
            "canalside history [--db PATH] [--limit N]: the database's finished and aborted "
            "games, newest first (every channel's, the terminal's and the imported ones)."
        ),
    )
    parser.add_argument("--db", help=_(DB_HELP))
    parser.add_argument(
        "--limit",
        type=_limit,
        default=SHOWN,
        help=_("how many games to list (default {n})", n=SHOWN),
    )
    args = parser.parse_args(argv)
    path = db_target(args.db)
    try:
        with open_db(path, create=False) as storage:
            entries = storage.history.every_closed_game(args.limit + 1)
    except DatabaseRefused as refused:
        print(refused, file=sys.stderr)
        return 1
    if not entries:
        print(_("No finished games in {path}.", path=shown(path)))
        return 0
    print(_("Finished games in {path} (newest first):", path=shown(path)))
    for entry in entries[: args.limit]:
        line = entry_line(entry)
        if entry.record.channel_id == ARCHIVE_CHANNEL:
            line = _("{line} · imported", line=line)
        print(line)
    if len(entries) > args.limit:
        more = command("history", *db_words(path), "--limit", str(min(MOST, args.limit * 5)))
        print(_("(older games too: '{command}')", command=more))
    newest = entries[0].record.id
    print(
        _(
            "'{command}' writes game #{game} as a file.",
            command=command("export", str(newest), *db_words(path)),
            game=newest,
        )
    )
    return 0
