"""#28 (the seat an AI takes over): on Discord the AI that takes a timed-out seat plays at the
table's level - its AI seats' (greedy here), not the default random - and the stored seat says
which level played it. Before, a table without a level in /settings handed the seat to random."""

from __future__ import annotations

from simcord import Env

from tests.discord.test_lobby_controls import _pick, _said
from tests.discord.test_turn_timer import all_text, deciding


async def test_a_timed_out_seat_is_played_at_the_tables_level(simcord_env: Env) -> None:
    """#28: alice, bob and a greedy AI; the one who times out gets a greedy AI."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("takeover-level")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    assert not _said(await _pick(env, alice, channel, "addai", "greedy"))
    await alice.slash(channel, "settings", settings="live")
    await alice.slash(channel, "start")
    late = deciding(env, channel)
    assert late is not None
    await env.advance_time(130)  # past the live timeout (2 min)
    text = all_text(env, channel)
    assert "ran out of time: an AI (greedy) plays seat" in text, text[-2000:]
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    taken = [p for p in table.players if p.is_ai and p.user_id is None and p.name != "Greedy AI"]
    assert taken and all(p.ai_level == 1 for p in taken), table.players


async def test_settings_name_the_level_that_takes_a_seat(simcord_env: Env) -> None:
    """#28 item: /settings said "then an AI (random) takes the seat" at a table whose AI
    seats play greedy, while a timed-out seat is given to a greedy AI: the line names the level
    that will play, in the lobby and during the game."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("settings-level")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    assert not _said(await _pick(env, alice, channel, "addai", "greedy"))
    await alice.slash(channel, "settings", settings="live")
    lobby_line = all_text(env, channel)
    assert "then an AI (greedy) takes the seat" in lobby_line, lobby_line[-1500:]
    await alice.slash(channel, "start")
    shown = await alice.slash(channel, "settings")
    said = "\n".join(m.content or "" for m in [shown.response, *shown.followups] if m)
    said += all_text(env, channel)[-3000:]
    assert "then an AI (greedy) takes the seat" in said, said[-1500:]
    assert "an AI (random)" not in said
