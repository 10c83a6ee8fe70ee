"""The bot's slash commands: how each is declared (options, limits, autocomplete) and the pure
helpers behind them (autocomplete choices, the help text), and the command sync.

The commands are put on the bot's tree by :func:`bot.discord.handlers.register_commands`, each a
thin call into its handler; nothing here talks to the table service directly.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from functools import cache
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.shared_verbs import VerbOfGame, merged_command
from engine.core import Option
from engine.i18n import either
from engine.i18n.shared import N_, _
from engine.registry import (
    Controls,
    SlashCommand,
    registration,
    table_registrations,
)

__all__ = [
    "FALLBACK_VERB",
    "MOVE_TEXT_MAX",
    "MoveCommand",
    "game_verbs",
    "help_text",
    "move_commands",
    "plain_choices",
    "verb_choices",
    "verb_refusal",
]

MAX_CHOICES = 25
#: Longest text a move's slash command option accepts (Discord enforces it client-side).
MOVE_TEXT_MAX = 100
#: A short text option (a game, an AI level, a rules topic).
ShortText = app_commands.Range[str, 1, 40]

# --------------------------------------------------------------------------------------------
# Pure helpers (autocomplete, help)
# --------------------------------------------------------------------------------------------


def _strip_verb(text: str, verbs: Sequence[str]) -> str:
    words = text.strip().lstrip("/!").split()
    if words and words[0].casefold() in verbs:
        words = words[1:]
    return " ".join(words)


def verb_choices(
    options: Sequence[Option],
    verbs: Sequence[str],
    current: str,
    limit: int = MAX_CHOICES,
    *,
    controls: Controls,
) -> list[tuple[str, str]]:
    """Autocomplete choices ``(name, value)`` for a command's argument: the user's legal
    options of those verbs, filtered by what he typed (arguments starting with it first, then
    those containing every typed word as a word start, then any containing it). ``controls``:
    the game's, naming the choices."""
    typed = _strip_verb(current, verbs).casefold()
    words = typed.split()
    ranked: list[tuple[int, int, str, str]] = []
    for n, option in enumerate(options):
        if option.verb not in verbs:
            continue
        name, value = controls.choice(option)
        hay = f"{value} {name}".casefold()
        words_of_hay = hay.replace("—", " ").replace("(", " ").split()
        if not typed or value.casefold().startswith(typed):
            rank = 0
        elif all(any(t.startswith(w) for t in words_of_hay) for w in words):
            rank = 1
        elif typed in hay:
            rank = 2
        else:
            continue
        ranked.append((rank, n, name[:100], value[:100]))
    ranked.sort()
    return [(name, value) for _, _, name, value in ranked[:limit]]


def plain_choices(
    items: Sequence[tuple[str, str]], current: str, limit: int = MAX_CHOICES
) -> list[tuple[str, str]]:
    typed = current.strip().casefold()
    starts = [
        c for c in items if c[1].casefold().startswith(typed) or c[0].casefold().startswith(typed)
    ]
    inside = [c for c in items if c not in starts and typed in f"{c[0]} {c[1]}".casefold()]
    return (starts + inside)[:limit]


def help_text(commands: Sequence[tuple[str, str]], title: str) -> str:
    lines: list[str] = [
        _(
            "**{game} at this channel's table** — every command is also a button on the "
            "newest table message; 'My hand' and /hand answer only you.",
            game=title,
        ),
    ]
    lines += [f"`/{name}` — {desc}" for name, desc in commands]
    lines.append(_("`/rules commands` lists the move grammar; `/rules` lists the rules topics."))
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Slash commands
# --------------------------------------------------------------------------------------------


#: A move's slash command: ``/verb [param]``, the text it sends being ``verb param``.
MoveCommand = SlashCommand
#: The generic fallback: any move as typed.
FALLBACK_VERB = "move"


def _help_parts(verb: str, help_text: str) -> tuple[str, str]:
    """(description, argument example) of a verb from its grammar help line
    (``usage — what it does``)."""
    usage, _, what = help_text.partition("—")
    what = " ".join(what.split()) or _GENERATED_NAME.format(verb=verb)
    usage = " ".join(usage.split())
    return what[:1].upper() + what[1:], usage


#: The texts of a generated command (English in the tree; :func:`_described` says them in
#: each language with its values).
_GENERATED_NAME = N_("The {verb} command")
_REST_OF = N_("The rest of '{usage}'")
_NOTHING_NEEDED = N_("Nothing needed: leave empty")


def _described(text: str) -> locale_str:
    """A description of the command tree, for the translator: a generated text is its
    template and values (translated as a whole), any other its English."""
    for template in (_GENERATED_NAME, _REST_OF):
        head, _sep, tail = template.partition("{")
        key, _sep, rest = tail.partition("}")
        if text.startswith(head) and text.endswith(rest) and len(text) > len(head + rest):
            value = text[len(head) : len(text) - len(rest)]
            return locale_str(text, template=template, **{key: value})
    return locale_str(text)


