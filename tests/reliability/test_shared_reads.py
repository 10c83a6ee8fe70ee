"""Two table services on one database, as two bot processes over Discord's shards (#27 item 2:
"an in-memory table refreshes when another process moved it"): a DM's ``/hand`` arrives on
shard 0 while the process of the game's shard plays it, so each service's next read or command
shows the moves the other committed - never a stale state, never a move applied twice."""

from __future__ import annotations

import random
from pathlib import Path

from bot.table.service import TableService
from tests.test_service_support import open_service, play_random, start, uid

CH = "shared-reads"
PLAYERS = 3


async def _move(svc: TableService) -> None:
    """The service's current decision answered with its first option."""
    d = await svc.play.decision(CH)
    assert d is not None and d.user_id is not None
    options = await svc.play.options_for(CH, d.user_id, limit=None)
    out = await svc.play.command(CH, d.user_id, options[0])
    assert out.accepted, (out.code, out.error)


async def _shown(svc: TableService) -> tuple[object, ...]:
    """Everything a reader sees of the channel: the public view, each seat's view and hand,
    the status, the board's line, the log."""
    seats = [await svc.play.view(CH, uid(i)) for i in range(PLAYERS)]
    hands = [(await svc.play.hand(CH, uid(i))).text for i in range(PLAYERS)]
    status = await svc.play.status(CH)
    board = await svc.play.board(CH)
    log = await svc.play.log(CH, 50)
    return (await svc.play.view(CH), seats, hands, status.text, board.text, log.text)


async def test_a_service_shows_the_moves_another_one_committed(db_target: Path | str) -> None:
    """#27 item 2: b loaded the game at move 0; a plays moves; b's hand, status, board, log and
    views show them at once (caught up by replaying the moves it missed, without reloading the
    channel); b's own valid move is accepted, and a's next read shows it."""
    a, b = open_service(db_target), open_service(db_target)
    try:
        await start(a, CH, PLAYERS, seed=11)
        assert (await b.play.view(CH)) == (await a.play.view(CH))  # b holds the game: move 0
        loads = b.tables.get(CH).loads
        for _ in range(4):
            await _move(a)
        view = await b.play.view(CH)
        assert view is not None and view["seq"] == 4
        assert (await _shown(b)) == (await _shown(a))
        assert b.tables.get(CH).loads == loads  # followed, not reloaded
        # b plays on from there: a valid move is taken, not refused as stale.
        await _move(b)
        shown = await _shown(a)
        assert isinstance(shown[0], dict) and shown[0]["seq"] == 5
        assert shown == (await _shown(b))
        game = await a.play.decision(CH)
        assert game is not None
        stored = a.storage.games.moves(game.game_id)
        assert [m.seq for m in stored] == list(range(5))  # each move exactly once
        assert a.restore.verify(game.game_id) == b.restore.verify(game.game_id)
    finally:
        a.close()
        b.close()


async def test_moves_alternating_between_two_services_are_each_taken(
    db_target: Path | str,
) -> None:
    """#27 item 2: every move of a game sent through one of two services at random (often the
    one that did not make the last move) is accepted at once: no "stale" for a valid move."""
    a, b = open_service(db_target), open_service(db_target)
    rng = random.Random(5)
    try:
        await start(a, CH, PLAYERS, seed=3)
        await b.play.view(CH)
        for _ in range(30):
            await _move(rng.choice((a, b)))
        assert (await _shown(a)) == (await _shown(b))
    finally:
        a.close()
        b.close()


async def test_a_game_ended_by_another_service_reads_as_over(db_target: Path | str) -> None:
    """#27 item 2: a plays b's loaded game to its end; b's status tells the game is over (not
    the last position it held), and a new game started through a shows on b."""
    a, b = open_service(db_target), open_service(db_target)
    try:
        first = await start(a, CH, 2, seed=7)
        await b.play.view(CH)
        await play_random(a, CH, first, random.Random(1))
        over = await b.play.status(CH)
        assert over.text == (await a.play.status(CH)).text
        assert (await b.play.decision(CH)) is None
        again = await a.lobby.start(CH, uid(0), seed=8)
        assert again.accepted, again.error
        assert (await b.play.view(CH)) == (await a.play.view(CH))
        assert (await b.play.decision(CH)) == (await a.play.decision(CH))
    finally:
        a.close()
        b.close()
