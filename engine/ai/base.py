"""The AI-player interface and helpers shared by every level.

An AI player sees exactly what a human in its seat sees: that seat's ``player_view`` and the
pending :class:`~engine.core.Decision`. It never receives the game state, so it cannot read
hidden information (other hands, token values, the deck order). Search levels imagine the
hidden parts with :func:`engine.venezia.determinize.determinize`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from engine.core import JSON, Decision


@runtime_checkable
class AiPlayer(Protocol):
    """A policy for one seat: sees only that seat's view, returns one of its options."""

    level: str

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str: ...


def level_player(
    level: str, budget_s: float | None, title: str, classes: Mapping[str, str]
) -> AiPlayer:
    """A new AI of ``level`` for a game whose ``classes`` map its levels to ``"module:Class"``
    (imported on first use); ``strong@0.3`` or ``budget_s`` sets the strong level's seconds
    per decision (its own default without). A ValueError says what is wrong otherwise."""
    from engine.registry import load

    key = level.strip().casefold()
    if key.startswith("strong@"):
        try:
            budget_s = float(key.partition("@")[2])
        except ValueError:
            raise ValueError(f"bad budget in {level!r}; write e.g. strong@0.5") from None
        key = "strong"
    if key not in classes:
        raise ValueError(f"{title} has no AI level {level!r}; levels: {', '.join(classes)}")
    make = load(classes[key])
    player: AiPlayer = (
        make(budget_s=budget_s) if key == "strong" and budget_s is not None else make()
    )
    return player


def legal_options(view: JSON, decision: Decision) -> list[str]:
    """What the deciding seat may answer: its options, exchanges only when it is the active
    player (a seat placing on someone else's turn may not exchange gold)."""
    me = view.get("me") or {}
    if int(me.get("seat", -1)) != decision.seat:
        raise ValueError(
            f"the view is seat {me.get('seat')}'s but the decision is seat {decision.seat}'s"
        )
    options: list[str] = list(me.get("options") or decision.options)
    if decision.seat != view.get("active"):
        options = [o for o in options if not o.startswith("exchange")]
    if not options:
        raise ValueError(f"no legal command for seat {decision.seat} ({decision.prompt})")
    return options


def split_options(options: list[str]) -> tuple[list[str], list[str]]:
    """(decision options, gold exchanges)."""
    exchanges = [o for o in options if o.startswith("exchange ")]
    others = [o for o in options if not o.startswith("exchange ")]
    return others, exchanges


def exchange_values(command: str) -> list[int]:
    """Token values handed in by a canonical ``exchange …`` command."""
    return [int(w) for w in command.split()[1:] if w.isdigit()]


class GameMemory:
    """What an AI remembers of its own past moves within one game (public to itself only).

    It records the token values it handed in, so determinization knows those swamp tokens left
    the game. A new game (the turn counter or the move count going back) clears the memory.
    """

    def __init__(self) -> None:
        self.spent: list[int] = []
        self._last: tuple[int, int] = (0, 0)

    def observe(self, view: JSON) -> None:
        eng = view.get("engine") or {}
        now = (int(view.get("turn", 0)), int(eng.get("history_length", 0)))
        if now < self._last:
            self.spent = []
        self._last = now

    def record(self, command: str) -> None:
        if command.startswith("exchange "):
            self.spent.extend(exchange_values(command))
