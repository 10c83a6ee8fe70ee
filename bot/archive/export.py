"""``venezia export GAME_ID [--db PATH] [--out FILE]``: a closed game as a portable JSON file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.archive import db_path
from bot.storage.store import Storage
from bot.table.history import History, dumps_portable
from bot.table.records import Refused


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="venezia export", description=__doc__)
    parser.add_argument("game_id", type=int, help="the game's number (/history shows it)")
    parser.add_argument("--db", help="the SQLite file (default: $VENEZIA_DB or ./venezia.sqlite3)")
    parser.add_argument("--out", help="the JSON file to write (default: game-<ID>.json)")
    args = parser.parse_args(argv)
    path = db_path(args.db)
    if not path.exists():
        print(f"no database at {path}", file=sys.stderr)
        return 1
    with Storage.open(path) as storage:
        try:
            data = History(storage, lambda view: None).export_game(args.game_id)
        except Refused as refused:
            print(refused.message, file=sys.stderr)
            return 1
    out = Path(args.out or f"game-{args.game_id}.json")
    out.write_text(dumps_portable(data), encoding="utf-8")
    print(f"wrote {out} ({data['game']}, {len(data['moves'])} moves)")
    return 0
