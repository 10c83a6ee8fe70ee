"""The conformance suite runs over the built-in games and the tests' own fourth game
(tests/fourth_game), which is registered for each test of this folder (and while the test
modules build their parametrization, see ``with_test_games``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.registry import registered
from tests.fourth_game.registration import REGISTRATION


@pytest.fixture(autouse=True)
def test_games_registered() -> Iterator[None]:
    with registered(REGISTRATION):
        yield
