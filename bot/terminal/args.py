"""``venezia play``'s command line: the flags, the default AI level, the renderer to use."""

from __future__ import annotations

import argparse
import getpass
from pathlib import Path

from bot.table.ai_seat import ai_levels
from bot.table.render import ModuleRenderer, PlaceholderRenderer, Renderer
from engine.core import IllegalMove
from engine.games import table_games
from engine.registry import IMAGE_KINDS, first_registered, registrations

CHANNEL = "terminal"
DEFAULT_MAX_TURNS = 500


def default_level() -> str:
    levels = ai_levels()
    return "greedy" if "greedy" in levels else "random"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="venezia play",
        description="Play a board game in the terminal: you plus AI seats, hot seat, or watch AIs.",
        epilog=(
            "At the prompt type a command or an option's number; 'help' lists everything. "
            "Quit any time: the game is saved in the database, one save per game, and "
            "continues on the next run with the same --db and --game (--new starts that game "
            "over; without --game the newest save continues)."
        ),
    )
    add = parser.add_argument
    add(
        "--players",
        type=int,
        metavar="N",
        help="seats at the table (default 3 if the game allows, or K if more)",
    )
    add(
        "--humans",
        type=int,
        metavar="K",
        help="human seats (default 1; 2 or more: hot seat, hands hidden; 0: watch AIs play)",
    )
    add(
        "--ai",
        metavar="LEVEL",
        help=f"AI level: {', '.join(ai_levels())} (default greedy if available, else random)",
    )
    add("--seed", type=int, help="game seed (default: a fresh one, printed)")
    add(
        "--game",
        help=f"which game: {', '.join(table_games())} (default: your last save's, else "
        f"{first_registered()})",
    )
    add(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a game option (repeatable), e.g. --option first_divider=2 for canal_grande",
    )
    add(
        "--variant",
        metavar="V",
        help="the game's variant, short for --option variant=V (a name or a number)",
    )
    add(
        "--name",
        action="append",
        metavar="NAME",
        help="a human's name (repeat for hot seat: --name Anna --name Bruno)",
    )
    add("--out", type=Path, default=Path("out"), metavar="DIR", help="image folder (./out)")
    add("--db", type=Path, metavar="PATH", help="SQLite database (default DIR/venezia.sqlite3)")
    add("--channel", default=CHANNEL, help=argparse.SUPPRESS)
    add(
        "--new",
        action="store_true",
        help=f"close the unfinished save of this --game (default {first_registered()}), start anew",
    )
    add(
        "--quiet",
        "--fast",
        action="store_true",
        help="with --humans 0: print only the end (ranking and images)",
    )
    add(
        "--timer",
        metavar="SETTINGS",
        help="turn timer, as /settings on Discord: a preset (live: 2 min, evening: 15 min, "
        "correspondence: 1 day, off) or e.g. 'timer 5m remind 2m timeout ai greedy|pause'; "
        "at the timeout an AI takes your seat ('resume' takes it back). Default: the save's",
    )
    add(
        "--max-turns",
        type=int,
        default=DEFAULT_MAX_TURNS,
        metavar="N",
        help=f"safety: stop after N turns (default {DEFAULT_MAX_TURNS}; 0: no limit)",
    )
    return parser


def best_renderer(game: str | None) -> tuple[Renderer, list[str]]:
    """The game's real renderer (its registration's image functions) for every kind that can
    be imported, the service's placeholder for the others; and the kinds drawn as
    placeholders (``game``: the asked ``--game``; ``None``: not asked, any game's)."""
    renderer = ModuleRenderer(fallback=PlaceholderRenderer(size=(96, 64)))
    names = [game] if game is not None else [reg.name for reg in registrations()]
    try:
        missing = {kind for name in names for kind in renderer.missing(name)}
        return renderer, [kind for kind in IMAGE_KINDS if kind in missing]
    except IllegalMove:  # an unknown game: the table refuses it with the list of games
        return renderer, []


def login_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        return "Player"
    name = name.strip()
    return name.capitalize() if name and name != "root" else "Player"
