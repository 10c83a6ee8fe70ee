"""What one Discord user reads in his own language at a table that speaks another (#25):
his private confirmations, /help's verb lines, /leaderboard's and /history's AI labels; and the
table's public title in the table's language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from simcord import Env

from bot.devtools.discord_sim import controls, raw_messages, texts
from bot.storage.store import FinalResult, PlayerInfo, Storage
from engine.registry import registrations
from tests.discord.test_languages import locales  # noqa: F401  (a fixture)

#: Japanese letters (kana and kanji).
JAPANESE = re.compile(r"[ぁ-んァ-ン一-龯]")


def _said(result: Any) -> str:
    return "\n".join(m.content or "" for m in [result.response, *result.followups] if m)


async def _english_table_with_kenji(
    env: Env, chosen: dict[int, str], name: str, game: str
) -> tuple[Any, Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel(name)
    alice = guild.add_member(env.create_user("alice"))
    kenji = guild.add_member(env.create_user("kenji"))
    chosen[kenji.id] = "ja"
    await alice.slash(channel, "join", game=game)
    return channel, alice, kenji


async def test_a_japanese_players_join_at_an_english_table_is_confirmed_in_japanese(
    simcord_env: Env,
    locales: dict[int, str],  # noqa: F811
) -> None:
    """#25 item 6: his "✅ …" echoed the table's public (English) text."""
    channel, alice, kenji = await _english_table_with_kenji(
        simcord_env, locales, "lang-join", "venezia"
    )
    shown = _said(await kenji.slash(channel, "join"))
    assert shown.startswith("✅"), shown
    assert "kenjiが参加しました" in shown and "席" in shown, shown
    # the table itself stays English
    lobby = texts(raw_messages(simcord_env, channel)[-1])
    assert not JAPANESE.search(lobby), lobby
    shown = _said(await alice.slash(channel, "addbot"))
    assert shown.startswith("✅") and not JAPANESE.search(shown), shown
    # his /start and his moves too (the table's lines said again in his language)
    shown = _said(await kenji.slash(channel, "start"))
    assert shown.startswith("✅ kenjiがヴェネチアを開始しました"), shown
    service = simcord_env.bot.service
    for _ in range(20):
        options = await service.play.options_for(str(channel.id), str(kenji.id))
        if options:
            shown = _said(await kenji.slash(channel, "move", text=options[0]))
            assert shown.startswith("✅") and JAPANESE.search(shown), shown
            break
        for actor in (alice,):
            theirs = await service.play.options_for(str(channel.id), str(actor.id))
            if theirs:
                shown = _said(await actor.slash(channel, "move", text=theirs[0]))
                assert shown.startswith("✅") and not JAPANESE.search(shown), shown
    else:
        raise AssertionError("kenji never had a move")


async def test_help_says_the_games_verbs_in_the_readers_language(
    simcord_env: Env,
    locales: dict[int, str],  # noqa: F811
) -> None:
    """#25 item 1: /help's verb lines were English in ja/hu/it."""
    channel, _alice, kenji = await _english_table_with_kenji(
        simcord_env, locales, "lang-help", "amsterdam"
    )
    shown = _said(await kenji.slash(channel, "help"))
    assert "`/place` — 公開したカードを空きマスに置く" in shown, shown
    assert "`/ship` — 船を水路カードへ動かすか、そのままにする" in shown, shown
    assert "Put your revealed card" not in shown, shown


def _finish_games(db_path: Path, channel: Any, guild: Any, alice: Any) -> None:
    """Two finished games of the first game: Alice against a greedy AI seat, then a seat an
    AI took over from Bob."""
    reg = registrations()[0]
    with Storage.open(db_path) as storage:
        for second in (PlayerInfo("Greedy AI", None, True, 1), PlayerInfo("Bob", None, True, 2)):
            players = [PlayerInfo("Alice", str(alice.id)), second]
            record = storage.games.create_game(
                str(channel.id), reg.name, seed=1, players=players, guild_id=str(guild.id)
            )
            storage.games.finish_game(
                record.id,
                [
                    FinalResult(seat, p.name, seat + 1, None, p.user_id)
                    for seat, p in enumerate(players)
                ],
            )


async def test_leaderboard_and_history_name_the_ai_in_the_readers_language(
    simcord_env: Env,
    db_path: Path,
    locales: dict[int, str],  # noqa: F811
) -> None:
    """#25 item 7: a Japanese reply said "Random AI", and /history "Greedy AI (AI greedy)"."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lang-ranks")
    alice = guild.add_member(simcord_env.create_user("alice"))
    kenji = guild.add_member(simcord_env.create_user("kenji"))
    locales[kenji.id] = "ja"
    await alice.slash(channel, "help")  # the bot is up and its database exists
    _finish_games(simcord_env.bot.settings.db_path, channel, guild, alice)

    board = _said(await kenji.slash(channel, "leaderboard"))
    assert "貪欲AI" in board and "強いAI" in board, board
    assert " AI:" not in board, board
    history = _said(await kenji.slash(channel, "history"))
    assert "貪欲AI" in history and "Bob（強いAI）" in history, history
    assert "Greedy" not in history and "greedy" not in history, history
    english = _said(await alice.slash(channel, "history"))
    assert "Alice and Greedy AI ·" in english and "2. Greedy AI" in english, english
    assert "(AI greedy)" not in english and "Bob (Strong AI)" in english, english


async def test_canal_grandes_lobby_title_stays_in_the_tables_language_after_the_start(
    simcord_env: Env,
) -> None:
    """#25 item 8: the lobby's title read "Canal Grande — table" in a Japanese channel once
    the game had started (the lobby, first posted in English, kept its first title when
    /settings language:ja and the next joins edited it in place)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lang-cg-lobby")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "settings", language="ja")
    await alice.slash(channel, "addbot")
    lobby = texts(raw_messages(simcord_env, channel)[0])
    assert "カナル・グランデ — 卓" in lobby, lobby
    await alice.slash(channel, "start")
    shown = [texts(m) for m in raw_messages(simcord_env, channel)]
    assert "カナル・グランデ — 卓" in shown[0], shown
    assert not any("— table" in t for t in shown), shown


async def test_amsterdams_variant_menu_speaks_the_tables_language(
    simcord_env: Env,
    locales: dict[int, str],  # noqa: F811  (the server's locale reaches the bot)
) -> None:
    """#25 item 1: the lobby's variant menu showed Amsterdam's English help at a Hungarian
    table (the game's catalog was unknown to the lookup)."""
    guild = simcord_env.create_guild(preferred_locale="hu")
    channel = guild.create_text_channel("lang-variant")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="amsterdam")
    lobby = raw_messages(simcord_env, channel)[-1]
    placeholders = [str(c.get("placeholder")) for c in controls(lobby) if c.get("type") == 3]
    assert any(p.startswith("az alapjáték vagy egy variáns") for p in placeholders), placeholders
