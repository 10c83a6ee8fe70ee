"""Rule scenarios of every game: ``run_scenario`` dispatches on the file's ``game`` key.

``game`` defaults to the default game (older files have no key). Each registered game has a
typed runner (``GameRegistration.parts().run_scenario(spec, name)``); the file format is
documented in ``docs/scenarios.md``. The runner receives the file without its ``game`` key.
"""

from __future__ import annotations

import importlib
import importlib.util

from engine.core import JSON, IllegalMove
from engine.registry import ScenarioRunner, first_registered, registration
from engine.scenario_base import ScenarioError, ScenarioResult


def _unregistered_hook(key: str) -> ScenarioRunner | None:
    """``run_scenario`` of ``engine.<key>.scenario``, a game package that is not registered
    yet (a game being written has scenarios before it has a table), if that module exists."""
    if not key.isidentifier() or not key.isascii():
        return None
    module = f"engine.{key}.scenario"
    try:
        found = importlib.util.find_spec(module)
    except ImportError:
        return None
    if found is None:
        return None
    runner: ScenarioRunner = importlib.import_module(module).run_scenario
    return runner


def scenario_hook(spec: JSON) -> tuple[str, ScenarioRunner]:
    """(game name, scenario runner) of a scenario file."""
    # a scenario file that names no game: the first registered one (the oldest files)
    raw = spec.get("game", first_registered())
    key = " ".join(str(raw).casefold().split())
    try:
        reg = registration(key)
    except IllegalMove as exc:
        hook = _unregistered_hook(key)
        if hook is None:
            raise ScenarioError(f"unknown game in the scenario: {exc}") from exc
        return key, hook
    return reg.name, reg.parts().run_scenario


def scenario_game(spec: JSON) -> str:
    return scenario_hook(spec)[0]


def run_scenario(spec: JSON, name: str = "scenario") -> ScenarioResult:
    _, runner = scenario_hook(spec)
    return runner({k: v for k, v in spec.items() if k != "game"}, name)


__all__ = ["ScenarioError", "ScenarioResult", "run_scenario", "scenario_game", "scenario_hook"]
