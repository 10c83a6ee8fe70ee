"""``venezia import FILE [--db PATH]``: store a portable game file as a finished game in the
channel-less archive, if it replays to its final hash (else nothing changes)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bot.archive import DB_HELP, db_path
from bot.parsing import Parser
from bot.storage.store import Storage
from bot.table.history import History, ImportRefused
from engine.i18n.shared import _


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="venezia import",  # not for players
        description=_(
            "venezia import FILE [--db PATH]: store a portable game file as a finished game in "
            "the channel-less archive, if it replays to its final hash (else nothing changes)."
        ),
    )
    parser.add_argument("file", help=_("a file written by 'venezia export'"))
    parser.add_argument("--db", help=_(DB_HELP))
    args = parser.parse_args(argv)
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(_("cannot read {path}: {reason}", path=args.file, reason=exc), file=sys.stderr)
        return 1
    with Storage.open(db_path(args.db)) as storage:
        try:
            record = History(storage, lambda view: None).import_game(data)
        except ImportRefused as refused:
            print(_("refused, nothing imported: {reason}", reason=refused), file=sys.stderr)
            return 1
    print(
        _(
            "imported as game {game} ({kind}, {status})",
            game=record.id,
            kind=record.game_type,
            status=record.status,
        )
    )
    return 0
