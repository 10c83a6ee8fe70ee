"""What players see in SimCord when an AI takes a seat: the reminder note goes whichever way
the seat went to the AI (#24 item 7), the player whose seat an AI holds is told how to take
it back when he uses the table's controls (#24 item 8), and a takeover whose AI move ends the
game shows the game's end without a live "Take my seat back" button (#24 item 1)."""

from __future__ import annotations

import random

import pytest
from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.devtools.discord_sim import (
    DECISION_ACTIONS,
    action_of,
    controls,
    decision_message,
    raw_messages,
    texts,
)
from tests.discord.test_sealed import shown
from tests.discord.test_turn_timer import all_text, deciding, three_player_table, two_player_table


def reminders(env: Env, channel: ChannelHandle) -> list[str]:
    return [texts(m) for m in raw_messages(env, channel) if "⏰" in texts(m)]


async def three_paused(env: Env, name: str) -> tuple[ChannelHandle, MemberActor, list[MemberActor]]:
    """Three players, ``timeout pause``: the first decider is reminded, then runs out of time
    (the game pauses). Returns the channel, the late player and the two others."""
    channel, players = await three_player_table(env, name, "live timeout pause")
    late = deciding(env, channel)
    assert late is not None
    await env.advance_time(70)
    assert len(reminders(env, channel)) == 1
    await env.advance_time(60)
    assert "paused" in all_text(env, channel)
    actor = next(p for p in players if str(p.id) == late)
    return channel, actor, [p for p in players if p is not actor]


async def test_the_vote_for_an_ai_removes_the_reminder(simcord_env: Env) -> None:
    """#24 item 7: the pause vote hands the seat to an AI: the "1 min left" note goes at once
    (as at a direct timeout), not at /resume."""
    env = simcord_env
    channel, _late, voters = await three_paused(env, "vote-reminder")
    for voter in voters:
        await voter.slash(channel, "pausevote", choice="ai")
    assert "voted: an AI" in all_text(env, channel)
    assert reminders(env, channel) == [], "the reminder stayed after the vote"


async def test_the_vote_to_end_removes_the_reminder(simcord_env: Env) -> None:
    """#24 item 7: the vote ends the game: the paused player's reminder goes too."""
    env = simcord_env
    channel, _late, voters = await three_paused(env, "vote-end-reminder")
    for voter in voters:
        await voter.slash(channel, "pausevote", choice="end")
    assert "aborted" in all_text(env, channel)
    assert reminders(env, channel) == []


async def test_a_kick_removes_the_reminder(simcord_env: Env) -> None:
    """#24 item 7: /kick of a reminded player (the host's handover) removes his reminder."""
    env = simcord_env
    channel, players = await three_player_table(env, "kick-reminder", "live")
    late = deciding(env, channel)
    assert late is not None
    await env.advance_time(70)
    assert len(reminders(env, channel)) == 1
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    seat = next(i for i, p in enumerate(table.players) if p.user_id == late)
    await players[0].slash(channel, "kick", seat=seat + 1)  # the host
    assert "moved to the AI" in all_text(env, channel)
    assert reminders(env, channel) == []


async def click_a_decision_control(env: Env, actor: MemberActor, channel: ChannelHandle) -> str:
    """``actor`` uses the newest decision message's first control; what he is told."""
    stored = decision_message(env, channel)
    assert stored is not None
    message = ResponseMessage(env, stored)
    control = next(c for c in controls(stored) if action_of(c["custom_id"]) in DECISION_ACTIONS)
    if control.get("type") == 3:
        value = control["options"][0]["value"]
        result = await actor.select(message, [value], custom_id=control["custom_id"])
    else:
        result = await actor.click(message, custom_id=control["custom_id"])
    return "\n".join(texts(m) for m in shown(result))


async def test_a_player_whose_seat_an_ai_holds_is_told_how_to_take_it_back(
    simcord_env: Env,
) -> None:
    """#24 item 8: not "You are not playing in this game" - an AI holds his seat, /resume
    takes it back."""
    env = simcord_env
    channel, alice, bob = await two_player_table(env, "taken-menu")
    late = deciding(env, channel)
    assert late is not None
    actor = alice if str(alice.id) == late else bob
    await env.advance_time(130)
    assert "ran out of time" in all_text(env, channel)
    told = await click_a_decision_control(env, actor, channel)
    assert "not playing in this game" not in told
    assert "AI" in told and "/resume" in told, told
    # a typed command is answered the same way
    result = await actor.slash(channel, "play", args="pass")
    said = "\n".join(texts(m) for m in shown(result))
    assert "/resume" in said, said


