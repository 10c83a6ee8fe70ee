"""The Discord bot (``venezia bot``): :class:`TableBot` and how it is built and run.

The bot is layered, one job per module: :mod:`bot.discord.client` (start-up, resuming
tables, the path of every table action), :mod:`bot.discord.handlers` (slash commands),
:mod:`bot.discord.components` (buttons and selects); the messages are
:mod:`bot.discord.table` (the live table message) and :mod:`bot.discord.dm` (hands by DM).

Every slash command goes on the bot's tree in :func:`register_commands` (their declarations
and helpers: :mod:`bot.discord.commands`). ``create_bot(settings)`` builds everything without
touching the network; ``main(argv)`` is ``venezia bot``.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
from collections.abc import Awaitable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord.board import BoardOnlyRenderer
from bot.discord.commands import (
    FALLBACK_COMMAND,
    FALLBACK_VERB,
    AutocompleteCallback,
    ShortText,
    move_command,
    move_commands,
    plain_choices,
    verb_text,
)
from bot.discord.components import ComponentRouter
from bot.discord.settings import TOKEN_HELP, Settings, SettingsError
from bot.discord.start import start_command
from bot.table.service import (
    PlaceholderRenderer,
    Renderer,
    RendererUnavailable,
    TableService,
    ai_levels,
    default_renderer,
)
from engine.registry import default_game, registration

__all__ = ["COMMAND_NAMES", "TableBot", "create_bot", "main", "make_renderer", "register_commands"]

log = logging.getLogger("bot.discord")

COMMAND_NAMES = (
    "join",
    "leave",
    "start",
    "abort",
    "addbot",
    "removebot",
    "options",
    "replace",
    *(spec.verb for spec in move_commands()),
    FALLBACK_VERB,
    "hand",
    "board",
    "status",
    "log",
    "rules",
    "help",
    "sync",
)


# --------------------------------------------------------------------------------------------
# Building the bot
# --------------------------------------------------------------------------------------------


def make_renderer(mode: str) -> Renderer:
    """``real``: the ``render`` package (or :class:`RendererUnavailable`); ``placeholder``:
    stand-in images; ``auto``: real if importable, else placeholders with a warning."""
    if mode == "placeholder":
        return PlaceholderRenderer((480, 320))
    if mode == "real":
        return default_renderer()
    try:
        return default_renderer()
    except RendererUnavailable as exc:
        log.warning("%s; posting placeholder images (VENEZIA_RENDERER=auto)", exc)
        return PlaceholderRenderer((480, 320))


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
    def game_of(channel: str) -> Awaitable[str | None]:  # the service as it is when asked
        return bot.service.game_of(channel)

    tree.add_command(start_command(game_of, bot.cmd_start, run, ac_game))

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
        text = verb_text(verb, arg)
        return run(interaction, f"/{verb}", bot.move_verb(interaction, verb, text))

    specs = move_commands()
    for spec in specs:
        tree.add_command(move_command(spec, move, ac_verbs(spec.verb)))
    if FALLBACK_VERB not in {spec.verb for spec in specs}:

        async def ac_any(
            interaction: discord.Interaction[Any], current: str
        ) -> list[app_commands.Choice[str]]:
            return await bot.autocomplete_any(interaction, current)

        tree.add_command(move_command(FALLBACK_COMMAND, move, ac_any))

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


class TableBot(ComponentRouter):
    """The Discord client: a command tree, the dynamic buttons, and the table service."""

    def __init__(self, settings: Settings, service: TableService | None) -> None:
        super().__init__(settings, service)
        register_commands(self)


def create_bot(
    settings: Settings,
    *,
    service: TableService | None = None,
    renderer: Renderer | None = None,
    open_service: bool = True,
) -> TableBot:
    """Build the bot without touching the network: the command tree with every command, the
    dynamic buttons, and (unless ``open_service`` is false) the table service on
    ``settings.db_path`` (created if missing). Board pictures are drawn without the pending
    decision (:class:`BoardOnlyRenderer`): the table message says it in text."""
    if service is None and open_service:
        settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        service = TableService.open(
            settings.db_path,
            BoardOnlyRenderer(
                renderer if renderer is not None else make_renderer(settings.renderer)
            ),
            workers=settings.workers,
            render_processes=settings.render_processes,
            hand_images=settings.hand_images,
            # AI seats do not play inside a command: the bot steps them (TableClient.play_ais)
            # so that the channel sees their turns while they play.
            max_ai_moves=0,
            synchronous=settings.db_synchronous,
        )
    return TableBot(settings, service)


# --------------------------------------------------------------------------------------------
# venezia bot
# --------------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="venezia bot",
        description="Run the Discord bot. Settings come from the environment or a .env file "
        "(see docs/discord.md); the options below override them.",
    )
    parser.add_argument("--env-file", help="read settings from this file instead of ./.env")
    parser.add_argument("--db", help="the SQLite file (VENEZIA_DB)")
    parser.add_argument("--log-level", help="DEBUG, INFO, WARNING or ERROR (VENEZIA_LOG_LEVEL)")
    parser.add_argument(
        "--renderer", choices=("auto", "real", "placeholder"), help="VENEZIA_RENDERER"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build the bot and list its commands without connecting, then exit",
    )
    return parser


def load_settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env(env_file=args.env_file)
    changes: dict[str, Any] = {}
    if args.db:
        from pathlib import Path

        changes["db_path"] = Path(args.db).expanduser()
    if args.log_level:
        level = args.log_level.upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(f"--log-level: '{args.log_level}' is not a log level")
        changes["log_level"] = level
    if args.renderer:
        changes["renderer"] = args.renderer
    return dataclasses.replace(settings, **changes) if changes else settings


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        settings = load_settings(args)
    except SettingsError as exc:
        print(f"venezia bot: {exc}", file=sys.stderr)
        return 2
    level = getattr(logging, settings.log_level, logging.INFO)
    if logging.getLogger().handlers:  # configured already (e.g. by a test runner)
        logging.getLogger().setLevel(level)
    else:
        discord.utils.setup_logging(level=level)
    if not args.check and not settings.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    try:
        bot = create_bot(settings)
    except RendererUnavailable as exc:
        print(f"venezia bot: {exc}", file=sys.stderr)
        return 1
    log.info("settings: %s", settings.describe())
    if args.check:
        names = sorted(c.name for c in bot.tree.get_commands())
        print(f"ok: {len(names)} commands: " + ", ".join(f"/{n}" for n in names))
        print(f"database: {settings.db_path}")
        bot.service.close()
        return 0
    assert settings.token is not None
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(
            "venezia bot: Discord refused the token. Copy it again from the Developer Portal "
            "(Bot → Reset Token) into DISCORD_TOKEN.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
