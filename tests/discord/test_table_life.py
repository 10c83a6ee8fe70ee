"""The table in a real server's situations, in SimCord: restarts (also in the middle of an AI
chain), closed DMs, a missing permission, two tables at once, a thread, long and hostile input.
"""

from __future__ import annotations

import random
from pathlib import Path

import discord
import pytest
from simcord import ChannelHandle, Env, MemberActor

from bot.devtools.discord_sim import (
    controls,
    decision_message,
    live_messages,
    play_one,
    raw_messages,
    texts,
)
from tests.discord.conftest import make_bot


async def seated(
    env: Env, channel: ChannelHandle, names: tuple[str, ...] = ("alice", "bob"), ais: int = 1
) -> list[MemberActor]:
    guild = env.guild
    players = [guild.add_member(env.create_user(n)) for n in names]
    for p in players:
        await p.slash(channel, "join")
    for _ in range(ais):
        await players[0].slash(channel, "addbot")
    await players[0].slash(channel, "start")
    return players


async def play_n(
    env: Env, channel: ChannelHandle, players: list[MemberActor], n: int, seed: int = 1
) -> None:
    rng = random.Random(seed)
    actors = {p.id: p for p in players}
    for _ in range(n):
        assert await play_one(env, channel, actors, rng), "the game stopped showing decisions"


def ai_seat_deciding(bot: object, channel: ChannelHandle) -> bool:
    """Whether the channel's pending decision is an AI seat's (test-only look inside)."""
    table = bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    d = table.state.pending()
    return d is not None and table.players[d.seat].is_ai


async def test_restart_mid_game_keeps_one_live_message(simcord_env: Env, db_path: Path) -> None:
    channel = simcord_env.create_guild().create_text_channel("venezia")
    players = await seated(simcord_env, channel)
    await play_n(simcord_env, channel, players, 8)
    before = decision_message(simcord_env, channel)
    assert before is not None
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.bot.tables_resumed.wait()  # on_ready runs as a task of its own
    after = decision_message(simcord_env, channel)
    assert after is not None and after.id == before.id, "the current message stays current"
    await play_n(simcord_env, channel, players, 8, seed=2)
    assert len(live_messages(simcord_env, channel)) == 1


async def stuck_in_an_ai_chain(env: Env, channel: ChannelHandle) -> list[MemberActor]:
    """A game left as a crash in the middle of an AI chain leaves it: an AI must decide and
    nothing is offered to anybody."""
    players = await seated(env, channel)
    bot = env.bot

    def crash_ai_commit(channel_id: str, seq: int) -> None:
        if ai_seat_deciding(bot, channel):
            raise RuntimeError("the process died in the middle of an AI chain")

    bot.service.committer.before_commit = crash_ai_commit  # type: ignore[attr-defined]
    rng = random.Random(3)
    actors = {p.id: p for p in players}
    for _ in range(200):
        if not await play_one(env, channel, actors, rng):
            break
    else:
        raise AssertionError("the AI never had to move")
    bot.service.committer.before_commit = None  # type: ignore[attr-defined]
    assert ai_seat_deciding(bot, channel)
    assert decision_message(env, channel) is None
    return players


def channel_state(env: Env, channel: ChannelHandle) -> list[str]:
    """What the channel shows: every message with its text, controls and attachments (an AI
    move inside a running turn edits that turn's message instead of posting a new one)."""
    return [
        repr(
            (
                m.id,
                m.content,
                getattr(m, "components", None),
                getattr(m, "attachments", None),
                getattr(m, "embeds", None),
            )
        )
        for m in raw_messages(env, channel)
    ]


async def test_restart_during_an_ai_chain_resumes_the_game(simcord_env: Env, db_path: Path) -> None:
    channel = simcord_env.create_guild().create_text_channel("venezia")
    players = await stuck_in_an_ai_chain(simcord_env, channel)
    shown_before = channel_state(simcord_env, channel)
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.bot.tables_resumed.wait()  # on_ready runs as a task of its own
    # Start-up resumed the table: the AI moved, the next human's turn is offered.
    current = decision_message(simcord_env, channel)
    assert current is not None
    assert channel_state(simcord_env, channel) != shown_before  # the AI moves are shown
    assert not ai_seat_deciding(simcord_env.bot, channel)
    await play_n(simcord_env, channel, players, 6, seed=4)
    assert len(live_messages(simcord_env, channel)) == 1


