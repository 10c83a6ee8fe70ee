"""Helpers for writing a game's registration (:mod:`engine.registry`): the parts every game
builds the same way, so a ``registration.py`` says only what is its own, typed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from engine.core import JSON, GameState

S = TypeVar("S", bound=GameState)
R = TypeVar("R")


def own_state(cls: type[S], state: GameState) -> S:
    """``state`` as the game's own state class: the registry passes the
    :class:`~engine.core.GameState` protocol; a game's function narrows it here (TypeError for
    another game's state, which would be a bug in the caller)."""
    if not isinstance(state, cls):
        raise TypeError(f"expected a {cls.__name__}, got {type(state).__name__}")
    return state


def for_state(cls: type[S], func: Callable[[S], R]) -> Callable[[GameState], R]:
    """``func`` of the game's own state as a function of any :class:`~engine.core.GameState`
    (narrowed by :func:`own_state`), e.g. a game's ``invariants.violations``."""

    def call(state: GameState) -> R:
        return func(own_state(cls, state))

    call.__doc__ = func.__doc__
    return call


def determinized_twin(
    determinize: Callable[[JSON, random.Random], S], state: GameState, seat: int, rng: random.Random
) -> S:
    """A registration's ``twin``: the world re-imagined from ``seat``'s view by the game's
    ``determinize(view, rng)``, with the history (public, but not in the view) copied so the
    views match field by field."""
    other = determinize(state.player_view(seat), rng)
    other.history = list(state.history)
    return other


__all__ = ["determinized_twin", "for_state", "own_state"]
