"""``canalside play``'s command line: the flags, the default AI level, the renderer to use."""

from __future__ import annotations

import argparse
import getpass
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NoReturn

from bot.archive import db_setting
from bot.parsing import Parser
from bot.table.ai_seat import ai_levels
from bot.table.render import ModuleRenderer, PlaceholderRenderer, Renderer
from engine.core import IllegalMove
from engine.i18n import LANGUAGES, NATIVE_NAMES, counted, either, from_environment, negotiate
from engine.i18n.shared import _
from engine.registry import IMAGE_KINDS, first_registered, registrations, table_registrations
from engine.text import excerpt

CHANNEL = "terminal"
DEFAULT_MAX_TURNS = 500


def default_level() -> str:
    levels = ai_levels()
    return "greedy" if "greedy" in levels else "random"


def language_names() -> str:
    """``en (English), ja (日本語), hu (Magyar), it (Italiano)``: what ``--lang`` takes."""
    return counted(f"{code} ({NATIVE_NAMES[code]})" for code in LANGUAGES)


def unknown_language(tag: str) -> str:
    """The refusal of a ``--lang`` we do not speak (in the language in force)."""
    return _(
        "✗ unknown language '{tag}' for --lang: choose one of {languages}",
        tag=excerpt(tag, limit=20),
        languages=language_names(),
    )


class _Quiet(argparse.ArgumentParser):
    """A parser that says nothing on an error (the full parser says it after)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def choose_language(argv: Sequence[str], environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The session's language: ``--lang`` (a code or a name: ``hu``, ``Magyar``), else the
    environment's locale, else English; and what ``--lang`` said when we do not speak it
    (``None`` when it was understood or not given)."""
    fallback = from_environment(environ)
    pre = _Quiet(add_help=False)
    pre.add_argument("--lang")
    try:
        known, _rest = pre.parse_known_args(list(argv))
    except ValueError:  # '--lang' without a value: the real parser says so
        return fallback, None
    if known.lang is None:
        return fallback, None
    lang = negotiate(known.lang)
    if lang is None:
        return fallback, known.lang
    return lang, None


def build_parser() -> argparse.ArgumentParser:
    """The flags of ``canalside play``, their help said in the language in force."""
    parser = Parser(
        prog="canalside play",  # not for players
        description=_(
            "Play a board game in the terminal: you plus AI seats, hot seat, or watch AIs."
        ),
        epilog=_(
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
        help=_("seats at the table (default 3 if the game allows, or K if more)"),
    )
    add(
        "--humans",
        type=int,
        metavar="K",
        help=_("human seats (default 1; 2 or more: hot seat, hands hidden; 0: watch AIs play)"),
    )
    add(
        "--ai",
        metavar="LEVEL",
        help=_(
            "AI level: {levels} (default greedy if available, else random)",
            levels=either(ai_levels()),
        ),
    )
    add("--seed", type=int, help=_("game seed (default: a fresh one, printed)"))
    add(
        "--game",
        help=_(
            "which game: {games} (default: your last save's, else {first})",
            games=either(r.name for r in table_registrations()),
            first=first_registered(),
        ),
    )
    add(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help=_("a game option (repeatable), e.g. --option first_divider=2 for canal_grande"),
    )
    add(
        "--variant",
        metavar="V",
        help=_("the game's variant, short for --option variant=V (a name or a number)"),
    )
    add(
        "--name",
        action="append",
        metavar="NAME",
        help=_("a human's name (repeat for hot seat: --name Anna --name Bruno)"),
    )
    add("--out", type=Path, default=Path("out"), metavar="DIR", help=_("image folder (./out)"))
    add(
        "--db",
        type=db_setting,
        metavar="PATH",
        help=_(
            "the database: a SQLite file or a PostgreSQL address "
            "postgresql://user:password@host/database (default: $CANALSIDE_DB, else "
            "DIR/venezia.sqlite3)"
        ),
    )
    add(
        "--lang",
        metavar="LANG",
        help=_(
            "the table's language: {languages} (default: the locale, LANG, else English)",
            languages=language_names(),
        ),
    )
    add("--channel", default=CHANNEL, help=argparse.SUPPRESS)
    add(
        "--new",
        action="store_true",
        help=_(
            "close the unfinished save of this --game (default: the save 'canalside play' "
            "continues, the newest) and start that game anew"
        ),
    )
    add(
        "--quiet",
        "--fast",
        action="store_true",
        help=_("with --humans 0: print only the end (ranking and images)"),
    )
    add(
        "--timer",
        metavar="SETTINGS",
        help=_(
            "turn timer, as /settings on Discord: a preset (live: 2 min, evening: 15 min, "
            "correspondence: 1 day, off) or e.g. 'timer 5m remind 2m timeout ai|pause'; one "
            "player at the keyboard only. At the timeout an AI of the table's level plays your "
            "seat, one decision every few seconds, until you type 'resume' or your move; the "
            "game's last decision waits for you ('finish' lets the AI make it); 'timeout pause': "
            "the game waits. Default: the folder's last setting"
        ),
    )
    add(
        "--max-turns",  # not for players
        type=int,
        default=DEFAULT_MAX_TURNS,
        metavar="N",
        help=_(
            "safety: stop after N turns (default {default}; 0: no limit)",
            default=DEFAULT_MAX_TURNS,
        ),
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
        return str(_("Player"))
    name = name.strip()
    return name.capitalize() if name and name != "root" else str(_("Player"))
