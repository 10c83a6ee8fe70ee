"""What every game's scenario hook shares: the result of one scenario, the error for a broken
file (as opposed to a rule that does not hold), and the step loop that plays a scenario's
commands and checks its expectations (each game supplies its seats and its checks)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import Event, IllegalMove


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not a rule failure)."""


@dataclass
class ScenarioResult:
    name: str
    failures: list[str] = field(default_factory=list)
    steps_run: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


class SteppableState(Protocol):
    """What the step loop needs of a game state."""

    def apply(self, seat: int, command: str) -> list[Event]: ...

    def to_json(self) -> str: ...


def check_top_keys(spec: dict[str, Any], allowed: set[str], name: str) -> None:
    """A :class:`ScenarioError` naming the top-level keys the format does not know."""
    unknown = set(spec) - allowed
    if unknown:
        raise ScenarioError(f"{name}: unknown top-level keys {sorted(unknown)}")


def play_steps(
    result: ScenarioResult,
    state: SteppableState,
    spec: dict[str, Any],
    name: str,
    seat_of: Callable[[Any, str], int],
    check: Callable[[dict[str, Any]], list[str]],
    texts: list[str] | None = None,
) -> ScenarioResult:
    """Play ``spec["steps"]`` on ``state``, then check ``spec["expect"]``; failures go to
    ``result``, which is returned.

    A step's ``expect`` is ``"ok"`` (the default) or a rejection, which must leave the state
    unchanged (and mention ``reject_contains``); an unexpected outcome ends the scenario there.
    ``seat_of(who, where)`` names the seat of a step's player (a :class:`ScenarioError` if
    unknown); ``check(expect)`` lists the expectations that do not hold. The texts of the
    events are appended to ``texts`` (for the game's event checks).
    """
    for i, step in enumerate(spec.get("steps", []), start=1):
        where = f"step {i} ({step.get('player')}: {step.get('command')!r})"
        seat = seat_of(step.get("player"), f"{name} {where}")
        expect_ok = step.get("expect", "ok") == "ok"
        before = state.to_json()
        try:
            events = state.apply(seat, str(step.get("command", "")))
            if texts is not None:
                texts.extend(e.text for e in events)
            if not expect_ok:
                result.failures.append(f"{where}: was accepted, expected a rejection")
                return result
        except IllegalMove as exc:
            if expect_ok:
                result.failures.append(f"{where}: rejected: {exc}")
                return result
            if state.to_json() != before:
                result.failures.append(f"{where}: the rejection changed the state")
            needle = step.get("reject_contains")
            if needle and str(needle).casefold() not in str(exc).casefold():
                result.failures.append(f"{where}: rejection {str(exc)!r} lacks {needle!r}")
        result.steps_run = i
        if "then" in step:
            result.failures.extend(f"{where}: {f}" for f in check(step["then"]))
    result.failures.extend(check(spec.get("expect", {})))
    return result
