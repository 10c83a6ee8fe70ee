"""A game's command grammar and texts as the table uses them, from the game's registration.

The grammar tells "unknown command" and "malformed arguments" apart from "illegal move".
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.table.input_guard import normal_command
from engine.core import Option
from engine.i18n.shared import _
from engine.registry import GameRegistration, GameTexts, Grammar, registration


def registration_of(game_type: str) -> GameRegistration:
    return registration(game_type)


def grammar_of(game_type: str) -> Grammar:
    return registration_of(game_type).parts().grammar


def texts_of(game_type: str) -> GameTexts:
    return registration_of(game_type).parts().texts


def commands_help(game_type: str) -> str:
    lines: list[str] = [_("Commands (type them as a move; case and card language do not matter):")]
    lines += [f"• {text}" for text in grammar_of(game_type).help.values()]
    return "\n".join(lines)


def shown_cells(texts: GameTexts, options: Sequence[Option]) -> list[str]:
    """How an option list shows each option after its verb (``ship  8) E7  9) stay``): the
    game's cell for it (:attr:`GameTexts.option_cell`), and a bare verb next to others of its
    kind names itself (``buy  1) buy  2) no``); ``""``: the number alone."""
    with_text = {o.verb for o in options if o.args}
    return [
        texts.option_cell(o.verb, o.arg) or (o.verb if o.verb in with_text else "") for o in options
    ]


def _folded(text: str) -> str:
    return normal_command(text).casefold()


def as_shown(texts: GameTexts, options: Sequence[Option], typed: str) -> list[Option]:
    """The options that ``typed`` names as the option list shows them: its cell alone
    (``stay``, ``deck``, ``C3``, ``(nothing)``), the verb and the cell (``play (nothing)``),
    or the option's arguments alone (``A`` for ``take A``); case and spacing do not matter.
    Several options: the typed text is ambiguous."""
    key = _folded(typed)
    if not key:
        return []
    found: list[Option] = []
    for option, cell in zip(options, shown_cells(texts, options), strict=True):
        forms = {_folded(cell), _folded(f"{option.verb} {cell}"), _folded(option.arg)}
        if key in forms - {""} and option not in found:
            found.append(option)
    return found
