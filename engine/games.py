"""The registry of playable games, by the name players type at /join or /start.

Built from :mod:`engine.registry` (one registration per game); kept for its short API. Only
games the table can host (``GameRegistration.at_table``) are here; engine-side code reads the
registry itself. Read when asked, so a game registered at run time
(:func:`engine.registry.register`) is here too.
"""

from __future__ import annotations

from engine.core import Game
from engine.registry import registration, table_registrations

#: The table's games when this module was first imported (kept for its short API; a game
#: registered later is missing here: shared layers call :func:`table_games`).
GAMES: dict[str, Game] = {r.name: r.parts().game for r in table_registrations()}
ALIASES: dict[str, str] = {alias: r.name for r in table_registrations() for alias in r.aliases}


def table_games() -> dict[str, Game]:
    """The games the table hosts, by name (the default first)."""
    return {r.name: r.parts().game for r in table_registrations()}


def get_game(name: str) -> Game:
    """The game named ``name`` (or an alias); :class:`IllegalMove` lists the games if unknown
    and says so for a registered game the table cannot host yet."""
    reg = registration(name)
    reg.check_at_table()
    return reg.parts().game
