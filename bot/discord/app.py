"""The Discord bot (``canalside bot``): :class:`TableBot` and how it is built and run.

The bot is composed in :mod:`bot.discord.client`: one cog per feature
(:mod:`bot.discord.features`: the slash commands), the component router
(:mod:`bot.discord.components`: buttons and selects), and the shared services they receive
(:mod:`bot.discord.actions`: the path of every table action; :mod:`bot.discord.replies`:
answers; the messages :mod:`bot.discord.table` (the live table message),
:mod:`bot.discord.dm` (hands by DM) and :mod:`bot.discord.notes`).

``create_bot(settings)`` builds everything without touching the network; ``main(argv)`` is
``canalside bot``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord

from bot.archive import DatabaseRefused, db_setting, open_db
from bot.discord.board import BoardOnlyRenderer
from bot.discord.client import TableBot, bot_for
from bot.discord.commands import (
    FALLBACK_VERB,
    move_commands,
)
from bot.discord.ops import OpsServer
from bot.discord.settings import TOKEN_HELP, Settings, SettingsError, shown_db
from bot.logs import configure as configure_logs
from bot.table.render import PlaceholderRenderer, Renderer, RendererUnavailable, default_renderer
from bot.table.service import TableService
from engine.text import excerpt

__all__ = ["COMMAND_NAMES", "TableBot", "create_bot", "main", "make_renderer", "serve"]

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
    "settings",
    "resume",
    "pausevote",
    "kick",
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
        log.warning("%s; posting placeholder images (CANALSIDE_RENDERER=auto)", exc)
        return PlaceholderRenderer((480, 320))


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
        if isinstance(settings.db_path, Path):  # not a PostgreSQL address
            settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        # the one way every command opens the database setting (DatabaseRefused says why not)
        storage = open_db(settings.db_path, create=True, synchronous=settings.db_synchronous)
        service = TableService(
            storage,
            BoardOnlyRenderer(
                renderer if renderer is not None else make_renderer(settings.renderer)
            ),
            workers=settings.workers,
            render_processes=settings.render_processes,
            hand_images=settings.hand_images,
            # AI seats do not play inside a command: the bot steps them (TableActions.play_ais)
            # so that the channel sees their turns while they play.
            max_ai_moves=0,
            owns_storage=True,
            # discord.py's clock: the real one, or SimCord's virtual clock in tests
            clock=discord.utils.utcnow,
        )
    return bot_for(settings, service)


# --------------------------------------------------------------------------------------------
# canalside bot
# --------------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="canalside bot",  # not for players
        description="Run the Discord bot. Settings come from the environment or a .env file "
        "(see docs/discord.md); the options below override them.",  # not for players
    )
    parser.add_argument(
        "--env-file",  # not for players
        help="read settings from this file instead of ./.env",  # not for players
    )
    parser.add_argument(
        "--db",  # not for players
        help="a SQLite file or a postgresql://… address (CANALSIDE_DB)",  # not for players
    )
    parser.add_argument(
        "--log-level",  # not for players
        help="DEBUG, INFO, WARNING or ERROR (CANALSIDE_LOG_LEVEL)",  # not for players
    )
    parser.add_argument(
        "--renderer", choices=("auto", "real", "placeholder"), help="CANALSIDE_RENDERER"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build the bot and list its commands without connecting, then exit",  # not for players
    )
    return parser


def load_settings(args: argparse.Namespace) -> Settings:
    settings = Settings.from_env(env_file=args.env_file)
    if args.db:
        settings = dataclasses.replace(settings, db_path=db_setting(args.db))
    if args.log_level:
        level = args.log_level.upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(
                f"--log-level: '{args.log_level}' is not a log level"  # not for players
            )
        settings = dataclasses.replace(settings, log_level=level)
    if args.renderer:
        settings = dataclasses.replace(settings, renderer=args.renderer)
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        settings = load_settings(args)
    except SettingsError as exc:
        print(f"canalside bot: {exc}", file=sys.stderr)  # not for players
        return 2
    level = getattr(logging, settings.log_level, logging.INFO)
    if logging.getLogger().handlers:  # configured already (e.g. by a test runner)
        logging.getLogger().setLevel(level)
    else:
        configure_logs(settings.log_level, settings.log_format)
    if not args.check and not settings.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    try:
        bot = create_bot(settings)
    except (RendererUnavailable, DatabaseRefused) as exc:
        print(f"canalside bot: {exc}", file=sys.stderr)  # not for players
        return 1
    log.info("settings: %s", settings.describe())
    if args.check:
        names = sorted(c.name for c in bot.tree.get_commands())
        print(f"ok: {len(names)} commands: " + ", ".join(f"/{n}" for n in names))
        print(f"database: {shown_db(settings.db_path)}")
        bot.service.close()
        return 0
    token = settings.token
    assert token is not None
    try:
        asyncio.run(serve(bot, settings, lambda: bot.start(token)))
    except discord.LoginFailure:
        print(
            "canalside bot: Discord refused the token. Copy it again from the Developer Portal "
            "(Bot → Reset Token) into DISCORD_TOKEN.",  # not for players
            file=sys.stderr,
        )
        return 1
    except (aiohttp.ClientError, TimeoutError, discord.GatewayNotFound) as exc:
        print(unreachable(exc), file=sys.stderr)
        return 1
    except discord.HTTPException as exc:
        print(
            f"canalside bot: Discord answered {exc.status} ({exc.text or exc}) while logging in; "
            "check https://discordstatus.com and try again later",  # not for players
            file=sys.stderr,
        )
        return 1
    return 0


async def serve(
    bot: TableBot, settings: Settings, connect: Callable[[], Coroutine[Any, Any, None]]
) -> None:
    """Run ``bot`` (``connect``: log in and keep the gateway, ``bot.start(token)``) with the
    operators' HTTP server (when ``CANALSIDE_HTTP_PORT`` is set) until Discord closes it, or
    until SIGTERM or SIGINT: then shut down gracefully (#27) - new commands are answered "the
    bot is restarting", the ones in flight finish (``CANALSIDE_SHUTDOWN_GRACE`` seconds at
    most), the HTTP server closes, then the gateway, the table service and its database pool.
    Errors of ``connect`` (a refused token, no network) are raised."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on this platform
            loop.add_signal_handler(sig, stop.set)
    ops: OpsServer | None = None
    try:
        async with bot:
            if settings.http_port is not None:
                ops = OpsServer(bot, settings.http_host, settings.http_port)
                await ops.start()
            running = asyncio.create_task(connect(), name="canalside-gateway")  # not for players
            stopping = asyncio.create_task(stop.wait(), name="canalside-stop")  # not for players
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if running.done():
                stopping.cancel()
                running.result()  # Discord closed the connection, or refused it: raise
                return
            log.info("stop signal: finishing the commands in flight")  # not for players
            finished = await bot.wind_down(float(settings.shutdown_grace))
            if ops is not None:
                await ops.stop()
                ops = None
            await bot.close()
            try:
                await asyncio.wait_for(running, 10)
            except (TimeoutError, asyncio.CancelledError):
                pass
            except Exception:  # the gateway ending as it closes is no news
                log.debug("the gateway task ended with an error", exc_info=True)
            log.info(
                "shut down %s",  # not for players
                "cleanly" if finished else "with work cut short",  # not for players
            )
    finally:
        if ops is not None:
            await ops.stop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)


def unreachable(exc: BaseException, command: str = "bot") -> str:
    """One line for an operator whose ``canalside bot`` (or ``sync``) cannot reach Discord: what
    failed, what to check (the token was not even tried)."""
    why = " ".join(str(exc).split()) or type(exc).__name__
    return (
        f"canalside {command}: Discord could not be reached ({excerpt(why, limit=160)}); the "
        "token was not checked. Check the network connection, DNS, a proxy or firewall in "
        "between, and https://discordstatus.com"  # not for players
    )


if __name__ == "__main__":
    sys.exit(main())
