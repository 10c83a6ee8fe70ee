"""``canalside sync``: register the slash commands with Discord.

Discord only shows slash commands that were *synced* (uploaded). Syncing is explicit:

* ``canalside sync`` - globally, for every server the bot is in (may take a while to appear
  everywhere; do it once per release);
* ``canalside sync --guild ID`` - a copy of the commands for one server, available at once
  (for development; ``CANALSIDE_DEV_GUILD`` is the default ID with ``--guild`` alone);
* ``canalside sync --guild ID --clear`` - remove that server's copies again (after developing,
  so the server does not show every command twice);
* ``canalside sync --list`` - print the commands without connecting.

The bot owner can do the same from Discord with ``/sync`` once the commands exist.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

import aiohttp
import discord

from bot.discord.app import create_bot, unreachable
from bot.discord.features.admin import sync_commands
from bot.discord.settings import TOKEN_HELP, Settings, SettingsError

__all__ = ["main", "run_sync"]

log = logging.getLogger("bot.discord_sync")

_DEV_GUILD = "dev"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="canalside sync",  # not for players
        description=(
            "Register the slash commands with Discord "
            "(globally, or for one guild)."  # not for players
        ),
    )
    parser.add_argument(
        "--guild",
        nargs="?",
        const=_DEV_GUILD,
        metavar="ID",
        help="sync to this guild only, at once (no ID: CANALSIDE_DEV_GUILD)",  # not for players
    )
    parser.add_argument(
        "--clear",
        action="store_true",
        help="with --guild: remove that guild's commands",  # not for players
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help="print the commands and exit (no network)",  # not for players
    )
    parser.add_argument(
        "--env-file",  # not for players
        help="read settings from this file instead of ./.env",  # not for players
    )
    return parser


async def run_sync(settings: Settings, guild_id: int | None, clear: bool) -> list[str]:
    """Log in over HTTP only (no gateway), sync, log out; the synced command names."""
    token = settings.require_token()
    bot = create_bot(settings, open_service=False)
    bot.sync_on_start = "off"
    async with bot:
        await bot.login(token)
        synced = await sync_commands(bot, guild_id=guild_id, clear=clear)
    return [c.name for c in synced]


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        settings = Settings.from_env(env_file=args.env_file)
    except SettingsError as exc:
        print(f"canalside sync: {exc}", file=sys.stderr)  # not for players
        return 2
    if args.list:
        bot = create_bot(settings, open_service=False)
        for command in sorted(bot.tree.get_commands(), key=lambda c: c.name):
            print(f"/{command.name:<10} {getattr(command, 'description', '')}")
        return 0
    guild_id: int | None = None
    if args.guild == _DEV_GUILD:
        if settings.dev_guild_id is None:
            print(
                "canalside sync: --guild alone needs CANALSIDE_DEV_GUILD",  # not for players
                file=sys.stderr,
            )
            return 2
        guild_id = settings.dev_guild_id
    elif args.guild is not None:
        if not args.guild.isdigit():
            print(
                f"canalside sync: '{args.guild}' is not a guild id",  # not for players
                file=sys.stderr,
            )
            return 2
        guild_id = int(args.guild)
    if args.clear and guild_id is None:
        print("canalside sync: --clear needs --guild", file=sys.stderr)  # not for players
        return 2
    if not settings.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    logging.basicConfig(level=getattr(logging, settings.log_level, logging.INFO))
    where = f"guild {guild_id}" if guild_id is not None else "global"
    try:
        names = asyncio.run(run_sync(settings, guild_id, args.clear))
    except discord.LoginFailure:
        print(
            "canalside sync: Discord refused the token (DISCORD_TOKEN)",  # not for players
            file=sys.stderr,
        )
        return 1
    except (aiohttp.ClientError, TimeoutError) as exc:
        print(unreachable(exc, "sync"), file=sys.stderr)
        return 1
    except discord.Forbidden as exc:
        print(
            f"canalside sync: Discord refused the sync for {where} ({exc.text}). Is the bot in "
            "that server, invited with the 'applications.commands' scope?",  # not for players
            file=sys.stderr,
        )
        return 1
    except discord.HTTPException as exc:
        print(
            f"canalside sync: Discord answered {exc.status}: {exc.text}",  # not for players
            file=sys.stderr,
        )
        return 1
    if args.clear:
        print(f"cleared the commands of {where}")  # not for players
    else:
        print(f"synced {len(names)} commands ({where}): " + ", ".join(f"/{n}" for n in names))
        if guild_id is None:
            print("global commands can take a while to show up in every server")  # not for players
    return 0


if __name__ == "__main__":
    sys.exit(main())
