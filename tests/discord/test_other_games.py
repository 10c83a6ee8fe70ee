"""Canal Grande in a SimCord channel: the buttons and menus come from its registration's
controls, and a whole game is played by clicking only what the bot shows."""

from __future__ import annotations

import random

from simcord import Env

from bot.discord_sim import play_game, raw_messages, texts


async def test_canal_grande_plays_to_its_end_by_clicking(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    decisions = await play_game(simcord_env, channel, {alice.id: alice}, random.Random(3))
    assert decisions > 5
    view = await simcord_env.bot.service.view(str(channel.id))
    assert view is not None and view["game"] == "canal_grande" and view["game_over"]
    assert "game over" in texts(raw_messages(simcord_env, channel)[-1])


async def test_options_are_set_in_the_lobby_and_shown(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canal-options")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "options", settings="first_divider=2 turn_limit=300")
    status = await simcord_env.bot.service.status(str(channel.id))
    assert "first_divider=2" in status.text and "turn_limit=300" in status.text
    refused = await alice.slash(channel, "options", settings="colour=red")
    shown = [refused.response, *refused.followups]
    assert any("no option 'colour'" in (m.content or "") for m in shown if m is not None)
    assert "first_divider=2" in (await simcord_env.bot.service.status(str(channel.id))).text
