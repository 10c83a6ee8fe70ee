"""Amsterdam in a SimCord channel: two humans choose their cards at the same time and in secret
(AM-4.2). Both are pinged once, each chooses in his own ephemeral menu, the table says only
"X has chosen" until the last answer reveals both; a second press is refused; a restart between
the two answers keeps the first sealed."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.devtools.discord_sim import (
    MENTION,
    action_of,
    controls,
    decision_message,
    play_game,
    raw_messages,
    texts,
)
from tests.discord.conftest import make_bot


async def amsterdam_table(
    env: Env, name: str, variant: str | None = None
) -> tuple[ChannelHandle, MemberActor, MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel(name)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join", game="amsterdam")
    await bob.slash(channel, "join")
    if variant is None:
        await alice.slash(channel, "start")
    else:
        await alice.slash(channel, "start", variant=variant)
    return channel, alice, bob


def shown(result: Any) -> list[Any]:
    return [m for m in [result.response, *result.followups] if m is not None]


def choose_button(message: Any) -> dict[str, Any]:
    return next(c for c in controls(message) if action_of(c["custom_id"]) == "opt")


def channel_text(env: Env, channel: ChannelHandle) -> str:
    return "\n".join(texts(m) for m in raw_messages(env, channel))


def pings(env: Env, channel: ChannelHandle, start: int) -> list[list[str]]:
    """The users each channel post since ``start`` pinged (posts that pinged nobody left out)."""
    out = []
    for entry in env.http_requests[start:]:
        if entry.method == "POST" and entry.path == f"/channels/{channel.id}/messages":
            body = entry.json if isinstance(entry.json, dict) else {}
            users = (body.get("allowed_mentions") or {}).get("users") or []
            if users:
                out.append(sorted(str(u) for u in users))
    return out


async def answer(env: Env, actor: MemberActor, channel: ChannelHandle, pick: int = 0) -> str:
    """Press the table's choose button, pick the ``pick``-th own option; the private result."""
    stored = decision_message(env, channel)
    assert stored is not None
    opened = await actor.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    menus = [m for m in shown(opened) if any(c.get("type") == 3 for c in controls(m))]
    assert menus and all(m.ephemeral for m in menus), [m.content for m in shown(opened)]
    menu = next(c for c in controls(menus[-1]) if c.get("type") == 3)
    labels = [o["label"] for o in menu["options"]]
    # each card in the hand image's words (number · colour · goods …), never a raw 'play 12'
    assert all(
        o["label"] == "Pass" or o["label"].split(" · ")[0].isdigit() for o in menu["options"]
    ), labels
    await actor.select(menus[-1], [menu["options"][pick]["value"]], custom_id=menu["custom_id"])
    after = env.backend.messages[menus[-1].channel_id].get(menus[-1].id)
    if after is None:  # the result shows on the table message: the menu is gone
        return ""
    assert not controls(after), "the private menu was left live"
    return after.content or ""


async def test_two_humans_choose_in_secret_and_the_last_answer_reveals(simcord_env: Env) -> None:
    env = simcord_env
    start = len(env.http_requests)
    channel, alice, bob = await amsterdam_table(env, "amsterdam", variant="gomoku")
    service = env.bot.service
    status = await service.play.status(str(channel.id))
    assert "variant=gomoku" in status.text
    stored = decision_message(env, channel)
    assert stored is not None
    assert set(MENTION.findall(texts(stored))) == {str(alice.id), str(bob.id)}
    assert pings(env, channel, start) == [sorted([str(alice.id), str(bob.id)])]  # once, both
    # bob answers first: privately confirmed, told whom the table waits for
    result = await answer(env, bob, channel, pick=1)
    assert result.startswith("✅") and "You have chosen; waiting for alice." in result
    secret = re.search(r"✅ ([^\n]*\S)", result)  # the card, in the hand image's words
    assert secret is not None
    public = channel_text(env, channel)
    assert "bob has chosen" in public and "revealed" not in public
    assert secret.group(1) not in public
    stored = decision_message(env, channel)
    assert stored is not None and MENTION.findall(texts(stored))[-1] == str(alice.id)
    assert len(pings(env, channel, start)) == 1  # nobody pinged again
    # bob presses again: refused, nothing changes
    before = await service.play.view(str(channel.id))
    again = await bob.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    notes = [m.content or "" for m in shown(again)]
    assert any("You have already chosen; waiting for alice." in n for n in notes), notes
    assert all(m.ephemeral for m in shown(again) if m.content)
    typed = await bob.slash(channel, "move", text="pass")
    assert any(
        "You have already chosen; waiting for alice." in (m.content or "") for m in shown(typed)
    )
    assert await service.play.view(str(channel.id)) == before
    # alice answers: both cards are revealed together
    result = await answer(env, alice, channel)
    assert result == ""  # the reveal is on the table: no private note is left
    public = channel_text(env, channel)
    assert "alice has chosen" in public and "revealed:" in public
    assert len(pings(env, channel, start)) == 1


