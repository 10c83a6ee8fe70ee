"""The slash commands as Discord receives them, in every language (#25): the bot is built as
``canalside bot`` builds it, in a fresh process (``bot.devtools.command_texts``), so nothing an
earlier test imported or registered can make a catalog known that production never loads."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from chat.registry import controls_of
from engine.i18n import translations
from engine.registry import registration, table_registrations

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ja", "hu", "it")
#: Discord's limit for a description and a choice's name.
LIMIT = 100
#: A rule reference (V-1.8, CG-6.9, AM-V4.2, AM-G35).
RULE_ID = re.compile(r"\b(?:V|CG|AM)-[A-Z]?\d")


@cache
def _dump() -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bot.devtools.command_texts"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


@pytest.fixture(scope="module")
def dump() -> dict[str, Any]:
    return _dump()


def _texts(payloads: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(where, English, localizations) of every description and choice name."""
    for name, payload in payloads.items():
        yield f"/{name}", payload["description"], payload.get("description_localizations") or {}
        for option in payload.get("options", []):
            where = f"/{name} {option['name']}"
            yield where, option["description"], option.get("description_localizations") or {}
            for choice in option.get("choices", []):
                localized = choice.get("name_localizations") or {}
                yield f"{where}={choice['value']}", choice["name"], localized


def test_every_command_option_and_choice_has_its_three_translations(
    dump: dict[str, Any],
) -> None:
    """#25 item 1: the game verbs (/play, /place, /drain … /show), their options and /start's
    game options were English in ja/hu/it: the games' catalogs never reached the translator."""
    payloads = dump["payloads"]
    assert {"play", "place", "drain", "divide", "buy", "show", "start"} <= set(payloads)
    missing = [
        (where, lang, english)
        for where, english, localized in _texts(payloads)
        for lang in LANGS
        if lang not in localized
    ]
    assert not missing, missing
    # translated, not the English again (a language's own name reads alike everywhere)
    same = [
        (where, lang, english)
        for where, english, localized in _texts(payloads)
        for lang in LANGS
        if localized[lang] == english and not where.startswith("/settings language=")
    ]
    assert not same, same
    start = {o["name"]: o for o in payloads["start"]["options"]}
    said = start["variant"]["description_localizations"]["ja"]
    assert said.startswith("基本ゲームかヴァリアント"), said
    assert "who divides" not in start["first_divider"]["description_localizations"]["hu"]
    # the free text of a shared verb and of /move is named in the reader's words too
    (args,) = payloads["place"]["options"]
    assert args["name"] == "args" and args["name_localizations"]["ja"] == "内容", args
    (text,) = payloads["move"]["options"]
    assert text["name_localizations"] == {"ja": "コマンド", "hu": "parancs", "it": "comando"}


def test_every_description_fits_discord_uncut_in_every_language(dump: dict[str, Any]) -> None:
    """#25 items 2 and 4: the Hungarian and Italian /settings description was cut at 100
    characters (and the English one was 107); a shared verb's list was cut mid-word."""
    said_by_lang: dict[str, dict[str, str | None]] = dump["said"]
    for where, english, localized in _texts(dump["payloads"]):
        assert len(english) <= LIMIT, (where, english)
        for lang, text in localized.items():
            assert len(text) <= LIMIT, (where, lang, text)
            # what Discord gets is the catalogs' text whole, never trimmed to fit
            assert text == said_by_lang[lang][english], (where, lang, text)
    for lang, said in said_by_lang.items():
        for english, text in said.items():
            assert text is not None, (lang, english)
            assert len(text) <= LIMIT, (lang, len(text), text)


def test_no_rule_id_in_a_command_description(dump: dict[str, Any]) -> None:
    """#25 item 5: rule IDs ('(AM-V4.2)', '(CG-G18)') are for the docs and tests."""
    found = [
        (where, text)
        for where, english, localized in _texts(dump["payloads"])
        for text in (english, *localized.values())
        if RULE_ID.search(text)
    ]
    assert not found, found


def test_joins_game_option_names_the_game_in_english_too(dump: dict[str, Any]) -> None:
    """#25 item 3: '{game}' was shown unfilled to English clients."""
    (game,) = [o for o in dump["payloads"]["join"]["options"] if o["name"] == "game"]
    assert game["description"] == "The game to play (a new table: Venezia)", game
    # the game's name as the reader reads it (#25 "Done when": ヴェネチア, the seed 003's)
    assert game["description_localizations"]["ja"] == "遊ぶゲーム（新しい卓：ヴェネチア）", game


def _shared_part(verb: str, game: str, lang: str, option: bool = False) -> str:
    (command,) = [c for c in controls_of(registration(game)).slash_commands if c.verb == verb]
    msgid = command.shared_param if option else command.shared
    assert msgid, (verb, game)
    return translations(game, lang).gettext(msgid)


@pytest.mark.parametrize("verb", ["play", "place", "pass"])
def test_a_shared_verb_lists_whole_messages_of_its_games(dump: dict[str, Any], verb: str) -> None:
    """#25 item 2: '/play' read "Venezia: …; Amsterdam: …" glued from English pieces cut by
    English regexes; now each game's part is one message of its catalog, in every language,
    listed whole with the catalog's separator."""
    games = [
        r.name
        for r in table_registrations()
        if any(c.verb == verb for c in controls_of(r).slash_commands)
    ]
    assert len(games) >= 2, games
    payload = dump["payloads"][verb]
    for lang in LANGS:
        sep = translations("table", lang).pgettext("between games", "; ")
        expected = sep.join(_shared_part(verb, g, lang) for g in games)
        assert payload["description_localizations"][lang] == expected, (lang, payload)
        for option in payload.get("options", []):
            parts = sep.join(_shared_part(verb, g, lang, option=True) for g in games)
            assert option["description_localizations"][lang] == parts, (lang, option)
    english = "; ".join(_shared_part(verb, g, "en") for g in games)
    assert payload["description"] == english
