"""The registry of playable games, by the name players type at /join or /start.

Built from :mod:`engine.registry` (one registration per game); kept for its short API. Only
games the table can host (``GameRegistration.at_table``) are here; engine-side code reads the
registry itself.
"""

from __future__ import annotations

from engine.core import Game
from engine.registry import registration, table_registrations

GAMES: dict[str, Game] = {r.name: r.parts().game for r in table_registrations()}
ALIASES: dict[str, str] = {alias: r.name for r in table_registrations() for alias in r.aliases}


def get_game(name: str) -> Game:
    """The game named ``name`` (or an alias); :class:`IllegalMove` lists the games if unknown
    and says so for a registered game the table cannot host yet."""
    reg = registration(name)
    reg.check_at_table()
    return GAMES[reg.name]
