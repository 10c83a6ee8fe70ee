"""Venezia's "Exchange gold…" on the public table message follows public information only (his
turn, tokens in front of him: V-U5), never whether his secret token values reach 5 gold
(V-C4, V-G1). A click without a legal exchange is answered to him alone, with the reason."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from simcord import Env, ResponseMessage

from bot.devtools.discord_sim import controls, decision_message
from bot.table import lobby
from engine.registry import registration


def _shown(result: Any) -> str:
    return "\n".join(m.content or "" for m in [result.response, *result.followups] if m)


async def _venezia_until(
    env: Env, monkeypatch: pytest.MonkeyPatch, seed: int, kind: str
) -> tuple[Any, Any, Any, Any]:
    """The game of ``seed`` typed (``/move``) until the active player must decide ``kind``
    holding tokens worth less than 5 gold (found by playing the same game in the engine)."""
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(randbits=lambda bits: seed))
    state: Any = registration("venezia").parts().game.new_state(["alice", "bob"], seed, None)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while True:
        d = state.pending()
        assert d is not None and len(moves) < 200
        tokens = state.tokens[state.active]
        if d.kind == kind and d.seat == state.active and tokens and sum(tokens) < 5:
            break
        options = [o for o in d.options if not o.startswith("exchange")] or list(d.options)
        command = rng.choice(options)
        moves.append((d.seat, command))
        state.apply(d.seat, command)
    guild = env.create_guild()
    channel = guild.create_text_channel("venezia-gold")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join", game="venezia")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start")
    for seat, command in moves:
        await env.advance_time(30)
        result = await (alice, bob)[seat].slash(channel, "move", text=command)
        assert "✅" in _shown(result), _shown(result)
    await env.advance_time(30)
    players = (alice, bob)
    return channel, players[state.active], players[1 - state.active], state


async def _click_exchange(env: Env, actor: Any, channel: Any) -> Any:
    stored = decision_message(env, channel)
    assert stored is not None
    button = next(c for c in controls(stored) if c.get("label") == "Exchange gold…")
    return await actor.click(ResponseMessage(env, stored), custom_id=button["custom_id"])


@pytest.mark.parametrize(("seed", "kind"), [(1, "draw"), (1, "play")])
async def test_exchange_with_too_little_gold_is_explained_privately(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, seed: int, kind: str
) -> None:
    channel, me, other, state = await _venezia_until(simcord_env, monkeypatch, seed, kind)
    service = simcord_env.bot.service
    before = await service.play.view(str(channel.id))
    gold = sum(state.tokens[state.active])

    # the other player clicking it learns nothing about the gold
    peek = await _click_exchange(simcord_env, other, channel)
    assert "Not your decision" in _shown(peek) and "gold (" not in _shown(peek), _shown(peek)

    result = await _click_exchange(simcord_env, me, channel)
    answers = [m for m in [result.response, *result.followups] if m is not None]
    assert answers and all(m.ephemeral for m in answers)
    assert f"Your gold ({gold}) is less than 5: an exchange needs 5 gold" in _shown(result)
    assert not [m for m in answers if controls(m)], "a menu or a button with nothing in it"
    assert await service.play.view(str(channel.id)) == before


async def test_the_gold_pause_with_too_little_gold_explains_and_offers_continue(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """V-G1 Decision: the pause opens whenever he holds a token; his click on "Exchange
    gold…" with less than 5 gold says why, beside the one thing he may do: Continue."""
    channel, me, _other, state = await _venezia_until(
        simcord_env, monkeypatch, 20, "exchange_window"
    )
    gold = sum(state.tokens[state.active])
    stored = decision_message(simcord_env, channel)
    assert stored is not None
    labels = [c.get("label") for c in controls(stored)]
    assert "Exchange gold…" in labels and "Continue" in labels, labels
    result = await _click_exchange(simcord_env, me, channel)
    assert f"Your gold ({gold}) is less than 5: an exchange needs 5 gold" in _shown(result)
    private = next(m for m in [result.response, *result.followups] if m and controls(m))
    assert private.ephemeral and [c.get("label") for c in controls(private)] == ["Continue"]
    await me.click(private, custom_id=controls(private)[0]["custom_id"])
    assert simcord_env.backend.messages[private.channel_id].get(private.id) is None
    state.apply(state.active, "done")
    view = await simcord_env.bot.service.play.view(str(channel.id))
    assert view is not None and view["phase"] == state.public_view()["phase"]
    assert view["seq"] == len(state.history)
