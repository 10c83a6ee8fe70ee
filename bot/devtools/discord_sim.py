"""Playing the bot in SimCord the way people do: reading the channel, clicking what it shows.

Used by the end-to-end tests (``tests/discord/``) and ``canalside bench discord``; needs SimCord,
a development dependency (``uv sync`` installs it).

Nothing here calls the bot directly: a player finds the table's current message, reads whose
decision it is from the mention, and clicks one of its buttons or chooses in one of its menus
(through the private menus they open). The figures of a game come from SimCord's log of the
bot's REST calls.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

MENTION = re.compile(r"<@!?(\d+)>")
DECISION_ACTIONS = ("do", "opt", "pick", "grp", "multi")
THINK_SECONDS = 200.0


def walk(components: Any) -> Iterator[dict[str, Any]]:
    """Every component dict of a message, nested ones (containers, rows) included."""
    for c in components or []:
        if not isinstance(c, dict):
            continue
        yield c
        yield from walk(c.get("components"))
        if isinstance(c.get("accessory"), dict):
            yield from walk([c["accessory"]])


def raw_messages(env: Env, channel: ChannelHandle) -> list[Any]:
    """The channel's stored messages (non-ephemeral), oldest first."""
    stored = env.backend.messages[channel.id].values()
    return sorted((m for m in stored if not m.is_ephemeral), key=lambda m: m.id)


def action_of(custom_id: str) -> str:
    parts = custom_id.split(":")
    return parts[4] if len(parts) > 4 and parts[0] == "vz" else ""


def controls(message: Any) -> list[dict[str, Any]]:
    """The buttons and menus of a stored message or a response message."""
    comps = message.components
    return [c for c in walk(comps) if c.get("type") in (2, 3) and c.get("custom_id")]


def texts(message: Any) -> str:
    parts = [message.content or ""]
    parts += [str(c.get("content", "")) for c in walk(message.components) if c.get("type") == 10]
    return "\n".join(parts)


def live_messages(env: Env, channel: ChannelHandle) -> list[Any]:
    """Messages of the channel that still have controls of ours."""
    return [
        m
        for m in raw_messages(env, channel)
        if any(c["custom_id"].startswith("vz:") for c in controls(m))
    ]


def decision_message(env: Env, channel: ChannelHandle) -> Any | None:
    """The one message with decision controls (the test fails if there are more)."""
    found = [
        m
        for m in live_messages(env, channel)
        if any(action_of(c["custom_id"]) in DECISION_ACTIONS for c in controls(m))
    ]
    assert len(found) <= 1, f"{len(found)} messages have live decision controls"
    return found[0] if found else None


@dataclass
class Figures:
    """What a channel and the players' DMs went through."""

    turns: int = 0
    channel_messages: int = 0
    board_images: int = 0
    edit_uploads: int = 0
    pings: int = 0
    edits: int = 0
    #: channel messages the bot deleted again (pings for a decision inside a turn, gone once
    #: answered): they notified, but the channel does not keep them
    deleted: int = 0
    dms: dict[int, int] = field(default_factory=dict)
    live_at_end: int = 0
    max_posts_per_action: int = 0

    def per_turn(self) -> dict[str, float]:
        t = max(self.turns, 1)
        humans = max(len(self.dms), 1)
        return {
            "turns": self.turns,
            "channel_messages_per_turn": round(self.channel_messages / t, 3),
            "channel_messages_kept_per_turn": round((self.channel_messages - self.deleted) / t, 3),
            "board_images_posted_per_turn": round(self.board_images / t, 3),
            "board_uploads_in_edits_per_turn": round(self.edit_uploads / t, 3),
            "images_uploaded_per_turn": round((self.board_images + self.edit_uploads) / t, 3),
            "pings_per_turn": round(self.pings / t, 3),
            "dms_per_player_per_turn": round(sum(self.dms.values()) / humans / t, 3),
            "message_edits_per_turn": round(self.edits / t, 3),
            "earlier_messages_with_live_controls": self.live_at_end,
            "max_new_messages_per_action": self.max_posts_per_action,
        }


def _has_file(entry: Any) -> bool:
    body = entry.json if isinstance(entry.json, dict) else {}
    return bool(body.get("attachments"))


