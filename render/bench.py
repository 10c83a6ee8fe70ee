"""``venezia bench render``: time state -> PNG bytes for a mid-game board (and other images).

Builds one mid-game state (seeded random legal moves), then renders its view many times, each
iteration timing the view (``state.public_view()``, or ``player_view`` for a hand) plus the
render function (the work the table service does per image). Prints p50 / p95 milliseconds, the
PNG size and the image size (and the CPU time, which says more than wall time on a busy machine);
``--json`` prints one JSON line per image kind instead. A benchmark, not a test: the targets are
reported, never asserted.

``--game`` picks the game (:data:`GAMES`): its state builder, its render functions
("module:function", like the table service names them) and its targets. Venezia, the default,
times the 5-player board (p50 <= 25 ms, PNG <= 200 KB, width >= 1000 px); Canal Grande times
its table, hand and end images (p50 <= 10 ms, PNG <= 150 KB each), and so does Amsterdam
(``--variant`` picks one of its variants, default ``base``). ``--kind`` picks one image.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.registry import registration
from engine.venezia import VeneziaState

NAMES = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
TARGET_P50_MS = 25.0
TARGET_PNG_BYTES = 200_000
TARGET_WIDTH = 1000  # sharp when opened full size; its aspect suits Discord (render.common.display)


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


def _function(name: str) -> Callable[..., Any]:
    """The function a "module:function" name points to."""
    module, _, attr = name.partition(":")
    func: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return func


def _play_out(state: Any, seed: int) -> Any:
    """``state`` played on with seeded random legal moves until the game ends."""
    rng = random.Random(seed)
    for _ in range(20000):
        d = state.pending()
        if state.is_over or d is None:
            break
        state.apply(d.seat, rng.choice(d.options))
    return state


def _cg_state(seed: int, turns: int) -> Any:
    from engine.canal_grande import CanalGrandeState

    state = CanalGrandeState.new(["Anna", "青熊"], seed=seed)
    rng = random.Random(seed)
    # until ``turns`` turns have begun and a vote is under way (the fullest table)
    while not state.is_over:
        d = state.pending()
        assert d is not None
        if state.turn >= turns and d.kind == "place":
            break
        state.apply(d.seat, rng.choice(d.options))
    return state


def _am_state(seed: int, turns: int, variant: str = "base") -> Any:
    """An Amsterdam game of seeded random moves until round ``turns`` is under way, stopped at
    a placement when one comes (the legal cells are highlighted: the fullest harbour)."""
    from engine.amsterdam import GAME
    from engine.amsterdam.ai.greedy import RandomAi

    state = GAME.new_state(["Anna", "青熊"], seed, {"variant": variant})
    rng = random.Random(seed)
    ai = RandomAi()
    while not state.is_over:
        d = state.pending()
        assert d is not None
        if state.round >= turns and d.kind == "place":
            break
        if state.round >= turns + 3:
            break
        state.apply(d.seat, ai.choose(state.player_view(d.seat), d, rng))
    return state


def _decider_view(state: Any) -> Any:
    d = state.pending()
    return state.player_view(d.seat if d is not None else 0)


@dataclass(frozen=True)
class GameBench:
    """What ``bench render`` needs of a game."""

    what: str  # "mid-game 5-player board": how the figures are introduced
    default_turns: int
    build: Callable[..., Any]  # (seed, turns[, variant]) -> a mid-game state
    kinds: tuple[str, ...]  # the kinds timed when --kind is not given
    target_ms: float
    target_bytes: int
    target_width: int = 0
    clear_regions: str | None = None  # "module:function" forgetting cached panels
    variants: tuple[str, ...] = ()  # the game's variants (--variant), if it has any

    def view(self, state: Any, kind: str) -> Any:
        return _decider_view(state) if kind == "hand" else state.public_view()

    def state_for(self, kind: str, state: Any, seed: int) -> Any:
        return _play_out(state.clone(), seed) if kind == "end" else state


GAMES: dict[str, GameBench] = {
    "venezia": GameBench(
        what="mid-game 5-player board",
        default_turns=24,
        build=lambda seed, turns: mid_game_state(seed, turns),
        kinds=("board",),
        target_ms=TARGET_P50_MS,
        target_bytes=TARGET_PNG_BYTES,
        target_width=TARGET_WIDTH,
        clear_regions="render.venezia.board_regions:clear_region_cache",
    ),
    "canal_grande": GameBench(
        what="Canal Grande, 2 players, vote in progress",
        default_turns=6,
        build=_cg_state,
        kinds=("board", "hand", "end"),
        target_ms=10.0,
        target_bytes=150_000,
        clear_regions="render.canal_grande.regions:clear_cache",
    ),
    "amsterdam": GameBench(
        what="Amsterdam, 2 players, a placement pending",
        default_turns=14,
        build=_am_state,
        kinds=("board", "hand", "end"),
        target_ms=10.0,
        target_bytes=150_000,
        clear_regions="render.amsterdam.regions:clear_cache",
        variants=registration("amsterdam").option("variant").choices,
    ),
}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        prog="venezia bench render",
        description="Time view -> PNG bytes for a mid-game board (and a game's other images).",
    )
    ap.add_argument("--game", choices=sorted(GAMES), default="venezia", help="the game (venezia)")
    ap.add_argument(
        "--kind",
        choices=("board", "hand", "end"),
        help="one image kind (default: the board for venezia; board, hand and end for"
        " canal_grande)",
    )
    ap.add_argument(
        "--variant", help="the game's variant (amsterdam: base, canale_grande, gomoku, ...)"
    )
    ap.add_argument("--iterations", "-n", type=int, default=200, help="timed renders (200)")
    ap.add_argument("--seed", type=int, default=5, help="seed of the game (5)")
    ap.add_argument(
        "--turns",
        type=int,
        help="play until this turn (venezia 24, canal_grande 6, amsterdam: round 14)",
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
    game = GAMES[args.game]
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
        state = game.build(args.seed, turns, variant)
    else:
        state = game.build(args.seed, turns)
    for kind in kinds:
        _bench_kind(args, game, kind, state)
    return 0


def _canonical_variant(game: str, text: str) -> str:
    """The variant's name as ``venezia play --variant`` reads it (``6`` and ``gomoku`` alike);
    the text unchanged if the game has no such option or refuses it (the caller explains)."""
    from engine.core import IllegalMove
    from engine.registry import registration

    try:
        return registration(game).option("variant").check(text)
    except IllegalMove:
        return text


def _bench_kind(args: argparse.Namespace, game: GameBench, kind: str, state: Any) -> None:
    from render.common.png import clear_cache as clear_png_cache

    render = registration(args.game).renderers().of(kind)
    clear_panels = (
        _function(game.clear_regions) if args.cold_panels and game.clear_regions else None
    )
    base = game.state_for(kind, state, args.seed)
    t0 = time.perf_counter()
    png = render(game.view(base, kind))  # builds and caches the static layer
    first_ms = (time.perf_counter() - t0) * 1000
    for _ in range(3):
        render(game.view(base, kind))
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
        png = render(game.view(current, kind))
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
    venezia_board = game is GAMES["venezia"] and kind == "board"
    if not venezia_board:  # the Venezia board's line stays as it always was
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
    title = game.what if venezia_board else f"{game.what}, {kind} image"
    if args.variant is not None:
        title += f" ({args.variant})"
    print(f"venezia bench render: {title}, {what} {result['turn']}, {len(times)} renders")
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
