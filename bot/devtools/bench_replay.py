"""``venezia bench replay``: for each table game, a long seeded game (the most seats, random
AI moves) stored and finished, then its animated replay built from the stored seed and moves
as ``/replay`` builds it; prints frames, bytes, scale and seconds as JSON lines."""

from __future__ import annotations

import argparse
import json

from bot.devtools.stored_games import store_selfplay_game
from bot.storage.store import Storage
from bot.table.history import History
from bot.table.render import default_renderer
from engine.registry import table_registrations


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="venezia bench replay", description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args(argv)
    renderer = default_renderer()
    with Storage.open(":memory:") as storage:
        history = History(storage, renderer.board)
        for reg in table_registrations():
            if args.game and reg.name not in args.game:
                continue
            players = reg.parts().game.max_players
            game_id = store_selfplay_game(storage, "1", reg.name, seed=args.seed, players=players)
            replay = history.replay("1", game_id)
            row = {
                "game": reg.name,
                "players": players,
                "turns": replay.turns,
                "frames": replay.frames,
                "bytes": len(replay.data),
                "scale": round(replay.scale, 3),
                "seconds": round(replay.seconds, 2),
            }
            print(json.dumps(row))
    return 0