def figures(env: Env, channel: ChannelHandle, players: list[MemberActor], start: int) -> Figures:
    """Count the bot's REST calls since log position ``start``."""
    f = Figures()
    base = f"/channels/{channel.id}/messages"
    dm_paths = {f"/channels/{p.user.dm_channel.id}/messages": p.id for p in players}
    f.dms = {p.id: 0 for p in players}
    burst = 0
    for entry in env.http_requests[start:]:
        body = entry.json if isinstance(entry.json, dict) else {}
        if entry.path.startswith("/interactions/"):
            burst = 0  # a new action: the bot's posts until the next one are its burst
        if entry.method == "POST" and entry.path == base:
            burst += 1
            f.max_posts_per_action = max(f.max_posts_per_action, burst)
            f.channel_messages += 1
            if _has_file(entry):
                f.board_images += 1
            users = (body.get("allowed_mentions") or {}).get("users") or []
            if users:
                f.pings += 1
        elif entry.method == "PATCH" and entry.path.startswith(base + "/"):
            f.edits += 1
            if _has_file(entry) and any(
                not str(a.get("id", "")).isdigit() or int(a["id"]) < 100
                for a in body.get("attachments") or []
            ):
                f.edit_uploads += 1
        elif entry.method == "DELETE" and entry.path.startswith(base + "/"):
            f.deleted += 1
        elif entry.method == "POST" and entry.path in dm_paths:
            f.dms[dm_paths[entry.path]] += 1
    live = live_messages(env, channel)
    f.live_at_end = max(len(live) - 1, 0)
    return f


def posts_since(env: Env, channel: ChannelHandle, start: int) -> int:
    base = f"/channels/{channel.id}/messages"
    return sum(1 for e in env.http_requests[start:] if e.method == "POST" and e.path == base)


def _menus(result: Any) -> list[ResponseMessage]:
    found = [result.response, *result.followups]
    return [m for m in found if m is not None and any(c.get("type") == 3 for c in controls(m))]


async def choose_in(actor: MemberActor, message: Any, rng: random.Random) -> Any:
    """Choose one option in the first menu of a (private) message."""
    menu = next(c for c in controls(message) if c.get("type") == 3)
    value = rng.choice([o["value"] for o in menu["options"]])
    return await actor.select(message, [value], custom_id=menu["custom_id"])


async def play_one(
    env: Env, channel: ChannelHandle, actors: dict[int, MemberActor], rng: random.Random
) -> bool:
    """One decision, by the player the table message mentions. False when none is shown.
    A player takes a moment (virtual time) to decide: the bot's pacing of bursts (at most
    5 messages per 5 s per channel) runs on that clock."""
    await env.advance_time(THINK_SECONDS)
    stored = decision_message(env, channel)
    if stored is None:
        return False
    message = ResponseMessage(env, stored)
    who = list(dict.fromkeys(MENTION.findall(texts(stored))))
    assert who, "the decision message mentions nobody"
    if len(who) > 1:  # a sealed stage: any mentioned player who has not chosen yet answers
        rng.shuffle(who)
        for user in who[:-1]:
            if await _answer_stage(env, actors[int(user)], stored, rng):
                return True
    actor = actors[int(who[-1])]
    usable = [c for c in controls(stored) if action_of(c["custom_id"]) in DECISION_ACTIONS]
    rng.shuffle(usable)
    for choice in usable:
        if await _use(env, actor, message, choice, rng):
            return True
    raise AssertionError(f"no control of the decision message led to a choice: {usable}")


async def _use(
    env: Env,
    actor: MemberActor,
    message: ResponseMessage,
    choice: dict[str, Any],
    rng: random.Random,
) -> bool:
    """Use one control of the decision message; False when it opened nothing to choose (the
    bot said why, privately: e.g. a side action the clicker cannot afford)."""
    action = action_of(choice["custom_id"])
    if action == "do":
        result = await actor.click(message, custom_id=choice["custom_id"])
        assert not result.followups, [m.content for m in result.followups]
    elif action == "multi":
        values = [o["value"] for o in choice["options"]]
        k = rng.randint(choice.get("min_values", 1), choice.get("max_values", 1))
        result = await actor.select(message, rng.sample(values, k), custom_id=choice["custom_id"])
        assert not result.followups, [m.content for m in result.followups]
    elif action == "pick":
        value = rng.choice([o["value"] for o in choice["options"]])
        result = await actor.select(message, [value], custom_id=choice["custom_id"])
        assert not result.followups, [m.content for m in result.followups]
    else:
        if action == "grp":
            group = rng.choice([o["value"] for o in choice["options"]])
            opened = await actor.select(message, [group], custom_id=choice["custom_id"])
        else:
            opened = await actor.click(message, custom_id=choice["custom_id"])
        menus = _menus(opened)
        if not menus:
            return await _nothing_to_choose(env, actor, opened, choice)
        if _is_multi(menus[-1]):
            await choose_many(env, actor, message, choice, menus[-1], rng)
            return True
        await choose_in(actor, menus[-1], rng)
        after = left_behind(env, menus[-1])
        assert after is None or not controls(after), "a private menu was left live"
        assert after is None or (after.content or "").startswith("✅"), after.content
    return True


