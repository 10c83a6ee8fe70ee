"""#27 item 5 ("PostgreSQL stopped mid-game: ... everything resumes when the database returns,
without a restart"), found while soaking PostgreSQL: the database went away while the AI seats
played after a human's move, and the AIs' turn stayed stuck until the bot restarted - nobody
else moves an AI seat on (the human cannot: it is not his decision), and only the start-up
resumed them. Now the turn-timer scheduler's next pass lets them move on, in SimCord."""

from __future__ import annotations

import random
from typing import Any

from simcord import Env

from bot.devtools.discord_sim import play_one
from bot.discord.timer_posts import TIMER_POLL_SECONDS
from bot.storage.errors import StorageUnavailable


async def test_ai_turns_the_outage_stopped_move_on_once_the_database_is_back(
    simcord_env: Env,
) -> None:
    env = simcord_env
    bot: Any = env.bot
    guild = env.create_guild()
    channel = guild.create_text_channel("outage-ai")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    service = bot.service
    table = service.tables.get(str(channel.id))
    away = [False]

    def outage(channel_id: str, seq: int) -> None:
        """The database is away when an AI seat's move is committed."""
        d = table.state.pending() if table.state is not None else None
        if away[0] and d is not None and table.players[d.seat].is_ai:
            raise StorageUnavailable("PostgreSQL unavailable: the server closed the connection")

    service.committer.before_commit = outage
    rng = random.Random(3)
    stuck = None
    for _ in range(20):
        d = await service.play.decision(str(channel.id))
        if d is not None and not d.is_ai:
            away[0] = True  # alice moves, then the database goes away
            assert await play_one(env, channel, {alice.id: alice}, rng)
            stuck = await service.play.decision(str(channel.id))
            if stuck is not None and stuck.is_ai:
                break
        await env.advance_time(1)
    assert stuck is not None and stuck.is_ai, "the outage stopped no AI turn"
    away[0] = False  # the database is back
    await env.advance_time(TIMER_POLL_SECONDS + 1)  # one scheduler pass
    now = await service.play.decision(str(channel.id))
    assert now is None or not now.is_ai, "the AI seats did not move on"
    assert service.play.stalled() == []
