"""The table message's buttons are public: they depend on public information only.

For random positions of every table game played through the table service, a *twin* state
(from the game's registration: it differs only in what one observer, not the decider, and the
public cannot see - the decider's hand, the values of his tokens, the deck order) must show the
same buttons and menus on the public turn message (ids, labels, styles, rows, items). A button
that comes and goes with the decider's hidden hand or gold tells everybody about it (a
"Place cards…" left out when nothing in his hand fits the vote; "Exchange gold…" shown only
when his secret token values reach 5 gold).

Twins may also differ only in which of identical copies lies where (#29: Amsterdam's special
cards come in pairs, AM-1.6): the game's ``copy_twin`` exchanges them between a hand, the deck,
the other hand and the port, and every game's every variant is played.
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
#: every table game with each choice of its options (each Amsterdam variant), defaults first
CASES = [(r, {}) for r in GAMES] + [
    (r, {spec.name: choice})
    for r in GAMES
    for spec in r.options
    for choice in spec.choices
    if choice != spec.default
]
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
    ds = await svc.play.decisions(channel)
    d = next((x for x in ds if not x.is_ai), None)
    if d is None:
        return None, ()
    return d, messages.decision_controls(d)


async def _move(svc: TableService, channel: str, d: DecisionInfo, rng: random.Random) -> bool:
    assert d.user_id is not None
    options = await svc.play.options_for(channel, d.user_id, limit=None)
    if not options:
        return False
    out = await svc.play.command(channel, d.user_id, rng.choice(options))
    assert out.accepted, (out.code, out.error)
    return True


def case_id(case: tuple[Any, dict[str, str]]) -> str:
    reg, options = case
    return reg.name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", CASES, ids=case_id)
async def test_the_public_buttons_are_the_same_in_twin_worlds(
    svc: TableService, case: tuple[Any, dict[str, str]]
) -> None:
    reg, options = case
    make_twin = reg.parts().twin
    copy_twin = reg.parts().copy_twin
    messages = TableMessages(svc)
    compared = 0
    for seed in SEEDS if not options else SEEDS[:1]:
        channel = str(1000 + seed)
        await start_game(svc, channel, reg.name, seed, options)
        table = svc.tables.get(channel)
        rng = random.Random(seed)
        for move in range(MOVES):
            d, real = await _shown(messages, svc, channel)
            if d is None:
                break
            state = table.state
            assert state is not None
            shown = await _everything_shown(svc, channel) if copy_twin is not None else None
            observers = [s for s in range(len(table.players)) if s != d.seat]
            for k in range(TWINS + (copy_twin is not None)):
                observer = rng.choice(observers)
                twin_rng = random.Random(seed * 1000 + move * 10 + k)
                copies = k == TWINS and copy_twin is not None  # only the copies exchanged
                if copies:
                    assert copy_twin is not None
                    table.state = copy_twin(state, twin_rng)
                else:
                    table.state = make_twin(state, observer, twin_rng)
                try:
                    _, twin = await _shown(messages, svc, channel)
                    if copies:  # nobody tells them apart (#29): everything shown is the same
                        assert await _everything_shown(svc, channel) == shown, (
                            f"{case_id(case)} seed {seed} move {move}: the views or the status "
                            "name which copy of an identical card lies where"
                        )
                finally:
                    table.state = state
                assert twin == real, (
                    f"{case_id(case)} seed {seed} move {move} ({d.kind}, seat {d.seat}, observer "
                    f"{observer}): the public buttons depend on hidden information\n"
                    f"real: {_labels(real)}\ntwin: {_labels(twin)}"
                )
                compared += 1
            if not await _move(svc, channel, d, rng):
                break
    assert compared > 100


async def _everything_shown(svc: TableService, channel: str) -> Any:
    """The public view, each player's own view and the status text of the channel."""
    views = [await svc.play.view(channel, who) for who in (None, uid(0), uid(1))]
    return views, (await svc.play.status(channel)).text


async def start_game(
    svc: TableService, channel: str, game: str, seed: int, options: dict[str, str] | None = None
) -> None:
    for i in range(2):
        out = await svc.lobby.join(channel, uid(i), f"P{i + 1}")
        assert out.accepted, out.error
    out = await svc.lobby.start(channel, uid(0), seed=seed, game=game, options=options or None)
    assert out.accepted, out.error


def _labels(components: Any) -> list[str]:
    return [getattr(c, "label", None) or getattr(c, "placeholder", "") for c in components]
