"""``venezia import FILE [--db PATH]``: store a portable game file as a finished game in the
channel-less archive, if it replays to its final hash (else nothing changes)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.archive import db_path
from bot.storage.store import Storage
from bot.table.history import History, ImportRefused


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="venezia import", description=__doc__)
    parser.add_argument("file", help="a file written by 'venezia export'")
    parser.add_argument("--db", help="the SQLite file (default: $VENEZIA_DB or ./venezia.sqlite3)")
    args = parser.parse_args(argv)
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 1
    with Storage.open(db_path(args.db)) as storage:
        try:
            record = History(storage, lambda view: None).import_game(data)
        except ImportRefused as refused:
            print(f"refused, nothing imported: {refused}", file=sys.stderr)
            return 1
    print(f"imported as game {record.id} ({record.game_type}, {record.status})")
    return 0
