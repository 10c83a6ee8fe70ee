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
import sqlite3
from pathlib import Path

import pytest

from bot.storage.errors import StorageUnavailable
from bot.table.outputs import Code
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


async def test_a_command_whose_pending_ai_move_loses_the_race_to_the_end_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """#27 item 2: b holds an AI decision (its chain was cut short); a human's command
    through b lets that AI move first, and the AI move loses the race to a, which played the
    game to its end. The command is refused as stale ("the game ended meanwhile") and its key
    is not stored - never acknowledged as if it had been played (the soak's finish phase saw
    an "accepted" answer for a move that was never stored)."""
    db = tmp_path / "race.db"
    a, b = open_service(db), open_service(db)
    rng = random.Random(4)
    try:
        assert (await a.lobby.join(CH, uid(0), "P1")).accepted
        for _ in range(2):
            assert (await a.lobby.add_ai(CH, uid(0), level="random")).accepted
        assert (await a.lobby.start(CH, uid(0), seed=9)).accepted
        await a.play.view(CH)
        cut = [False]

        def cut_short(channel: str, seq: int) -> None:
            table = b.tables.get(CH)
            assert table.state is not None
            if table.players[table.state.pending().seat].is_ai:
                cut[0] = True
                raise StorageUnavailable("PostgreSQL unavailable: the server is away")

        for _ in range(30):  # b's human moves until an AI must move next: b's chain is cut
            d = await b.play.decision(CH)
            assert d is not None and not d.is_ai
            options = await b.play.options_for(CH, uid(0), limit=None)
            b.committer.before_commit = cut_short
            out = await b.play.command(CH, uid(0), rng.choice(options))
            b.committer.before_commit = None
            assert out.accepted, (out.code, out.error)
            if cut[0]:
                break
        assert cut[0], "no AI move followed a human one"
        d = await b.play.decision(CH)
        assert d is not None and d.is_ai  # b holds the AI's decision
        options = await b.play.options_for(CH, uid(0), limit=None)  # what the human sees
        b.committer.before_commit = lambda channel, seq: _finish_elsewhere(a, rng)
        out = await b.play.command(CH, uid(0), options[0] if options else "pass", "key-1")
        b.committer.before_commit = None
        assert not out.accepted and out.code == Code.STALE, (out.code, out.error)
        with sqlite3.connect(db) as conn:
            stored = conn.execute(
                "SELECT count(*) FROM (SELECT idempotency_key FROM moves UNION ALL "
                "SELECT idempotency_key FROM archived_keys) WHERE idempotency_key = 'key-1'"
            ).fetchone()
        assert stored == (0,)
        assert (await b.play.status(CH)).text == (await a.play.status(CH)).text
    finally:
        a.close()
        b.close()


async def test_an_ai_move_losing_a_race_leaves_the_next_ai_move_to_the_scheduler(
    tmp_path: Path,
) -> None:
    """#27 item 2: b's AI chain loses the race for a move to a (a timer's takeover on a, a
    move a made for that seat), and after a's move an AI must move again. b's chain stopped
    there and a's had ended: nobody moved the AI on (the short PostgreSQL soak saw an AI
    decision wait 20 s). Now b notes the channel as stalled, and the scheduler resumes it."""
    db = tmp_path / "race.db"
    a, b = open_service(db), open_service(db)
    rng = random.Random(6)
    try:
        assert (await a.lobby.join(CH, uid(0), "P1")).accepted
        for _ in range(2):
            assert (await a.lobby.add_ai(CH, uid(0), level="random")).accepted
        assert (await a.lobby.start(CH, uid(0), seed=11)).accepted
        await a.play.view(CH)
        raced = [False]

        def a_moves_first(channel: str, seq: int) -> None:
            table = b.tables.get(CH)
            assert table.state is not None
            d = table.state.pending()
            if raced[0] or not table.players[d.seat].is_ai:
                return
            raced[0] = True
            other = a.tables.get(CH)
            a.restore.follow(other, a.storage.games.active_game(CH))
            assert other.state is not None and len(other.state.history) == seq
            a.committer.commit(other, d.seat, None, rng.choice(d.options), None)

        for _ in range(40):
            d = await b.play.decision(CH)
            assert d is not None
            if d.is_ai:
                assert (await b.play.resume(CH)).accepted
                continue
            options = await b.play.options_for(CH, uid(0), limit=None)
            raced[0] = False
            b.committer.before_commit = a_moves_first
            out = await b.play.command(CH, uid(0), rng.choice(options))
            b.committer.before_commit = None
            assert out.accepted, (out.code, out.error)
            after = await b.play.decision(CH)
            if raced[0] and after is not None and after.is_ai:
                break
        else:
            raise AssertionError("no race left an AI to move")
        assert b.play.stalled() == [CH]  # the scheduler's next pass resumes it
        assert (await b.play.resume(CH)).accepted
        now = await b.play.decision(CH)
        assert now is None or not now.is_ai
    finally:
        a.close()
        b.close()
