"""One slash command for a verb several games share (``/place``, ``/play``, ``/pass``):
Discord shows one description everywhere, so it must say what the verb does in each game
instead of one game's words (Venezia's 'Place the building being resolved' in a Canal Grande
channel)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import NamedTuple

from engine.registry import SlashCommand

#: Discord's limit for command and option descriptions.
DESCRIPTION_MAX = 100
_DANGLING = {"a", "an", "the", "to", "of", "in", "into", "from", "for", "and", "or", "with"}


class VerbOfGame(NamedTuple):
    title: str  # the game's title
    command: SlashCommand  # its own command for the verb (declared or generated)
    help_line: str  # its grammar's help line ("place <cards> — what it does")


#: The option name of a shared verb whose games name their option differently.
NEUTRAL_OPTION = "args"


def merged_command(entries: Sequence[VerbOfGame]) -> SlashCommand:
    """The command of a verb from each game's own. The option keeps its name when every game
    that has one names it alike; otherwise it is the neutral ``args`` (``/place hexes:`` would
    read wrong at a table where place takes cards or a cell). It is required only if every
    game requires it."""
    first = entries[0].command
    if len(entries) == 1:
        return first
    names = {e.command.param for e in entries if e.command.param is not None}
    param = (NEUTRAL_OPTION if len(names) > 1 else names.pop()) if names else None
    description = _joined([(e.title, _short(e.command.description)) for e in entries])
    usages = [(e.title, _usage(e)) for e in entries]
    same = len({u for _, u in usages}) == 1
    with_option = [e.command for e in entries if e.command.param is not None]
    return dataclasses.replace(
        first,
        description=description[:1].upper() + description[1:],
        param=param,
        param_description=(
            _joined(usages)
            if param and not same
            else (with_option[0].param_description if with_option else "")
        ),
        required=all(e.command.param is not None and e.command.required for e in entries),
    )


def _usage(entry: VerbOfGame) -> str:
    usage = entry.help_line.partition("—")[0].split()
    words = [w for w in usage if w != entry.command.verb]
    return " ".join(words) or "nothing"


def _short(text: str) -> str:
    """A description without examples, rule references or asides, lower-case first letter."""
    text = re.sub(r"\s*\([^)]*\)", "", text)
    text = re.split(r"[,;]?\s+e\.g\.|;", text, maxsplit=1)[0].strip(" ;,.")
    return text[:1].lower() + text[1:]


def _joined(parts: Sequence[tuple[str, str]]) -> str:
    """``Title: text; Title: text`` within Discord's limit: the longest text loses its last
    words first (one text when all games say the same)."""
    if len({text for _, text in parts}) == 1:
        return parts[0][1][:DESCRIPTION_MAX]
    words = [text.split() for _, text in parts]

    def render() -> str:
        return "; ".join(
            f"{title}: {' '.join(w)}" for (title, _), w in zip(parts, words, strict=True)
        )

    while len(render()) > DESCRIPTION_MAX and any(len(w) > 1 for w in words):
        longest = max(words, key=lambda w: len(" ".join(w)))
        longest.pop()
        while len(longest) > 1 and longest[-1].casefold() in _DANGLING:
            longest.pop()
    text = render()
    return text if len(text) <= DESCRIPTION_MAX else text[: DESCRIPTION_MAX - 1] + "…"
