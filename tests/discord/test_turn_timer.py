"""Turn timers in SimCord with its virtual clock: the lobby's timer menu and /settings, a
reminder ping (deleted once answered), an AI takeover announced with a button to take the seat
back, /resume, a restart between the reminder and the timeout, /kick."""

from __future__ import annotations

from pathlib import Path

from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.devtools.discord_sim import action_of, controls, decision_message, raw_messages, texts
from tests.discord.conftest import make_bot
from tests.discord.test_sealed import choose_button, shown


async def two_player_table(
    env: Env, name: str, preset: str = "live"
) -> tuple[ChannelHandle, MemberActor, MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel(name)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    await alice.slash(channel, "settings", settings=preset)
    await alice.slash(channel, "start")
    return channel, alice, bob


async def three_player_table(
    env: Env, name: str, preset: str | None = None
) -> tuple[ChannelHandle, list[MemberActor]]:
    """alice, bob and cleo at a started table (``preset``: its /settings before the start)."""
    guild = env.create_guild()
    channel = guild.create_text_channel(name)
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cleo")]
    for p in players:
        await p.slash(channel, "join")
    if preset is not None:
        await players[0].slash(channel, "settings", settings=preset)
    await players[0].slash(channel, "start")
    return channel, players


def all_text(env: Env, channel: ChannelHandle) -> str:
    return "\n".join(texts(m) for m in raw_messages(env, channel))


def deciding(env: Env, channel: ChannelHandle) -> str | None:
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    d = table.state.pending()
    if d is None:
        return None
    player = table.players[d.seat]
    return None if player.is_ai else player.user_id


async def test_lobby_has_a_timer_menu_and_settings_show_in_status(simcord_env: Env) -> None:
    env = simcord_env
    channel = env.create_guild().create_text_channel("timer-menu")
    alice = env.guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join")
    lobby = ResponseMessage(env, raw_messages(env, channel)[-1])
    menu = next(c for c in controls(lobby) if action_of(c["custom_id"]) == "timer")
    await alice.select(lobby, ["evening"], custom_id=menu["custom_id"])
    assert "15 min (evening)" in all_text(env, channel)
    lobby = ResponseMessage(env, raw_messages(env, channel)[-1])
    menu = next(c for c in controls(lobby) if action_of(c["custom_id"]) == "timer")
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["evening"]
    result = await alice.slash(channel, "status")
    shown = "\n".join(texts(m) for m in [result.response, *result.followups] if m is not None)
    assert "Turn timer: 15 min (evening)" in shown


async def test_reminder_takeover_and_the_resume_button(simcord_env: Env) -> None:
    env = simcord_env
    channel, alice, bob = await two_player_table(env, "timer-takeover")
    late = deciding(env, channel)
    assert late is not None
    actor = alice if str(alice.id) == late else bob
    await env.advance_time(70)  # past the reminder (1 min), before the timeout (2 min)
    reminders = [m for m in raw_messages(env, channel) if "⏰" in texts(m)]
    assert len(reminders) == 1 and f"<@{late}>" in texts(reminders[0])
    await env.advance_time(60)
    announced = all_text(env, channel)
    assert "ran out of time" in announced
    assert not [m for m in raw_messages(env, channel) if "⏰" in texts(m)], "reminder deleted"
    note = ResponseMessage(
        env, next(m for m in raw_messages(env, channel) if "Take" in str(m.components))
    )
    button = next(c for c in controls(note) if action_of(c["custom_id"]) == "resume")
    await actor.click(note, custom_id=button["custom_id"])
    assert "is back" in all_text(env, channel)
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    assert any(p.user_id == late and not p.is_ai for p in table.players)


async def test_restart_between_reminder_and_timeout(simcord_env: Env, db_path: Path) -> None:
    env = simcord_env
    channel, _alice, _bob = await two_player_table(env, "timer-restart")
    await env.advance_time(70)
    assert len([m for m in raw_messages(env, channel) if "⏰" in texts(m)]) == 1
    await env.restart_bot(make_bot(db_path))
    await env.bot.tables_resumed.wait()  # type: ignore[attr-defined]
    await env.advance_time(30)  # 100 s: nothing new
    assert "ran out of time" not in all_text(env, channel)
    await env.advance_time(40)  # 140 s: the timeout, once
    assert all_text(env, channel).count("ran out of time") == 1
    assert "⏰" not in all_text(env, channel), "the reminder is deleted, also after a restart"
    await env.advance_time(300)
    assert all_text(env, channel).count("ran out of time") <= 2  # the AI answered; at most
    # one more timeout of the other player's next decision, never a repeat of the first


async def test_kick_by_the_host(simcord_env: Env) -> None:
    env = simcord_env
    channel, players = await three_player_table(env, "kick")
    refused = await players[1].slash(channel, "kick", seat=3)
    shown = "\n".join(texts(m) for m in [refused.response, *refused.followups] if m is not None)
    assert "only the host" in shown.casefold()
    await players[0].slash(channel, "kick", seat=3)
    assert "moved to the AI" in all_text(env, channel)


async def test_sealed_stage_one_seat_times_out(simcord_env: Env) -> None:
    """Amsterdam's secret choice: bob answers, alice does not; only alice's seat times out,
    the AI answers from her seat and the cards are revealed."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("timer-sealed")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join", game="amsterdam")
    await bob.slash(channel, "join")
    await alice.slash(channel, "settings", settings="live")
    await alice.slash(channel, "start")
    await env.advance_time(30)
    stored = decision_message(env, channel)
    assert stored is not None
    opened = await bob.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    menu_message = next(m for m in shown(opened) if any(c.get("type") == 3 for c in controls(m)))
    menu = next(c for c in controls(menu_message) if c.get("type") == 3)
    await bob.select(menu_message, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    await env.advance_time(100)  # 130 s: alice's time is up, bob's was not running any more
    text = all_text(env, channel)
    assert text.count("ran out of time") == 1 and "alice ran out of time" in text
    assert "revealed" in text


async def test_pause_at_the_timeout(simcord_env: Env) -> None:
    env = simcord_env
    channel, _alice, _bob = await two_player_table(env, "timer-pause", "live timeout pause")
    await env.advance_time(130)
    assert "the game is paused" in all_text(env, channel)
    assert decision_message(env, channel) is not None  # the controls stay for the player


async def test_replace_a_player_with_a_waiting_person(simcord_env: Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("replace-person")
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cleo")]
    dan = guild.add_member(env.create_user("dan"))
    for p in players:
        await p.slash(channel, "join")
    await players[0].slash(channel, "start")
    await players[0].slash(channel, "replace", player=players[2], person=dan)
    assert "dan takes over seat 3" in all_text(env, channel)
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    assert table.players[2].user_id == str(dan.id)


async def test_an_untouched_game_is_archived(simcord_env: Env) -> None:
    """14 days without an action: the game is archived (aborted, its record kept) with a
    message, and the table message loses its controls. The scheduler is stopped and run once
    by hand, so that SimCord need not step its 20-second loop through two weeks."""
    env = simcord_env
    channel, _alice, _bob = await two_player_table(env, "archive", "off")
    env.bot.timer_loop.cancel()  # type: ignore[attr-defined]
    await env.advance_time(15 * 86400)
    with env.time_context():
        await env.bot.run_timers()  # type: ignore[attr-defined]
    await env.advance_time(1)
    assert "it is archived" in all_text(env, channel)
    assert decision_message(env, channel) is None
    service = env.bot.service  # type: ignore[attr-defined]
    assert await service.play.decisions(str(channel.id)) == ()
    assert await service.history.lines(str(channel.id))


async def test_pause_vote_buttons(simcord_env: Env) -> None:
    """Three players, ``timeout pause``: the pause's message carries the vote buttons; an
    onlooker's click is refused privately, one vote shows in the tally, the second vote for
    the AI hands the seat over."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("timer-vote")
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cleo")]
    onlooker = guild.add_member(env.create_user("dan"))
    for p in players:
        await p.slash(channel, "join")
    await players[0].slash(channel, "settings", settings="live timeout pause")
    await players[0].slash(channel, "start")
    late = deciding(env, channel)
    assert late is not None
    voters = [p for p in players if str(p.id) != late]
    await env.advance_time(130)
    assert "paused" in all_text(env, channel)

    def vote_note() -> ResponseMessage:
        found = next(m for m in raw_messages(env, channel) if "🗳️" in texts(m))
        return ResponseMessage(env, found)

    def button(choice: str) -> str:
        return next(
            c["custom_id"]
            for c in controls(vote_note())
            if action_of(c["custom_id"]) == "vote" and c["custom_id"].endswith(choice)
        )

    refused = await onlooker.click(vote_note(), custom_id=button("ai"))
    said = "\n".join(texts(m) for m in [refused.response, *refused.followups] if m is not None)
    assert "only the other players" in said.casefold()
    assert "0 votes to let an AI play" in all_text(env, channel)  # nothing changed
    await voters[0].click(vote_note(), custom_id=button("ai"))
    assert "1 vote to let an AI play" in all_text(env, channel)
    await voters[1].slash(channel, "pausevote", choice="ai")
    shown = all_text(env, channel)
    assert "voted: an AI" in shown
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    assert not any(p.user_id == late for p in table.players)
    assert not controls(vote_note()), "the decided vote's message has no buttons"
