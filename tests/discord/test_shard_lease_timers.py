"""Shard leases in SimCord (#27: a dead or hung process's shards): the process that ran a
guild's shard is gone and a process running the other shards only is left; once the gone
process's lease ran out, that one fires and posts the table's timers - each once - although
the guild is not on its shards."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.devtools.discord_sim import raw_messages, texts
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
