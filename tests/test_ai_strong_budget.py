"""#28 item "strong in a third of the time": every game's strong level decides within 0.3 s -
its default budget is 0.3 s and both its deadline and its hard stop lie inside it (the last
play-out and the answer fit in the rest); the expert keeps its own deadline."""

from __future__ import annotations

import pytest

from engine.ai import get_ai
from engine.ai.racing import WorldSearchAi


@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
def test_strong_decides_within_a_third_of_a_second(game: str) -> None:
    strong = get_ai("strong", game=game)
    assert isinstance(strong, WorldSearchAi)
    assert strong.budget_s == 0.3
    deadline, hard = strong.clock_limits(100.0, 1.0)
    assert 100.0 < deadline <= hard < 100.3
    low, _ = strong.clock_limits(100.0, 0.4)
    assert low < deadline
    assert get_ai("strong@1", game=game).clock_limits(0.0, 1.0)[1] < 1.0


@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
def test_the_expert_keeps_its_deadline(game: str) -> None:
    expert = get_ai("expert@1.5", game=game)
    assert isinstance(expert, WorldSearchAi)
    assert expert.clock_limits(0.0, 1.0)[0] == 1.5
