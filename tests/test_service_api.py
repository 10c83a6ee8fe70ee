"""Table service: the adapter-facing APIs view, advance (AI-only tables), expect_seq and
options_reason."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.table.outputs import Code
from bot.table.service import TableService
from tests.test_service_support import open_service, seat, start, uid


@pytest.fixture
async def svc(db_target: Path | str) -> AsyncIterator[TableService]:
    """A table service on a fresh database of each backend (SQLite, PostgreSQL - #27)."""
    service = open_service(db_target)
    yield service
    service.close()


# -- view ------------------------------------------------------------------------------------


async def test_view_public_and_own_seat_only(svc: TableService) -> None:
    assert await svc.play.view("c") is None
    await seat(svc, "c", 3)
    assert await svc.play.view("c") is None, "a lobby has no game view"
    await svc.lobby.start("c", uid(0), seed=3)
    public = await svc.play.view("c")
    assert public is not None and "me" not in public
    assert [p["name"] for p in public["players"]] == ["P1", "P2", "P3"]
    for i in range(3):
        mine = await svc.play.view("c", uid(i))
        assert mine is not None and mine["me"]["seat"] == i
        assert "hand" in mine["me"]
    assert await svc.play.view("c", "stranger") is None, "never another seat's view"


async def test_view_follows_moves_and_the_finished_game(svc: TableService) -> None:
    await start(svc, "c", 3, seed=5)
    d = await svc.play.decision("c")
    assert d is not None and d.user_id is not None
    before = await svc.play.view("c")
    opts = await svc.play.options_for("c", d.user_id, "", None)
    out = await svc.play.command("c", d.user_id, opts[0])
    assert out.accepted, out.error
    after = await svc.play.view("c")
    assert before != after
    await svc.lobby.abort("c", uid(0))
    assert await svc.play.view("c") is None


# -- AI-only tables and advance ----------------------------------------------------------------


async def test_manager_adds_ais_and_starts_without_a_seat(svc: TableService) -> None:
    out = await svc.lobby.add_ai("c", "boss", "random")
    assert out.code == Code.NOT_SEATED
    for _ in range(3):
        out = await svc.lobby.add_ai("c", "boss", "random", can_manage=True)
        assert out.accepted, out.error
    assert (await svc.lobby.start("c", "boss", seed=1)).code == Code.NOT_SEATED
    started = await svc.lobby.start("c", "boss", seed=1, can_manage=True)
    assert started.accepted, started.error
    assert "channel manager starts" in started.public[0].text
    assert started.game_over, "without a limit the AI seats play the whole game"


async def test_advance_steps_an_ai_only_game(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "t.db", max_ai_moves=0)
    try:
        for _ in range(3):
            assert (await svc.lobby.add_ai("c", "w", "random", can_manage=True)).accepted
        started = await svc.lobby.start("c", "w", seed=2, can_manage=True)
        assert started.accepted and started.seq is None, "no AI move yet"
        assert started.decision is not None and started.decision.is_ai
        out = await svc.play.advance("c", 1)
        assert out.accepted and out.seq == 0
        out = await svc.play.advance("c", 5)
        assert out.accepted and out.seq == 5
        d = await svc.play.decision("c")
        assert d is not None and d.seq == 6
        # Stopping is simply not calling advance again; the rest runs on request.
        out = await svc.play.advance("c")
        assert out.accepted and out.game_over
        again = await svc.play.advance("c")
        assert not again.accepted and again.code == Code.GAME_OVER
    finally:
        svc.close()


async def test_advance_without_ai_to_move_changes_nothing(svc: TableService) -> None:
    assert (await svc.play.advance("c")).code == Code.NO_GAME
    await start(svc, "c", 3, seed=4)
    d = await svc.play.decision("c")
    assert d is not None and not d.is_ai
    out = await svc.play.advance("c", 3)
    assert out.accepted and out.public == () and out.decision == d


# -- expect_seq --------------------------------------------------------------------------------


async def test_command_with_a_stale_seq_is_refused(svc: TableService) -> None:
    await start(svc, "c", 3, seed=5)
    d = await svc.play.decision("c")
    assert d is not None and d.user_id is not None
    opts = await svc.play.options_for("c", d.user_id, "", None)
    stale = await svc.play.command("c", d.user_id, opts[0], expect_seq=d.seq + 1)
    assert stale.code == Code.STALE and "earlier turn" in (stale.error or "")
    wrong_game = await svc.play.command("c", d.user_id, opts[0], expect_seq=d.seq, expect_game=-1)
    assert wrong_game.code == Code.STALE
    ok = await svc.play.command("c", d.user_id, opts[0], expect_seq=d.seq, expect_game=d.game_id)
    assert ok.accepted, ok.error
    again = await svc.play.command("c", d.user_id, opts[0], expect_seq=d.seq)
    assert again.code == Code.STALE
    assert (await svc.play.decision("c")) != d


# -- options_reason ----------------------------------------------------------------------------


async def test_options_reason(svc: TableService) -> None:
    assert await svc.play.options_reason("c", uid(0)) == Code.NO_GAME
    await start(svc, "c", 3, seed=5)
    d = await svc.play.decision("c")
    assert d is not None and d.user_id is not None
    assert await svc.play.options_reason("c", d.user_id) is None
    other = next(uid(i) for i in range(3) if uid(i) != d.user_id)
    assert await svc.play.options_for("c", other, "", None) == []
    assert await svc.play.options_reason("c", other) == Code.NOT_YOUR_DECISION
    assert await svc.play.options_reason("c", "stranger") == Code.NOT_SEATED


async def test_view_counts_the_moves(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "t.db", max_ai_moves=0)
    try:
        for _ in range(3):
            assert (await svc.lobby.add_ai("c", "w", "random", can_manage=True)).accepted
        assert (await svc.lobby.start("c", "w", seed=7, can_manage=True)).accepted
        assert (await svc.play.view("c") or {})["seq"] == 0
        for n in range(1, 30):
            out = await svc.play.advance("c", 1)
            assert out.accepted and out.seq == n - 1
            assert (await svc.play.view("c") or {})["seq"] == n
            # Stepped AI moves render a board at turn ends only, never for an AI's decision.
            for u in out.public:
                turn_end = "'s turn" in u.text
                assert (u.image is not None) == turn_end, u.text
    finally:
        svc.close()
