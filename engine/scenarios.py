"""Rule scenarios of every game: ``run_scenario`` dispatches on the file's ``game`` key.

``game`` defaults to the default game (older files have no key). Each registered game names its
hook module (``GameRegistration.scenario``, with ``run_scenario(spec, name)``); the file format
is documented in ``docs/scenarios.md``. The hook receives the file without its ``game`` key.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from engine.core import IllegalMove
from engine.registry import default_game, registration
from engine.scenario_base import ScenarioError, ScenarioResult


def _unregistered_hook(key: str) -> str | None:
    """``engine.<key>.scenario`` of a game package that is not registered yet (a game being
    written has scenarios before it has a table), if that module exists."""
    if not key.isidentifier() or not key.isascii():
        return None
    module = f"engine.{key}.scenario"
    try:
        found = importlib.util.find_spec(module)
    except ImportError:
        return None
    return module if found is not None else None


def scenario_hook(spec: dict[str, Any]) -> tuple[str, str]:
    """(game name, hook module) of a scenario file."""
    raw = spec.get("game", default_game())
    key = " ".join(str(raw).casefold().split())
    try:
        reg = registration(key)
    except IllegalMove as exc:
        hook = _unregistered_hook(key)
        if hook is None:
            raise ScenarioError(f"unknown game in the scenario: {exc}") from exc
        return key, hook
    return reg.name, reg.scenario


def scenario_game(spec: dict[str, Any]) -> str:
    return scenario_hook(spec)[0]


def run_scenario(spec: dict[str, Any], name: str = "scenario") -> ScenarioResult:
    _, hook = scenario_hook(spec)
    module = importlib.import_module(hook)
    spec = {k: v for k, v in spec.items() if k != "game"}
    result: ScenarioResult = module.run_scenario(spec, name)
    return result


__all__ = ["ScenarioError", "ScenarioResult", "run_scenario", "scenario_game", "scenario_hook"]
