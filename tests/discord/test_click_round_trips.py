"""#26 item 5 (options as values): one click on a decision's control - a button, a menu's
choice, opening one's own list - costs at most two round trips into the table service's
worker pool, counted by its channel runner (``ChannelRunner.trips``): the move and the
table message's new state. Before: 6-8 (the open decisions read before the move, the move,
the table message's state read and written, the reminder note read, the AI seats asked to
play)."""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest
from simcord import Env

from bot.devtools.discord_sim import play_one
from bot.discord.components import ComponentRouter
from bot.discord.specs import ComponentId
from bot.table.runner import ChannelRunner

#: Trips a click may add for the private messages it sends, not for itself: a hand's
#: picture drawn for a player's message when a turn ends, and the first message to a person
#: in this process reading his "direct messages closed" note.
DELIVERY = ("Reads.hand", "get_adapter_state")


@pytest.mark.parametrize("game", ["venezia", "canal_grande", "amsterdam"])
async def test_a_click_costs_at_most_two_round_trips(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """#26 item 5: two humans play 40 decisions by clicks; every click's trips are counted.
    A click costs at most 2, besides what delivering private messages reads (DELIVERY) - a
    multi-select too (several cards sent as values, the command composed by the service at
    the open decision: no read of it first; before: 3)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    players = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob")]
    await players[0].slash(channel, "join", game=game)
    await players[1].slash(channel, "join")
    await players[0].slash(channel, "start")
    runner = simcord_env.bot.service.runner
    trips: list[tuple[str, int, int]] = []
    delivery: list[str] = []
    real_run = ChannelRunner.run
    real = ComponentRouter.route

    async def run(self: ChannelRunner, func: Any, *args: Any) -> Any:
        name = getattr(func, "__qualname__", "")
        if any(d in name for d in DELIVERY):
            delivery.append(name)
        return await real_run(self, func, *args)

    async def counted(self: Any, interaction: Any, cid: ComponentId, values: list[str]) -> None:
        before, delivered = runner.trips, len(delivery)
        await real(self, interaction, cid, values)
        trips.append((cid.action, runner.trips - before, len(delivery) - delivered))

    monkeypatch.setattr(ChannelRunner, "run", run)
    monkeypatch.setattr(ComponentRouter, "route", counted)
    actors = {p.id: p for p in players}
    rng = random.Random(5)
    for _ in range(40):
        if not await play_one(simcord_env, channel, actors, rng):
            break
    print(game, collections.Counter((a, n) for a, n, _d in trips))
    assert len(trips) >= 40
    own = [(action, n - d) for action, n, d in trips]
    assert all(n <= 2 for _action, n in own), trips
    if game == "canal_grande":  # its divide and place are multi-selects
        assert any(action == "multi" for action, _n in own), trips
    assert sum(1 for name in delivery if "get_adapter_state" in name) <= len(players)
