"""``/start``: its ``game`` option plus one option per game option the hosted games declare
(``/start game:amsterdam variant:gomoku``), generated from the registrations' OptionSpecs."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Awaitable, Callable, Coroutine
from functools import cache

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.kinds import Interaction, Work
from engine.i18n import SOURCE, Text, say
from engine.i18n.shared import _
from engine.registry import OptionSpec, registration, table_registrations

__all__ = ["start_command", "start_options"]

Autocomplete = Callable[
    [Interaction, str], Coroutine[object, object, list[app_commands.Choice[str]]]
]
Run = Callable[[Interaction, str, Work], Awaitable[None]]
#: The game of a channel's table (:meth:`bot.table.play.Play.game_of`).
GameOf = Callable[[str], Awaitable[str | None]]
#: Start a channel's game (:meth:`bot.discord.handlers.TableCommands.cmd_start`).
Start = Callable[..., Coroutine[object, object, None]]
OPTION_TEXT_MAX = 40
MAX_CHOICES = 25


@cache
def start_options() -> tuple[tuple[OptionSpec, Text], ...]:
    """Every option name of a hosted game once (the first game declaring it describes it),
    with its description: the option's help (a message of the game's catalogs) and its
    default, said in each language as a whole."""
    out: dict[str, tuple[OptionSpec, Text]] = {}
    for reg in table_registrations():
        for spec in reg.options:
            if spec.name not in out:
                # Translators: a game option on /start: its help and its default value
                text = _(
                    "{help} (default {default})", help=reg.message(spec.help), default=spec.default
                )
                out[spec.name] = (spec, text)
    return tuple(out.values())


def option_choices(name: str, game: str | None) -> list[str]:
    """The choices of option ``name`` for ``game`` (every hosted game's without one)."""
    regs = table_registrations()
    if game:
        with contextlib.suppress(ValueError):  # an unknown game: every game's choices
            regs = (registration(game),)
    out: list[str] = []
    for reg in regs:
        for spec in reg.options:
            if spec.name == name:
                out += [c for c in spec.choices if c not in out]
    return out


def _autocomplete(game_of: GameOf, name: str) -> Autocomplete:
    async def complete(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed_game = getattr(interaction.namespace, "game", None)
        game = typed_game or await game_of(str(interaction.channel_id))
        typed = current.strip().casefold()
        choices = [c for c in option_choices(name, game) if typed in c.casefold()]
        return [app_commands.Choice(name=c, value=c) for c in choices[:MAX_CHOICES]]

    return complete


def start_command(
    game_of: GameOf, start: Start, run: Run, ac_game: Autocomplete
) -> app_commands.Command[app_commands.Group, ..., None]:
    """The ``/start`` command: ``game`` and every game option, all optional."""
    options = start_options()
    specs = [spec for spec, _text in options]

    async def callback(interaction: Interaction, **values: str | None) -> None:
        game = values.pop("game", None)
        chosen = {k: v for k, v in values.items() if v}
        await run(interaction, "/start", start(interaction, game, options=chosen))

    text = app_commands.Range[str, 1, OPTION_TEXT_MAX]
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [
        inspect.Parameter("interaction", keyword, annotation=discord.Interaction),
        inspect.Parameter("game", keyword, annotation=text, default=None),
    ]
    params += [inspect.Parameter(s.name, keyword, annotation=text, default=None) for s in specs]
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = "start"
    described: dict[str, str | locale_str] = {
        "game": locale_str("Switch the table to this game before starting")
    }
    described |= {s.name: locale_str(say(text, SOURCE), said=text) for s, text in options}
    app_commands.describe(**described)(callback)
    completes: dict[str, Autocomplete] = {"game": ac_game}
    completes |= {s.name: _autocomplete(game_of, s.name) for s in specs if s.choices}
    app_commands.autocomplete(**completes)(callback)
    app_commands.guild_only()(callback)
    return app_commands.Command(
        name="start",
        description=locale_str("Start the game with everybody seated"),
        callback=callback,
    )
