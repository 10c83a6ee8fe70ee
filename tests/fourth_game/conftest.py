"""The fourth game is registered only for the tests that ask for it: the ``high_card`` fixture
(here) and every test of ``tests/contract`` (its conftest uses :func:`with_test_games`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest

from engine.registry import GameRegistration, registered
from tests.fourth_game.registration import REGISTRATION

T = TypeVar("T")


def with_test_games(build: Callable[[], T]) -> T:
    """``build()`` with the test-only games registered (for lists built when a test module is
    collected, e.g. the conformance suite's parametrization)."""
    with registered(REGISTRATION):
        return build()


@pytest.fixture
def high_card() -> Iterator[GameRegistration]:
    """High Card, registered for the test's duration."""
    with registered(REGISTRATION) as reg:
        yield reg
