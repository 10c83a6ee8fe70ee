"""Helpers for writing a game's registration (:mod:`engine.registry`): the parts every game
builds the same way, so a ``registration.py`` says only what is its own."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from engine.core import JSON
from engine.registry import GameTexts


def determinized_twin(
    determinize: Callable[[JSON, random.Random], Any], state: Any, seat: int, rng: random.Random
) -> Any:
    """A registration's ``twin``: the world re-imagined from ``seat``'s view by the game's
    ``determinize(view, rng)``, with the history (public, but not in the view) copied so the
    views match field by field."""
    other = determinize(state.player_view(seat), rng)
    other.history = list(state.history)
    return other


def texts_from(module: Any, **optional: Any) -> GameTexts:
    """A game's :class:`GameTexts` from its texts module's conventional names (``OVERVIEW``,
    ``RULE_TOPICS``, ``RULE_ALIASES``, ``status_lines``, ``hand_text``, ``secret_part``); the
    optional parts are passed by name."""
    return GameTexts(
        overview=module.OVERVIEW,
        rule_topics=module.RULE_TOPICS,
        rule_aliases=module.RULE_ALIASES,
        status_lines=module.status_lines,
        hand_text=module.hand_text,
        secret_part=module.secret_part,
        **optional,
    )


class ConventionalParts(TypedDict):
    """The registration parts a game keeps where every game keeps them."""

    game: str
    grammar: str
    texts: str
    images: Mapping[str, str]
    scenario: str
    invariants: str
    scores: str
    twin: str


def conventional_parts(package: str, render_package: str) -> ConventionalParts:
    """The paths of the parts a game keeps in the usual places: ``GAME`` in its engine
    package; ``grammar``, ``texts``, ``scores`` and ``twin`` in its ``registration`` module;
    its ``scenario`` module; ``violations`` in its ``invariants`` module; ``render_board``,
    ``render_hand`` and ``render_end`` in ``render_package``'s ``board``, ``hand`` and ``end``.
    Pass them with ``**`` to :class:`~engine.registry.GameRegistration`."""
    here = f"{package}.registration"
    return ConventionalParts(
        game=f"{package}:GAME",
        grammar=f"{here}:grammar",
        texts=f"{here}:texts",
        images={
            kind: f"{render_package}.{kind}:render_{kind}" for kind in ("board", "hand", "end")
        },
        scenario=f"{package}.scenario",
        invariants=f"{package}.invariants:violations",
        scores=f"{here}:scores",
        twin=f"{here}:twin",
    )


__all__ = ["ConventionalParts", "conventional_parts", "determinized_twin", "texts_from"]
