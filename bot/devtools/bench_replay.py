"""``canalside bench replay``: for each table game, a long seeded game (the most seats, random
AI moves) stored and finished, then its animated replay built from the stored seed and moves
as ``/replay`` builds it; then, per game, a replay of ``--turns`` turns (90 by default: longer
than random games get, so the boards of consecutive seeded games are joined until there are
that many turns), drawn and animated as ``/replay`` does. Prints frames, bytes, pixel size,
scale, wall seconds and this process's CPU seconds as JSON lines (the encoder runs on one
core; pin the process with ``taskset -c 0`` to measure on one)."""

from __future__ import annotations

import argparse
import json
import time

from bot.devtools.stored_games import store_selfplay_game
from bot.storage.store import SqliteDatabase
from bot.table.history import History, Replay, draw_replay, track
from bot.table.render import default_renderer
from engine.core import JSON
from engine.registry import table_registrations
from render.common.png import clear_cache


def _row(game: str, players: int, replay: Replay, cpu: float) -> dict[str, object]:
    return {
        "game": game,
        "players": players,
        "turns": replay.turns,
        "frames": replay.frames,
        "bytes": len(replay.data),
        "format": replay.extension,
        "size": list(replay.size),
        "lossless": replay.lossless,
        "scale": round(replay.scale, 3),
        "seconds": round(replay.seconds, 2),
        "cpu_seconds": round(cpu, 2),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="canalside bench replay", description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument(
        "--turns", type=int, default=90, help="the long replay's turns (0: none; default 90)"
    )
    args = parser.parse_args(argv)
    renderer = default_renderer()
    with SqliteDatabase.open(":memory:") as storage:
        history = History(storage.history, storage.games, renderer.board)
        for reg in table_registrations():
            if args.game and reg.name not in args.game:
                continue
            players = reg.parts().game.max_players
            game_id = store_selfplay_game(storage, "1", reg.name, seed=args.seed, players=players)
            cpu = time.process_time()
            replay = history.replay("1", game_id)
            print(json.dumps(_row(reg.name, players, replay, time.process_time() - cpu)))
            if args.turns <= 0:
                continue
            views: list[JSON] = []
            seed = args.seed
            tracking = cpu_tracking = 0.0  # replaying the moves counts, storing the games not
            while len(views) < args.turns + 1:
                game_id = store_selfplay_game(storage, "1", reg.name, seed=seed, players=players)
                stored = storage.games.load_game(game_id, all_moves=True)
                assert stored is not None
                t0, cpu = time.perf_counter(), time.process_time()
                views += track(stored).views[(1 if views else 0) :]
                tracking += time.perf_counter() - t0
                cpu_tracking += time.process_time() - cpu
                seed += 1
            views = views[: args.turns + 1]
            clear_cache()  # none of these boards drawn before (the first game's were)
            cpu = time.process_time() - cpu_tracking
            started = time.perf_counter() - tracking
            replay = draw_replay(views, renderer.board, args.turns, started=started)
            print(json.dumps(_row(reg.name, players, replay, time.process_time() - cpu)))
    return 0
