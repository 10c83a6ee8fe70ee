"""Every rule scenario under scenarios/ must hold (rule IDs are named in each file)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.devtools.scenario_cmd import main as scenario_main
from engine.scenarios import ScenarioError, run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").rglob("*.toml"))


def test_there_are_scenarios_for_every_worked_example() -> None:
    names = {p.stem for p in SCENARIOS}
    assert {
        "example_turn_it",
        "example_turn_hu",
        "gondola_skipping",
        "palazzo_five_two",
        "ponte_0134",
    } <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    result = run_scenario(tomllib.loads(path.read_text(encoding="utf-8")), path.stem)
    assert result.ok, "\n".join(result.failures)


def test_a_wrong_expectation_fails(tmp_path: Path) -> None:
    first_venezia = next(p for p in SCENARIOS if "venezia" in p.parts)
    spec = tomllib.loads(first_venezia.read_text(encoding="utf-8"))
    spec["expect"] = {"positions": {spec["players"][0]: 59}}
    result = run_scenario(spec)
    assert not result.ok
    assert "position of" in result.failures[0]


def test_unknown_setup_key_is_reported() -> None:
    with pytest.raises(ScenarioError, match="unknown setup keys"):
        run_scenario({"players": ["A", "B"], "setup": {"handz": {}}})


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text('players = ["A", "B", "C"]\nseed = 1\n[expect]\nturn = 1\n', encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text('players = ["A", "B", "C"]\nseed = 1\n[expect]\nturn = 2\n', encoding="utf-8")
    assert scenario_main([str(good)]) == 0
    assert scenario_main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "turn: expected 2, got 1" in out


def test_canal_grande_scenarios_cover_every_worked_example() -> None:
    names = {p.stem.split("_")[0] for p in SCENARIOS if "canal_grande" in p.parts}
    assert {f"t{i:02d}" for i in range(1, 13)} <= names


def test_a_wrong_canal_grande_expectation_fails() -> None:
    path = next(p for p in SCENARIOS if "canal_grande" in p.parts and p.stem.startswith("t01_"))
    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    spec["expect"] = {"turn": 7}
    result = run_scenario(spec)
    assert not result.ok and "turn: expected 7" in result.failures[0]


def test_unknown_game_is_reported() -> None:
    with pytest.raises(ScenarioError, match="unknown game"):
        run_scenario({"game": "chess", "players": ["A", "B"]})
