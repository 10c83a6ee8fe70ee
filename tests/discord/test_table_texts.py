"""Texts a Discord table shows in lobby and /help name this channel's game's own commands
(found by playing each game as a user would)."""

from __future__ import annotations

from typing import Any

from simcord import Env


def _shown(result: Any) -> str:
    messages = [result.response, *result.followups]
    return "\n".join(m.content or "" for m in messages if m is not None)


async def _lone_player(simcord_env: Env, game: str) -> tuple[Any, Any]:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(f"texts-{game}")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game=game)
    return channel, alice


async def test_start_with_too_few_players_names_the_real_commands(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "canal_grande")
    shown = _shown(await alice.slash(channel, "start"))
    assert "Canal Grande needs exactly 2 players" in shown, shown
    assert "/addbot" in shown and "/ai add" not in shown, shown
    assert (
        "1 more needed. Options:"
        in (await simcord_env.bot.service.play.status(str(channel.id))).text
    )


async def test_help_describes_shared_verbs_in_this_games_words(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "amsterdam")
    shown = _shown(await alice.slash(channel, "help"))
    assert "`/place` — Put your revealed card into a free cell" in shown, shown
    assert "building" not in shown and "The pass command" not in shown, shown
    assert "`/pass` — Reveal no card this round; take 1 gulden" in shown, shown


async def test_help_at_canal_grande_lists_no_alias_with_venezia_words(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "canal_grande")
    shown = _shown(await alice.slash(channel, "help"))
    assert "`/play`" not in shown and "`/done`" not in shown, shown
    assert "building" not in shown and "draining" not in shown, shown
    assert "`/place` — Add cards to the vote" in shown, shown


async def test_another_games_verb_is_refused_in_good_english(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "amsterdam")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    shown = _shown(await alice.slash(channel, "drain", hexes="C3"))
    assert "/drain is not an Amsterdam command" in shown, shown


async def test_removebot_of_a_missing_seat_names_the_seats(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "amsterdam")
    shown = _shown(await alice.slash(channel, "removebot", seat=9))
    assert "there is no such seat; the only seat is 1" in shown.casefold(), shown
    await alice.slash(channel, "addbot")
    shown = _shown(await alice.slash(channel, "removebot", seat=9))
    assert "seats are 1–2" in shown, shown


def test_a_verb_several_games_share_says_what_it_does_in_each() -> None:
    """Discord shows one description per command: /place must not read as Venezia's alone
    ('Place the building being resolved', 'Hex labels') in a Canal Grande channel."""
    from bot.discord.commands import move_commands

    place = next(c for c in move_commands() if c.verb == "place")
    for title in ("Venezia: ", "Canal Grande: ", "Amsterdam: "):
        assert title in place.description and title in place.param_description, place
    assert len(place.description) <= 100 and len(place.param_description) <= 100
    assert not place.required  # required only if every game requires it
    passing = next(c for c in move_commands() if c.verb == "pass")
    assert "Amsterdam: reveal no card" in passing.description, passing


async def test_joining_another_game_names_the_start_option(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "venezia")
    shown = _shown(await alice.slash(channel, "join", game="amsterdam"))
    assert "/start game:amsterdam to switch" in shown, shown


async def test_options_alone_answers_privately_and_leaves_the_lobby(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "amsterdam")
    from bot.devtools.discord_sim import raw_messages, texts

    before = [texts(m) for m in raw_messages(simcord_env, channel)]
    result = await alice.slash(channel, "options")
    answers = [m for m in [result.response, *result.followups] if m is not None and m.content]
    assert answers and all(m.ephemeral for m in answers), answers
    assert "variant" in answers[-1].content, answers[-1].content
    assert [texts(m) for m in raw_messages(simcord_env, channel)] == before


async def test_the_lobby_says_the_game_started_with_its_real_options(simcord_env: Env) -> None:
    channel, alice = await _lone_player(simcord_env, "amsterdam")
    from bot.devtools.discord_sim import raw_messages, texts

    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start", variant="special_cards")
    lobby = texts(raw_messages(simcord_env, channel)[0]).replace("\\_", "_")
    assert "/start" not in lobby and "variant=base" not in lobby, lobby
    assert "starts Amsterdam" in lobby and "variant=special_cards" in lobby, lobby
