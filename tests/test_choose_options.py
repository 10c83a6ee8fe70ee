"""#26 item 5, options as values end to end: the table service takes the option an adapter
showed (or its place in the player's list), checks it against his open decision and applies
its canonical command without reading text again; a forged or stale option is refused with
a clear message and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.table.session
from bot.table.outputs import Code
from bot.table.service import TableService
from engine.core import Option
from tests.test_service_support import open_service, start, uid


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[TableService]:
    service = open_service(tmp_path / "t.db")
    yield service
    service.close()


def _no_text_reading(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make every reading of a typed command fail the test: the check of typed text and the
    games' parsers as the table reads them."""
    read: list[str] = []

    def typed(*args: Any, **kwargs: Any) -> str:
        read.append(str(args[2]))
        raise AssertionError("a chosen option was read as text")  # not for players

    monkeypatch.setattr(bot.table.session, "check_move", typed)
    return read


async def _moves(svc: TableService, game_id: int) -> int:
    return len(svc.storage.games.moves(game_id))


async def test_a_shown_option_is_applied_without_reading_text(
    svc: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#26 item 5: choose() applies the option itself, or the option at its place in the
    list choices_for gave; the outcome names the canonical command it applied."""
    await start(svc, "c", 2, seed=4)
    read = _no_text_reading(monkeypatch)
    for by_place in (False, True, False, True):
        d = (await svc.play.decisions("c"))[0]
        assert d.user_id is not None
        options = await svc.play.choices_for("c", d.user_id, "", None)
        before = await _moves(svc, d.game_id)
        picked = options[-1]
        choice: Option | int = len(options) - 1 if by_place else picked
        out = await svc.play.choose("c", d.user_id, choice, expect_seq=d.seq, expect_game=d.game_id)
        assert out.accepted, out.error
        assert out.command == picked.command
        assert await _moves(svc, d.game_id) == before + 1
    assert read == []


async def test_a_forged_or_stale_option_is_refused_and_changes_nothing(
    svc: TableService,
) -> None:
    """#26 item 5: an option that is not the player's now (forged, from another decision, a
    place past his list, an earlier turn's, another player's decision) is refused with a
    specific message and code, changes nothing, and carries the open decisions."""
    await start(svc, "c", 2, seed=4)
    d = (await svc.play.decisions("c"))[0]
    assert d.user_id is not None
    other = uid(1) if d.user_id == uid(0) else uid(0)
    options = await svc.play.choices_for("c", d.user_id, "", None)
    before = await svc.play.view("c")
    moves = await _moves(svc, d.game_id)

    forged = await svc.play.choose("c", d.user_id, Option.of("take ZZZ 99"))
    assert not forged.accepted and forged.code == Code.ILLEGAL
    assert (
        forged.error
        == "'take ZZZ 99' is not one of your options now: choose one your decision shows"
    )
    assert [x.seat for x in forged.decisions] == [d.seat]

    past = await svc.play.choose("c", d.user_id, len(options) + 5)
    assert not past.accepted and past.code == Code.ILLEGAL
    n = len(options)
    assert past.error == f"there is no option {n + 6}: your decision has {n} options"

    negative = await svc.play.choose("c", d.user_id, -1)
    assert not negative.accepted and negative.code == Code.ILLEGAL

    stale = await svc.play.choose("c", d.user_id, options[0], expect_seq=d.seq + 7)
    assert not stale.accepted and stale.code == Code.STALE and stale.error
    assert stale.decisions and stale.decisions[0].seq == d.seq

    earlier_game = await svc.play.choose("c", d.user_id, options[0], expect_game=d.game_id + 1)
    assert not earlier_game.accepted and earlier_game.code == Code.STALE

    not_his = await svc.play.choose("c", other, options[0])
    assert not not_his.accepted and not_his.code == Code.NOT_YOUR_DECISION
    assert not_his.error and "turn to decide" in not_his.error

    stranger = await svc.play.choose("c", uid(9), options[0])
    assert not stranger.accepted and stranger.code == Code.NOT_SEATED

    assert await svc.play.view("c") == before
    assert await _moves(svc, d.game_id) == moves
    # and the option itself is still good
    good = await svc.play.choose("c", d.user_id, options[0], expect_seq=d.seq)
    assert good.accepted and good.command == options[0].command


async def test_a_choice_is_a_move_of_its_player(svc: TableService) -> None:
    """#26 item 5: a chosen option counts as the player's move like a typed one (the same
    idempotency: the same click delivered twice is done once)."""
    await start(svc, "c", 2, seed=4)
    d = (await svc.play.decisions("c"))[0]
    assert d.user_id is not None
    options = await svc.play.choices_for("c", d.user_id, "", None)
    first = await svc.play.choose("c", d.user_id, 0, idempotency_key="click-1")
    again = await svc.play.choose("c", d.user_id, 0, idempotency_key="click-1")
    assert first.accepted and first.command == options[0].command
    assert not again.accepted and again.duplicate and again.code == Code.DUPLICATE
