"""Every Amsterdam scenario under scenarios/amsterdam must hold (AM-T1…T15 and the variants),
run through the game's own hook ``engine.amsterdam.scenario`` (whichever runner dispatches)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.amsterdam.scenario import ScenarioError, run_scenario

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "amsterdam"
SCENARIOS = sorted(FOLDER.glob("*.toml"))


def _load(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_every_worked_example_has_a_scenario() -> None:
    stems = {p.stem.split("_")[0] for p in SCENARIOS}
    assert {f"t{i:02d}" for i in range(1, 16)} <= stems
    assert {f"v{i}" for i in range(1, 7)} <= stems


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    spec = _load(path)
    assert spec.get("game") == "amsterdam"
    assert spec.get("rules"), "every scenario cites the rules it checks"
    result = run_scenario(spec, path.stem)
    assert result.ok, "\n".join(result.failures)


def test_a_wrong_expectation_fails() -> None:
    spec = _load(FOLDER / "t01_largest_difference.toml")
    spec["expect"] = {"vp": {"Anna": 0}}
    result = run_scenario(spec)
    assert not result.ok and "vp of Anna" in result.failures[0]


def test_broken_scenarios_are_reported() -> None:
    with pytest.raises(ScenarioError, match="unknown setup keys"):
        run_scenario({"game": "amsterdam", "setup": {"handz": {}}})
    with pytest.raises(ScenarioError, match="used twice"):
        run_scenario({"game": "amsterdam", "setup": {"hands": {"Red": [12, 12]}}})
    with pytest.raises(ScenarioError, match="unknown Amsterdam variant"):
        run_scenario({"game": "amsterdam", "variant": "chess"})
