"""What every game's scenario hook shares: the result of one scenario and the error for a
broken file (as opposed to a rule that does not hold)."""

from __future__ import annotations

from dataclasses import dataclass, field


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
