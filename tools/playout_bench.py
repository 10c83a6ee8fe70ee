"""Play-out speed of the strong level: play-out decisions per second on fixed positions.

The positions are taken from one greedy game per seed (every third decision with a choice), so
a run is the same work every time; only the machine's load changes the figures. Run the same
command on two commits and interleave the runs (``--repeat``) on a shared machine::

    uv run python tools/playout_bench.py --game canal_grande
    uv run python tools/playout_bench.py --game venezia --players 4 --positions 10 --playouts 20

It prints one JSON line per repetition: play-out decisions, seconds and decisions per second
(CPU seconds of this process, so other processes on the machine disturb it less; the best
repetition is the least disturbed one).
"""  # not for players

from __future__ import annotations

import argparse
import json
import random
import time

from engine.ai import get_ai
from engine.ai.positions import greedy_positions
from engine.core import JSON, Decision


def positions(
    game: str, players: int, count: int, seed: int, options: dict[str, str]
) -> list[tuple[JSON, Decision]]:
    """``count`` (view, decision) pairs from greedy games seeded from ``seed``."""
    return greedy_positions(game, players, count, seed, options)


def bought(a: argparse.Namespace, pos: list[tuple[JSON, Decision]]) -> None:
    """What ``--budget`` seconds buy on this machine now (wall clock, as in play)."""
    per_hardest: list[float] = []
    times: list[float] = []
    for i, (view, d) in enumerate(pos):
        ai = get_ai(f"{a.level}@{a.budget:g}", game=a.game)
        t0 = time.perf_counter()
        ai.choose(view, d, random.Random(1000 + i))
        times.append(time.perf_counter() - t0)
        stats = getattr(ai, "last_stats", {}) or {}
        if stats:
            per_hardest.append(int(stats.get("rollouts", 0)) / float(getattr(ai, "share", 1.0)))
    times.sort()
    row = {
        "game": a.game,
        "players": a.players,
        "level": a.level,
        "budget_s": a.budget,
        "searched": len(per_hardest),
        "playouts_per_hardest_decision": round(sum(per_hardest) / max(len(per_hardest), 1), 1),
        "p95_s": round(times[int(0.95 * (len(times) - 1))], 3),
        "max_s": round(times[-1], 3),
    }
    print(json.dumps(row), flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--game", default="venezia")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--variant", default=None)
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--playouts", type=int, default=40)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds per decision instead of --playouts: prints the play-outs a decision's "
        "budget bought (per hardest decision: divided by its share) and the p95 seconds",
    )
    p.add_argument("--level", default="strong", help="with --budget: strong or expert")
    a = p.parse_args()
    opts = {"variant": a.variant} if a.variant else {}
    pos = positions(a.game, a.players, a.positions, a.seed, opts)
    if a.budget is not None:
        bought(a, pos)
        return
    for _ in range(a.repeat):
        decisions = 0
        playouts = 0
        seconds = 0.0
        for i, (view, d) in enumerate(pos):
            ai = get_ai(f"strong@{a.playouts}p", game=a.game)
            t0 = time.process_time()
            ai.choose(view, d, random.Random(1000 + i))
            seconds += time.process_time() - t0
            decisions += getattr(ai, "playout_decisions", 0)
            stats = getattr(ai, "last_stats", {}) or {}
            playouts += int(stats.get("rollouts", 0))
        row = {
            "game": a.game,
            "players": a.players,
            "positions": len(pos),
            "playouts": playouts,
            "playout_decisions": decisions,
            "seconds": round(seconds, 3),
            "decisions_per_s": round(decisions / seconds, 1),
            "playouts_per_s": round(playouts / seconds, 1),
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
