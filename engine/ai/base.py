"""The AI-player interface and helpers shared by every level.

An AI player sees exactly what a human in its seat sees: that seat's ``player_view`` and the
pending :class:`~engine.core.Decision`. It never receives the game state, so it cannot read
hidden information (other hands, the deck order, anything sealed). Search levels imagine the
hidden parts with their game's own determinization (a world sampled from the view).

Each game's levels live in its own engine package (``engine/<game>/ai/``), which maps its level
names to classes and builds players with :func:`level_player`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from engine.core import JSON, Decision


@runtime_checkable
class AiPlayer(Protocol):
    """A policy for one seat: sees only that seat's view, returns one of its options."""

    level: str

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str: ...


#: Levels that search and take a budget (``budget_s=`` seconds or ``playouts=`` per decision).
SEARCH_LEVELS: frozenset[str] = frozenset({"strong", "expert"})


@dataclass(frozen=True, slots=True)
class Budget:
    """A search level's budget per decision: wall-clock ``seconds`` (play) or a fixed number of
    ``playouts`` (reproducible: no clock is read), or neither (the level's default)."""

    seconds: float | None = None
    playouts: int | None = None


def parse_level(level: str) -> tuple[str, Budget]:
    """``strong`` -> (strong, default); ``strong@0.3`` or ``strong@0.3s`` -> 0.3 seconds;
    ``strong@200p`` -> 200 play-outs per decision. A ValueError says what is wrong."""
    key = level.strip().casefold()
    name, at, spec = key.partition("@")
    if not at:
        return key, Budget()
    spec = spec.strip()
    try:
        if spec.endswith("p"):
            playouts = int(spec[:-1])
            if playouts < 1:
                raise ValueError(spec)
            return name, Budget(playouts=playouts)
        seconds = float(spec[:-1] if spec.endswith("s") else spec)
        if not seconds >= 0:
            raise ValueError(spec)
        return name, Budget(seconds=seconds)
    except ValueError:
        raise ValueError(
            f"bad budget in {level!r}; write e.g. {name}@0.5 (seconds) or "  # not for players
            f"{name}@200p (play-outs per decision)"  # not for players
        ) from None


def level_player(
    level: str,
    budget_s: float | None,
    title: str,
    classes: Mapping[str, Callable[..., AiPlayer]],
) -> AiPlayer:
    """A new AI of ``level`` for a game whose ``classes`` map its levels to their classes
    (the search levels, :data:`SEARCH_LEVELS`, take ``budget_s=`` and ``playouts=``);
    ``strong@0.3`` or ``budget_s`` sets a search level's seconds per decision, ``strong@200p``
    a fixed number of play-outs per decision (its own default without). A ValueError says
    what is wrong otherwise."""
    key, budget = parse_level(level)
    if key not in classes:
        levels = ", ".join(classes)
        raise ValueError(f"{title} has no AI level {level!r}; levels: {levels}")  # not for players
    make = classes[key]
    kwargs: dict[str, object] = {}
    if key in SEARCH_LEVELS:
        seconds = budget.seconds if budget.seconds is not None else budget_s
        if seconds is not None:
            kwargs["budget_s"] = seconds
        if budget.playouts is not None:
            kwargs["playouts"] = budget.playouts
    elif budget != Budget():
        raise ValueError(f"the {key} level takes no budget: {level!r}")  # not for players
    player: AiPlayer = make(**kwargs)
    return player
