"""``canalside bench turns``: random legal games through the table service, N channels at once.

Every channel seats a random number of players the game allows (``--game``, default the first
registered game: nobody chose one), starts a game and plays it to the end with random legal
commands (the deciding player's options, now and then a side action the game allows at any
time), then starts the next one - all
through :class:`bot.table.service.TableService` with SQLite commits and the board / hand images
rendered as in real play. Channels run concurrently on one event loop; each command's
latency is the time ``await service.play.command(...)`` takes, measured after a warm-up.

The load: ``--rate R`` (default 120: the 100 commands/s target with a fifth to spare) is the
number of commands per second offered by all channels together: each channel sends its next
command on a schedule of one every ``channels / R`` seconds on average (uniform 0.5x..1.5x);
when the service falls behind, a channel sends as soon as its previous command returned, so
``commands_per_s`` below ``R`` means saturation. ``--rate 0`` drives every channel flat out
(throughput at saturation; the latency is then mostly queueing behind the other channels).
``--think-ms`` sets the mean pause per channel directly instead. ``loop_lag`` is how late a
10 ms timer on the event loop fires: it stays small because engine, storage and rendering work
run in worker threads and render processes.

``--synchronous`` picks SQLite's durability (``full``, the default as in the bot: every
commit fsync'd, so an acknowledged move survives a power loss; ``normal``: faster, may drop
the last commits then); ``both`` measures the two one after the other, one line each, to show
what FULL costs. The mode is in the output (``synchronous``).

``--processes N`` runs the bench in 1 process, then in N processes on one database (one
throw-away PostgreSQL server with ``--db postgres``) and prints both and their ratio, with the
CPU per command of the bench processes and of the server (:mod:`bot.devtools.bench_procs`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.devtools.percentiles import percentile
from bot.devtools.pg_server import PgServer, start_server
from bot.storage.store import is_postgres_url
from bot.table.dispatch import HandImages
from bot.table.outputs import Outcome
from bot.table.render import ModuleRenderer, PlaceholderRenderer, Renderer
from bot.table.render_procs import auto_render_processes
from bot.table.service import TableService
from engine.registry import first_registered, registration


def pick_renderer(name: str, game: str) -> tuple[Renderer, str]:
    """``fake``: placeholders; ``real``: the render package (all three kinds); ``auto``: the
    render package where its modules exist, placeholders for the others."""
    if name == "fake":
        return PlaceholderRenderer(), "fake"
    if name == "real":
        return ModuleRenderer().check(), "real"
    renderer = ModuleRenderer(fallback=PlaceholderRenderer())
    missing = renderer.missing(game)
    if not missing:
        return renderer, "real"
    if len(missing) == 3:
        return PlaceholderRenderer(), "fake"
    return renderer.check(), f"real, fake {'+'.join(missing)}"


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    games_started: int = 0
    channels_started: int = 0
    games_finished: int = 0
    measuring: bool = False
    lags: list[float] = field(default_factory=list)


def cpu_ticks() -> list[int] | None:
    """The machine's CPU time counters (Linux ``/proc/stat``), to tell how much of the
    machine the benchmark had: on a shared virtual machine the host may take a good part."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
    except OSError:
        return None
    return [int(x) for x in fields[1:9]] if fields and fields[0] == "cpu" else None


def machine_share(before: list[int] | None, after: list[int] | None) -> dict[str, float | None]:
    """Percent of all CPU time over the interval: busy here, idle, and stolen by the host."""
    if before is None or after is None:
        return {"cpu_busy_pct": None, "cpu_idle_pct": None, "cpu_steal_pct": None}
    d = [b - a for a, b in zip(before, after, strict=True)]
    total = sum(d) or 1
    idle = d[3] + d[4]  # idle + iowait
    steal = d[7]
    return {
        "cpu_busy_pct": round(100 * (total - idle - steal) / total, 1),
        "cpu_idle_pct": round(100 * idle / total, 1),
        "cpu_steal_pct": round(100 * steal / total, 1),
    }


