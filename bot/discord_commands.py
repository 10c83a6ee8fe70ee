"""The bot's slash commands: how each is declared (options, limits, autocomplete) and the pure
helpers behind them (autocomplete choices, the help text), and the command sync.

Every command is a thin call into :class:`bot.discord_app.TableBot`; nothing here talks to
the table service directly.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_shared_verbs import VerbOfGame, merged_command
from bot.discord_specs import arg_of, controls_for, verb_of
from bot.discord_start import start_command
from bot.service import ai_levels
from engine.registry import (
    Controls,
    SlashCommand,
    default_game,
    registration,
    table_registrations,
)

if TYPE_CHECKING:
    from bot.discord_app import TableBot
    from bot.discord_client import TableClient

__all__ = [
    "FALLBACK_VERB",
    "MOVE_TEXT_MAX",
    "MoveCommand",
    "game_verbs",
    "help_text",
    "move_commands",
    "plain_choices",
    "register_commands",
    "sync_commands",
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


def _choice(option: str, controls: Controls) -> tuple[str, str]:
    """(shown name, typed argument) of an option in a command's autocomplete."""
    named = controls.typed_choice(option)
    if named is not None:
        return named
    arg = arg_of(option)
    return arg or option, arg


def _strip_verb(text: str, verbs: Sequence[str]) -> str:
    words = text.strip().lstrip("/!").split()
    if words and words[0].casefold() in verbs:
        words = words[1:]
    return " ".join(words)


def verb_choices(
    options: Sequence[str],
    verbs: Sequence[str],
    current: str,
    limit: int = MAX_CHOICES,
    controls: Controls | None = None,
) -> list[tuple[str, str]]:
    """Autocomplete choices ``(name, value)`` for a command's argument: the user's legal
    options of those verbs, filtered by what he typed (arguments starting with it first, then
    those containing every typed word as a word start, then any containing it). ``controls``:
    the game's (default: the default game's), naming the choices."""
    controls = controls if controls is not None else controls_for(None)
    typed = _strip_verb(current, verbs).casefold()
    words = typed.split()
    ranked: list[tuple[int, int, str, str]] = []
    for n, option in enumerate(options):
        if verb_of(option) not in verbs:
            continue
        name, value = _choice(option, controls)
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
    lines = [
        f"**{title} at this channel's table** — every command is also a button on the "
        "newest table message; 'My hand' and /hand answer only you.",
    ]
    lines += [f"`/{name}` — {desc}" for name, desc in commands]
    lines.append("`/rules commands` lists the move grammar; `/rules` lists the rules topics.")
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
    what = " ".join(what.split()) or f"The {verb} command"
    usage = " ".join(usage.split())
    return what[:1].upper() + what[1:], usage