async def test_a_restart_between_the_two_answers_keeps_the_first_sealed(
    simcord_env: Env, db_path: Path
) -> None:
    env = simcord_env
    channel, alice, bob = await amsterdam_table(env, "amsterdam-restart")
    first = await answer(env, alice, channel)
    assert "waiting for bob" in first
    await env.restart_bot(make_bot(db_path))
    await env.bot.tables_resumed.wait()
    stored = decision_message(env, channel)
    assert stored is not None and MENTION.findall(texts(stored))[-1] == str(bob.id)
    again = await alice.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    assert any("You have already chosen" in (m.content or "") for m in shown(again))
    assert "revealed" not in channel_text(env, channel)
    await answer(env, bob, channel)
    assert "revealed:" in channel_text(env, channel)


async def test_a_whole_game_by_clicking(simcord_env: Env) -> None:
    env = simcord_env
    channel, alice, bob = await amsterdam_table(env, "amsterdam-game")
    decisions = await play_game(env, channel, {alice.id: alice, bob.id: bob}, random.Random(5))
    assert decisions > 10
    view = await env.bot.service.play.view(str(channel.id))
    assert view is not None and view["game"] == "amsterdam" and view["over"]
    assert "game over" in texts(raw_messages(env, channel)[-1])


async def test_start_offers_the_variant_with_autocomplete(simcord_env: Env) -> None:
    env = simcord_env
    commands = {c.name: c for c in env.bot.tree.get_commands()}
    payload = commands["start"].to_dict(env.bot.tree)
    names = [o["name"] for o in payload.get("options", [])]
    assert names[0] == "game" and "variant" in names
    assert not any(o.get("required") for o in payload["options"])
    guild = env.create_guild()
    channel = guild.create_text_channel("amsterdam-variants")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join", game="amsterdam")
    offered = await alice.autocomplete(channel, "start", "variant", "")
    assert [c["value"] for c in offered] == [
        "base",
        "canale_grande",
        "gulliver",
        "penniless",
        "special_cards",
        "water_play",
        "gomoku",
    ]
    assert [c["value"] for c in await alice.autocomplete(channel, "start", "variant", "gom")] == [
        "gomoku"
    ]
    await guild.add_member(env.create_user("bob")).slash(channel, "join")
    bad = await alice.slash(channel, "start", variant="chess")
    assert any("variant cannot be 'chess'" in (m.content or "") for m in shown(bad))
    assert await env.bot.service.play.view(str(channel.id)) is None  # not started


async def test_against_an_ai_the_ai_has_chosen_before_the_human_is_asked(
    simcord_env: Env,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("amsterdam-ai")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "join", game="amsterdam")
    await alice.slash(channel, "addbot", level="greedy")
    await alice.slash(channel, "start")
    stored = decision_message(env, channel)
    assert stored is not None
    assert MENTION.findall(texts(stored)) == [str(alice.id)]
    assert "has chosen" in texts(stored)  # the AI answered as the stage opened
    decisions = await play_game(env, channel, {alice.id: alice}, random.Random(8))
    assert decisions > 10
    assert "game over" in texts(raw_messages(env, channel)[-1])


async def test_a_sealed_purchase_is_chosen_privately_not_with_public_buttons(
    simcord_env: Env,
) -> None:
    """AM-V4.2: whether to buy a special card is a secret answer of both players too."""
    env = simcord_env
    channel, _alice, bob = await amsterdam_table(env, "amsterdam-buy", variant="special_cards")
    ds = await env.bot.service.play.decisions(str(channel.id))
    assert [d.kind for d in ds] == ["buy", "buy"] and all(d.sealed for d in ds)
    stored = decision_message(env, channel)
    assert stored is not None
    actions = [action_of(c["custom_id"]) for c in controls(stored)]
    assert "do" not in actions and "opt" in actions  # no public option buttons
    opened = await bob.click(
        ResponseMessage(env, stored), custom_id=choose_button(stored)["custom_id"]
    )
    menus = [m for m in shown(opened) if any(c.get("type") == 3 for c in controls(m))]
    assert menus and all(m.ephemeral for m in menus)
    menu = next(c for c in controls(menus[-1]) if c.get("type") == 3)
    assert len(menu["options"]) == 2
    await bob.select(menus[-1], [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    assert "bob has decided whether to buy" in channel_text(env, channel)
