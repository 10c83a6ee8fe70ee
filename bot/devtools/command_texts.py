"""The slash commands as Discord receives them at a sync, in every language: ``python -m
bot.devtools.command_texts`` builds the bot as ``canalside bot`` does (no network, no database)
and prints, as JSON, each command's translated payload (names, descriptions, options, choices
and their ``*_localizations``) and, per language, each description and choice as the catalogs
say it before any trimming (``said``), so a test can check that every text is translated and
fits Discord's limits uncut.

It runs in a fresh process on purpose: what the command tree holds must not depend on what an
earlier test happened to import or register.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

from bot.discord.app import create_bot
from bot.discord.settings import Settings
from bot.discord.translator import CatalogTranslator, command_text

__all__ = ["command_payloads", "main"]

_NAMES = (TranslationContextLocation.command_name, TranslationContextLocation.parameter_name)


class _Recording(CatalogTranslator):
    """The bot's translator, noting each description and choice as the catalogs say it."""

    def __init__(self) -> None:
        self.said: dict[str, dict[str, str | None]] = {}

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        if context.location not in _NAMES and locale.value in ("ja", "hu", "it"):
            self.said.setdefault(locale.value, {})[str(string)] = command_text(string, locale.value)
        return await super().translate(string, locale, context)


async def command_payloads() -> dict[str, Any]:
    """``{"payloads": {name: payload}, "said": {lang: {english: text or None}}}``."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            token=None, db_path=Path(folder) / "unused.sqlite3", renderer="placeholder"
        )
        bot = create_bot(settings, open_service=False)
        translator = _Recording()
        payloads = {
            command.name: await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()
            if isinstance(command, app_commands.Command)
        }
    return {"payloads": payloads, "said": translator.said}


def main(argv: list[str] | None = None) -> int:
    data = asyncio.run(command_payloads())
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
