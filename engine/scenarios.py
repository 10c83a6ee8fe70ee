"""Rule scenarios of every game: ``run_scenario`` dispatches on the file's ``game`` key.

``game`` defaults to ``venezia`` (older files have no key). Each game keeps its own hook module
``engine.<game>.scenario`` with ``run_scenario(spec, name)``; the file format is documented in
``docs/scenarios.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.scenario_base import ScenarioError, ScenarioResult

SCENARIO_HOOKS = {
    "venezia": "engine.venezia.scenario",
    "canal_grande": "engine.canal_grande.scenario",
    "amsterdam": "engine.amsterdam.scenario",
}
GAME_ALIASES = {
    "canal": "canal_grande",
    "canalgrande": "canal_grande",
    "canal-grande": "canal_grande",
}


def scenario_game(spec: dict[str, Any]) -> str:
    raw = spec.get("game", "venezia")
    key = str(raw).strip().casefold()
    key = GAME_ALIASES.get(key, key)
    if key not in SCENARIO_HOOKS:
        raise ScenarioError(
            f"unknown game {str(raw)[:30]!r} in the scenario; games: {', '.join(SCENARIO_HOOKS)}"
        )
    return key


def run_scenario(spec: dict[str, Any], name: str = "scenario") -> ScenarioResult:
    game = scenario_game(spec)
    module = importlib.import_module(SCENARIO_HOOKS[game])
    if game == "venezia":
        spec = {k: v for k, v in spec.items() if k != "game"}
    result: ScenarioResult = module.run_scenario(spec, name)
    return result


__all__ = ["SCENARIO_HOOKS", "ScenarioError", "ScenarioResult", "run_scenario", "scenario_game"]
