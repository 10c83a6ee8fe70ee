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
from typing import Protocol, runtime_checkable

from engine.core import JSON, Decision


@runtime_checkable
class AiPlayer(Protocol):
    """A policy for one seat: sees only that seat's view, returns one of its options."""

    level: str

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str: ...


def level_player(
    level: str,
    budget_s: float | None,
    title: str,
    classes: Mapping[str, Callable[..., AiPlayer]],
) -> AiPlayer:
    """A new AI of ``level`` for a game whose ``classes`` map its levels to their classes
    (the strong one takes ``budget_s=``); ``strong@0.3`` or ``budget_s`` sets the strong
    level's seconds per decision (its own default without). A ValueError says what is wrong
    otherwise."""
    key = level.strip().casefold()
    if key.startswith("strong@"):
        try:
            budget_s = float(key.partition("@")[2])
        except ValueError:
            raise ValueError(
                f"bad budget in {level!r}; write e.g. strong@0.5"  # not for players
            ) from None
        key = "strong"
    if key not in classes:
        levels = ", ".join(classes)
        raise ValueError(f"{title} has no AI level {level!r}; levels: {levels}")  # not for players
    make = classes[key]
    player: AiPlayer = (
        make(budget_s=budget_s) if key == "strong" and budget_s is not None else make()
    )
    return player
