"""#24 item 1: every path that hands a seat to an AI (a timeout, the pause vote, /kick,
/leave, /replace) may end the game with the AI's move, in every game. The answer then
announces the takeover, the AI's moves and the game's end (its end picture and standings),
and the game is recorded as finished (history, per-seat results for the ratings), never an
internal error or a silent scheduler."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.table.outputs import Outcome
from bot.table.service import TableService
from tests.test_service_support import uid
from tests.test_timers import FakeClock, svc_at

GAMES = ("venezia", "canal_grande", "amsterdam")
PATHS = ("timeout", "vote", "kick", "leave", "replace")


def last_decision_ends(svc: TableService) -> tuple[int, str] | None:
    """(seat, user) of the one open decision if every answer to it ends the game."""
    table = svc.tables.get("c")
    state = table.state
    assert state is not None
    pending = state.pending_all()
    if len(pending) != 1:
        return None
    d = pending[0]
    for option in d.options:
        probe = state.clone()
        probe.apply(d.seat, option)
        if not probe.is_over:
            return None
    user = table.players[d.seat].user_id
    assert user is not None
    return d.seat, user


async def play_to_the_last_decision(svc: TableService, game: str) -> None:
    """Two humans play ``game`` (fixed seed, fixed random answers) up to its last decision."""
    assert (await svc.lobby.join("c", uid(0), "Alice", game)).accepted
    assert (await svc.lobby.join("c", uid(1), "Bob")).accepted
    assert (await svc.settings.change("c", uid(0), "live level random")).accepted
    assert (await svc.lobby.start("c", uid(0), seed=3)).accepted
    rng = random.Random(1)
    for _move in range(2000):
        if last_decision_ends(svc) is not None:
            return
        state = svc.tables.get("c").state
        assert state is not None
        d = state.pending_all()[0]
        user = svc.tables.get("c").players[d.seat].user_id
        assert user is not None
        out = await svc.play.command("c", user, rng.choice(d.options))
        assert out.accepted, out.error
    raise AssertionError("no last decision found")


@pytest.fixture(scope="module", params=GAMES)
def near_end(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database whose game waits for its last decision (made once per game)."""
    import asyncio

    game = str(request.param)
    db = tmp_path_factory.mktemp(game) / "near_end.db"
    svc = svc_at(db, FakeClock())
    asyncio.run(play_to_the_last_decision(svc, game))
    svc.close()
    return db


@pytest.fixture
def service(near_end: Path, tmp_path: Path) -> Iterator[tuple[TableService, FakeClock]]:
    db = tmp_path / "t.db"
    for suffix in ("", "-wal", "-shm"):
        src = Path(str(near_end) + suffix)
        if src.exists():
            shutil.copy(src, str(db) + suffix)
    clock = FakeClock()
    svc = svc_at(db, clock)
    yield svc, clock
    svc.close()


async def hand_over(svc: TableService, clock: FakeClock, path: str) -> Outcome:
    found = last_decision_ends(svc)
    assert found is not None
    seat, late = found
    other = uid(1) if late == uid(0) else uid(0)
    if path == "timeout":
        clock.advance(121)
        events = await svc.timers.tick()
        assert [e.kind for e in events] == ["takeover"], events
        assert events[0].seat == seat
        return events[0].outcome
    if path == "vote":
        out = await svc.settings.change("c", uid(0), "live timeout pause", can_manage=True)
        assert out.accepted, out.error
        await svc.play.decisions("c")  # the settings re-time the open decision
        clock.advance(121)
        assert [e.kind for e in await svc.timers.tick()] == ["pause"]
        return await svc.vote.cast("c", other, "ai")
    if path == "kick":
        return await svc.seats.kick("c", other, seat + 1, "random", can_manage=True)
    if path == "leave":
        return await svc.lobby.leave("c", late, "random")
    assert path == "replace"
    return await svc.seats.replace_with_ai("c", other, late, "random", can_manage=True)


HEADERS = {
    "timeout": "ran out of time",
    "vote": "voted: an AI",
    "kick": "moved to the AI",
    "leave": "leaves the game",
    "replace": "leaves the game",
}


@pytest.mark.parametrize("path", PATHS)
async def test_a_takeover_whose_move_ends_the_game(
    service: tuple[TableService, FakeClock], path: str
) -> None:
    """#24 item 1"""
    svc, clock = service
    game_id = (await svc.play.decisions("c"))[0].game_id
    out = await hand_over(svc, clock, path)
    assert out.accepted, out.error
    text = "\n".join(str(p.text) for p in out.public)
    assert HEADERS[path] in text  # the takeover
    assert out.game_over, text  # the AI's move ended the game: said so
    assert out.public[-1].image_kind == "end"  # with the end picture, as any game's end
    assert out.seq is not None  # the AI's move is in the answer
    assert "internal error" not in text
    assert await svc.play.decisions("c") == ()
    stored = svc.storage.games.get_game(game_id)
    assert stored is not None and stored.status == "finished"
    with svc.storage.connection.read() as conn:
        seats = conn.execute(
            "SELECT count(*), sum(takeover) FROM seat_results WHERE game_id = ?", (game_id,)
        ).fetchone()
    # the result is recorded for the stats and ratings, marked as a game an AI took over
    assert tuple(seats) == (2, 2)
    assert await svc.history.lines("c")  # and in the channel's history
