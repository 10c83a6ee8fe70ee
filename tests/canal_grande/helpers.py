"""Shared helpers for the Canal Grande tests: positions from a setup, random play."""

from __future__ import annotations

import random
from typing import Any

from engine.canal_grande.scenario import apply_setup
from engine.canal_grande.state import CanalGrandeState


def position(setup: dict[str, Any], seed: int = 1, divider: int = 1) -> CanalGrandeState:
    """Seat 0 'Anna', seat 1 'Ben'; ``setup`` as in a scenario file."""
    state = CanalGrandeState.new(["Anna", "Ben"], seed, first_divider=divider)
    apply_setup(state, setup, "test")
    return state


def random_game(seed: int, moves: int | None = None) -> CanalGrandeState:
    """A game played with uniformly random options (to the end, or ``moves`` decisions)."""
    state = CanalGrandeState.new(["Anna", "Ben"], seed)
    rng = random.Random(seed)
    n = 0
    while not state.over and (moves is None or n < moves):
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
        n += 1
    return state
