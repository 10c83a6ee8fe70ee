"""The bot's slash commands: how each is declared (options, limits, autocomplete) and the pure
helpers behind them (autocomplete choices, the help text).

The commands are declared in their feature's cog (:mod:`bot.discord.features`), the move
commands and ``/start`` made from the registrations with these helpers; nothing here talks to
the table service directly.
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
from chat.controls import Controls, SlashCommand
from chat.registry import controls_of
from engine.core import Option
from engine.i18n import SOURCE, Text, either, say
from engine.i18n.shared import N_, _
from engine.registry import GameRegistration, registration, table_registrations

__all__ = [
    "FALLBACK_VERB",
    "MOVE_TEXT_MAX",
    "MoveCommand",
    "game_verbs",
    "help_text",
    "move_commands",
    "plain_choices",
    "tree_text",
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


def tree_text(text: str) -> locale_str:
    """A description of the command tree for the translator: its English, and the message
    that says it in every language (``said``) when it is one."""
    if isinstance(text, Text):
        return locale_str(say(text, SOURCE), said=text)
    return locale_str(text)


def generated_command(reg: GameRegistration, verb: str, help_line: str) -> MoveCommand:
    """A verb's slash command from its grammar's help line (``usage — what it does``), with a
    free-text ``args``: the game declares none (its texts are said whole, never cut)."""
    usage = " ".join(help_line.partition("—")[0].split())
    return MoveCommand(
        verb,
        _("The {verb} command", verb=verb),
        "args",
        (
            _("The rest of '{usage}'", usage=usage)
            if usage and usage != verb
            else _("Nothing needed: leave empty")
        ),
        required=False,
    )


def _commands_of(reg: GameRegistration) -> dict[str, MoveCommand]:
    """A game's command for each verb of its grammar: declared, else generated."""
    grammar = reg.parts().grammar
    declared = {c.verb: c for c in controls_of(reg).slash_commands if c.verb in grammar.verbs}
    return {
        verb: declared.get(verb) or generated_command(reg, verb, grammar.help.get(verb, ""))
        for verb in dict.fromkeys([*declared, *sorted(grammar.verbs)])
    }


@cache
def move_commands() -> tuple[MoveCommand, ...]:
    """One slash command per verb of every grammar of a game the table hosts (registration
    order, a game's declared commands first): a verb two games share is one command. A game's
    declared command keeps its name and option; the others are generated from its grammar's help."""
    per_verb: dict[str, list[VerbOfGame]] = {}
    for reg in table_registrations():
        for verb, command in _commands_of(reg).items():
            per_verb.setdefault(verb, []).append(VerbOfGame(reg, command))
    return tuple(merged_command(entries) for entries in per_verb.values())


def game_verbs(game: str) -> tuple[str, ...]:
    """The verbs (and their aliases) of a game's grammar: what its channel's commands allow."""
    grammar = registration(game).parts().grammar
    return tuple(sorted({*grammar.verbs, *grammar.aliases}))


def game_move_help(game: str) -> dict[str, str]:
    """Each verb of a game's grammar with the game's own description (a message said in the
    language in force when read): a verb two games share is one slash command whose
    description lists every game's, so /help at a table shows its own game's."""
    reg = registration(game)
    commands = _commands_of(reg)
    return {verb: reg.message(commands[verb].description) for verb in sorted(commands)}


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
        app_commands.describe(**{spec.param: tree_text(spec.param_description)})(callback)
        app_commands.autocomplete(**{spec.param: autocomplete})(callback)
    app_commands.guild_only()(callback)
    return app_commands.Command(
        name=spec.verb, description=tree_text(spec.description), callback=callback
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
