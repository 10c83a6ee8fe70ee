"""The lobby's game options: typed by the game's registration, checked, kept in SQLite (so a
restart keeps them), shown in the lobby text and ``/status``, and handed to ``new_state``.
:meth:`bot.table.lobby.Lobby.set_options` sets them; these helpers know no table service."""

from __future__ import annotations

from collections.abc import Mapping

from bot.storage.repositories import LobbyRepository
from bot.table.outputs import Code
from bot.table.records import Refused, Table, why
from engine.core import IllegalMove
from engine.i18n import joined
from engine.i18n.shared import _
from engine.registry import registration


def current_options(table: Table, game: str) -> dict[str, str]:
    """The lobby's option texts for ``game`` (its defaults if the lobby chose another game)."""
    reg = registration(game)
    if table.lobby_game == reg.name:
        return reg.check_options(table.lobby_options)
    return reg.check_options({})


def checked(game: str, chosen: Mapping[str, str], base: Mapping[str, str]) -> dict[str, str]:
    """``base`` with ``chosen`` applied, every text checked; :class:`Refused` names the
    problem and the allowed values."""
    reg = registration(game)
    try:
        return reg.check_options({**base, **dict(chosen)})
    except IllegalMove as exc:
        raise Refused(Code.MALFORMED, why(exc)) from exc


def remember(lobby: LobbyRepository, table: Table, game: str, options: Mapping[str, str]) -> None:
    """The lobby's choice, in memory and in SQLite."""
    table.lobby_game = game
    table.lobby_options = dict(options)
    lobby.set_lobby_choice(table.channel_id, game, table.lobby_options)


def describe(game: str, options: Mapping[str, str]) -> str:
    """`` Options: a=1, b=2.`` for a game with options, else ``""``."""
    reg = registration(game)
    if not reg.options:
        return ""
    return joined("", (" ", _("Options: {options}.", options=reg.describe_options(options))))


def options_help(game: str) -> str:
    reg = registration(game)
    if not reg.options:
        return _("{game} has no options", game=reg.title)
    parts = [
        # Translators: an option of a game: its name, its values, its default, what it does
        _(
            "{name} ({values}, default {default}): {help}",
            name=o.name,
            values="/".join(o.choices)
            if o.choices
            else _("a number ≥ {minimum}", minimum=o.minimum),
            default=o.default,
            help=reg.message(o.help),
        )
        for o in reg.options
    ]
    return _("{game} options: {options}", game=reg.title, options=joined("; ", parts))
