"""``canalside export GAME_ID [--db PATH] [--out FILE]``: a closed game as a portable JSON file
(:mod:`bot.archive.portable`)."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.archive import (
    DB_HELP,
    DatabaseRefused,
    db_target,
    db_words,
    game_number,
    open_db,
    shown,
)
from bot.archive import shell_command as command
from bot.archive.portable import dumps, export_game
from bot.archive.untrusted_json import FileRefused
from bot.parsing import Parser
from engine.i18n.shared import _, _n


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="canalside export",  # not for players
        description=_(
            "canalside export GAME_ID [--db PATH] [--out FILE]: a closed game as a portable "
            "JSON file."
        ),
    )
    parser.add_argument(
        "game_id", type=game_number, help=_("the game's number ('canalside history' lists them)")
    )
    parser.add_argument("--db", help=_(DB_HELP))
    parser.add_argument("--out", help=_("the JSON file to write (default: game-<ID>.json)"))
    args = parser.parse_args(argv)
    path = db_target(args.db)
    listing = command("history", *db_words(path))

    def missing(game_id: int) -> str:
        return _(
            "no finished game #{game} in {path} ('{command}' lists them)",
            game=game_id,
            path=shown(path),
            command=listing,
        )

    try:
        with open_db(path, create=False) as storage:
            data = export_game(storage, args.game_id, missing)
    except (DatabaseRefused, FileRefused) as refused:
        print(refused, file=sys.stderr)
        return 1
    out = Path(args.out or f"game-{args.game_id}.json")
    try:
        out.write_text(dumps(data), encoding="utf-8")
    except OSError as exc:
        print(_("cannot write {path}: {reason}", path=out, reason=exc.strerror), file=sys.stderr)
        return 1
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
