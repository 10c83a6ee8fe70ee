"""Held hand updates survive a restart: the player's next DM still brings them, once."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from simcord import Env

from bot.discord_layout import escape
from bot.discord_sim import play_game, play_one
from tests.discord.conftest import make_bot
from tests.discord.test_table_life import seated


def dm_posts(env: Env, player: Any, since: int = 0) -> list[str]:
    path = f"/channels/{player.user.dm_channel.id}/messages"
    return [
        str((e.json or {}).get("content") or "")
        for e in env.http_requests[since:]
        if e.method == "POST" and e.path == path
    ]


async def test_held_dm_lines_survive_a_restart_mid_turn(simcord_env: Env, db_path: Path) -> None:
    env = simcord_env
    channel = env.create_guild().create_text_channel("venezia")
    players = await seated(env, channel)
    actors = {p.id: p for p in players}
    rng = random.Random(2)
    table = str(channel.id)
    held_lines: list[str] = []
    decider = None
    for _ in range(300):  # until the player deciding has updates held for his next DM
        assert await play_one(env, channel, actors, rng)
        d = await env.bot.service.decision(table)
        held = await env.bot.mail.held(table)
        if d is not None and d.user_id in held:
            decider = actors[int(d.user_id)]
            held_lines = [
                line
                for p in held[d.user_id]
                for line in p.text.splitlines()
                if line.strip() and line != p.summary
            ]
            if held_lines:
                break
    assert decider is not None and held_lines, "no update was ever held"
    mark = len(env.http_requests)

    await env.restart_bot(make_bot(db_path))
    await env.bot.tables_resumed.wait()
    assert (await env.bot.mail.held(table)).get(str(decider.id)), "the held lines were lost"
    for _ in range(60):  # until his next DM
        if dm_posts(env, decider, mark):
            break
        assert await play_one(env, channel, actors, rng)
    sent = dm_posts(env, decider, mark)
    assert sent, "no DM came after the restart"
    for line in held_lines:
        assert escape(line) in sent[0], (line, sent[0])
    # Sent once: forgotten in the database, and not in a second DM.
    assert str(decider.id) not in await env.bot.mail.held(table)
    assert all(escape(held_lines[0]) not in later for later in sent[1:])


async def test_ai_moves_hold_a_solo_players_hand_dms_to_one_a_turn(simcord_env: Env) -> None:
    """A decision passing to an AI seat inside a turn is no hand-over: the human is not DMed
    after every AI move; what was held goes out when a turn ends (at most one DM a turn, not
    only at the game's end), the rest when the game ends, and nothing stays held."""
    env = simcord_env
    channel = env.create_guild().create_text_channel("canal-solo")
    alice = channel.guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join", game="canal_grande")
    await alice.slash(channel, "options", settings="turn_limit=4")
    await alice.slash(channel, "addbot")
    mark = len(env.http_requests)
    await alice.slash(channel, "start")
    decisions = await play_game(env, channel, {alice.id: alice}, random.Random(4))
    view = await env.bot.service.view(str(channel.id))
    assert view is not None and view["game_over"] and decisions > 4
    posts = dm_posts(env, alice, mark)
    turns = int(view.get("turn") or 0)
    assert 2 <= len(posts) <= turns + 1, (turns, posts)
    assert await env.bot.mail.held(str(channel.id)) == {}
