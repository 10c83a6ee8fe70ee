"""A running table holds its game's parts (#26, "a table holds its game's parts"): the table
service reads the game's registration and parts from the :class:`~bot.table.records.Table`
instead of looking the game up by its name again for every check, prompt and status line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.registry as registry
from tests.test_service_support import open_service, uid

#: Moves played and measured per game.
MOVES = 12
#: Look-ups by name per move, at most, on average. Measured: 1.2 (Venezia), 1.7 (Canal
#: Grande), 2.1 (Amsterdam); before the table held its parts 9.2, 9.7 and 11.1 (the AI levels
#: and the shared stage words still ask by name).
MOST_PER_MOVE = 3.0


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every look-up of a game by name (``registration(name)`` and the view header
    walk ``registrations()``)."""
    count = [0]
    real = registry.registrations

    def counting() -> tuple[registry.GameRegistration, ...]:
        count[0] += 1
        return real()

    monkeypatch.setattr(registry, "registrations", counting)
    yield count


@pytest.mark.parametrize("game", [r.name for r in registry.table_registrations()])
async def test_a_move_reads_the_game_from_the_table(
    game: str, tmp_path: Path, lookups: list[int]
) -> None:
    reg = registry.registration(game)
    svc = open_service(tmp_path / "t.db")
    channel = "c1"
    for i in range(reg.parts().game.min_players):
        assert (await svc.lobby.join(channel, uid(i), f"P{i}", game=game)).accepted
    out = await svc.lobby.start(channel, uid(0), seed=7)
    assert out.accepted, out.error
    table = svc.tables.get(channel)
    assert table.game is reg and table.parts is reg.parts()
    rng = random.Random(3)
    lookups[0] = 0
    played = 0
    while played < MOVES and out.decision is not None:
        d = out.decision
        assert d.user_id is not None
        options = await svc.play.options_for(channel, d.user_id, limit=None)
        out = await svc.play.command(channel, d.user_id, rng.choice(options))
        assert out.accepted, out.error
        played += 1
    assert played == MOVES
    per_move = lookups[0] / played
    assert per_move <= MOST_PER_MOVE, f"{game}: {per_move:.1f} look-ups by name per move"
