"""AI seats: the policy interface and the registry of AI levels.

An AI seat is an ordinary seat whose decisions the table service asks a policy for. The policy
sees exactly what a human in that seat would see - the seat's ``player_view`` and the pending
``Decision`` - never the game state (so it cannot peek at hands, tokens or the deck order),
and answers one command text, which goes through the same validation and commit as a human's.

Levels are registered by name. SQLite stores a seat's level as a small integer
(``seats.ai_level``), so every level also has a stable ``code`` that must never change once
used. Adding a level is adding one entry to :data:`LEVELS` (with a lazy ``"module:attribute"``
factory path and arguments, so e.g. ``engine.ai`` is imported only when a greedy seat plays)
or calling :func:`register_ai` at import time of a plugin module. ``engine.ai`` may also
export ``AI_LEVELS`` (a sequence of :class:`AiLevel`), which is merged in on first use.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import JSON, Decision
from engine.text import excerpt, is_number

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "AiLevel",
    "AiPlayer",
    "RandomAi",
    "UnknownAiLevel",
    "ai_level",
    "ai_levels",
    "get_ai",
    "register_ai",
]


class AiPlayer(Protocol):
    """A policy for one seat: sees only that seat's view, returns one command text."""

    def choose(self, player_view: JSON, decision: Decision, rng: random.Random) -> str: ...


class RandomAi:
    """Uniform over everything the seat may send now (``player_view["me"]["options"]``).

    For the active player that includes gold exchanges, so the random AI also exchanges now and
    then. Falls back to the decision's options if the view carries none.
    """

    name = "random"

    def choose(self, player_view: JSON, decision: Decision, rng: random.Random) -> str:
        me = player_view.get("me") or {}
        options: list[str] = list(me.get("options") or decision.options)
        if not options:
            raise ValueError(f"no legal command for seat {decision.seat} ({decision.prompt})")
        return rng.choice(options)


class UnknownAiLevel(LookupError):
    """No AI level of that name or code."""


@dataclass(frozen=True, slots=True)
class AiLevel:
    """One AI level.

    ``factory`` is a callable or a lazy ``"module:attribute"`` path, called with ``args`` to
    make a new policy object (one per seat and game).
    """

    name: str
    code: int
    title: str
    factory: Callable[..., AiPlayer] | str
    args: tuple[Any, ...] = ()

    def create(self) -> AiPlayer:
        factory: Any = self.factory
        if isinstance(factory, str):
            module_name, _, attr = factory.partition(":")
            factory = getattr(importlib.import_module(module_name), attr)
        player: AiPlayer = factory(*self.args)
        return player


#: name -> level. ``code`` is what SQLite stores: never renumber an existing entry. The
#: search levels live in ``engine.ai`` (its ``get_ai(level)``), imported when first used.
LEVELS: dict[str, AiLevel] = {
    "random": AiLevel("random", 0, "random legal moves", RandomAi),
    "greedy": AiLevel("greedy", 1, "one-ply heuristics", "engine.ai:get_ai", ("greedy",)),
    "strong": AiLevel("strong", 2, "Monte-Carlo search", "engine.ai:get_ai", ("strong",)),
}

DEFAULT_LEVEL = "random"


def register_ai(level: AiLevel) -> None:
    """Add a level at run time (a plugin module may call this when imported)."""
    for other in LEVELS.values():
        if other.code == level.code and other.name != level.name:
            raise ValueError(f"AI code {level.code} is already used by '{other.name}'")
    LEVELS[level.name] = level


def _load_plugins() -> None:
    """Levels that ``engine.ai`` may export as ``AI_LEVELS`` (if that package exists)."""
    try:
        module = importlib.import_module("engine.ai")
    except ImportError:
        return
    for level in getattr(module, "AI_LEVELS", ()):
        if isinstance(level, AiLevel) and level.name not in LEVELS:
            register_ai(level)


_plugins_loaded = False


def ai_levels() -> list[str]:
    """Names of the known levels, weakest (lowest code) first."""
    global _plugins_loaded
    if not _plugins_loaded:
        _plugins_loaded = True
        _load_plugins()
    return [lv.name for lv in sorted(LEVELS.values(), key=lambda lv: lv.code)]


def ai_level(level: str | int | None) -> AiLevel:
    """The level named ``level`` (case-insensitive) or with that stored code."""
    names = ai_levels()
    if level is None:
        return LEVELS[DEFAULT_LEVEL]
    if isinstance(level, int):
        for lv in LEVELS.values():
            if lv.code == level:
                return lv
        shown = str(level) if -1000 < level < 1000 else "out of range"
        raise UnknownAiLevel(f"unknown AI level code {shown}; levels: {', '.join(names)}")
    key = level.strip().casefold()
    if is_number(key) and len(key) <= 3:  # "²" is a digit to isdigit(), not a number
        return ai_level(int(key))
    found = LEVELS.get(key)
    if found is None:
        raise UnknownAiLevel(f"unknown AI level '{excerpt(level)}'; levels: {', '.join(names)}")
    return found


def get_ai(level: str | int | None = None) -> AiPlayer:
    """A new policy object of a level.

    The table service creates one per AI seat and game, and calls it from a worker thread,
    one decision at a time; a policy may keep state between decisions of its seat.
    """
    return ai_level(level).create()
