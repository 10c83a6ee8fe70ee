"""A verb several games share is one slash command with the neutral option ``args`` (its games
name the argument differently: Venezia's hexes, Amsterdam's cell, Canal Grande's cards), and
``/place args:…`` plays at an Amsterdam table and at a Venezia table alike."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from simcord import ChannelHandle, Env, MemberActor

from bot.devtools.discord_sim import THINK_SECONDS
from bot.discord.shared_verbs import NEUTRAL_OPTION, VerbOfGame, merged_command
from engine.registry import SlashCommand, registration
from tests.discord.test_sealed import amsterdam_table


def _entry(title: str, param: str | None, required: bool = True) -> VerbOfGame:
    command = SlashCommand("place", f"Place something in {title}", param, f"the {param}", required)
    game = dataclasses.replace(registration("venezia"), name=title.casefold(), title=title)
    return VerbOfGame(game, command)


def test_option_names_of_a_shared_verb() -> None:
    alone = merged_command([_entry("Venezia", "hexes")])
    assert alone.param == "hexes"  # a verb of one game keeps its own name
    same = merged_command([_entry("Venezia", "cells"), _entry("Other", "cells")])
    assert same.param == "cells"
    mixed = merged_command([_entry("Venezia", "hexes"), _entry("Amsterdam", "args", False)])
    assert mixed.param == NEUTRAL_OPTION and not mixed.required
    assert "Venezia: " in mixed.param_description and "Amsterdam: " in mixed.param_description
    partly = merged_command([_entry("Venezia", None), _entry("Amsterdam", "cell")])
    assert partly.param == "cell" and not partly.required  # one game needs no argument
    assert merged_command([_entry("A", None), _entry("B", None)]).param is None


async def _drive_to_place(
    env: Env, channel: ChannelHandle, actors: list[MemberActor], seed: int
) -> tuple[MemberActor, str]:
    """Random moves through /move until one of ``actors`` may place; (that actor, his option).
    Each player takes a moment (virtual time) to decide, as in :func:`play_one`: without it a
    fast random game posts a sixth turn message within five seconds, the bot's pacing waits
    for the window (a virtual timer) and the next command waits behind it."""
    service = env.bot.service
    cid = str(channel.id)
    rng = random.Random(seed)
    for _ in range(200):
        for actor in actors:
            options = await service.play.options_for(cid, str(actor.id))
            places = [o for o in options if o.startswith("place ")]
            if places:
                return actor, rng.choice(places)
            if options:
                await env.advance_time(THINK_SECONDS)
                await actor.slash(channel, "move", text=rng.choice(options))
    raise AssertionError("no placement came up")


async def _placed_with_args(
    env: Env, channel: ChannelHandle, actors: list[MemberActor]
) -> tuple[Any, Any, str]:
    """(view before, view after, what the bot answered) of ``/place args:…`` for a legal place."""
    actor, option = await _drive_to_place(env, channel, actors, 7)
    service = env.bot.service
    before = await service.play.view(str(channel.id))
    await env.advance_time(THINK_SECONDS)
    result = await actor.slash(channel, "place", args=option.removeprefix("place "))
    shown = "\n".join(m.content or "" for m in [result.response, *result.followups] if m)
    after = await service.play.view(str(channel.id))
    assert after != before and "✅" in shown, shown
    assert option not in await service.play.options_for(str(channel.id), str(actor.id))
    return before, after, shown


async def test_place_args_plays_at_an_amsterdam_table(simcord_env: Env) -> None:
    channel, alice, bob = await amsterdam_table(simcord_env, "am-place-args")
    before, after, shown = await _placed_with_args(simcord_env, channel, [alice, bob])
    assert after["game"] == "amsterdam", shown
    assert len(after["grid"]["cells"]) == len(before["grid"]["cells"]) + 1  # a card placed


async def test_place_args_plays_at_a_venezia_table(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("ve-place-args")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "join", game="venezia")
    await bob.slash(channel, "join")
    carla = guild.add_member(simcord_env.create_user("carla"))
    await carla.slash(channel, "join")
    await alice.slash(channel, "start")
    _before, after, shown = await _placed_with_args(simcord_env, channel, [alice, bob, carla])
    assert after["game"] == "venezia", shown
