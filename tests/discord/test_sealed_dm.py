"""Issue #17 (item 10), AM-4.2: the end-of-game hand DM no longer lists every round's
long-revealed "your secret answer: play N": a line that only confirmed one's own answer
(``Event.echo``) is not held for a later DM."""

from __future__ import annotations

import random

from simcord import Env

from bot.devtools.discord_sim import play_game
from bot.discord.dm import without_echo
from bot.table.outputs import PrivateUpdate
from tests.discord.test_held_dms import dm_posts
from tests.discord.test_sealed import amsterdam_table


def test_an_echo_line_is_not_held_for_a_later_dm() -> None:
    echo = "your secret answer: play 12"
    update = PrivateUpdate("1", 0, f"{echo}\nyou bought: tide", echo=(echo,))
    held = without_echo(update)
    assert held is not None and held.text == "you bought: tide"
    assert without_echo(PrivateUpdate("1", 0, echo, echo=(echo,))) is None
    plain = PrivateUpdate("1", 0, "you drew 12")
    assert without_echo(plain) is plain


async def test_the_end_dm_lists_no_long_revealed_secret_answers(simcord_env: Env) -> None:
    env = simcord_env
    channel, alice, bob = await amsterdam_table(env, "amsterdam-dm", variant="gulliver")
    mark = len(env.http_requests)
    await play_game(env, channel, {alice.id: alice, bob.id: bob}, random.Random(5))
    view = await env.bot.service.play.view(str(channel.id))
    assert view is not None and view["over"]
    for player in (alice, bob):
        posts = dm_posts(env, player, mark)
        assert posts, "the game's end brings a DM"
        assert not any("your secret answer" in p for p in posts), posts[-1][:2000]
