"""Amsterdam AI strength: one level against another, seats alternating, per variant.

    uv run python tools/amsterdam_ai_bench.py [--games 100] [--variants base,gomoku]
        [--a greedy] [--b random] [--budget 1.0] [--json]

Each AI sees only ``state.player_view(seat)`` and its Decision. Prints wins, draws, losses of
the first level (``--a``) and its win rate with a 95 % Wilson interval (draws count as not
won), and the decision times (p50/p95) of each level. ``--budget`` is the strong level's
seconds per decision. A game still running after ``--max-decisions`` counts as a draw and is
reported as ``unfinished`` (greedy against greedy can loop in Gomoku: both remove and re-place
the same cards round after round).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from engine.amsterdam import GAME, VARIANTS
from engine.amsterdam.ai import get_ai


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def percentile(times: list[float], q: float) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def match(
    variant: str,
    games: int,
    a: str = "greedy",
    b: str = "random",
    budget: float | None = None,
    max_decisions: int = 2000,
    seed: int = 1000,
) -> dict[str, object]:
    wins = draws = losses = unfinished = 0
    times: dict[str, list[float]] = {a: [], b: []}
    start = time.perf_counter()
    clock = time.perf_counter
    for g in range(games):
        seat_a = g % 2
        ais = {seat_a: get_ai(a, budget), 1 - seat_a: get_ai(b, budget)}
        level = {seat_a: a, 1 - seat_a: b}
        rng = random.Random(g)
        st = GAME.new_state(["A", "B"], seed + g, {"variant": variant})
        n = 0
        while not st.is_over and n < max_decisions:
            d = st.pending_all()[0]
            t0 = clock()
            command = ais[d.seat].choose(st.player_view(d.seat), d, rng)
            if len(d.options) > 1:
                times[level[d.seat]].append(clock() - t0)
            st.apply(d.seat, command)
            n += 1
        ranking = st.ranking()
        if not st.is_over:
            unfinished += 1
            draws += 1
        elif len(ranking) == 1:
            draws += 1
        elif ranking[0] == [seat_a]:
            wins += 1
        else:
            losses += 1
    lo, hi = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "unfinished": unfinished,
        "win_rate": round(wins / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
        "decision_ms": {
            lv: {
                "p50": round(1000 * percentile(ts, 0.5), 1),
                "p95": round(1000 * percentile(ts, 0.95), 1),
                "max": round(1000 * max(ts, default=0.0), 1),
            }
            for lv, ts in times.items()
        },
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--a", default="greedy", help="the level measured (default greedy)")
    parser.add_argument("--b", default="random", help="its opponent (default random)")
    parser.add_argument("--budget", type=float, default=None, help="strong: s per decision")
    parser.add_argument("--max-decisions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for v in args.variants.split(","):
        r = match(v, args.games, args.a, args.b, args.budget, args.max_decisions, args.seed)
        if args.json:
            print(json.dumps({"variant": v, "a": args.a, "b": args.b, **r}), flush=True)
            continue
        ms = r["decision_ms"]
        print(
            f"{v:14} {args.a} vs {args.b}: {r['wins']}-{r['draws']}-{r['losses']}  "
            f"win rate {r['win_rate']:.3f}  95% CI {r['ci95']}  unfinished {r['unfinished']}  "
            f"ms {ms}  ({r['seconds']} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
