"""Amsterdam AI strength: ``greedy`` against ``random``, seats alternating, per variant.

    uv run python tools/amsterdam_ai_bench.py [--games 100] [--variants base,gomoku] [--json]

Each AI sees only ``state.player_view(seat)`` and its Decision. Prints wins, draws, losses of
the first level and its win rate with a 95 % Wilson interval (draws count as not won).
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


def match(variant: str, games: int, a: str = "greedy", b: str = "random") -> dict[str, object]:
    wins = draws = losses = 0
    start = time.perf_counter()
    for g in range(games):
        seat_a = g % 2
        ais = {seat_a: get_ai(a), 1 - seat_a: get_ai(b)}
        rng = random.Random(g)
        st = GAME.new_state(["A", "B"], 1000 + g, {"variant": variant})
        while not st.is_over:
            d = st.pending_all()[0]
            st.apply(d.seat, ais[d.seat].choose(st.player_view(d.seat), d, rng))
        ranking = st.ranking()
        if len(ranking) == 1:
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
        "win_rate": round(wins / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
        "seconds": round(time.perf_counter() - start, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {v: match(v, args.games) for v in args.variants.split(",")}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for v, r in results.items():
        print(
            f"{v:14} greedy vs random: {r['wins']}-{r['draws']}-{r['losses']}  "
            f"win rate {r['win_rate']:.3f}  95% CI {r['ci95']}  ({r['seconds']} s)"
        )


if __name__ == "__main__":
    main()