async def test_a_refused_command_still_posts_the_ai_moves_it_caught_up(
    simcord_env: Env,
) -> None:
    channel = simcord_env.create_guild().create_text_channel("venezia")
    players = await stuck_in_an_ai_chain(simcord_env, channel)
    shown_before = channel_state(simcord_env, channel)
    d = await simcord_env.bot.service.play.decision(str(channel.id))
    assert d is not None and d.is_ai
    # Somebody types an exchange nobody could make: refused, but the AI moves are shown.
    result = await players[0].slash(channel, "exchange", tokens="99")
    answer = (result.followups or [result.response])[-1]
    assert answer is not None and answer.ephemeral and not answer.content.startswith("✅")
    assert not ai_seat_deciding(simcord_env.bot, channel)
    assert channel_state(simcord_env, channel) != shown_before  # the AI moves are shown
    assert decision_message(simcord_env, channel) is not None


async def test_closed_dms_are_remembered_across_restarts(simcord_env: Env, db_path: Path) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("venezia")
    bob_user = simcord_env.create_user("bob")
    dm_path = f"/channels/{bob_user.dm_channel.id}/messages"
    simcord_env.inject_error(
        "POST",
        dm_path,
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(bob_user)
    for p in (alice, bob):
        await p.slash(channel, "join")
    await alice.slash(channel, "addbot")
    await alice.slash(channel, "start")
    rng = random.Random(1)
    actors = {alice.id: alice, bob.id: bob}
    for _ in range(200):  # until Bob's hand had to go out once (the game's seed is random)
        assert await play_one(simcord_env, channel, actors, rng)
        if any(e.path == dm_path for e in simcord_env.http_requests):
            break
    await play_n(simcord_env, channel, [alice, bob], 4)
    await simcord_env.restart_bot(make_bot(db_path))
    await simcord_env.bot.tables_resumed.wait()  # on_ready runs as a task of its own
    await play_n(simcord_env, channel, [alice, bob], 12, seed=5)
    attempts = [e for e in simcord_env.http_requests if e.method == "POST" and e.path == dm_path]
    assert len(attempts) == 1, "closed DMs are tried once per game, not on every move"
    notes = [m for m in raw_messages(simcord_env, channel) if "cannot send you direct" in texts(m)]
    assert len(notes) == 1
    assert f"<@{bob.id}>" in texts(notes[0])
    hand = await bob.slash(channel, "hand")
    answer = (hand.followups or [hand.response])[-1]
    assert answer is not None and answer.ephemeral
    assert "your hand" in (answer.embeds[0].description or "")


async def test_missing_permission_refuses_before_anything_changes(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    me = guild.me
    assert me is not None
    channel = guild.create_text_channel(
        "venezia", overwrites={me: discord.PermissionOverwrite(attach_files=False)}
    )
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "join")
    answer = (result.followups[-1] if result.followups else result.response).content
    assert result.ephemeral
    assert "Attach Files" in answer and "nothing was changed" in answer
    assert raw_messages(simcord_env, channel) == []
    assert simcord_env.bot.service.storage.lobby.list_seats(str(channel.id)) == []


async def test_a_table_in_a_thread(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    parent = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    thread = ChannelHandle(
        simcord_env, guild, simcord_env.backend.create_thread(parent.id, "venezia", alice.id)
    )
    players = await seated(simcord_env, thread, ("bob", "carla"))
    await play_n(simcord_env, thread, players, 6)
    assert decision_message(simcord_env, thread) is not None
    bot_id = simcord_env.backend.bot_user.id
    assert [m for m in raw_messages(simcord_env, parent) if m.author_id == bot_id] == []
    assert any(m.author_id == bot_id for m in raw_messages(simcord_env, thread))


async def test_two_tables_at_once(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    one, two = guild.create_text_channel("one"), guild.create_text_channel("two")
    first = await seated(simcord_env, one, ("alice", "bob"))
    second = await seated(simcord_env, two, ("carla", "dave"))
    for n in range(5):
        await play_n(simcord_env, one, first, 1, seed=10 + n)
        await play_n(simcord_env, two, second, 1, seed=20 + n)
    for channel in (one, two):
        live = live_messages(simcord_env, channel)
        assert len(live) == 1
        assert all(str(channel.id) in c["custom_id"] for c in controls(live[0]))


async def test_long_input_is_capped_and_replies_stay_short(simcord_env: Env) -> None:
    channel = simcord_env.create_guild().create_text_channel("venezia")
    players = await seated(simcord_env, channel)
    with pytest.raises(Exception, match="at most"):
        await players[0].slash(channel, "play", args="ponte " * 500)
    result = await players[0].slash(channel, "log", count=50)
    text = (result.followups[-1] if result.followups else result.response).content
    assert len(text) <= 2000


async def test_names_are_escaped_in_public_texts(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("venezia")
    mallory = guild.add_member(simcord_env.create_user("m", global_name="**Boss** @everyone"))
    await mallory.slash(channel, "join")
    (lobby,) = raw_messages(simcord_env, channel)
    shown = texts(lobby)
    assert "\\*\\*Boss\\*\\*" in shown
    assert "@everyone" not in shown.replace("@\u200beveryone", "")