def generated_command(verb: str, help_text: str) -> MoveCommand:
    """A verb's slash command from its grammar's help text, with a free-text ``args``."""
    description, usage = _help_parts(verb, help_text)
    return MoveCommand(
        verb,
        excerpt_to(description, 100),
        "args",
        excerpt_to(
            f"The rest of '{usage}'" if usage and usage != verb else "Nothing needed: leave empty",
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


def game_verbs(game: str | None) -> tuple[str, ...]:
    """The verbs (and their aliases) of a game's grammar: what its channel's commands allow."""
    grammar = registration(game or default_game()).parts().grammar
    return tuple(sorted({*grammar.verbs, *grammar.aliases}))


def game_move_help(game: str | None) -> dict[str, str]:
    """Each verb of a game's grammar with the game's own description: a verb two games share
    is one slash command whose description is the first game's, so /help at another game's
    table must not show it (Venezia's 'Place the building being resolved' at Amsterdam)."""
    reg = registration(game or default_game())
    grammar = reg.parts().grammar
    declared = {c.verb: c.description for c in reg.parts().controls.slash_commands}
    return {
        verb: declared.get(verb) or generated_command(verb, grammar.help.get(verb, "")).description
        for verb in sorted(grammar.verbs)
    }


def verb_refusal(game: str | None, verb: str) -> str | None:
    """Why ``/verb`` cannot be used at a table of ``game`` (``None``: it can)."""
    if verb == FALLBACK_VERB or verb in game_verbs(game):
        return None
    reg = registration(game or default_game())
    allowed = ", ".join(f"/{v}" for v in sorted(reg.parts().grammar.verbs))
    article = "an" if reg.title[:1].casefold() in "aeiou" else "a"
    return (
        f"/{verb} is not {article} {reg.title} command; "
        f"this table's game has {allowed} (and /move)."
    )


def _move_command(
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
        app_commands.describe(**{spec.param: spec.param_description})(callback)
        app_commands.autocomplete(**{spec.param: autocomplete})(callback)
    app_commands.guild_only()(callback)
    return app_commands.Command(name=spec.verb, description=spec.description, callback=callback)


FALLBACK_COMMAND = MoveCommand(
    FALLBACK_VERB,
    "Any move of this channel's game, as typed",
    "text",
    "The whole command, e.g. what /rules commands shows",
)


def _verb_text(verb: str, arg: str | None) -> str:
    if verb == FALLBACK_VERB:
        return " ".join((arg or "").split())
    rest = _strip_verb(arg or "", (verb,))
    return f"{verb} {rest}".strip()


AutocompleteCallback = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]


def register_commands(bot: TableBot) -> None:
    """Every slash command on ``bot.tree`` (guild-only), each a thin call into the bot."""
    tree = bot.tree

    def ac_verbs(*verbs: str) -> AutocompleteCallback:
        async def autocomplete(
            interaction: discord.Interaction[Any], current: str
        ) -> list[app_commands.Choice[str]]:
            return await bot.autocomplete_verb(interaction, verbs, current)

        return autocomplete

    async def ac_game(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        from engine.games import GAMES

        items = [(g.title, name) for name, g in GAMES.items()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    async def ac_level(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        items = [(lv, lv) for lv in ai_levels()]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    async def ac_topic(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        items = [(t, t) for t in await bot.rule_topics(interaction)]
        return [app_commands.Choice(name=n, value=v) for n, v in plain_choices(items, current)]

    def run(
        interaction: discord.Interaction[Any], what: str, work: Coroutine[Any, Any, Any]
    ) -> Awaitable[None]:
        return bot.guard(interaction, what, work)

    # -- lobby --------------------------------------------------------------------------------

    @tree.command(name="join", description="Sit down at this channel's table (opens one)")
    @app_commands.describe(game=f"The game to play (default: {registration(default_game()).title})")
    @app_commands.autocomplete(game=ac_game)
    @app_commands.guild_only()
    async def join(interaction: discord.Interaction[Any], game: ShortText | None = None) -> None:
        await run(interaction, "/join", bot.cmd_join(interaction, game))

    @tree.command(name="leave", description="Leave the table (in a game an AI takes your seat)")
    @app_commands.guild_only()
    async def leave(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/leave", bot.cmd_leave(interaction))

    # /start game:… plus every game option (variant:…), from the registrations
    tree.add_command(start_command(bot, run, ac_game))

    @tree.command(
        name="abort", description="Abort the game or close the table (host or Manage Channels)"
    )
    @app_commands.guild_only()
    async def abort(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/abort", bot.cmd_abort(interaction))

    @tree.command(name="addbot", description="Add an AI player to the table")
    @app_commands.describe(level="How the AI plays: random, greedy or strong (default: random)")
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def addbot(interaction: discord.Interaction[Any], level: ShortText | None = None) -> None:
        await run(interaction, "/addbot", bot.cmd_addbot(interaction, level))

    @tree.command(name="options", description="Show or set the game options of the table")
    @app_commands.describe(settings="name=value pairs, e.g. first_divider=2 (empty: list them)")
    @app_commands.guild_only()
    async def options(
        interaction: discord.Interaction[Any],
        settings: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await run(interaction, "/options", bot.cmd_options(interaction, settings))

    @tree.command(name="removebot", description="Remove an AI player from the table")
    @app_commands.describe(seat="The AI's seat number (default: the last AI)")
    @app_commands.guild_only()
    async def removebot(
        interaction: discord.Interaction[Any], seat: app_commands.Range[int, 1, 10] | None = None
    ) -> None:
        await run(interaction, "/removebot", bot.cmd_removebot(interaction, seat))

    @tree.command(
        name="replace",
        description="Hand a player's seat to an AI (host, Manage Channels or himself)",
    )
    @app_commands.describe(player="The player whose seat the AI takes", level="The AI's level")
    @app_commands.autocomplete(level=ac_level)
    @app_commands.guild_only()
    async def replace(
        interaction: discord.Interaction[Any], player: discord.User, level: ShortText | None = None
    ) -> None:
        await run(interaction, "/replace", bot.cmd_replace(interaction, player.id, level))

    # -- moves --------------------------------------------------------------------------------

    def move(interaction: discord.Interaction[Any], verb: str, arg: str | None) -> Awaitable[None]:
        text = _verb_text(verb, arg)
        return run(interaction, f"/{verb}", bot.move_verb(interaction, verb, text))

    specs = move_commands()
    for spec in specs:
        tree.add_command(_move_command(spec, move, ac_verbs(spec.verb)))
    if FALLBACK_VERB not in {spec.verb for spec in specs}:

        async def ac_any(
            interaction: discord.Interaction[Any], current: str
        ) -> list[app_commands.Choice[str]]:
            return await bot.autocomplete_any(interaction, current)

        tree.add_command(_move_command(FALLBACK_COMMAND, move, ac_any))

    # -- reads --------------------------------------------------------------------------------

    @tree.command(name="hand", description="Your hand (only you see the answer)")
    @app_commands.guild_only()
    async def hand(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/hand", bot.cmd_hand(interaction))

    @tree.command(name="board", description="The board of this channel's game")
    @app_commands.describe(public="Post it for everyone (with the buttons to go on playing)")
    @app_commands.guild_only()
    async def board(interaction: discord.Interaction[Any], public: bool = False) -> None:
        await run(interaction, "/board", bot.cmd_board(interaction, public))

    @tree.command(name="status", description="Who is where, and who must decide what")
    @app_commands.describe(public="Post it for everyone")
    @app_commands.guild_only()
    async def status(interaction: discord.Interaction[Any], public: bool = False) -> None:
        await run(interaction, "/status", bot.cmd_status(interaction, public))

    @tree.command(name="log", description="The last moves in words")
    @app_commands.describe(count="How many moves (default 10)", public="Post it for everyone")
    @app_commands.guild_only()
    async def log_(
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 1, 50] = 10,
        public: bool = False,
    ) -> None:
        await run(interaction, "/log", bot.cmd_log(interaction, count, public))

    @tree.command(name="rules", description="Short rules help by topic")
    @app_commands.describe(
        topic="A topic of the game's rules ('commands': the moves; empty: the list)"
    )
    @app_commands.autocomplete(topic=ac_topic)
    @app_commands.guild_only()
    async def rules(interaction: discord.Interaction[Any], topic: ShortText | None = None) -> None:
        await run(interaction, "/rules", bot.cmd_rules(interaction, topic))

    @tree.command(name="help", description="The commands of this channel's table")
    @app_commands.guild_only()
    async def help_(interaction: discord.Interaction[Any]) -> None:
        await run(interaction, "/help", bot.cmd_help(interaction))

    @tree.command(name="sync", description="Bot owner: register the slash commands with Discord")
    @app_commands.describe(
        scope="guild: this server, at once; global: everywhere; clear: remove this server's copies"
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(name="this server (instant)", value="guild"),
            app_commands.Choice(name="global (slow to appear)", value="global"),
            app_commands.Choice(name="clear this server's copies", value="clear"),
        ]
    )
    @app_commands.default_permissions(administrator=True)
    @app_commands.guild_only()
    async def sync(interaction: discord.Interaction[Any], scope: str = "guild") -> None:
        await run(interaction, "/sync", bot.cmd_sync(interaction, scope))


async def sync_commands(
    bot: TableClient, guild_id: int | None = None, *, clear: bool = False
) -> list[app_commands.AppCommand]:
    """Register the commands with Discord: globally, or for one guild (a copy of the global
    commands, available at once), or clear a guild's copies. Needs a logged-in client."""
    if guild_id is None:
        return await bot.tree.sync()
    guild = discord.Object(id=guild_id)
    if clear:
        bot.tree.clear_commands(guild=guild)
    else:
        bot.tree.copy_global_to(guild=guild)
    return await bot.tree.sync(guild=guild)