def generated_command(verb: str, help_text: str) -> MoveCommand:
    """A verb's slash command from its grammar's help text, with a free-text ``args``."""
    description, usage = _help_parts(verb, help_text)
    return MoveCommand(
        verb,
        excerpt_to(description, 100),
        "args",
        excerpt_to(
            _REST_OF.format(usage=usage) if usage and usage != verb else _NOTHING_NEEDED,
            100,
        ),
        required=False,
    )


def excerpt_to(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@cache
def move_commands() -> tuple[MoveCommand, ...]:
    """One slash command per verb of every grammar of a game the table hosts (registration
    order, a game's declared commands first): a verb two games share is one command. A game's
    declared command keeps its name and option; the others are generated from its grammar's help."""
    per_verb: dict[str, list[VerbOfGame]] = {}
    for reg in table_registrations():
        grammar = reg.parts().grammar
        declared = {
            c.verb: c for c in reg.parts().controls.slash_commands if c.verb in grammar.verbs
        }
        for verb in dict.fromkeys([*declared, *sorted(grammar.verbs)]):
            help_line = grammar.help.get(verb, "")
            command = declared.get(verb) or generated_command(verb, help_line)
            per_verb.setdefault(verb, []).append(VerbOfGame(reg.title, command, help_line))
    return tuple(merged_command(entries) for entries in per_verb.values())


def game_verbs(game: str) -> tuple[str, ...]:
    """The verbs (and their aliases) of a game's grammar: what its channel's commands allow."""
    grammar = registration(game).parts().grammar
    return tuple(sorted({*grammar.verbs, *grammar.aliases}))


def game_move_help(game: str) -> dict[str, str]:
    """Each verb of a game's grammar with the game's own description: a verb two games share
    is one slash command whose description is the first game's, so /help at another game's
    table must not show it (Venezia's 'Place the building being resolved' at Amsterdam)."""
    reg = registration(game)
    grammar = reg.parts().grammar
    declared = {c.verb: c.description for c in reg.parts().controls.slash_commands}
    return {
        verb: declared.get(verb) or generated_command(verb, grammar.help.get(verb, "")).description
        for verb in sorted(grammar.verbs)
    }


def verb_refusal(game: str, verb: str) -> str | None:
    """Why ``/verb`` cannot be used at a table of ``game`` (``None``: it can)."""
    if verb == FALLBACK_VERB or verb in game_verbs(game):
        return None
    reg = registration(game)
    allowed = either(f"/{v}" for v in sorted(reg.parts().grammar.verbs))
    if reg.title[:1].casefold() in "aeiou":
        # Translators: the same as "/{verb} is not a {game} command; …" ("an" before a vowel)
        return _(
            "/{verb} is not an {game} command; this table's game has {commands} (and /move).",
            verb=verb,
            game=reg.title,
            commands=allowed,
        )
    return _(
        "/{verb} is not a {game} command; this table's game has {commands} (and /move).",
        verb=verb,
        game=reg.title,
        commands=allowed,
    )


def move_command(
    spec: MoveCommand,
    move: Callable[[discord.Interaction[Any], str, str | None], Awaitable[None]],
    autocomplete: AutocompleteCallback,
) -> app_commands.Command[Any, ..., None]:
    """The slash command of one :class:`MoveCommand`. Its callback takes the parameter under
    the command's own name (discord.py reads the parameters from the signature)."""

    async def callback(interaction: discord.Interaction[Any], **values: str | None) -> None:
        await move(interaction, spec.verb, values.get(spec.param) if spec.param else None)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    if spec.param is not None:
        params.append(
            inspect.Parameter(
                spec.param,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=app_commands.Range[str, 1, MOVE_TEXT_MAX],
                default=inspect.Parameter.empty if spec.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = spec.verb
    if spec.param is not None:
        app_commands.describe(**{spec.param: _described(spec.param_description)})(callback)
        app_commands.autocomplete(**{spec.param: autocomplete})(callback)
    app_commands.guild_only()(callback)
    return app_commands.Command(
        name=spec.verb, description=_described(spec.description), callback=callback
    )


FALLBACK_COMMAND = MoveCommand(
    FALLBACK_VERB,
    N_("Any move of this channel's game, as typed"),
    "text",
    N_("The whole command, e.g. what /rules commands shows"),
)


def verb_text(verb: str, arg: str | None) -> str:
    if verb == FALLBACK_VERB:
        return " ".join((arg or "").split())
    rest = _strip_verb(arg or "", (verb,))
    return f"{verb} {rest}".strip()


AutocompleteCallback = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]
