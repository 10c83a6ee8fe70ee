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
    assert not_his.error and "not your decision" in not_his.error and "turn" in not_his.error

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


async def _canal_grande(svc: TableService) -> None:
    assert (await svc.lobby.join("c", uid(0), "A", game="canal_grande")).accepted
    assert (await svc.lobby.join("c", uid(1), "B")).accepted
    assert (await svc.lobby.start("c", uid(0), seed=3)).accepted


async def test_choose_many_composes_the_command_at_the_open_decision(svc: TableService) -> None:
    """#26 item 5 (a multi-select costs at most two round trips): choose_many takes the
    values chosen in a multi-select and the verb it was declared for; the service composes
    the command with the game's composer (Canal Grande's divide: the positions in order) at
    the decision and applies it like a typed move."""
    await _canal_grande(svc)
    d = (await svc.play.decisions("c"))[0]
    assert d.user_id is not None and d.kind == "divide"
    before = await _moves(svc, d.game_id)
    out = await svc.play.choose_many(
        "c", d.user_id, "divide", ["7", "1", "4"], "k1", expect_seq=d.seq, expect_game=d.game_id
    )
    assert out.accepted, out.error
    assert out.command == "divide 1 4 7"
    assert await _moves(svc, d.game_id) == before + 1
    assert out.choices == ()


async def test_choose_many_refusals_change_nothing_and_carry_the_options(
    svc: TableService,
) -> None:
    """#26 item 5: a refused combination (a card position that does not exist), nothing
    chosen, a stale decision point and another player's decision are refused with a
    specific message and change nothing; each refusal carries the open decisions and the
    chooser's own options of the verb (to offer the same menu again without another call)."""
    await _canal_grande(svc)
    d = (await svc.play.decisions("c"))[0]
    assert d.user_id is not None
    other = uid(1) if d.user_id == uid(0) else uid(0)
    own = [o for o in await svc.play.choices_for("c", d.user_id, "", None) if o.verb == "divide"]
    assert own
    view = await svc.play.view("c")
    moves = await _moves(svc, d.game_id)

    bad = await svc.play.choose_many(
        "c", d.user_id, "divide", ["9", "1"], expect_seq=d.seq, expect_game=d.game_id
    )
    assert not bad.accepted and bad.code == Code.ILLEGAL
    assert bad.error is not None and "position 9 does not exist" in bad.error
    assert list(bad.choices) == own
    assert [x.seq for x in bad.decisions] == [d.seq]

    empty = await svc.play.choose_many("c", d.user_id, "divide", [" "], expect_seq=d.seq)
    assert not empty.accepted and empty.code == Code.MALFORMED
    assert empty.error == "Nothing was chosen."
    assert list(empty.choices) == own and empty.decisions

    stale = await svc.play.choose_many(
        "c", d.user_id, "divide", ["1"], expect_seq=d.seq + 1, expect_game=d.game_id
    )
    assert not stale.accepted and stale.code == Code.STALE
    assert stale.decisions and stale.decisions[0].seq == d.seq

    theirs = await svc.play.choose_many("c", other, "divide", ["1"], expect_seq=d.seq)
    assert not theirs.accepted and theirs.code == Code.NOT_YOUR_DECISION
    assert theirs.choices == ()

    assert await svc.play.view("c") == view
    assert await _moves(svc, d.game_id) == moves