def rss_kb() -> int | None:
    """This process's resident memory (Linux ``/proc/self/status``), in KiB."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


async def play_channel(
    svc: TableService,
    channel: str,
    rng: random.Random,
    stats: Stats,
    stop: asyncio.Event,
    think: float,
    side_action_rate: float,
    game: str,
) -> None:
    reg = registration(game)
    kind = reg.parts().game
    side_actions = reg.parts().grammar.anytime
    loop = asyncio.get_running_loop()
    if think > 0:
        await asyncio.sleep(rng.uniform(0, think))  # do not start all tables in lockstep
    next_at = loop.time()
    game_no = 0
    while not stop.is_set():
        game_no += 1
        players = rng.randint(kind.min_players, kind.max_players)
        users = [f"{channel}-u{i}" for i in range(players)]
        for i, user in enumerate(users):
            await svc.lobby.join(channel, user, f"P{i + 1}", game=reg.name)
        out: Outcome = await svc.lobby.start(channel, users[0], seed=rng.getrandbits(48))
        if not out.accepted:
            raise RuntimeError(f"{channel}: start refused: {out.error}")
        stats.games_started += 1
        if game_no == 1:
            stats.channels_started += 1
        while out.decision is not None and not stop.is_set():
            if think > 0:
                next_at = max(next_at + think * rng.uniform(0.5, 1.5), loop.time() - think)
                delay = next_at - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                if stop.is_set():
                    break
            d = out.decision
            assert d.user_id is not None
            options = await svc.play.choices_for(channel, d.user_id, limit=None)
            anytime = [o for o in options if o.verb in side_actions]
            if anytime and rng.random() < side_action_rate:
                command = rng.choice(anytime).command
            else:
                command = rng.choice(options).command
            t0 = time.perf_counter()
            nxt = await svc.play.command(channel, d.user_id, command)
            elapsed = time.perf_counter() - t0
            if not nxt.accepted:  # every option offered must be accepted: a bug otherwise
                raise RuntimeError(f"{channel}: '{command}' refused: {nxt.code} {nxt.error}")
            if stats.measuring:
                stats.latencies.append(elapsed)
            out = nxt
        if out.game_over:
            stats.games_finished += 1
            # A fresh lobby for the next game (the finished one keeps its seats for a rematch).
            await svc.lobby.abort(channel, users[0], can_manage=True)
        elif stop.is_set():
            break


async def watch_loop(stats: Stats, stop: asyncio.Event, tick: float = 0.01) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t0 = loop.time()
        await asyncio.sleep(tick)
        if stats.measuring:
            stats.lags.append(max(0.0, loop.time() - t0 - tick))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    renderer, renderer_name = pick_renderer(args.renderer, args.game)
    tmp = None
    server: PgServer | None = None
    db_path: Path | str
    if args.db == "postgres":  # a throw-away PostgreSQL server, as the tests start
        started = start_server(durable=True)
        if isinstance(started, str):
            raise SystemExit(started)
        server = started
        db_path = server.clean_database()
    elif args.db and is_postgres_url(args.db):
        db_path = args.db
    elif args.db:
        db_path = Path(args.db)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="canalside-bench-")
        db_path = Path(tmp.name) / "bench.db"
    svc = TableService.open(
        db_path,
        renderer,
        synchronous=args.synchronous,
        workers=args.workers,
        render_processes=args.render_processes,
        images=not args.no_images,
        hand_images=args.hand_images,
    )
    await svc.warm_up()
    rss_before = rss_kb()  # the service without tables: what the channels add is per table
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    if args.think_ms is not None:
        think = args.think_ms / 1000
    elif args.rate > 0:
        think = args.channels / args.rate
    else:
        think = 0.0
    tasks = [
        asyncio.create_task(
            play_channel(
                svc,
                f"{args.channel_prefix}-{i}",
                random.Random(rng.getrandbits(64)),
                stats,
                stop,
                think,
                args.side_action_rate,
                args.game,
            )
        )
        for i in range(args.channels)
    ]
    watcher = asyncio.create_task(watch_loop(stats, stop))
    try:
        # Warm-up: every table has started its first game (a burst of start images that real
        # play spreads out), then --warmup more seconds.
        t_start = time.perf_counter()
        while stats.channels_started < args.channels:
            await asyncio.sleep(0.05)
            failed = [t for t in tasks if t.done()]
            if failed:
                break
        startup_s = time.perf_counter() - t_start
        await asyncio.sleep(args.warmup)
        if args.sync:  # several bench processes measure the same interval: wait for "go"
            print(json.dumps({"ready": True}), flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        kinds_before = dict(svc.draw.stats)
        render_before = dict(svc.draw.seconds)
        loop = asyncio.get_running_loop()
        workers_cpu_before = await loop.run_in_executor(None, svc.draw.cpu_seconds)
        stats.measuring = True
        ticks0 = cpu_ticks()
        cpu0 = time.process_time()
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        wall = time.perf_counter() - t0
        main_cpu = time.process_time() - cpu0
        rss_after = rss_kb()
        share = machine_share(ticks0, cpu_ticks())
        workers_cpu = await loop.run_in_executor(None, svc.draw.cpu_seconds)
        workers_cpu -= workers_cpu_before
        by_kind = {k: v - kinds_before.get(k, 0) for k, v in svc.draw.stats.items()}
        images = sum(by_kind.values())
        render_s = {k: v - render_before.get(k, 0.0) for k, v in svc.draw.seconds.items()}
        failed = [t for t in tasks if t.done() and t.exception() is not None]
        if failed:
            raise failed[0].exception()  # type: ignore[misc]
    finally:
        stop.set()
        results = await asyncio.gather(*tasks, watcher, return_exceptions=True)
        await asyncio.get_running_loop().run_in_executor(None, svc.close)
        if tmp is not None:
            tmp.cleanup()
        if server is not None:
            server.shutdown()
    errors = [r for r in results if isinstance(r, BaseException)]
    if errors:
        raise errors[0]
    lat_ms = [x * 1000 for x in stats.latencies]
    per_table = (
        None
        if rss_before is None or rss_after is None
        else round((rss_after - rss_before) / max(1, args.channels))
    )
    return {
        "channels": args.channels,
        "commands": len(lat_ms),
        "commands_per_s": round(len(lat_ms) / wall, 1),
        "p50_ms": round(percentile(lat_ms, 50), 2),
        "p99_ms": round(percentile(lat_ms, 99), 2),
        "max_ms": round(max(lat_ms, default=0.0), 2),
        "mean_ms": round(statistics.fmean(lat_ms), 2) if lat_ms else 0.0,
        "offered_per_s": round(args.channels / think, 1) if think > 0 else None,
        "think_ms": round(think * 1000, 1),
        "seconds": round(wall, 2),
        "renderer": renderer_name if not args.no_images else "none",
        "images": images,
        "images_per_command": round(images / max(1, len(lat_ms)), 2),
        "render_ms_per_image": round(1000 * sum(render_s.values()) / max(1, images), 2),
        "images_by_kind": by_kind,
        "games_finished": stats.games_finished,
        "startup_s": round(startup_s, 2),
        "workers": args.workers,
        "render_processes": args.render_processes,
        "hand_images": args.hand_images,
        "synchronous": args.synchronous,
        "backend": "postgresql" if is_postgres_url(db_path) else "sqlite",
        "loop_lag_p99_ms": round(percentile([x * 1000 for x in stats.lags], 99), 2),
        # CPU per accepted command: this process (service, SQLite, the driver; the rendering
        # too when it runs in threads) and the render processes.
        "main_cpu_ms_per_command": round(1000 * main_cpu / max(1, len(lat_ms)), 2),
        "main_cpu_s": round(main_cpu, 3),
        # resident memory the live tables added (the service's own before them excluded)
        "memory_per_table_kb": per_table,
        "render_cpu_ms_per_command": round(1000 * workers_cpu / max(1, len(lat_ms)), 2),
        **share,
        **({"latencies_ms": [round(x, 3) for x in lat_ms]} if args.sync else {}),
    }


def _processes(text: str) -> int:
    if text == "auto":
        return auto_render_processes()
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not auto or a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="canalside bench turns",
        description="Random legal games through the table service with SQLite and rendering.",
    )
    p.add_argument("--channels", type=int, default=1, help="tables playing at once (default 1)")
    p.add_argument("--seconds", type=float, default=15.0, help="measured time (default 15)")
    p.add_argument(
        "--warmup",
        type=float,
        default=3.0,
        help="unmeasured seconds after every table has started its first game (default 3)",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=120.0,
        help="commands/s offered by all channels together; 0 = flat out (default 120)",
    )
    p.add_argument(
        "--think-ms",
        type=float,
        default=None,
        help="mean pause per channel between commands (overrides --rate)",
    )
    p.add_argument(
        "--renderer",
        choices=("auto", "real", "fake"),
        default="auto",
        help="real = the render package, fake = a tiny placeholder PNG, auto = real if present",
    )
    p.add_argument("--no-images", action="store_true", help="render nothing (for comparison)")
    p.add_argument(
        "--hand-images",
        choices=tuple(HandImages),
        default="settled",
        help="hand image once the player's run of decisions settles (default, as the Discord "
        "bot does), at every change of the private view, or never",
    )
    p.add_argument("--workers", type=int, default=8, help="worker threads (default 8)")
    p.add_argument(
        "--render-processes",
        type=_processes,
        default="auto",
        help="render in N processes; auto (default, as the Discord bot does): one per core, "
        "at most 4; 0: in the worker threads",
    )
    p.add_argument(
        "--side-action-rate",
        dest="side_action_rate",
        type=float,
        default=0.1,
        help="chance of a side action the game allows at any time (its grammar's anytime verbs)",
    )
    p.add_argument(
        "--game", default=first_registered(), help=f"which game (default {first_registered()})"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--db",
        help="SQLite file to use (default: a temporary one), a postgresql://… address, or "
        "'postgres': a throw-away PostgreSQL server started for the run",
    )
    p.add_argument(
        "--synchronous",
        choices=("full", "normal", "both"),
        default="full",
        help="SQLite synchronous mode: full (default, as the bot runs), normal, or both "
        "(measure one after the other, to compare)",
    )
    p.add_argument(
        "--channel-prefix",
        default="bench",
        help="channel names are PREFIX-0, PREFIX-1, … (several bench processes on one "
        "PostgreSQL database each play their own channels, as bot processes own their shards)",
    )
    p.add_argument(
        "--processes",
        type=int,
        default=0,
        help="N: run the bench in 1 process, then in N processes on one database (each its "
        "own channels, --channels each, --rate each), and print both and their ratio "
        "(default 0: this process alone)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON line")
    # a process of a --processes run: says when warm, measures on "go" (stdin)
    p.add_argument("--sync", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.processes < 0:
        p.error(f"--processes must be 0 or more, not {args.processes}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    logging.basicConfig(level=logging.WARNING)
    if args.processes:
        from bot.devtools.bench_procs import run_processes

        return run_processes(args)
    modes = ["full", "normal"] if args.synchronous == "both" else [args.synchronous]
    for mode in modes:
        report(asyncio.run(run(argparse.Namespace(**{**vars(args), "synchronous": mode}))), args)
    return 0


def report(result: dict[str, Any], args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['channels']} channel(s), {result['renderer']} renderer, offered "
            f"{result['offered_per_s'] or 'max'}/s: {result['commands']} commands in "
            f"{result['seconds']} s = "
            f"{result['commands_per_s']} commands/s; latency p50 {result['p50_ms']} ms, "
            f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms; "
            f"{result['images_per_command']} images/command at "
            f"{result['render_ms_per_image']} ms each; event-loop lag p99 "
            f"{result['loop_lag_p99_ms']} ms; {result['games_finished']} games finished; "
            f"CPU per command {result['main_cpu_ms_per_command']} ms here + "
            f"{result['render_cpu_ms_per_command']} ms in render processes; machine busy "
            f"{result['cpu_busy_pct']}%, stolen by the host {result['cpu_steal_pct']}%; "
            f"{result['backend']}"
            + (f" synchronous {result['synchronous']}" if result["backend"] == "sqlite" else "")
        )


if __name__ == "__main__":
    sys.exit(main())
