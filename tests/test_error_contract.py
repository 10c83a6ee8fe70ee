"""#26 item 2 (one error contract, stated in the service's docstring): an adapter never sees
an exception from the table service or its parts. A refused read with a value (a game card,
a replay, the leaderboard) is an ``Answer`` holding the refusal's text and code; a failure is
an internal-error answer; every public coroutine answers a channel it cannot use with data,
never a raise."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.table.outputs import Answer, Code
from bot.table.service import TableService
from tests.test_service_support import open_service, uid


@pytest.fixture
def svc(tmp_path: Path) -> Any:
    service = open_service(tmp_path / "t.db")
    yield service
    service.close()


async def test_history_and_leaderboard_refusals_are_answers(svc: TableService) -> None:
    """#26 item 2: game_card, replay and leaderboard_lines return their refusal as data."""
    card = await svc.history.card("c", 999)
    assert isinstance(card, Answer) and card.value is None
    assert card.code == Code.NO_GAME and card.error
    replay = await svc.history.replay("c")
    assert isinstance(replay, Answer) and replay.value is None
    assert replay.code == Code.NO_GAME and replay.error == "No finished game in this channel yet."
    board = await svc.stats.leaderboard(None, "no such game")
    assert isinstance(board, Answer) and board.value is None
    assert board.code == Code.UNKNOWN_GAME and board.error
    fine = await svc.stats.leaderboard(None, None)
    assert fine.ok and fine.value == []


async def test_a_failure_is_an_internal_answer(
    svc: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#26 item 2: a read that fails answers Code.INTERNAL (logged), it does not raise."""

    def broken(*_args: object) -> None:
        raise RuntimeError("disk on fire")  # not for players

    monkeypatch.setattr(svc.history.history, "card", broken)
    monkeypatch.setattr(svc.stats.stats, "leaderboard_lines", broken)
    card = await svc.history.card("c", 1)
    assert card.value is None and card.code == Code.INTERNAL
    board = await svc.stats.leaderboard(None, None)
    assert board.value is None and board.code == Code.INTERNAL


def _args(fn: Callable[..., Any]) -> list[object]:
    """Arguments for ``fn``'s required parameters: an unusable (empty) channel id."""
    values: dict[str, object] = {
        "channel_id": "",
        "user_id": uid(0),
        "target_user_id": uid(1),
        "new_user_id": uid(2),
        "game_id": 1,
        "seat": 1,
        "guild_id": None,
        "options": {},
        "value": None,
    }
    out: list[object] = []
    for p in inspect.signature(fn).parameters.values():
        if p.default is not inspect.Parameter.empty:
            break
        out.append(values.get(p.name, "x"))
    return out


def test_the_service_forwards_nothing(svc: TableService) -> None:
    """#26 item 1: the service composes its parts and forwards no call: its only public
    coroutines open, warm up and close it; adapters call the parts."""
    own = {name for name, _fn in inspect.getmembers(svc, inspect.iscoroutinefunction)}
    assert {n for n in own if not n.startswith("_")} == {"aclose", "warm_up"}
    names = {type(part).__name__ for part in svc.parts}
    assert len(names) == len(svc.parts) == 11


async def test_no_public_coroutine_raises(svc: TableService) -> None:
    """#26 item 1 and 2: every public coroutine of every part adapters call (the service's
    ``parts``: play, lobby, seats, settings, timers, vote, history, stats, adapter state,
    saves, plans) answers an unusable channel with data (before, game_card, replay,
    lobby_choice and seat_back - now seats.standing - raised)."""
    skip = {"tick", "posted"}  # no channel: nothing to refuse
    called = []
    for part in svc.parts:
        for name, fn in inspect.getmembers(part, inspect.iscoroutinefunction):
            if name.startswith("_") or name in skip:
                continue
            await fn(*_args(fn))  # raises: the contract is broken
            called.append(f"{type(part).__name__}.{name}")
    expected = {
        "HistoryCommands.card",
        "HistoryCommands.replay",
        "Lobby.choice",
        "Lobby.join",
        "Play.command",
        "Play.view",
        "Seats.standing",
        "PauseVote.cast",
        "TableSettings.change",
        "StatsCommands.leaderboard",
        "AdapterState.get",
        "Saves.open_games",
        "Saves.closed_games",
        "Seats.held",
        "TableSettings.timer",
        "AiPlans.plan",
        "AiPlans.forget",
    }
    assert expected <= set(called)
    assert len(called) >= 45
