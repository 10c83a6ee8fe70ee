"""A game of each game in Japanese, Hungarian and Italian, played by clicks in SimCord, shows
no English word (#25 "Done when"): every text the channel, the players' DMs and their private
answers show — message contents, embeds, button labels, menu placeholders, options and their
descriptions — is checked against the words of the English catalogs.

Allowed: the players' names, the proper names the seeds leave untranslated and the words of a
language spelled like an English one (``data/native_allow.toml``, each with its reason), typed
command tokens (inside backticks or quotes, ``/verb``), hex labels and numbers."""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import simcord.interactions as simcord_interactions
from babel.messages.pofile import read_po
from simcord import Env

from bot.devtools.discord_sim import play_one
from bot.discord.commands import move_commands

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("Alice", "Bob")
#: the names a channel may show in Latin letters: the players' own. Not the AI seat's: the table
#: stores the level's English label ("Greedy AI") as the seat's name, and every reader reads the
#: label in his language (#25)
SEAT_NAMES = PLAYERS
#: decisions played (Canal Grande is short: played to its end)
DECISIONS = {"venezia": 60, "amsterdam": 60, "canal_grande": 400}
#: the keys of the bot's message bodies that hold text a player reads
SHOWN_KEYS = {"content", "title", "description", "name", "value", "text", "label", "placeholder"}

LATIN_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ]+(?:['’][A-Za-zÀ-ÖØ-öø-ɏ]+)?")
TYPED = re.compile(
    r"`[^`]*`|\"[^\"]*\"|“[^”]*”|„[^”]*”|«[^»]*»|「[^」]*」"  # quoted or backticked tokens
    r"|(?<!\w)'[^'\n]*'(?!\w)"  # single quotes (not an apostrophe: l'edificio)
    r"|[\w\\]+=[\w.]+"  # a /start option as typed: variant=base, first\_divider=random
    r"|</?[\w:-]+ ?\d*>|<[@#!&:][^>]*>"  # mentions, channel links, command links, emoji
    r"|https?://\S+|/\w[\w-]*"  # links and typed slash commands
    r"|\b[A-Za-z]{1,2}\d+[A-Za-z]?\b|\b\d+[A-Za-z]\b"  # hex labels (F6, AA12), counts (3x)
)


#: a word a clipped text ends in, cut short ("passa" as "pass…")
CLIPPED = re.compile(r"\w+…$")


@cache
def typed_commands() -> re.Pattern[str]:
    """A game command as typed, shown in parentheses after what it does: "(play 23)"."""
    verbs = sorted({spec.verb for spec in move_commands()}, key=len, reverse=True)
    return re.compile(r"[(（](?:" + "|".join(verbs) + r")\b[^)）]*[)）]")


def allowed(lang: str) -> dict[str, str]:
    data = tomllib.loads((ROOT / "data" / "native_allow.toml").read_text(encoding="utf-8"))
    return {**data.get("all", {}), **data.get(lang, {})}


def english_words() -> set[str]:
    """Words of three or more letters the English messages of all catalogs use."""
    words: set[str] = set()
    for pot in sorted(ROOT.glob("data/**/*.pot")):
        with pot.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            for text in ids:
                text = re.sub(r"\{[^}]*\}|%\(\w+\)\w", " ", text or "")
                words |= {w.casefold() for w in LATIN_WORD.findall(text) if len(w) >= 3}
    return words


def shown_strings(body: Any, key: str = "") -> Iterator[str]:
    """The strings of a message body (JSON) a player reads."""
    if isinstance(body, dict):
        for k, v in body.items():
            if k == "value" and "label" in body:  # a menu option's value is never shown
                continue
            yield from shown_strings(v, k)
    elif isinstance(body, list):
        for v in body:
            yield from shown_strings(v, key)
    elif isinstance(body, str) and key in SHOWN_KEYS:
        yield body


def everything_shown(env: Env) -> list[str]:
    """Every text the bot sent to a channel, a DM or in answer to an interaction."""
    found: list[str] = []
    for entry in env.http_requests:
        if entry.method not in ("POST", "PATCH", "PUT"):
            continue
        if not entry.path.startswith(("/channels/", "/interactions/", "/webhooks/")):
            continue
        found += shown_strings(entry.json)
    return found


def english_in(texts: list[str], lang: str) -> dict[str, str]:
    """English words left in ``texts`` -> the first text showing each."""
    english = english_words()
    allow = {w.casefold() for w in allowed(lang)}
    left: dict[str, str] = {}
    for text in texts:
        for name in SEAT_NAMES:
            text = text.replace(name, " ")
            tail = text.rstrip(" …")  # a name a clipped text cut ("Greedy A…")
            cut = next((k for k in range(len(name), 2, -1) if tail.endswith(name[:k])), 0)
            text = tail[: len(tail) - cut] if cut else text
        text = typed_commands().sub(" ", CLIPPED.sub(" ", text))
        for word in LATIN_WORD.findall(TYPED.sub(" ", text)):
            folded = word.casefold()
            if folded in english and folded not in allow:
                left.setdefault(folded, text)
    return left


@pytest.fixture
def speaks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every player's client and the server speak the language the test puts in the list."""
    chosen: list[str] = []
    real = simcord_interactions.base_payload

    def base_payload(backend: Any, **kw: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = real(backend, **kw)
        payload["locale"] = chosen[0]
        if kw.get("guild_id") is not None:
            payload["guild_locale"] = chosen[0]
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    yield chosen


async def play_in(env: Env, lang: str, game: str) -> list[str]:
    guild = env.create_guild("Club", preferred_locale=lang)
    channel = guild.create_text_channel("table")
    players = [guild.add_member(env.create_user(n.lower(), global_name=n)) for n in PLAYERS]
    for p in players:
        await p.slash(channel, "join", game=game)
    await players[0].slash(channel, "addbot", level="greedy")
    await players[0].slash(channel, "start")
    actors = {p.id: p for p in players}
    rng = random.Random(7)
    for _ in range(DECISIONS[game]):
        if not await play_one(env, channel, actors, rng):
            break
    for p in players:  # what a player reads on asking
        for command in ("board", "hand", "status", "log"):
            await p.slash(channel, command)
    return everything_shown(env)


# a whole game with an AI seat and a board image per move: under load one settle (the AI's
# turn, its pictures) can take longer than SimCord's 5 s real-time default (#25)
@pytest.mark.simcord(settle_timeout=60)
@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
@pytest.mark.parametrize("lang", ["ja", "hu", "it"])
async def test_a_game_played_by_clicks_shows_no_english_word(
    simcord_env: Env, speaks: list[str], lang: str, game: str
) -> None:
    """#25 "Done when": a SimCord game of each game in ja, hu and it shows no English word."""
    speaks.append(lang)
    texts = await play_in(simcord_env, lang, game)
    words = sum(len(LATIN_WORD.findall(TYPED.sub(" ", t))) for t in texts)
    assert len(texts) > 50 and words > 0, (len(texts), words)
    left = english_in(texts, lang)
    assert not left, "\n".join(f"{w!r} in {t!r}" for w, t in sorted(left.items()))


def test_every_allowed_word_says_why() -> None:
    """The allow-list is data with a reason per word."""
    data = tomllib.loads((ROOT / "data" / "native_allow.toml").read_text(encoding="utf-8"))
    for section, words in data.items():
        assert section in ("all", "ja", "hu", "it"), section
        assert words or section == "ja", section
        for word, reason in words.items():
            assert word == word.casefold() and len(reason) > 10, (section, word, reason)
