"""``canalside bench turns`` drives games through the service and reports its figures (no timing
assertion: a benchmark)."""

from __future__ import annotations

import json
import os

import pytest

from bot.devtools import bench_turns
from bot.table.render_procs import auto_render_processes


def test_defaults_are_what_the_discord_bot_runs() -> None:
    args = bench_turns.parse_args([])
    assert args.render_processes == auto_render_processes()
    assert args.hand_images == "settled"
    assert bench_turns.parse_args(["--render-processes", "0"]).render_processes == 0
    with pytest.raises(SystemExit):
        bench_turns.parse_args(["--render-processes", "lots"])


def test_a_short_run_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--channels", "3", "--seconds", "1", "--warmup", "0.2", "--renderer", "fake"]
    assert bench_turns.main([*argv, "--render-processes", "0", "--rate", "0", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for key in ("channels", "commands", "commands_per_s", "p50_ms", "p99_ms"):
        assert key in result
    assert result["channels"] == 3
    assert result["commands"] > 10  # random legal games really advanced
    assert result["p99_ms"] >= result["p50_ms"] > 0
    assert result["images"] > 0 and result["renderer"] == "fake"
    assert result["main_cpu_ms_per_command"] > 0
    assert "cpu_steal_pct" in result
    assert result["synchronous"] == "full"  # the bot's default durability


def test_both_synchronous_modes_are_measured(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--channels", "2", "--seconds", "0.5", "--warmup", "0.1", "--renderer", "fake"]
    argv += ["--render-processes", "0", "--rate", "0", "--synchronous", "both", "--json"]
    assert bench_turns.main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()[-2:]
    results = [json.loads(line) for line in lines]
    assert [r["synchronous"] for r in results] == ["full", "normal"]
    assert all(r["commands"] > 0 for r in results)


def test_machine_share_splits_the_interval() -> None:
    before = [100, 0, 50, 800, 0, 0, 0, 50]
    after = [200, 0, 100, 900, 0, 0, 0, 100]  # +100 user, +50 sys, +100 idle, +50 steal
    share = bench_turns.machine_share(before, after)
    assert share == {"cpu_busy_pct": 50.0, "cpu_idle_pct": 33.3, "cpu_steal_pct": 16.7}
    assert bench_turns.machine_share(None, after)["cpu_steal_pct"] is None


def test_a_run_on_postgresql_says_so(pg_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """#27: ``bench turns`` measures the PostgreSQL backend when ``--db`` names a server."""
    argv = ["--channels", "2", "--seconds", "0.5", "--warmup", "0.1", "--renderer", "fake"]
    argv += ["--render-processes", "0", "--rate", "0", "--db", pg_url, "--json"]
    assert bench_turns.main(argv) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["backend"] == "postgresql"
    assert result["commands"] > 0


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_processes_prints_one_and_n_processes_and_their_ratio(
    backend: str, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    """#27: one command measures 1 process, then N on one database (each its own channels),
    with CPU per command, memory per live table and the ratio N/1."""
    argv = ["--channels", "2", "--seconds", "0.5", "--warmup", "0.1", "--renderer", "fake"]
    argv += ["--render-processes", "0", "--rate", "0", "--processes", "2", "--json"]
    if backend == "postgresql":
        argv += ["--db", request.getfixturevalue("pg_url")]
    assert bench_turns.main(argv) == 0
    one, two, summary = (json.loads(x) for x in capsys.readouterr().out.strip().splitlines())
    assert (one["processes"], two["processes"]) == (1, 2)
    assert len(two["per_process"]) == 2 and all(x > 0 for x in two["per_process"])
    assert two["channels"] == 4 and one["backend"] == two["backend"] == backend
    assert one["bench_cpu_ms_per_command"] > 0
    assert one["p99_ms"] >= one["p50_ms"] > 0
    assert one["memory_per_table_kb"] is not None
    assert summary["ratio"] == round(two["commands_per_s"] / one["commands_per_s"], 2)
    per_core = 2 * one["bench_cpu_ms_per_command"] / two["bench_cpu_ms_per_command"]
    assert summary["ratio_with_a_core_per_process"] == round(per_core, 2)


def test_server_cpu_is_read_from_proc() -> None:
    """#27: the server's CPU is its processes' (here: this one's) ``/proc`` counters."""
    from bot.devtools.bench_procs import server_cpu_seconds

    seconds = server_cpu_seconds(os.getpid())
    assert seconds is not None and seconds >= 0
    assert server_cpu_seconds(2**22 + 12345) is None  # no such process
