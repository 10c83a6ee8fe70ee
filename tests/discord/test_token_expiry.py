"""Discord interaction tokens expire after 15 minutes (SimCord models it; its virtual clock is
advanced here): a private menu answered 20 minutes after it was opened, a button of yesterday's
table message, a reminder after a night - each still works or says what to press instead."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.devtools.discord_sim import action_of, controls, decision_message, raw_messages, texts
from tests.discord.test_sealed import amsterdam_table, choose_button, shown


def public_text(env: Env, channel: ChannelHandle) -> str:
    return "\n".join(texts(m) for m in raw_messages(env, channel))


async def open_menu(env: Env, actor: MemberActor, channel: ChannelHandle) -> Any:
    stored = decision_message(env, channel)
    assert stored is not None
    opened = await actor.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    menus = [m for m in shown(opened) if any(c.get("type") == 3 for c in controls(m))]
    assert menus
    return menus[-1]


async def test_a_private_menu_answered_20_minutes_later(simcord_env: Env) -> None:
    env = simcord_env
    channel, alice, bob = await amsterdam_table(env, "expiry-menu")
    menu_message = await open_menu(env, bob, channel)
    await env.advance_time(20 * 60)  # the token that opened the menu has expired
    menu = next(c for c in controls(menu_message) if c.get("type") == 3)
    result = await bob.select(
        menu_message, [menu["options"][0]["value"]], custom_id=menu["custom_id"]
    )
    notes = " ".join(m.content or "" for m in shown(result))
    assert "bob has chosen" in public_text(env, channel), notes
    assert "went wrong" not in notes
    # the game goes on: alice answers too, the cards are revealed
    menu_message = await open_menu(env, alice, channel)
    menu = next(c for c in controls(menu_message) if c.get("type") == 3)
    await alice.select(menu_message, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    assert "revealed" in public_text(env, channel)


# A day of virtual time is thousands of scheduler ticks: on a loaded 2-core machine settling
# them takes longer than SimCord's default 5 s of real time.
@pytest.mark.simcord(settle_timeout=60)
async def test_yesterdays_table_button_still_works(simcord_env: Env) -> None:
    env = simcord_env
    channel, _alice, bob = await amsterdam_table(env, "expiry-button")
    await env.advance_time(24 * 3600)
    menu_message = await open_menu(env, bob, channel)
    menu = next(c for c in controls(menu_message) if c.get("type") == 3)
    await bob.select(menu_message, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    assert "bob has chosen" in public_text(env, channel)


# A day of virtual time is thousands of scheduler ticks: on a loaded 2-core machine settling
# them takes longer than SimCord's default 5 s of real time.
@pytest.mark.simcord(settle_timeout=60)
async def test_a_reminder_after_a_night_points_at_the_table(simcord_env: Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("expiry-night")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join", game="amsterdam")
    await bob.slash(channel, "join")
    await alice.slash(channel, "settings", settings="correspondence")
    await alice.slash(channel, "start")
    await env.advance_time(13 * 3600)  # the reminder comes in the night (after 12 h)
    reminder = [m for m in raw_messages(env, channel) if "⏰" in texts(m)]
    assert len(reminder) == 2  # both seats of the sealed stage, one ping each
    assert all("newest message" in texts(m) for m in reminder)
    await env.advance_time(8 * 3600)  # morning: the table's buttons work with fresh tokens
    menu_message = await open_menu(env, bob, channel)
    menu = next(c for c in controls(menu_message) if c.get("type") == 3)
    await bob.select(menu_message, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    left = [m for m in raw_messages(env, channel) if "⏰" in texts(m)]
    assert len(left) == 1, "bob's reminder is deleted once he has answered"
    assert any(action_of(c["custom_id"]) for c in controls(decision_message(env, channel)))
