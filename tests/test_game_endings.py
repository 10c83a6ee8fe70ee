"""#26 item 3 (seats: one end-of-game teardown): every way a game ends - ``/abort``, the
players' vote to end it, the last human leaving or handed to an AI, archiving, and its last
move - leaves nothing of its timers behind: no turn-timer deadline, no vote of a pause, no
unconfirmed timer notice, and no game in the table's memory. Each path is taken from the
same paused game (a seat's time ran out, the other player voted to wait, the pause's
announcement not confirmed yet), so each has all three to clear."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.table.service import TableService
from tests.test_service_support import uid
from tests.test_takeover_ends_game import PATHS as TAKEOVERS
from tests.test_takeover_ends_game import (
    hand_over,
    last_decision_ends,
    near_end,  # noqa: F401  (a fixture the service fixture uses)
    play_to_the_last_decision,
    service,  # noqa: F401  (a fixture)
)
from tests.test_timers import FakeClock, svc_at

PATHS = ("abort", "vote_end", "leave_last", "last_handed_to_ai", "archive", "last_move")


def leftovers(svc: TableService, game_id: int) -> dict[str, object]:
    """What the game left behind in storage and memory (empty: nothing)."""
    left: dict[str, object] = {}
    deadlines = svc.storage.deadlines.deadlines(game_id)
    if deadlines:
        left["deadlines"] = [d.seat for d in deadlines]
    votes = {s: v for s in range(6) if (v := svc.storage.timeout_votes.timeout_votes(game_id, s))}
    if votes:
        left["votes"] = votes
    notices = [(n.seat, n.kind) for n in svc.storage.deadlines.notices("c") if n.game_id == game_id]
    if notices:
        left["notices"] = notices
    table = svc.tables.get("c")
    if table.record is not None or table.state is not None:
        left["table"] = table.record
    return left


async def paused_game(svc: TableService, clock: FakeClock, path: str) -> tuple[int, str, str]:
    """Two humans; the decider's time runs out and the game pauses (its notice left
    unconfirmed), the other votes to wait. Returns (game id, late user, other user). For
    ``last_move`` the pause comes at the game's last decision."""
    if path == "last_move":
        await play_to_the_last_decision(svc, "venezia")
        settings = await svc.settings.change("c", uid(0), "live timeout pause", can_manage=True)
        assert settings.accepted, settings.error
    else:
        assert (await svc.lobby.join("c", uid(0), "Alice")).accepted
        assert (await svc.lobby.join("c", uid(1), "Bob")).accepted
        assert (await svc.settings.change("c", uid(0), "live timeout pause")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=3)).accepted
    d = (await svc.play.decisions("c"))[0]
    late = d.user_id
    assert late is not None
    other = uid(1) if late == uid(0) else uid(0)
    clock.advance(121)
    assert [e.kind for e in await svc.timers.tick(confirm=True)] == ["pause"]  # not confirmed
    out = await svc.vote.cast("c", other, "wait")
    assert out.accepted, out.error
    before = leftovers(svc, d.game_id)
    assert {"deadlines", "votes", "notices", "table"} <= before.keys(), before
    return d.game_id, late, other


@pytest.mark.parametrize("path", PATHS)
async def test_every_ending_leaves_no_timer_vote_or_notice(tmp_path: Path, path: str) -> None:
    """#26 item 3: one end-of-game teardown for every path."""
    clock = FakeClock()
    svc = svc_at(tmp_path / "t.db", clock)
    try:
        game_id, late, other = await paused_game(svc, clock, path)
        if path == "abort":
            out = await svc.lobby.abort("c", uid(0))
        elif path == "vote_end":
            out = await svc.vote.cast("c", other, "end")
        elif path == "leave_last":
            assert (await svc.lobby.leave("c", other)).accepted  # an AI takes the voter's seat
            out = await svc.lobby.leave("c", late)  # no human is left: the game is aborted
        elif path == "last_handed_to_ai":
            assert (await svc.lobby.leave("c", other)).accepted
            out = await svc.seats.replace_with_ai("c", "999", late, can_manage=True)
        elif path == "archive":
            clock.advance(15 * 86400)
            events = await svc.timers.tick()
            assert [e.kind for e in events] == ["archive"]
            out = events[0].outcome
        else:
            ends = last_decision_ends(svc)
            assert ends is not None and ends[1] == late
            state = svc.tables.get("c").state
            assert state is not None
            out = await svc.play.command("c", late, state.pending_all()[0].options[0])
            assert out.game_over
        assert out.accepted, out.error
        stored = svc.storage.games.get_game(game_id)
        assert stored is not None
        assert stored.status == ("finished" if path == "last_move" else "aborted")
        assert leftovers(svc, game_id) == {}
        # and nothing of it fires or is announced later
        clock.advance(7 * 86400)
        assert await svc.timers.tick(confirm=True) == []
    finally:
        svc.close()


@pytest.mark.parametrize("path", TAKEOVERS)
async def test_every_takeover_is_the_one_handover_and_its_end_the_one_teardown(
    service: tuple[TableService, FakeClock],  # noqa: F811
    path: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """#26 item 3: a timeout, the vote, /kick, /leave and /replace hand the seat over through
    the one Handover (once), and when the AI's move ends the game, nothing of its timers is
    left behind."""
    svc, clock = service
    assert svc.lobby.seats is svc.seats
    parts: list[Any] = [svc.seats, svc.timers, svc.vote]
    assert all(p.handover is svc.handover for p in parts)
    assert all(p.teardown is svc.teardown for p in (svc.lobby, svc.seats, svc.vote))
    assert svc.committer.teardown is svc.teardown and svc.archiving.teardown is svc.teardown
    seats: list[int] = []
    real = svc.handover.to_ai

    def counted(table: Any, seat: int, *args: Any, **kwargs: Any) -> Any:
        seats.append(seat)
        return real(table, seat, *args, **kwargs)

    monkeypatch.setattr(svc.handover, "to_ai", counted)
    game_id = (await svc.play.decisions("c"))[0].game_id
    out = await hand_over(svc, clock, path)
    assert out.accepted and out.game_over, out.error
    assert len(seats) == 1
    assert leftovers(svc, game_id) == {}
