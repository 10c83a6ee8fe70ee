"""The lobby message's controls, generated from the game registrations: the buttons (*Join /
Leave / Add AI / Remove AI / Start*), a menu of the hosted games, a menu per option of the
lobby's game that has choices (its current value selected), and an *Add AI* menu of the game's
AI levels, and a *Turn timer* menu of presets (``/settings``). Every choice goes through the
same service call as its typed command (``/options``, ``/addbot``); the game menu through
:meth:`bot.table.lobby.Lobby.choose_game`.

Discord allows 5 action rows and 25 choices a menu: the buttons take one row, the game and
AI and timer menus one each, so one option menu fits; options without choices (numbers), with
more than 25 choices, or beyond the first stay typed (``/options``). Pure: no discord.py.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.discord.controls import lobby_components
from bot.discord.specs import (
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    Component,
    OptionSpec,
    SelectSpec,
    clip,
    make_id,
)
from bot.discord.translator import in_any_catalog
from bot.table.ai_seat import ai_levels, levels
from bot.table.lobby_texts import player_count
from engine.games import get_game
from engine.i18n.shared import N_, _
from engine.registry import GameRegistration, registration, table_registrations

__all__ = ["TIMER_CHOICES", "lobby_controls", "option_menus", "timer_menu"]

PLACEHOLDER_MAX = 150
DESCRIPTION_MAX = 100
LABEL_MAX = 100


def _id(channel: str, action: str, arg: str = "") -> str:
    return make_id(channel, 0, 0, action, arg)


def game_menu(channel: str, game: str) -> SelectSpec | None:
    """The hosted games (``None`` with only one): switching resets the options."""
    regs = table_registrations()[:MAX_SELECT_OPTIONS]
    if len(regs) < 2:
        return None
    options = tuple(
        OptionSpec(
            clip(_("Game: {game}", game=reg.title), LABEL_MAX),
            reg.name,
            clip(
                _("{players}; options start at their defaults", players=_players_text(reg))
                if reg.options
                else _players_text(reg),
                DESCRIPTION_MAX,
            ),
            default=reg.name == game,
        )
        for reg in regs
    )
    # Translators: a menu's placeholder (at most 150 characters)
    return SelectSpec(_id(channel, "game"), _("Choose the game…"), options)


def _players_text(reg: GameRegistration) -> str:
    game = get_game(reg.name)
    return player_count(game.min_players, game.max_players)


def option_menus(channel: str, game: str, current: Mapping[str, str]) -> list[SelectSpec]:
    """A menu per option of ``game`` with at most 25 choices, ``current``'s value selected."""
    menus: list[SelectSpec] = []
    for spec in registration(game).options:
        if not spec.choices or len(spec.choices) > MAX_SELECT_OPTIONS:
            continue
        value = current.get(spec.name, spec.default)
        options = tuple(
            OptionSpec(
                clip(
                    in_any_catalog(spec.labels[choice]) if choice in spec.labels else choice,
                    LABEL_MAX,
                ),
                choice,
                _("the default") if choice == spec.default else None,
                default=choice == value,
            )
            for choice in spec.choices
        )
        placeholder = clip(in_any_catalog(spec.help), PLACEHOLDER_MAX)
        menus.append(SelectSpec(_id(channel, "setopt", spec.name), placeholder, options))
    return menus


def ai_menu(channel: str, game: str) -> SelectSpec:
    """*Add AI*: one AI of the chosen level per pick (the game's levels)."""
    known = levels()
    options = tuple(
        OptionSpec(
            _(known[name].label),
            name,
            clip(in_any_catalog(known[name].title), DESCRIPTION_MAX),
        )
        for name in ai_levels(game)[:MAX_SELECT_OPTIONS]
    )
    return SelectSpec(_id(channel, "addai"), _("Add an AI of a level…"), options)


#: The turn-timer presets of the lobby's timer menu (``/settings`` takes any other setting):
#: (label, preset, description), said at use.
TIMER_CHOICES = (
    (N_("No turn timer"), "off", N_("nobody is hurried (the default)")),
    (N_("Live: 2 min a decision"), "live", N_("reminder after 1 min; then an AI plays the seat")),
    (
        N_("Evening: 15 min a decision"),
        "evening",
        N_("reminder after 7 min; then an AI plays the seat"),
    ),
    (N_("Correspondence: 1 day a decision"), "correspondence", N_("reminder after 12 h")),
)


def timer_menu(channel: str, current: str | None = None) -> SelectSpec:
    """The turn-timer presets (as ``/settings <preset>``)."""
    options = tuple(
        OptionSpec(_(label), value, _(description), default=value == current)
        for label, value, description in TIMER_CHOICES
    )
    return SelectSpec(_id(channel, "timer"), _("Turn timer…"), options)


def lobby_controls(
    channel: str | int, game: str, current: Mapping[str, str], timer_preset: str | None = None
) -> tuple[Component, ...]:
    """The lobby message's controls for the lobby's ``game`` with option texts ``current``
    (``timer_preset``: the table's turn-timer preset, shown selected)."""
    ch = str(channel)
    buttons = lobby_components(ch)
    games = game_menu(ch, game)
    ai = ai_menu(ch, game)
    timer = timer_menu(ch, timer_preset)
    fixed = [m for m in (games, ai, timer) if m is not None and m.options]
    room = MAX_ROWS - 1 - len(fixed)  # one row of buttons
    menus: list[Component] = [m for m in (games,) if m is not None]
    menus += option_menus(ch, game, current)[: max(room, 0)]
    if ai.options:
        menus.append(ai)
    menus.append(timer)
    return (*buttons, *menus)
