"""#27 item 2 ("an in-memory table refreshes when another process moved it"), found by the
PostgreSQL soak (``canalside soak --db postgres``, a table two processes share): a process's
AI chain loses the race for a move because the other process played the game to its end
meanwhile. The lost race reloaded the channel as if nothing had ended - no game, no finished
game - so building the answer to the human's committed move failed (an internal error logged,
the players got bare texts). Now the lost race follows the other process's moves, as a read's
catch-up does: the table shows the game's end, and the answer is built from it."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from bot.table.service import TableService
from tests.test_service_support import open_service, uid

CH = "lost-race-end"


def _finish_elsewhere(other: TableService, rng: random.Random) -> None:
    """The other process catches up and plays the game to its end (called inside the first
    one's commit, as a second process on the database would, at that very moment)."""
    table = other.tables.get(CH)
    other.restore.follow(table, other.storage.games.active_game(CH))
    while table.state is not None:
        d = table.state.pending()
        user = table.players[d.seat].user_id
        other.committer.commit(table, d.seat, user, rng.choice(d.options), None)


async def test_an_ai_chain_losing_the_race_to_the_games_end_shows_the_end(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """#27 item 2: b's human move commits, its AI chain's first move loses the race to a,
    which played the game to its end; b's answer is built without an internal error and b
    shows the game as over, as a does."""
    db = tmp_path / "race.db"
    a, b = open_service(db), open_service(db)
    rng = random.Random(2)
    try:
        assert (await a.lobby.join(CH, uid(0), "P1")).accepted
        for _ in range(2):
            assert (await a.lobby.add_ai(CH, uid(0), level="random")).accepted
        assert (await a.lobby.start(CH, uid(0), seed=9)).accepted
        await a.play.view(CH)  # a holds the game in memory
        caplog.set_level(logging.WARNING)
        commits = 0

        def race(channel: str, seq: int) -> None:
            nonlocal commits
            commits += 1
            if commits == 2:  # the first AI move after b's human move
                _finish_elsewhere(a, rng)

        for _ in range(30):
            d = await b.play.decision(CH)
            assert d is not None
            if d.is_ai:
                await b.play.resume(CH)
                continue
            options = await b.play.options_for(CH, uid(0), limit=None)
            commits = 0
            b.committer.before_commit = race
            out = await b.play.command(CH, uid(0), rng.choice(options))
            b.committer.before_commit = None
            assert out.accepted, (out.code, out.error)
            if commits >= 2:
                break
        assert commits >= 2, "no AI move followed a human one"
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
        assert await b.play.decision(CH) is None
        assert (await b.play.status(CH)).text == (await a.play.status(CH)).text
    finally:
        a.close()
        b.close()
