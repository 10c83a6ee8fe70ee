"""``canalside import FILE [--db PATH]``: store a portable game file as a closed game of the
channel-less archive, if every field of it checks and it replays to its final hash
(:mod:`bot.archive.portable`); else nothing changes - not even a new, empty database."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.archive import DB_HELP, DatabaseRefused, db_target, db_words, open_db, shown
from bot.archive import shell_command as command
from bot.archive.portable import content, load
from bot.archive.untrusted_json import MAX_FILE_BYTES, FileRefused
from bot.parsing import Parser
from bot.storage.history import AlreadyStored
from engine.i18n.shared import _


def _remove(path: Path | str) -> None:
    """A database this command created and did not fill (and SQLite's files beside it)."""
    if not isinstance(path, Path):  # a PostgreSQL database is the server's, never removed
        return
    for extra in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{extra}").unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="canalside import",  # not for players
        description=_(
            "canalside import FILE [--db PATH]: store a portable game file as a finished game in "
            "the channel-less archive, if every field checks and it replays to its final hash "
            "(else nothing changes). A file has at most {limit} bytes; a game already stored "
            "is refused.",
            limit=format(MAX_FILE_BYTES, ","),
        ),
    )
    parser.add_argument("file", help=_("a file written by 'canalside export'"))
    parser.add_argument("--db", help=_(DB_HELP))
    args = parser.parse_args(argv)
    path = db_target(args.db)
    try:
        game = load(Path(args.file))
    except FileRefused as refused:
        print(_("refused, nothing imported: {reason}", reason=refused), file=sys.stderr)
        return 1
    created = isinstance(path, Path) and not path.exists()
    mine = content(game.stored)
    try:
        with open_db(path, create=True) as storage:
            record = storage.history.import_game(
                game.imported(), lambda other: content(other) == mine
            )
    except DatabaseRefused as refused:
        if created:
            _remove(path)
        print(_("refused, nothing imported: {reason}", reason=refused), file=sys.stderr)
        return 1
    except AlreadyStored as stored:
        print(
            _(
                "refused, nothing imported: this game is in {path} already, as game #{game}",
                path=shown(path),
                game=stored.game_id,
            ),
            file=sys.stderr,
        )
        return 1
    except BaseException:
        if created:
            _remove(path)
        raise
    print(
        _(
            "imported as game #{game} ({kind}, {status}); '{command}' lists it",
            game=record.id,
            kind=record.game_type,
            status=record.status,
            command=command("history", *db_words(path)),
        )
    )
    return 0
