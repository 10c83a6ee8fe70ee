"""Shard leases in SimCord (#27: a dead or hung process's shards): the process that ran a
guild's shard is gone and a process running the other shards only is left; once the gone
process's lease ran out, that one fires and posts the table's timers - each once - although
the guild is not on its shards."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from simcord import Env

from bot.devtools.discord_sim import play_one, raw_messages, texts
from bot.discord.actions import TableActions
from bot.discord.client import TableBot
from tests.discord.test_shards import _bot


@pytest.fixture
def simcord_bot(db_path: Path) -> TableBot:
    return _bot(db_path, 2, (0, 1))  # one process running both shards, to begin with


async def test_a_process_fires_the_timers_of_a_gone_process_s_shard(
    simcord_env: Env, db_path: Path
) -> None:
    """#27 (a dead or hung process's shards): a table in a guild of shard 1; its process
    is replaced by one running shard 0 only. After the lease the reminder and the timeout
    are posted by it, once each."""
    env = simcord_env
    guild = env.create_guild(shard_id=1)
    channel = guild.create_text_channel("lease")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    await alice.slash(channel, "settings", settings="live")
    await alice.slash(channel, "start")
    await env.restart_bot(_bot(db_path, 2, (0,)))
    await env.bot.tables_resumed.wait()  # type: ignore[attr-defined]
    await env.advance_time(110)  # the old process's lease ran out; the reminder is due
    shown = "\n".join(texts(m) for m in raw_messages(env, channel))
    assert shown.count("⏰") == 1, shown
    await env.advance_time(40)  # 150 s: the timeout (2 min)
    shown = "\n".join(texts(m) for m in raw_messages(env, channel))
    assert shown.count("ran out of time") == 1, shown


async def test_an_adopter_moves_on_the_ai_turns_a_gone_process_left(
    simcord_env: Env, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#27 ("Timers and AI turns fired by exactly one process, also when processes die"): the
    process of a guild's shard died while an AI seat had to decide (its chain never ran); a
    process running the other shard only adopts the shard once the lease ran out and lets
    the AI seats move on - before, they waited for the dead process's restart."""
    env = simcord_env
    guild = env.create_guild(shard_id=1)
    channel = guild.create_text_channel("lease-ai")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "addbot")

    async def dies_before_the_ais(self: TableActions, dest: Any, channel_id: str) -> None:
        return None  # the process dies before its AI seats play

    monkeypatch.setattr(TableActions, "play_ais", dies_before_the_ais)
    service = env.bot.service
    await alice.slash(channel, "start")
    for _ in range(6):
        d = await service.play.decision(str(channel.id))
        assert d is not None
        if d.is_ai:
            break
        assert await play_one(env, channel, {alice.id: alice}, random.Random(1))
    stuck = await service.play.decision(str(channel.id))
    assert stuck is not None and stuck.is_ai, "no AI decision was left pending"
    monkeypatch.undo()

    await env.restart_bot(_bot(db_path, 2, (0,)))
    await env.bot.tables_resumed.wait()  # type: ignore[attr-defined]
    service = env.bot.service
    await env.advance_time(30)
    still = await service.play.decision(str(channel.id))
    assert still is not None and still.is_ai, "shard 1 is not this process's before the lease ends"
    await env.advance_time(90)  # the gone process's lease ran out: shard 1 adopted
    now = await service.play.decision(str(channel.id))
    assert now is None or not now.is_ai, "the AI seats of the adopted shard did not move on"
