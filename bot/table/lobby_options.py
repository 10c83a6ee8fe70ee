"""The lobby's game options: typed by the game's registration, checked, kept in SQLite (so a
restart keeps them), shown in the lobby text and ``/status``, and handed to ``new_state``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot.table import lobby, restore
from bot.table.outputs import Code, Outcome, PublicUpdate
from bot.table.records import Refused, Table
from engine.core import IllegalMove
from engine.registry import registration

if TYPE_CHECKING:
    from bot.table.service import TableService


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
        raise Refused(Code.MALFORMED, str(exc)) from exc


def remember(svc: TableService, table: Table, game: str, options: Mapping[str, str]) -> None:
    """The lobby's choice, in memory and in SQLite."""
    table.lobby_game = game
    table.lobby_options = dict(options)
    svc.storage.set_lobby_choice(table.channel_id, game, table.lobby_options)


def describe(game: str, options: Mapping[str, str]) -> str:
    """`` Options: a=1, b=2.`` for a game with options, else ``""``."""
    reg = registration(game)
    if not reg.options:
        return ""
    return f" Options: {reg.describe_options(options)}."


def options_help(game: str) -> str:
    reg = registration(game)
    if not reg.options:
        return f"{reg.title} has no options"
    parts = [
        f"{o.name} ({'/'.join(o.choices) if o.choices else f'a number ≥ {o.minimum}'}, "
        f"default {o.default}): {o.help}"
        for o in reg.options
    ]
    return f"{reg.title} options: " + "; ".join(parts)


def set_options_worker(
    svc: TableService, table: Table, user_id: str, options: Mapping[str, str]
) -> Outcome:
    """A seated player sets lobby options (``{}``: show them and what is allowed)."""
    restore.ensure_loaded(svc, table)
    if table.state is not None:
        raise lobby.running_refusal(svc, table, Code.GAME_RUNNING, "options are set in the lobby")
    seats = svc.storage.list_seats(table.channel_id)
    if not any(s.user_id == user_id for s in seats):
        raise Refused(Code.NOT_SEATED, "join the table first; then you can set its options")
    game = lobby.lobby_game(svc, table, seats)
    if not options:
        text = (
            options_help(game.name) + "." + describe(game.name, current_options(table, game.name))
        )
        return Outcome(True, public=(PublicUpdate(text),))
    if not registration(game.name).options:
        raise Refused(Code.MALFORMED, options_help(game.name))
    chosen = checked(game.name, options, current_options(table, game.name))
    remember(svc, table, game.name, chosen)
    return Outcome(True, public=(PublicUpdate(lobby.lobby_text(svc, game, seats, table)),))
