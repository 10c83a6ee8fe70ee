"""``venezia bench render`` runs and reports its figures (no timing assertion: a benchmark)."""

from __future__ import annotations

import json

import pytest

from render import bench


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "-n", "3"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(line)
    for key in ("p50_ms", "p95_ms", "png_bytes", "width", "height"):
        assert key in result
    assert result["width"] >= 1400
    assert result["png_bytes"] > 10_000


def test_bench_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["-n", "2"]) == 0
    out = capsys.readouterr().out
    assert "p50" in out and "p95" in out and "PNG" in out


def test_mid_game_state_is_mid_game() -> None:
    state = bench.mid_game_state()
    assert not state.is_over
    assert state.turn >= 24
    assert len(state.public_view()["players"]) == 5
