"""#27 item 5 ("PostgreSQL stopped mid-game: commands answer 'try again in a moment' and change
nothing"): a click on a decision's control while the database is away reads the open decision
first; the read failing was answered "No decision is pending." (or "Nothing to choose there
now."), as if the game had none. It is answered with the outage's own text, privately, and
the same click works once the database is back."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env, ResponseMessage

from bot.devtools.discord_sim import controls, decision_message
from bot.storage.errors import StorageUnavailable
from bot.table.reads import Reads


def _shown(result: Any) -> str:
    return "\n".join(m.content or "" for m in [result.response, *result.followups] if m)


async def test_a_click_while_the_database_is_away_says_try_again(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("outage-click")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join", game="venezia")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start")
    service = env.bot.service
    d = await service.play.decision(str(channel.id))
    assert d is not None
    decider = alice if d.user_id == str(alice.id) else bob
    stored = decision_message(env, channel)
    assert stored is not None
    button = controls(stored)[0]
    before = await service.play.view(str(channel.id))

    real = Reads.choosing

    def away(self: Reads, *args: Any) -> Any:
        raise StorageUnavailable("PostgreSQL unavailable: the server closed the connection")

    monkeypatch.setattr(Reads, "choosing", away)
    result = await decider.click(ResponseMessage(env, stored), custom_id=button["custom_id"])
    text = _shown(result)
    assert "Try again in a moment" in text, text
    assert "No decision is pending" not in text
    assert all(m.ephemeral for m in [result.response, *result.followups] if m is not None)
    assert await service.play.view(str(channel.id)) == before  # nothing changed

    monkeypatch.setattr(Reads, "choosing", real)
    again = await decider.click(ResponseMessage(env, stored), custom_id=button["custom_id"])
    assert "Try again" not in _shown(again), _shown(again)
