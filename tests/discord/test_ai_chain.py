"""AI turns that follow each other, in SimCord: one message per chain, kept up to date while
the AIs play, the board after them, and never more than 5 posts and edits per 5 seconds."""

from __future__ import annotations

import itertools
import random
from typing import Any

from simcord import Env

from bot.devtools.discord_sim import play_one, raw_messages, texts
from bot.discord.pace import Pace

#: Virtual seconds one AI move takes (the AIs of a real table think a while).
AI_THINKS = 1.5


class StampedLog(list[Any]):
    """SimCord's request log, noting the (test) clock of each request as it is made."""

    def __init__(self, entries: list[Any], clock: Any) -> None:
        super().__init__(entries)
        self.clock = clock
        self.stamps: list[float | None] = [None] * len(entries)

    def append(self, entry: Any) -> None:
        super().append(entry)
        self.stamps.append(self.clock())


def is_chain(message: Any) -> bool:
    return "— AI turn" in texts(message)


async def test_an_ai_chain_is_one_message_updated_while_the_ais_play(simcord_env: Env) -> None:
    env = simcord_env
    bot: Any = env.bot
    guild = env.create_guild()
    channel = guild.create_text_channel("venezia")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "addbot")

    # The bot's clock: SimCord's virtual time plus the time the AIs spent thinking.
    thought = [0.0]
    loop_time = bot.loop.time

    def clock() -> float:
        return float(loop_time()) + thought[0]

    async def sleep(delay: float) -> None:
        thought[0] += delay

    table = str(channel.id)

    def ai_thinks(channel_id: str, seq: int) -> None:
        state = bot.service.tables.get(table).state
        d = state.pending() if state is not None else None
        if (
            channel_id == table
            and d is not None
            and bot.service.tables.get(table).players[d.seat].is_ai
        ):
            thought[0] += AI_THINKS

    bot.table.pace = Pace(clock=clock, sleep=sleep)
    bot.service.committer.before_commit = ai_thinks
    log = StampedLog(env.backend.http_requests, clock)
    env.backend.http_requests = log
    start = len(log)

    await alice.slash(channel, "start")
    rng = random.Random(5)
    for _ in range(15):
        assert await play_one(env, channel, {alice.id: alice}, rng)
    bot.service.committer.before_commit = None

    shown = raw_messages(env, channel)
    chains = [m for m in shown if is_chain(m)]
    assert chains, "the AIs never played"
    # One message per chain: AI turns that follow each other never make two messages.
    for before, after in itertools.pairwise(shown):
        assert not (is_chain(before) and is_chain(after)), texts(after)
    assert any("— AI turns " in texts(m) for m in chains), "two AIs in a row share a message"
    # Kept up to date while they play: edited with the running chain ("playing…"), and in
    # final form with the board after them.
    base = f"/channels/{channel.id}/messages"
    chain_ids = {str(m.id) for m in chains}
    running = [
        e
        for e in log[start:]
        if e.method == "PATCH"
        and e.path.rsplit("/", 1)[-1] in chain_ids
        and "(playing…)" in repr(e.json)
    ]
    assert running, "no chain message was edited while the AIs played"
    for m in chains[:-1]:
        assert "(playing…)" not in texts(m) and m.attachments, texts(m)
    # Discord's 5 messages per 5 seconds: no window holds more than 5 posts and edits.
    stamps = [
        t
        for e, t in zip(log[start:], log.stamps[start:], strict=True)
        if t is not None
        and (
            (e.method == "POST" and e.path == base)
            or (e.method == "PATCH" and e.path.startswith(base + "/"))
        )
    ]
    worst = max(sum(1 for u in stamps if t <= u < t + 5.0) for t in stamps)
    assert worst <= 5, f"{worst} posts and edits within 5 seconds"
