"""``canalside bench render``: time state -> PNG bytes for a mid-game board (and other images).

Builds one mid-game state (seeded random legal moves), then renders its view many times, each
iteration timing the view (``state.public_view()``, or ``player_view`` for a hand) plus the
render function (the work the table service does per image). Prints p50 / p95 milliseconds, the
PNG size and the image size (and the CPU time, which says more than wall time on a busy machine);
``--json`` prints one JSON line per image kind instead. A benchmark, not a test: the targets are
reported, never asserted.

``--game`` picks the game (the first registered one by default): every game whose render
package declares a bench case (``render/<game>/cases.py``, :class:`render.common.cases.BenchCase`:
its state builder, the kinds it times, its targets, its variants) can be timed; this module walks
the registry, so a new game needs no edit here. ``--kind`` picks one image, ``--variant`` one of
the game's variants.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import struct
import time
from typing import Any

from engine.registry import IMAGE_KINDS, first_registered, registration
from render.common.cases import BenchCase, bench_cases


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[i]


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    w, h = struct.unpack(">II", png[16:24])
    return int(w), int(h)


def _play_out(state: Any, seed: int) -> Any:
    """``state`` played on with seeded random legal moves until the game ends."""
    rng = random.Random(seed)
    for _ in range(20000):
        d = state.pending()
        if state.is_over or d is None:
            break
        state.apply(d.seat, rng.choice(d.options))
    return state


def _view(state: Any, kind: str) -> Any:
    """The view an image of ``kind`` draws: the decider's own for a hand, else the public one."""
    if kind != "hand":
        return state.public_view()
    d = state.pending()
    return state.player_view(d.seat if d is not None else 0)


def _state_for(kind: str, state: Any, seed: int) -> Any:
    return _play_out(state.clone(), seed) if kind == "end" else state


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="canalside bench render",
        description="Time view -> PNG bytes for a mid-game board (and a game's other images).",
    )
    cases = bench_cases()
    first = first_registered()
    default = first if first in cases else next(iter(cases))
    ap.add_argument("--game", choices=sorted(cases), default=default, help=f"the game ({default})")
    ap.add_argument(
        "--kind",
        choices=IMAGE_KINDS,
        help="one image kind (default: "
        + "; ".join(f"{', '.join(c.kinds)} for {g}" for g, c in cases.items())
        + ")",
    )
    ap.add_argument(
        "--variant",
        help="the game's variant ("
        + "; ".join(f"{g}: {', '.join(c.variants)}" for g, c in cases.items() if c.variants)
        + ")",
    )
    ap.add_argument("--iterations", "-n", type=int, default=200, help="timed renders (200)")
    ap.add_argument("--seed", type=int, default=5, help="seed of the game (5)")
    ap.add_argument(
        "--turns",
        type=int,
        help="play until this turn or round ("
        + ", ".join(f"{g} {c.default_turns}" for g, c in cases.items())
        + ")",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON line per image kind")
    ap.add_argument("--out", help="also write the PNG to this path (one kind only)")
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
    ap.add_argument(
        "--cold-panels",
        action="store_true",
        help="forget the cached panels before each timed render too (every panel redrawn:"
        " the cost of an image nothing of which was drawn before)",
    )
    args = ap.parse_args(argv)
    game = cases[args.game]
    kinds = (args.kind,) if args.kind else game.kinds
    if args.out and len(kinds) > 1:
        ap.error("--out writes one image: give --kind too")
    turns = args.turns if args.turns is not None else game.default_turns
    if args.variant is not None:
        variant = _canonical_variant(args.game, args.variant)
        if variant not in game.variants:
            allowed = ", ".join(game.variants) or "none"
            ap.error(f"unknown variant {args.variant!r} for {args.game} (variants: {allowed})")
        args.variant = variant
    state = game.build(args.seed, turns, args.variant)
    for kind in kinds:
        _bench_kind(args, game, kind, state)
    return 0


def _canonical_variant(game: str, text: str) -> str:
    """The variant's name as ``canalside play --variant`` reads it (a number and the name alike);
    the text unchanged if the game has no such option or refuses it (the caller explains)."""
    from engine.core import IllegalMove
    from engine.registry import registration

    try:
        return registration(game).option("variant").check(text)
    except IllegalMove:
        return text


def _bench_kind(args: argparse.Namespace, game: BenchCase, kind: str, state: Any) -> None:
    from render.common.png import clear_cache as clear_png_cache

    render = registration(args.game).renderers().of(kind)
    clear_panels = game.clear_regions if args.cold_panels else None
    base = _state_for(kind, state, args.seed)
    t0 = time.perf_counter()
    png = render(_view(base, kind))  # builds and caches the static layer
    first_ms = (time.perf_counter() - t0) * 1000
    for _ in range(3):
        render(_view(base, kind))
    states = [base]
    if args.vary > 0 and kind != "end":  # the states after each of the next K moves
        rng = random.Random(args.seed + 1)
        nxt = base.clone()
        for _ in range(args.vary):
            d = nxt.pending()
            if d is None:
                break
            nxt.apply(d.seat, rng.choice(d.options))
            states.append(nxt.clone())
    times: list[float] = []
    cpu: list[float] = []
    for i in range(max(1, args.iterations)):
        current = states[i % len(states)]
        if not args.warm_png:
            clear_png_cache()  # time the whole encoding, not a replay of cached bands
        if clear_panels is not None:
            clear_panels()
        c = time.process_time()
        t = time.perf_counter()
        png = render(_view(current, kind))
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    width, height = png_size(png)
    result: dict[str, Any] = {
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
        "turn": getattr(base, "turn", getattr(base, "round", 0)),
    }
    if args.variant is not None:
        result["variant"] = args.variant
    plain = kind == game.plain_kind
    if not plain:  # the first benchmark's line stays as it always was
        result = {"game": args.game, "kind": kind, **result}
    if args.out:
        with open(args.out, "wb") as f:
            f.write(png)
    if args.json:
        print(json.dumps(result))
        return
    ok = (
        result["p50_ms"] <= game.target_ms
        and len(png) <= game.target_bytes
        and width >= game.target_width
    )
    what = f"{len(states)} views in turn" if len(states) > 1 else "turn"
    title = game.what if plain else f"{game.what}, {kind} image"
    if args.variant is not None:
        title += f" ({args.variant})"
    print(f"canalside bench render: {title}, {what} {result['turn']}, {len(times)} renders")
    print(
        f"  state -> PNG  p50 {result['p50_ms']:.2f} ms   p95 {result['p95_ms']:.2f} ms"
        f"   mean {result['mean_ms']:.2f} ms   (first render {first_ms:.0f} ms, static layer)"
    )
    print(
        f"  CPU time p50 {result['cpu_p50_ms']:.2f} ms (all threads; wall time grows when other"
        " processes share the cores)"
    )
    print(f"  PNG {len(png):,} bytes, {width}×{height} px")
    width_target = f", width >= {game.target_width} px" if game.target_width else ""
    print(
        f"  targets: p50 <= {game.target_ms:.0f} ms, PNG <= {game.target_bytes // 1000} KB"
        f"{width_target}: {'met' if ok else 'NOT met'}"
    )
