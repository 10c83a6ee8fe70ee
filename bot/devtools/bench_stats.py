"""``canalside bench stats [--games 100000]``: many finished games stored at once (tables, games
and results rows as the table writes them), their per-seat rows backfilled and their ratings
computed as the migration does, then ``/leaderboard`` and ``/stats`` queries timed (p50 / p95
over random servers, games and players) and the cost of finishing one more game (rows and
incremental rating in its closing transaction). Prints one JSON line per figure group."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.storage.stats import backfill, rebuild
from bot.storage.store import FinalResult, PlayerInfo, SqliteDatabase
from engine.registry import table_registrations


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 3), "p95_ms": round(p95 * 1000, 3)}


def _build(
    storage: SqliteDatabase, games: int, guilds: int, people: int, rng: random.Random
) -> None:
    kinds = [
        (reg.name, reg.parts().game.min_players, reg.parts().game.max_players)
        for reg in table_registrations()
    ]
    with storage.connection.write("bench") as conn:
        conn.executemany(
            "INSERT INTO tables (channel_id, guild_id, created_at) VALUES (?, ?, ?)",
            [(f"c{g}", f"g{g}", "2026-01-01T00:00:00+00:00") for g in range(guilds)],
        )
        game_rows = []
        result_rows = []
        for game_id in range(1, games + 1):
            name, low, high = kinds[game_id % len(kinds)]
            seats = rng.randint(low, high)
            guild = game_id % guilds
            users = rng.sample(range(people), seats)
            players = []
            for seat, user in enumerate(users):
                if rng.random() < 0.1:
                    players.append(PlayerInfo(f"AI{seat + 1}", None, True, rng.randint(0, 2)))
                else:
                    players.append(PlayerInfo(f"P{user}", f"{guild}-{user}"))
            when = f"2026-01-01T00:00:00.{game_id:06d}+00:00"
            seated = json.dumps([p.to_json() for p in players])
            game_rows.append(
                (game_id, f"c{guild}", name, "1", seated, "finished", when, when, when)
            )
            scores = [rng.randint(0, 60) for _ in players]
            for seat, p in enumerate(players):
                place = 1 + sum(1 for s in scores if s > scores[seat])
                result_rows.append((game_id, seat, p.user_id, p.name, place, str(scores[seat])))
        conn.executemany(
            "INSERT INTO games (id, channel_id, game_type, seed, players, status, created_at, "
            "started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            game_rows,
        )
        conn.executemany(
            "INSERT INTO results (game_id, seat, user_id, name, place, score) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            result_rows,
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="canalside bench stats", description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--guilds", type=int, default=1, help="servers the games spread over")
    parser.add_argument("--players", type=int, default=200, help="people per server")
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--finishes", type=int, default=200, help="games finished one by one")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="keep the database here (default: a temporary file)")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "bench.sqlite3"
        with SqliteDatabase.open(path, synchronous="normal") as storage:
            t0 = time.perf_counter()
            _build(storage, args.games, args.guilds, args.players, rng)
            t1 = time.perf_counter()
            with storage.connection.write("bench backfill") as conn:
                rows = backfill(conn)
            t2 = time.perf_counter()
            with storage.connection.write("bench rebuild") as conn:
                rated = rebuild(conn)
            t3 = time.perf_counter()
            print(
                json.dumps(
                    {
                        "games": args.games,
                        "seat_rows": rows,
                        "rated": rated,
                        "store_games_s": round(t1 - t0, 2),
                        "backfill_rows_s": round(t2 - t1, 2),
                        "rebuild_ratings_s": round(t3 - t2, 2),
                    }
                )
            )
            games = [reg.name for reg in table_registrations()]
            board: list[float] = []
            shown = 0
            for _ in range(args.queries):
                guild, game = f"g{rng.randrange(args.guilds)}", rng.choice(games)
                start = time.perf_counter()
                shown += len(storage.stats.leaderboard(guild, game))
                board.append(time.perf_counter() - start)
            rows_each = round(shown / max(1, args.queries), 1)
            print(json.dumps({"query": "leaderboard", "rows": rows_each, **_percentiles(board)}))
            mine: list[float] = []
            counted = 0
            for _ in range(args.queries):
                g = rng.randrange(args.guilds)
                player = f"u:{g}-{rng.randrange(args.players)}"
                start = time.perf_counter()
                counted += sum(row.games for row in storage.stats.stats(f"g{g}", player))
                mine.append(time.perf_counter() - start)
            games_each = round(counted / max(1, args.queries), 1)
            print(json.dumps({"query": "stats", "games": games_each, **_percentiles(mine)}))
            finish: list[float] = []
            name = games[0]
            for i in range(args.finishes):
                players = [PlayerInfo("A", "0-1"), PlayerInfo("B", "0-2"), PlayerInfo("C", "0-3")]
                record = storage.games.create_game(
                    f"c{i % args.guilds}", name, seed=i, players=players, guild_id="g0"
                )
                results = [
                    FinalResult(s, p.name, s + 1, 0, p.user_id) for s, p in enumerate(players)
                ]
                start = time.perf_counter()
                storage.games.finish_game(record.id, results)
                finish.append(time.perf_counter() - start)
            print(json.dumps({"query": "finish_game (rows + rating)", **_percentiles(finish)}))
    return 0
