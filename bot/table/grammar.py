"""Command grammars the table knows, to tell "unknown command" and "malformed arguments" apart
from "illegal move"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DEFAULT_GAME = "venezia"


@dataclass(frozen=True, slots=True)
class Grammar:
    verbs: frozenset[str]
    aliases: dict[str, str]
    anytime: frozenset[str]  # verbs the active player may send while another seat decides
    parse: Callable[[str, Any], Any]
    help: dict[str, str]
    board_attr: str = "board"


def _venezia_grammar() -> Grammar:
    from engine.venezia import commands as vc

    return Grammar(
        verbs=frozenset(vc.VERBS),
        aliases=dict(vc.ALIASES),
        anytime=frozenset({"exchange"}),
        parse=vc.parse,
        help=dict(vc.HELP),
    )


_GRAMMAR_FACTORIES: dict[str, Callable[[], Grammar]] = {"venezia": _venezia_grammar}
_GRAMMARS: dict[str, Grammar] = {}


def grammar_of(game_type: str) -> Grammar | None:
    if game_type not in _GRAMMARS:
        factory = _GRAMMAR_FACTORIES.get(game_type)
        if factory is None:
            return None
        _GRAMMARS[game_type] = factory()
    return _GRAMMARS[game_type]


def commands_help(grammar: Grammar | None = None) -> str:
    known = grammar or grammar_of(DEFAULT_GAME)
    lines = ["Commands (type them as a move; case and card language do not matter):"]
    if known is not None:
        lines += [f"• {text}" for text in known.help.values()]
    return "\n".join(lines)
