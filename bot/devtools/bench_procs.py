"""``canalside bench turns --processes N``: the whole scaling figure of #27 in one command.

One database (``--db postgres``: one throw-away server for both runs; a ``postgresql://…``
address; else a temporary SQLite file per run) is played by 1 bench process, then by ``N``
bench processes at once, each with its own channels (``--channel-prefix``), as bot processes
own their shards. Each process warms up, says so, and measures on the driver's "go", so
all of them measure the same interval. Per run the driver prints the commands/s (all
processes together), p50/p99 over every process's latencies, the CPU seconds per command of
the bench processes and of the PostgreSQL server (``/proc/<pid>/stat`` of the postmaster
and its backends; a server not started here is not measured), the resident memory per live
table, and at the end the ratio of the N-process run to the 1-process one.

``--rate R`` is offered by *each* process (default 120: the bot's load per process), so N
processes offer ``N × R``: the question is whether they hold it with p99 ≤ 150 ms (#27's
goal). ``--rate 0`` drives every process flat out: throughput at saturation.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

from bot.devtools.percentiles import percentile
from bot.devtools.pg_server import PgServer, start_server
from bot.storage.store import is_postgres_url, open_database

#: #27's goals: N processes on PostgreSQL make ≥ 2.5 × the commands of one, p99 ≤ 150 ms.
GOAL_RATIO = 2.5
GOAL_P99_MS = 150.0

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    return text[text.rfind(")") + 2 :].split()  # after "pid (comm) ": state, ppid, ...


def server_cpu_seconds(postmaster: int) -> float | None:
    """CPU seconds the server has used so far: the postmaster, its live children (backends,
    WAL writer, checkpointer, ...) and its children that have exited (``cutime``)."""
    own = _stat_fields(postmaster)
    if own is None:
        return None
    # fields after the name: [0] state, [1] ppid, ..., [11] utime, [12] stime,
    # [13] cutime, [14] cstime
    ticks = sum(int(own[i]) for i in (11, 12, 13, 14))
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat_fields(int(entry))
        if fields is not None and fields[1] == str(postmaster):
            ticks += int(fields[11]) + int(fields[12])
    return ticks / _TICK


def postmaster_pid(server: PgServer | None) -> int | None:
    if server is None or server.tmp is None:
        return None
    try:
        return int((server.tmp / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def child_argv(args: argparse.Namespace, db: str, prefix: str, seed: int) -> list[str]:
    """The bench's own arguments for one process of a run."""
    argv = [sys.executable, "-m", "bot.devtools.bench_turns", "--json", "--sync"]
    argv += ["--db", db, "--channel-prefix", prefix, "--seed", str(seed)]
    argv += ["--channels", str(args.channels), "--seconds", str(args.seconds)]
    argv += ["--warmup", str(args.warmup), "--rate", str(args.rate)]
    if args.think_ms is not None:
        argv += ["--think-ms", str(args.think_ms)]
    argv += ["--renderer", args.renderer, "--hand-images", args.hand_images]
    argv += ["--workers", str(args.workers), "--render-processes", str(args.render_processes)]
    argv += ["--side-action-rate", str(args.side_action_rate), "--game", args.game]
    argv += ["--synchronous", args.synchronous]
    if args.no_images:
        argv.append("--no-images")
    return argv


def _read_json(stream: IO[str], what: str) -> dict[str, Any]:
    for line in stream:
        line = line.strip()
        if line.startswith("{"):
            found: dict[str, Any] = json.loads(line)
            return found
    raise RuntimeError(f"a bench process ended before its {what}")  # not for players