async def _nothing_to_choose(
    env: Env, actor: MemberActor, opened: Any, choice: dict[str, Any]
) -> bool:
    """An opener's private answer without a menu: the reason, and the decline's button when
    declining is all the player may do there (he clicks it: True); else False."""
    found = [m for m in [opened.response, *opened.followups] if m is not None]
    assert found and all(m.ephemeral for m in found), f"no private answer to {choice}"
    assert _shown_texts(opened).strip(), f"no reason after {choice['custom_id']}"
    buttons = [c for m in found for c in controls(m) if action_of(c["custom_id"]) == "do"]
    if not buttons:
        return False
    holder = next(m for m in found if controls(m))
    result = await actor.click(holder, custom_id=buttons[0]["custom_id"])
    assert not result.followups, [m.content for m in result.followups]
    assert left_behind(env, holder) is None, "the private answer was left behind"
    return True


def left_behind(env: Env, message: Any) -> Any | None:
    """The private message as it is now (``None``: the bot deleted it, e.g. once the choice in
    it was accepted and the table message shows the result)."""
    return env.backend.messages[message.channel_id].get(message.id)


def _shown_texts(result: Any) -> str:
    found = [result.response, *result.followups]
    return "\n".join(m.content or "" for m in found if m is not None)


async def _answer_stage(env: Env, actor: MemberActor, stored: Any, rng: random.Random) -> bool:
    """One mentioned player's sealed answer through the button that opens his own options;
    False when he has chosen already (the bot says so and changes nothing)."""
    openers = [c for c in controls(stored) if action_of(c["custom_id"]) == "opt"]
    if not openers:
        return False
    opener = rng.choice(openers)
    message = ResponseMessage(env, stored)
    opened = await actor.click(message, custom_id=opener["custom_id"])
    menus = _menus(opened)
    if not menus:
        assert "already chosen" in _shown_texts(opened), _shown_texts(opened)
        return False
    if _is_multi(menus[-1]):
        await choose_many(env, actor, message, opener, menus[-1], rng)
        return True
    await choose_in(actor, menus[-1], rng)
    after = left_behind(env, menus[-1])
    assert after is None or not controls(after), "a private menu was left live"
    return True


#: Random combinations tried in a private multi-select before the player gives up on it.
MULTI_ATTEMPTS = 40


def _is_multi(message: Any) -> bool:
    menu = next(c for c in controls(message) if c.get("type") == 3)
    return action_of(menu["custom_id"]) == "multi"


async def choose_many(
    env: Env,
    actor: MemberActor,
    table: ResponseMessage,
    opener: dict[str, Any],
    menu_message: ResponseMessage,
    rng: random.Random,
) -> None:
    """Combinations in a private multi-select until one is accepted: the first item, the
    first two, ... then random ones (a game lists its items in a sensible order). A refused one
    must say why above the same menu, offered again; the player chooses in it again. If none
    is accepted, the player clicks one of the table message's plain buttons (e.g. a decline)
    instead."""
    for attempt in range(MULTI_ATTEMPTS):
        menu = next(c for c in controls(menu_message) if c.get("type") == 3)
        values = [o["value"] for o in menu["options"]]
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if low <= attempt + 1 <= high:  # first the menu's first items, one more each time
            chosen = values[: attempt + 1]
        else:
            chosen = rng.sample(values, rng.randint(low, high))
        await actor.select(menu_message, chosen, custom_id=menu["custom_id"])
        after = left_behind(env, menu_message)
        if after is None or (after.content or "").startswith("✅"):
            assert after is None or not controls(after), "a private menu was left live"
            return
        content = after.content or ""
        assert content.startswith("❌") and len(content) > 2, "a refused choice was not explained"
        assert controls(after), "a refused choice's menu was not offered again"
        menu_message = ResponseMessage(env, after)
    plain = [c for c in controls(table) if action_of(c["custom_id"]) == "do" and c.get("type") == 2]
    assert plain, "no combination was accepted and there is no other choice"
    result = await actor.click(table, custom_id=rng.choice(plain)["custom_id"])
    assert not result.followups, [m.content for m in result.followups]


async def play_game(
    env: Env,
    channel: ChannelHandle,
    actors: dict[int, MemberActor],
    rng: random.Random,
    max_decisions: int = 3000,
) -> int:
    """Play until no decision is shown (the game's end); returns the number of decisions."""
    for n in range(max_decisions):
        if not await play_one(env, channel, actors, rng):
            return n
    raise AssertionError(f"the game did not end within {max_decisions} decisions")
