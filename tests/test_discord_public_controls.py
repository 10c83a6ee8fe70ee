"""The table message's buttons are public: they depend on public information only.

For random positions of every table game played through the table service, a *twin* state
(from the game's registration: it differs only in what one observer, not the decider, and the
public cannot see - the decider's hand, the values of his tokens, the deck order) must show the
same buttons and menus on the public turn message (ids, labels, styles, rows, items). A button
that comes and goes with the decider's hidden hand or gold tells everybody about it (a
"Place cards…" left out when nothing in his hand fits the vote; "Exchange gold…" shown only
when his secret token values reach 5 gold).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord.table import TableMessages
from bot.table.outputs import DecisionInfo
from bot.table.service import TableService
from engine.registry import registrations
from tests.test_service_support import open_service, uid

GAMES = [r for r in registrations() if r.at_table]
#: (seed, moves walked, twins per position): enough for Venezia's gold and Canal Grande's
#: "nothing in the hand fits the vote" to come up on both sides of the line.
SEEDS = (11, 12, 13)
MOVES = 140
TWINS = 3


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[TableService]:
    service = open_service(tmp_path / "table.db")
    yield service
    service.close()


async def _shown(
    messages: TableMessages, svc: TableService, channel: str
) -> tuple[DecisionInfo | None, Any]:
    ds = await svc.decisions(channel)
    d = next((x for x in ds if not x.is_ai), None)
    if d is None:
        return None, ()
    return d, messages.decision_controls(d)


async def _move(svc: TableService, channel: str, d: DecisionInfo, rng: random.Random) -> bool:
    assert d.user_id is not None
    options = await svc.options_for(channel, d.user_id, limit=None)
    if not options:
        return False
    out = await svc.command(channel, d.user_id, rng.choice(options))
    assert out.accepted, (out.code, out.error)
    return True


@pytest.mark.parametrize("reg", GAMES, ids=lambda r: r.name)
async def test_the_public_buttons_are_the_same_in_twin_worlds(svc: TableService, reg: Any) -> None:
    make_twin = reg.parts().twin
    messages = TableMessages(svc)
    compared = 0
    for seed in SEEDS:
        channel = str(1000 + seed)
        await start_game(svc, channel, reg.name, seed)
        table = svc.tables.get(channel)
        rng = random.Random(seed)
        for move in range(MOVES):
            d, real = await _shown(messages, svc, channel)
            if d is None:
                break
            state = table.state
            assert state is not None
            observers = [s for s in range(len(table.players)) if s != d.seat]
            for k in range(TWINS):
                observer = rng.choice(observers)
                table.state = make_twin(state, observer, random.Random(seed * 1000 + move * 10 + k))
                try:
                    _, twin = await _shown(messages, svc, channel)
                finally:
                    table.state = state
                assert twin == real, (
                    f"{reg.name} seed {seed} move {move} ({d.kind}, seat {d.seat}, observer "
                    f"{observer}): the public buttons depend on hidden information\n"
                    f"real: {_labels(real)}\ntwin: {_labels(twin)}"
                )
                compared += 1
            if not await _move(svc, channel, d, rng):
                break
    assert compared > 100


async def start_game(svc: TableService, channel: str, game: str, seed: int) -> None:
    for i in range(2):
        out = await svc.join(channel, uid(i), f"P{i + 1}")
        assert out.accepted, out.error
    out = await svc.start(channel, uid(0), seed=seed, game=game)
    assert out.accepted, out.error


def _labels(components: Any) -> list[str]:
    return [getattr(c, "label", None) or getattr(c, "placeholder", "") for c in components]
