"""``canalside bench render`` runs and reports its figures (no timing assertion: a benchmark)."""

from __future__ import annotations

import json

import pytest

from render import bench
from render.venezia.cases import mid_game_state


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--json", "-n", "3"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(line)
    for key in ("p50_ms", "p95_ms", "png_bytes", "width", "height"):
        assert key in result
    assert result["width"] >= 1000
    assert result["png_bytes"] > 10_000


def test_bench_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["-n", "2"]) == 0
    out = capsys.readouterr().out
    assert "p50" in out and "p95" in out and "PNG" in out


def test_mid_game_state_is_mid_game() -> None:
    state = mid_game_state()
    assert not state.is_over
    assert state.turn >= 24
    assert len(state.public_view()["players"]) == 5


def test_amsterdam_variant_by_number_as_at_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """AM-V6: ``--variant 6`` means gomoku here as in ``canalside play``; a wrong one is refused."""
    args = ["--game", "amsterdam", "--kind", "hand", "--turns", "2", "-n", "1", "--json"]
    assert bench.main([*args, "--variant", "6"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["variant"] == "gomoku"
    with pytest.raises(SystemExit):
        bench.main([*args, "--variant", "9"])
    assert "unknown variant '9'" in capsys.readouterr().err
