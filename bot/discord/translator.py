"""The slash commands in the players' languages: discord.py's :class:`app_commands.Translator`
over the gettext catalogs.

discord.py hands every name, description and choice of the command tree to the translator
when the commands are synced (``tree.set_translator``), once per Discord locale; Discord shows
each user the texts of his client's language. A description or choice is its English text as
the message id (marked with ``locale_str``): looked up in the ``table`` catalog, then in each
game's (a game's catalogs are known once its registration is read); a text made of messages (a
game's command, the list of the games' parts of a shared verb, a message with its values)
carries the :class:`~engine.i18n.Text` that says it again in each language (``said``). Nothing
is cut to fit: every text fits Discord's 100 characters as the catalogs say it
(``tests/discord/test_command_texts.py``). A command's or parameter's *name* is looked up in
:func:`names` (``_p("command name", …)``): Discord accepts only lowercase names of letters,
digits, ``-`` and ``_`` (Japanese letters too), so a translation it would refuse is left
English. The game verbs (``/play``, ``/place``) keep their English names: they are the words
typed in ``/move`` and shown by ``/rules commands``. Interactions always carry the English
names, so the handlers do not change.
"""

from __future__ import annotations

import re
from typing import Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

from engine.i18n import (
    SOURCE,
    TABLE_DOMAIN,
    Text,
    current_language,
    domains,
    negotiate,
    say,
    speaking,
    translations,
)
from engine.i18n.shared import _p

__all__ = [
    "CatalogTranslator",
    "command_text",
    "described",
    "in_any_catalog",
    "localized_name",
    "names",
]

#: Discord's rule for command and option names (``CHAT_INPUT``), lowercase letters only.
NAME: Final = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_MAX: Final = 100
CHOICE_MAX: Final = 100


def names() -> dict[tuple[str, str], Text]:
    """The names of the commands and their options in the language in force, by (``command``
    or ``option``, English name). Made at use (never at import): each call says them anew."""
    # Translators: slash command names: lowercase, no spaces (use - or _), at most 32
    # letters; Discord refuses capitals. Left English if the translation is not allowed.
    commands = {
        "join": _p("command name", "join"),
        "leave": _p("command name", "leave"),
        "start": _p("command name", "start"),
        "abort": _p("command name", "abort"),
        "addbot": _p("command name", "addbot"),
        "removebot": _p("command name", "removebot"),
        "options": _p("command name", "options"),
        "replace": _p("command name", "replace"),
        "settings": _p("command name", "settings"),
        "resume": _p("command name", "resume"),
        "pausevote": _p("command name", "pausevote"),
        "kick": _p("command name", "kick"),
        "hand": _p("command name", "hand"),
        "board": _p("command name", "board"),
        "status": _p("command name", "status"),
        "log": _p("command name", "log"),
        "rules": _p("command name", "rules"),
        "help": _p("command name", "help"),
        "history": _p("command name", "history"),
        "game": _p("command name", "game"),
        "replay": _p("command name", "replay"),
        "stats": _p("command name", "stats"),
        "leaderboard": _p("command name", "leaderboard"),
        "statsettings": _p("command name", "statsettings"),
    }
    # Translators: slash command option names: lowercase, no spaces (use - or _), at most 32
    # letters; Discord refuses capitals.
    options = {
        "game": _p("option name", "game"),
        "level": _p("option name", "level"),
        "settings": _p("option name", "settings"),
        "seat": _p("option name", "seat"),
        "player": _p("option name", "player"),
        "person": _p("option name", "person"),
        "language": _p("option name", "language"),
        "choice": _p("option name", "choice"),
        "public": _p("option name", "public"),
        "count": _p("option name", "count"),
        "topic": _p("option name", "topic"),
        "scope": _p("option name", "scope"),
        "user": _p("option name", "user"),
        "id": _p("option name", "id"),
        "aborted": _p("option name", "aborted"),
        "takeover": _p("option name", "takeover"),
        # the free text of a game verb (/play args:) and of /move (text:)
        "args": _p("option name", "args"),
        "text": _p("option name", "text"),
    }
    out = {("command", k): v for k, v in commands.items()}
    out |= {("option", k): v for k, v in options.items()}
    return out


def _lang(locale: discord.Locale) -> str | None:
    """Our language for a Discord locale (``None``: English, or one we do not speak)."""
    lang = negotiate(locale.value)
    return None if lang in (None, SOURCE) else lang


def localized_name(kind: str, name: str, lang: str) -> str | None:
    """A command's (``kind="command"``) or option's (``"option"``) name in ``lang``, if it
    has one Discord accepts."""
    with speaking(lang):
        text = names().get((kind, name))
    if text is None:
        return None
    value = str(text)
    if value == name or value != value.lower() or not NAME.match(value):
        return None
    return value


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _lookup(msgid: str, lang: str) -> str | None:
    """``msgid`` in the ``table`` catalog, else a game's (``None``: none has it)."""
    if not msgid:
        return None
    names_ = [TABLE_DOMAIN, *(d.name for d in domains() if d.name != TABLE_DOMAIN)]
    for name in names_:
        found = translations(name, lang).gettext(msgid)
        if found != msgid:
            return found
    return None


def command_text(string: locale_str, lang: str) -> str | None:
    """A description or choice in ``lang``: a ``said`` extra is the message that says it (a
    game's, a list of games' messages, a message with its values), ``same`` a name that reads
    alike in every language (a language's own name); else its English is looked up in the
    ``table`` catalog, then in each game's (``None``: no catalog has it)."""
    said = string.extras.get("said")
    if isinstance(said, Text):
        return say(said, lang)
    if string.extras.get("same"):
        return string.message
    return _lookup(string.message, lang)


def in_any_catalog(text: str, lang: str | None = None) -> str:
    """An English text some catalog has (a game option's help, an AI level's title), in
    ``lang`` (default: the language in force); as it is when none has it. A game's
    :class:`~engine.i18n.Text` (a control's label made once, in whatever language was in
    force) is said again in ``lang``: it knows its own message and context."""
    lang = lang or current_language()
    if isinstance(text, Text):
        return say(text, lang)
    if lang == SOURCE:
        return text
    return command_text(locale_str(text), lang) or text


def described(text: str, lang: str) -> str:
    """A command's description in ``lang`` (``/help``), English if no catalog has it."""
    if isinstance(text, Text):
        return say(text, lang)
    if lang == SOURCE:
        return text
    return command_text(locale_str(text), lang) or text


class CatalogTranslator(app_commands.Translator):
    """The command tree's texts in Japanese, Hungarian and Italian, from the catalogs."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        lang = _lang(locale)
        if lang is None:
            return None
        where = context.location
        if where is TranslationContextLocation.command_name:
            return localized_name("command", string.message, lang)
        if where is TranslationContextLocation.parameter_name:
            return localized_name("option", string.message, lang)
        text = command_text(string, lang)
        if text is None:
            return None
        limit = CHOICE_MAX if where is TranslationContextLocation.choice_name else DESCRIPTION_MAX
        return _clip(text, limit)