@pytest.mark.parametrize("how", ["kick", "replace"])
async def test_a_moved_out_player_is_told_who_can_seat_him_again(
    simcord_env: Env, how: str
) -> None:
    """#24 item 8: a player the host moved out (/kick, or /replace with an AI) is told that
    the host can /replace him back, not that he is not playing; and the host can."""
    env = simcord_env
    channel, players = await three_player_table(env, f"moved-out-{how}")
    if how == "kick":
        await players[0].slash(channel, "kick", seat=3)
    else:
        await players[0].slash(channel, "replace", player=players[2])
    told = await click_a_decision_control(env, players[2], channel)
    assert "not playing in this game" not in told
    assert "/replace" in told, told
    await players[0].slash(channel, "replace", player=players[2], person=players[2])
    table = env.bot.service.tables.get(str(channel.id))  # type: ignore[attr-defined]
    assert table.players[2].user_id == str(players[2].id) and not table.players[2].is_ai


async def play_to_the_last_decision(env: Env, channel: ChannelHandle) -> str:
    """Play the table's game (fixed random answers, through the service) up to a decision
    whose every answer ends the game; the id of the player who holds it."""
    service = env.bot.service  # type: ignore[attr-defined]
    table = service.tables.get(str(channel.id))
    rng = random.Random(1)
    with env.time_context():
        for _move in range(2000):
            state = table.state
            assert state is not None
            pending = state.pending_all()
            d = pending[0]
            probes = []
            for option in d.options:
                probe = state.clone()
                probe.apply(d.seat, option)
                probes.append(probe.is_over)
            user = table.players[d.seat].user_id
            if len(pending) == 1 and all(probes):
                return str(user)
            out = await service.play.command(str(channel.id), user, rng.choice(d.options))
            assert out.accepted, out.error
    raise AssertionError("no last decision")


def game_over_shown(env: Env, channel: ChannelHandle, since: int) -> None:
    """The channel shows the game's end, no live take-back button, and the history has it."""
    service = env.bot.service  # type: ignore[attr-defined]
    table = service.tables.get(str(channel.id))
    after = raw_messages(env, channel)[since:]
    text = "\n".join(texts(m) for m in after)
    assert "game over" in text, text
    assert table.state is None and table.finished is not None  # the game is over
    takes = [m for m in raw_messages(env, channel) if "Take my seat back" in str(m.components)]
    assert not any(controls(m) for m in takes), [texts(m) for m in takes]
    assert decision_message(env, channel) is None


async def test_a_timeout_whose_ai_move_ends_the_game(simcord_env: Env) -> None:
    """#24 item 1: the AI's move at a timeout ends the game: the channel shows the takeover
    and the game's end, no live "Take my seat back" button, and the table's history has the
    game."""
    env = simcord_env
    channel, _alice, bob = await two_player_table(env, "timeout-ends", "live level random")
    await play_to_the_last_decision(env, channel)
    await bob.slash(channel, "status")
    before = len(raw_messages(env, channel))
    await env.advance_time(130)
    assert "ran out of time" in all_text(env, channel)
    game_over_shown(env, channel, before)
    service = env.bot.service  # type: ignore[attr-defined]
    assert await service.history.lines(str(channel.id))


async def test_a_kick_or_a_leave_whose_ai_move_ends_the_game(simcord_env: Env) -> None:
    """#24 item 1: /kick (and then, in a second game, /leave) of the player at the last
    decision: the answer confirms it, the AI's move ends the game on the table."""
    env = simcord_env
    channel, alice, bob = await two_player_table(env, "kick-ends", "off")
    late = await play_to_the_last_decision(env, channel)
    service = env.bot.service  # type: ignore[attr-defined]
    table = service.tables.get(str(channel.id))
    seat = next(i for i, p in enumerate(table.players) if p.user_id == late)
    before = len(raw_messages(env, channel))
    result = await alice.slash(channel, "kick", seat=seat + 1, level="random")
    said = "\n".join(texts(m) for m in shown(result))
    assert "internal error" not in said and "moved to the AI" in said, said
    game_over_shown(env, channel, before)
    # a second game: the player at the last decision leaves
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start")
    late = await play_to_the_last_decision(env, channel)
    leaver = alice if str(alice.id) == late else bob
    before = len(raw_messages(env, channel))
    result = await leaver.slash(channel, "leave")
    said = "\n".join(texts(m) for m in shown(result))
    assert "internal error" not in said and "leaves the game" in said, said
    game_over_shown(env, channel, before)


async def test_a_reminder_whose_post_failed_comes_again(simcord_env: Env) -> None:
    """#24 item 2: the scheduler confirms each event once posted; one whose post failed
    (here: the first try raises) is posted by the next pass, once."""
    env = simcord_env
    channel, _alice, _bob = await two_player_table(env, "reminder-again")
    bot = env.bot
    post = bot.post_timer_event  # type: ignore[attr-defined]
    failed: list[str] = []

    async def failing_once(event: object) -> None:
        if not failed:
            failed.append(getattr(event, "kind", ""))
            raise RuntimeError("the connection dropped")
        await post(event)

    bot.post_timer_event = failing_once  # type: ignore[attr-defined]
    await env.advance_time(65)
    assert failed == ["reminder"]
    await env.advance_time(40)  # the scheduler's next passes
    assert len(reminders(env, channel)) == 1
    await env.advance_time(10)
    assert len(reminders(env, channel)) == 1  # once
