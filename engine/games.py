"""The registry of playable games, by the name players type at /join or /start.

Built from :mod:`engine.registry` (one registration per game); kept for its short API.
"""

from __future__ import annotations

from engine.core import Game
from engine.registry import registration, registrations

GAMES: dict[str, Game] = {r.name: r.load_game() for r in registrations()}
ALIASES: dict[str, str] = {alias: r.name for r in registrations() for alias in r.aliases}


def get_game(name: str) -> Game:
    """The game named ``name`` (or an alias); :class:`IllegalMove` lists the games if unknown."""
    return GAMES[registration(name).name]