def one_run(
    args: argparse.Namespace, n: int, db: str, run_no: int, postmaster: int | None
) -> dict[str, Any]:
    """``n`` bench processes on ``db``, measured over the same interval."""
    procs = [
        subprocess.Popen(
            child_argv(args, db, f"r{run_no}p{i}", args.seed + 1000 * i),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(n)
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            _read_json(proc.stdout, "warm-up")
        server0 = server_cpu_seconds(postmaster) if postmaster else None
        t0 = time.monotonic()
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        results: list[dict[str, Any]] = [{} for _ in procs]
        server1: list[float | None] = [None]

        def sample_server() -> None:  # when the processes stop measuring, not when they exit
            time.sleep(max(0.0, args.seconds - (time.monotonic() - t0)))
            server1[0] = server_cpu_seconds(postmaster) if postmaster else None

        sampler = threading.Thread(target=sample_server)
        sampler.start()
        for i, proc in enumerate(procs):
            assert proc.stdout is not None
            results[i] = _read_json(proc.stdout, "figures")
        sampler.join()
        for proc in procs:
            if proc.wait(timeout=120) != 0:
                raise RuntimeError(f"a bench process failed ({proc.returncode})")  # not for players
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    latencies = [x for r in results for x in r["latencies_ms"]]
    commands = sum(r["commands"] for r in results)
    wall = max(r["seconds"] for r in results)
    server_s = None if server0 is None or server1[0] is None else server1[0] - server0
    memory = [r["memory_per_table_kb"] for r in results if r["memory_per_table_kb"] is not None]
    return {
        "processes": n,
        "channels": n * args.channels,
        "backend": results[0]["backend"],
        "commands": commands,
        "commands_per_s": round(commands / wall, 1),
        "per_process": [r["commands_per_s"] for r in results],
        "offered_per_s": None
        if args.rate <= 0 and args.think_ms is None
        else sum(r["offered_per_s"] or 0 for r in results),
        "p50_ms": round(percentile(latencies, 50), 2),
        "p99_ms": round(percentile(latencies, 99), 2),
        "bench_cpu_ms_per_command": round(
            1000 * sum(r["main_cpu_s"] for r in results) / max(1, commands), 3
        ),
        "server_cpu_ms_per_command": None
        if server_s is None
        else round(1000 * server_s / max(1, commands), 3),
        "memory_per_table_kb": round(sum(memory) / len(memory)) if memory else None,
        "cpu_busy_pct": results[0]["cpu_busy_pct"],
        "seconds": wall,
    }


def line(r: dict[str, Any]) -> str:
    server = r["server_cpu_ms_per_command"]
    offered = f"offered {r['offered_per_s']}/s" if r["offered_per_s"] else "flat out"
    return (
        f"{r['processes']} process(es), {r['channels']} channels, {r['backend']}, {offered}: "
        f"{r['commands_per_s']} commands/s ({' + '.join(str(x) for x in r['per_process'])}); "
        f"p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms; CPU per command "
        f"{r['bench_cpu_ms_per_command']} ms in the bench processes"
        + ("" if server is None else f" + {server} ms in the server")
        + f"; {r['memory_per_table_kb']} KiB per live table; machine busy {r['cpu_busy_pct']}%"
    )


def run_processes(args: argparse.Namespace) -> int:
    """The driver of ``--processes N`` (see the module docstring)."""
    server: PgServer | None = None
    tmp: tempfile.TemporaryDirectory[str] | None = None
    counts = [1] if args.processes == 1 else [1, args.processes]
    runs: list[dict[str, Any]] = []
    try:
        if args.db == "postgres":
            started = start_server(durable=True)
            if isinstance(started, str):
                raise SystemExit(started)
            server = started
        elif args.db is None:
            tmp = tempfile.TemporaryDirectory(prefix="canalside-bench-")
        for run_no, n in enumerate(counts):
            if server is not None:
                db = server.clean_database()
            elif args.db is not None and is_postgres_url(args.db):
                db = args.db
            else:
                db = args.db or str(Path(tmp.name if tmp else ".") / f"bench{run_no}.db")
                open_database(db, synchronous=args.synchronous).close()  # created once
            result = one_run(args, n, db, run_no, postmaster_pid(server))
            runs.append(result)
            print(json.dumps(result) if args.json else line(result), flush=True)
    finally:
        if server is not None:
            server.shutdown()
        if tmp is not None:
            tmp.cleanup()
    if len(runs) == 2:
        one, many = runs
        ratio = many["commands_per_s"] / max(0.1, one["commands_per_s"])
        # Each bench process is bound by its own CPU per command: with a core per process
        # (and the server's CPU to spare) N processes make N × one's rate, less what a
        # command costs more among N (contention, locks): the ratio the machine would allow.
        projected = args.processes * one["bench_cpu_ms_per_command"]
        projected /= max(0.001, many["bench_cpu_ms_per_command"])
        summary = {
            "ratio": round(ratio, 2),
            "ratio_with_a_core_per_process": round(projected, 2),
            "goal_ratio": GOAL_RATIO,
            "p99_ms": many["p99_ms"],
            "goal_p99_ms": GOAL_P99_MS,
        }
        if args.json:
            print(json.dumps(summary))
        else:
            print(
                f"{args.processes} processes / 1 process: {ratio:.2f} × the commands/s "
                f"(goal ≥ {GOAL_RATIO} ×; {projected:.2f} × with a core per process, from "
                f"the CPU per command); p99 {many['p99_ms']} ms "
                f"(goal ≤ {GOAL_P99_MS:.0f} ms)"
            )
    return 0
