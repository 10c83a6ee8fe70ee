"""One slash command for a verb several games share (``/place``, ``/play``, ``/pass``):
Discord shows one description everywhere, so it must say what the verb does in each game
instead of one game's words (Venezia's 'Place the building being resolved' in a Canal Grande
channel).

Each game says it in one whole message of its own catalogs (``SlashCommand.shared``: "Venezia:
play cards"); the command's description is the list of them, joined by the catalogs' separator,
said again in each language as a whole (:class:`~engine.i18n.Joined`). Nothing is cut or
rewritten here: a game whose messages do not fit Discord's 100 characters writes shorter ones
(``tests/discord/test_command_texts.py`` holds every language to it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple

from chat.controls import SlashCommand
from engine.i18n import Text, joined
from engine.i18n.shared import _, _p
from engine.registry import GameRegistration

#: Discord's limit for command and option descriptions.
DESCRIPTION_MAX = 100


class VerbOfGame(NamedTuple):
    game: GameRegistration
    command: SlashCommand  # its own command for the verb (declared or generated)


#: The option name of a shared verb whose games name their option differently.
NEUTRAL_OPTION = "args"


def said(entry: VerbOfGame, command: SlashCommand) -> SlashCommand:
    """A game's command with its texts as messages of the game's catalogs (said in each
    reader's language, whatever catalog another game's same English text is in)."""
    reg = entry.game
    return dataclasses.replace(
        command,
        description=reg.message(command.description) if command.description else "",
        param_description=(
            reg.message(command.param_description) if command.param_description else ""
        ),
    )


def _in_list(entry: VerbOfGame, text: str, fallback: str) -> Text:
    """A game's part of a shared command's list: its own message, else its title and text."""
    if text:
        return entry.game.message(text)
    # Translators: one game's part of a command several games share ("Venezia: play cards").
    return _("{game}: {what}", game=entry.game.title, what=entry.game.message(fallback))


def _listed(parts: Sequence[Text]) -> Text:
    # Translators: between the games' parts of a command several games share
    # ("Venezia: play cards; Amsterdam: reveal a card").
    return joined(_p("between games", "; "), parts)


def merged_command(entries: Sequence[VerbOfGame]) -> SlashCommand:
    """The command of a verb from each game's own. The option keeps its name when every game
    that has one names it alike; otherwise it is the neutral ``args`` (``/place hexes:`` would
    read wrong at a table where place takes cards or a cell). It is required only if every
    game requires it."""
    first = said(entries[0], entries[0].command)
    if len(entries) == 1:
        return first
    names = {e.command.param for e in entries if e.command.param is not None}
    param = (NEUTRAL_OPTION if len(names) > 1 else names.pop()) if names else None
    description = _listed([_in_list(e, e.command.shared, e.command.description) for e in entries])
    with_option = [e for e in entries if e.command.param is not None]
    same = len({e.command.param_description for e in with_option}) == 1
    if not param:
        param_description: str = ""
    elif same:
        param_description = said(with_option[0], with_option[0].command).param_description
    else:
        param_description = _listed(
            [_in_list(e, e.command.shared_param, e.command.param_description) for e in with_option]
        )
    return dataclasses.replace(
        first,
        description=description,
        param=param,
        param_description=param_description,
        required=all(e.command.param is not None and e.command.required for e in entries),
    )
