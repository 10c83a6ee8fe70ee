"""A game's command grammar and texts as the table uses them, from the game's registration.

The grammar tells "unknown command" and "malformed arguments" apart from "illegal move".
"""

from __future__ import annotations

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
