"""Two table services on one SQLite database (issue #10 defect 2): the move that loses the race
is refused like a stale button (Code.STALE), changes nothing, and the loser reloads.

Since #27 a service catches up with the other's moves before it checks a command, so a race is
only lost when the other service commits between the check and the commit: the tests make it
do so from the loser's ``before_commit`` hook."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.table.outputs import Code
from bot.table.service import TableService
from tests.test_service_support import open_service, start

CH = "race-channel"


async def _decider(svc: TableService) -> tuple[str, list[str]]:
    d = await svc.play.decision(CH)
    assert d is not None and d.user_id is not None
    return d.user_id, await svc.play.options_for(CH, d.user_id, limit=None)


def _winner_first(
    loser: TableService, winner: TableService, user: str, command: str
) -> Callable[[str, int], None]:
    """A ``before_commit`` hook for ``loser``: ``winner`` commits ``command`` for ``user`` just
    before the loser's commit (once)."""
    loop = asyncio.get_running_loop()
    done: list[bool] = []

    def hook(channel: str, seq: int) -> None:
        if done:
            return
        done.append(True)
        won = asyncio.run_coroutine_threadsafe(winner.play.command(CH, user, command), loop)
        assert won.result(timeout=60).accepted

    return hook


async def test_the_move_that_loses_the_race_is_refused_as_stale_and_the_loser_reloads(
    db_target: Path | str,
) -> None:
    db = db_target
    first = open_service(db)
    second = open_service(db)
    try:
        await start(first, CH, 3, seed=11)
        # Both services have the game in memory at the same move.
        view_first, view_second = await first.play.view(CH), await second.play.view(CH)
        assert view_first is not None and view_second is not None
        assert view_first["seq"] == view_second["seq"] == 0
        user, options = await _decider(first)
        # The second service moves first, while the first one commits its own move...
        first.committer.before_commit = _winner_first(first, second, user, options[0])
        # ...so the first one's move for the same decision loses the race.
        lost = await first.play.command(CH, user, options[-1])
        first.committer.before_commit = None
        assert not lost.accepted
        assert lost.code == Code.STALE, (lost.code, lost.error)
        assert lost.error is not None and "earlier turn" in lost.error
        assert lost.public == () and lost.private == ()
        # The loser reloaded: it shows exactly what the winner committed.
        after_first, after_second = await first.play.view(CH), await second.play.view(CH)
        assert after_first == after_second
        assert after_first is not None and after_first["seq"] == 1
        # And it plays on normally from there.
        user, options = await _decider(first)
        nxt = await first.play.command(CH, user, options[0])
        assert nxt.accepted, nxt.error
        assert (await first.play.view(CH)) is not None
    finally:
        first.close()
        second.close()


async def test_a_stale_button_and_a_lost_race_read_the_same(db_target: Path | str) -> None:
    db = db_target
    first = open_service(db)
    second = open_service(db)
    try:
        await start(first, CH, 2, seed=3)
        await second.play.view(CH)  # loaded at move 0
        user, options = await _decider(first)
        second.committer.before_commit = _winner_first(second, first, user, options[0])
        lost = await second.play.command(CH, user, options[0])  # second checked it at move 0
        second.committer.before_commit = None
        stale_button = await first.play.command(CH, user, options[0], expect_seq=0)
        assert stale_button.code == lost.code == Code.STALE
        assert stale_button.error == lost.error  # same words: "... (move 1); ... at move 2 now"
        assert (await second.play.view(CH)) == (await first.play.view(CH))
    finally:
        first.close()
        second.close()
