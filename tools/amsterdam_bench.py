"""Amsterdam engine speed: decisions per second with uniformly random play, per variant.

    uv run python tools/amsterdam_bench.py [--games 40] [--json]

On a shared machine read the per-CPU-second figure (the process's own CPU time); the
wall-clock figure includes time the host gave to others. A decision is one ``apply`` (each
sealed answer counts once); the time includes building every Decision (``pending_all``) the
random player chooses from. No views, no invariant checks.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from engine.amsterdam import GAME, VARIANTS


def bench(variant: str, games: int) -> dict[str, float]:
    decisions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for seed in range(games):
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
        rng = random.Random(seed)
        while not st.is_over:
            ds = st.pending_all()
            d = ds[rng.randrange(len(ds))]
            st.apply(d.seat, d.options[rng.randrange(len(d.options))])
            decisions += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "decisions_per_s": round(decisions / elapsed),
        "decisions_per_cpu_s": round(decisions / cpu),
        "games_per_s": round(games / elapsed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {v: bench(v, args.games) for v in VARIANTS}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for v, r in results.items():
        print(
            f"{v:14} {r['decisions_per_s']:>7} decisions/s wall, {r['decisions_per_cpu_s']:>7} "
            f"per CPU s  ({r['decisions']} decisions, {r['games']} games in {r['seconds']} s)"
        )


if __name__ == "__main__":
    main()
