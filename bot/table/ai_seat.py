"""AI seats: the names and stored codes of the AI levels a table offers.

An AI seat is an ordinary seat whose decisions the table service asks a policy for. The policy
sees exactly what a human in that seat would see - the seat's ``player_view`` and the pending
``Decision`` - never the game state, and answers one command text, which goes through the same
validation and commit as a human's.

There is one AI framework: :mod:`engine.ai` (``get_ai(level, game=...)``), which asks the game's
registration for its levels. This module only keeps the table's vocabulary of level names and
the small integer each is stored as in SQLite (``seats.ai_level``; never renumber a level once
used). A level the game lacks is an error (:class:`UnknownAiLevel`), never a silent random
player.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai import AiPlayer, game_levels
from engine.ai import get_ai as engine_ai
from engine.i18n import either
from engine.i18n.shared import N_, _
from engine.text import excerpt, is_number

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "AiLevel",
    "AiPlayer",
    "UnknownAiLevel",
    "ai_level",
    "ai_levels",
    "get_ai",
]


class UnknownAiLevel(LookupError):
    """No AI level of that name or code (or not for that game)."""


@dataclass(frozen=True, slots=True)
class AiLevel:
    """One AI level: its name, its stored ``code`` and a short title."""

    name: str
    code: int
    title: str

    def create(self, game: str) -> AiPlayer:
        """A new policy object of this level for ``game`` (one per seat and game)."""
        name = game
        if self.name not in game_levels(name):
            levels = either(game_levels(name))
            raise UnknownAiLevel(
                _(
                    "no {level} AI for {game}; levels: {levels}",
                    level=self.name,
                    game=name,
                    levels=levels,
                )
            )
        return engine_ai(self.name, game=name)


#: name -> level. ``code`` is what SQLite stores: never renumber an existing entry.
LEVELS: dict[str, AiLevel] = {
    "random": AiLevel("random", 0, N_("random legal moves")),
    "greedy": AiLevel("greedy", 1, N_("one-ply heuristics")),
    "strong": AiLevel("strong", 2, N_("Monte-Carlo search")),
}

DEFAULT_LEVEL = "random"


def ai_levels(game: str | None = None) -> list[str]:
    """Names of the levels (those ``game`` has, if given), weakest (lowest code) first."""
    names = [lv.name for lv in sorted(LEVELS.values(), key=lambda lv: lv.code)]
    if game is None:
        return names
    have = game_levels(game)
    return [n for n in names if n in have]


def ai_level(level: str | int | None) -> AiLevel:
    """The level named ``level`` (case-insensitive) or with that stored code."""
    names = ai_levels()
    if level is None:
        return LEVELS[DEFAULT_LEVEL]
    if isinstance(level, int):
        for lv in LEVELS.values():
            if lv.code == level:
                return lv
        shown = str(level) if -1000 < level < 1000 else _("out of range")
        levels = either(names)
        raise UnknownAiLevel(
            _("unknown AI level code {code}; levels: {levels}", code=shown, levels=levels)
        )
    key = level.strip().casefold()
    if is_number(key) and len(key) <= 3:  # "²" is a digit to isdigit(), not a number
        return ai_level(int(key))
    found = LEVELS.get(key)
    if found is None:
        levels = either(names)
        raise UnknownAiLevel(
            _("unknown AI level '{name}'; levels: {levels}", name=excerpt(level), levels=levels)
        )
    return found


def get_ai(level: str | int | None, game: str) -> AiPlayer:
    """A new policy object of a level (``None``: the default level) for ``game``."""
    return ai_level(level).create(game)
