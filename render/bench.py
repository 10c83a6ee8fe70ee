"""``venezia bench render``: time state -> PNG bytes for a mid-game 5-player board.

Builds one mid-game 5-player state (seeded random legal moves), then renders its public view many
times, each iteration timing ``state.public_view()`` plus ``render_board(view)`` (the work the
table service does per board image). Prints p50 / p95 milliseconds, the PNG size and the image
size (and the CPU time, which says more than wall time on a busy machine); ``--json`` prints one
JSON line instead. A benchmark, not a test: the targets (p50 <= 25 ms,
PNG <= 200 KB, width >= 1400 px) are reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import struct
import time

from engine.venezia import VeneziaState

NAMES = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
TARGET_P50_MS = 25.0
TARGET_PNG_BYTES = 200_000
TARGET_WIDTH = 1400


def mid_game_state(
    seed: int = 5, turns: int = 24, players: list[str] | None = None
) -> VeneziaState:
    """A game played with seeded random legal moves until ``turns`` turns have begun (or over)."""
    state = VeneziaState.new(list(players or NAMES), seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.turn < turns:
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    return state


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[i]


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    w, h = struct.unpack(">II", png[16:24])
    return int(w), int(h)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="venezia bench render",
        description="Time public view -> board PNG bytes for a mid-game 5-player board.",
    )
    ap.add_argument("--iterations", "-n", type=int, default=200, help="timed renders (200)")
    ap.add_argument("--seed", type=int, default=5, help="seed of the game (5)")
    ap.add_argument("--turns", type=int, default=24, help="play until this turn (24)")
    ap.add_argument("--json", action="store_true", help="print one JSON line")
    ap.add_argument("--out", help="also write the PNG to this path")
    ap.add_argument(
        "--vary",
        type=int,
        default=0,
        metavar="K",
        help="cycle through the views of K consecutive moves instead of one view (exercises"
        " the caches the way a live game does: pieces and panels that changed are redrawn)",
    )
    ap.add_argument(
        "--warm-png",
        action="store_true",
        help="keep the PNG band cache between renders (a board that did not change then costs"
        " almost nothing to encode); by default it is emptied before each timed render",
    )
    args = ap.parse_args(argv)

    from render.board import render_board
    from render.png import clear_cache as clear_png_cache

    state = mid_game_state(args.seed, args.turns)
    t0 = time.perf_counter()
    png = render_board(state.public_view())  # builds and caches the static layer
    first_ms = (time.perf_counter() - t0) * 1000
    for _ in range(3):
        render_board(state.public_view())
    states = [state]
    if args.vary > 0:  # the states after each of the next K moves
        rng = random.Random(args.seed + 1)
        nxt = VeneziaState.from_json(state.to_json())
        for _ in range(args.vary):
            d = nxt.pending()
            if d is None:
                break
            nxt.apply(d.seat, rng.choice(d.options))
            states.append(VeneziaState.from_json(nxt.to_json()))
    times: list[float] = []
    cpu: list[float] = []
    for i in range(max(1, args.iterations)):
        current = states[i % len(states)]
        if not args.warm_png:
            clear_png_cache()  # time the whole encoding, not a replay of cached bands
        c = time.process_time()
        t = time.perf_counter()
        png = render_board(current.public_view())
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    width, height = png_size(png)
    result = {
        "p50_ms": round(_percentile(times, 0.5), 2),
        "p95_ms": round(_percentile(times, 0.95), 2),
        "mean_ms": round(statistics.fmean(times), 2),
        "cpu_p50_ms": round(_percentile(cpu, 0.5), 2),
        "first_ms": round(first_ms, 1),
        "png_bytes": len(png),
        "width": width,
        "height": height,
        "iterations": len(times),
        "views": len(states),
        "turn": state.turn,
    }
    if args.out:
        with open(args.out, "wb") as f:
            f.write(png)
    if args.json:
        print(json.dumps(result))
        return 0
    ok = (
        result["p50_ms"] <= TARGET_P50_MS and len(png) <= TARGET_PNG_BYTES and width >= TARGET_WIDTH
    )
    what = f"{len(states)} views in turn" if len(states) > 1 else "turn"
    print(
        f"venezia bench render: mid-game 5-player board, {what} {state.turn}, {len(times)} renders"
    )
    print(
        f"  state -> PNG  p50 {result['p50_ms']:.2f} ms   p95 {result['p95_ms']:.2f} ms"
        f"   mean {result['mean_ms']:.2f} ms   (first render {first_ms:.0f} ms, static layer)"
    )
    print(
        f"  CPU time p50 {result['cpu_p50_ms']:.2f} ms (all threads; wall time grows when other"
        " processes share the cores)"
    )
    print(f"  PNG {len(png):,} bytes, {width}×{height} px")
    print(
        f"  targets: p50 <= {TARGET_P50_MS:.0f} ms, PNG <= {TARGET_PNG_BYTES // 1000} KB,"
        f" width >= {TARGET_WIDTH} px: {'met' if ok else 'NOT met'}"
    )
    return 0
