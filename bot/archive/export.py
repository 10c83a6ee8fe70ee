"""``venezia export GAME_ID [--db PATH] [--out FILE]``: a closed game as a portable JSON file."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.archive import DB_HELP, db_path
from bot.parsing import Parser
from bot.storage.store import Storage
from bot.table.history import History, dumps_portable
from bot.table.records import Refused
from engine.i18n.shared import _, _n


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="venezia export",  # not for players
        description=_(
            "venezia export GAME_ID [--db PATH] [--out FILE]: a closed game as a portable "
            "JSON file."
        ),
    )
    parser.add_argument("game_id", type=int, help=_("the game's number (/history shows it)"))
    parser.add_argument("--db", help=_(DB_HELP))
    parser.add_argument("--out", help=_("the JSON file to write (default: game-<ID>.json)"))
    args = parser.parse_args(argv)
    path = db_path(args.db)
    if not path.exists():
        print(_("no database at {path}", path=path), file=sys.stderr)
        return 1
    with Storage.open(path) as storage:
        try:
            data = History(storage, lambda view: None).export_game(args.game_id)
        except Refused as refused:
            print(refused.message, file=sys.stderr)
            return 1
    out = Path(args.out or f"game-{args.game_id}.json")
    out.write_text(dumps_portable(data), encoding="utf-8")
    moves = len(data["moves"])
    print(
        _n(
            "wrote {path} ({game}, {n} move)",
            "wrote {path} ({game}, {n} moves)",
            moves,
            path=out,
            game=data["game"],
        )
    )
    return 0
