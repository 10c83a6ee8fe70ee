"""``canalside ratings``: recompute the ratings from the stored per-seat results, show a
server's leaderboard, or change which games a server counts.

* ``canalside ratings rebuild [--guild ID]`` - every server's (or one server's) ratings
  recomputed from ``seat_results``, game by game in the order they finished;
* ``canalside ratings show [--guild ID] [--game NAME]`` - the leaderboard lines ``/leaderboard``
  answers with (guild ``''``: tables without a server, e.g. the terminal);
* ``canalside ratings setting --guild ID [--aborted yes|no] [--takeover yes|no]`` - whether
  aborted games and games with an AI takeover count (default: aborted no, takeover yes); the
  server's ratings are recomputed.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

from bot.archive import DB_HELP, DatabaseRefused, db_target, open_db
from bot.table.records import Refused
from bot.table.stats import Stats
from engine.i18n.shared import _


def _yes_no(text: str) -> bool:
    value = text.strip().casefold()
    if value not in ("yes", "no", "true", "false", "1", "0"):
        raise argparse.ArgumentTypeError("yes or no")
    return value in ("yes", "true", "1")


def plain(line: str) -> str:
    """A leaderboard line as a terminal shows it: without Discord's Markdown (``**title**``)."""
    return line.replace("**", "")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="canalside ratings",
        description=(__doc__ or "").replace("``", "'"),  # plain text, not reStructuredText
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("action", choices=("rebuild", "show", "setting"))
    parser.add_argument("--db", help=_(DB_HELP))
    parser.add_argument("--guild", help="one server's id ('' = tables without a server)")
    parser.add_argument("--game", help="show: only this game")
    parser.add_argument("--aborted", type=_yes_no, help="setting: count aborted games")
    parser.add_argument("--takeover", type=_yes_no, help="setting: count AI takeover games")
    args = parser.parse_args(argv)
    try:
        opened = open_db(db_target(args.db), create=False)
    except DatabaseRefused as refused:  # one line, not a traceback (#24 item 17)
        print(refused, file=sys.stderr)
        return 1
    with opened as storage:
        stats = Stats(storage.stats)
        if args.action == "rebuild":
            start = time.perf_counter()
            games = storage.stats.rebuild_ratings(args.guild)
            print(f"{games} games rated in {time.perf_counter() - start:.2f} s")
            return 0
        guild = args.guild or ""
        if args.action == "show":
            try:
                lines = stats.leaderboard_lines(guild, args.game)
            except Refused as refused:
                print(refused.message)
                return 2
            print("\n".join(plain(line) for line in lines) if lines else "no rated games")
            return 0
        if args.guild is None:
            parser.error("setting needs --guild")
        now = stats.settings(guild)
        changes = {
            k: v
            for k, v in (("count_aborted", args.aborted), ("count_takeover", args.takeover))
            if v is not None
        }
        if changes:
            now = dataclasses.replace(now, **changes)
            stats.set_settings(guild, now)
        print(
            f"count aborted games: {now.count_aborted}; count takeover games: {now.count_takeover}"
        )
    return 0
