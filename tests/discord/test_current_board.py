"""Nobody decides under a stale board: whenever a person must decide something that looks at
the board (the game's ``image_decisions``: a Venezia placement, the choice of a Canal Grande
offer), the newest picture in the channel is the board as it is now - also when earlier
decisions of the same turn changed it (the picture is replaced in the turn's message)."""

from __future__ import annotations

import random

import pytest
from simcord import Env

from bot.devtools.discord_sim import play_one, raw_messages
from engine.registry import registration


def newest_picture(env: Env, channel: object) -> bytes | None:
    for message in reversed(raw_messages(env, channel)):  # type: ignore[arg-type]
        if message.attachments:
            url = message.attachments[-1]["url"]
            return env.backend.cdn.get(url)
    return None


@pytest.mark.parametrize(("game", "humans"), [("venezia", 3), ("canal_grande", 2)])
async def test_every_image_decision_sees_the_board_as_it_is(
    simcord_env: Env, game: str, humans: int
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel(f"current-{game}")
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carla")[:humans]]
    await players[0].slash(channel, "join", game=game)
    for p in players[1:]:
        await p.slash(channel, "join")
    await players[0].slash(channel, "start")
    kinds = registration(game).image_decisions
    actors = {p.id: p for p in players}
    rng = random.Random(3)
    checked = 0
    for _ in range(80):
        d = await env.bot.service.play.decision(str(channel.id))
        if d is None:
            break
        if d.kind in kinds:
            board = await env.bot.service.play.board(str(channel.id))
            assert board.image is not None
            assert newest_picture(env, channel) == board.image, (d.kind, d.seq)
            checked += 1
        assert await play_one(env, channel, actors, rng)
    assert checked >= 5, checked
