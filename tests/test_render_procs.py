"""Render processes: images from a child process, errors reported, a dead child replaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table.render import PlaceholderRenderer
from bot.table.render_procs import RenderFailed, RenderProcess
from engine.games import get_game
from tests.test_service_support import PNG_MAGIC, FlakyRenderer, open_service, start


@pytest.fixture
def views() -> tuple[dict[str, object], dict[str, object]]:
    state = get_game("venezia").new_state(["A", "B", "C"], 5)
    return state.public_view(), state.player_view(1)


def test_a_child_renders_and_reports_its_cpu(views: tuple[dict, dict]) -> None:
    proc = RenderProcess(PlaceholderRenderer())
    try:
        board = proc.render("board", views[0])
        hand = proc.render("hand", views[1])
        assert board.startswith(PNG_MAGIC) and hand.startswith(PNG_MAGIC) and board != hand
        assert proc.render("board", views[0]) == board  # deterministic
        assert proc.cpu_seconds() > 0
        assert proc.pid() is not None
    finally:
        proc.close()
    assert proc.pid() is None


def test_errors_come_back_and_a_dead_child_is_replaced(
    tmp_path: Path, views: tuple[dict, dict]
) -> None:
    crash, fail = tmp_path / "crash", tmp_path / "fail"
    proc = RenderProcess(FlakyRenderer(crash, fail))
    try:
        assert proc.render("board", views[0]).startswith(PNG_MAGIC)
        first = proc.pid()
        fail.touch()
        with pytest.raises(RenderFailed, match="the board could not be drawn"):
            proc.render("board", views[0])
        assert proc.pid() == first  # an exception does not cost the process
        fail.unlink()
        crash.touch()
        with pytest.raises(RenderFailed, match="lost"):
            proc.render("board", views[0])
        assert proc.render("board", views[0]).startswith(PNG_MAGIC)  # a new child
        assert proc.pid() != first and proc.restarts == 1
    finally:
        proc.close()


async def test_the_service_sends_a_move_without_its_picture_when_a_child_dies(
    tmp_path: Path,
) -> None:
    crash = tmp_path / "crash"
    svc = open_service(
        tmp_path / "t.db", FlakyRenderer(crash, tmp_path / "never"), render_processes=1
    )
    try:
        crash.touch()
        out = await start(svc, "c", 2, seed=3)
        assert out.accepted and out.decision is not None
        board = [u for u in out.public if u.image_kind == "board" or u.image is None]
        assert board and board[-1].image is None  # lost with the child, the text still went
        assert all(p.image is not None for p in out.private if p.image_kind)  # new child
        status = await svc.play.board("c")
        assert status.image is not None and status.image.startswith(PNG_MAGIC)
    finally:
        svc.close()
