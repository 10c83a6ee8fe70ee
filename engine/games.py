"""The registry of playable games, by the name players type at /join or /start."""

from __future__ import annotations

from typing import cast

from engine.core import Game, IllegalMove
from engine.text import excerpt
from engine.venezia import GAME as VENEZIA

GAMES: dict[str, Game] = {VENEZIA.name: cast(Game, VENEZIA)}
ALIASES = {"velence": "venezia", "venedig": "venezia", "venice": "venezia", "ヴェネチア": "venezia"}


def get_game(name: str) -> Game:
    key = ALIASES.get(name.casefold().strip(), name.casefold().strip())
    game = GAMES.get(key)
    if game is None:
        raise IllegalMove(f"unknown game '{excerpt(name)}'; available: {', '.join(GAMES)}")
    return game
