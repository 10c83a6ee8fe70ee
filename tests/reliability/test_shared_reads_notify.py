"""Two table services on one PostgreSQL database that read a table's stored head only when
PostgreSQL tells them it changed (#27: ``catch_up="notify"``, bot/storage/pg_listen.py):
no round trip for the catch-up check while nothing changed, and still every move another
process committed shown once told, never a move applied twice or against a stale game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from bot.table.service import TableService
from tests.reliability.test_shared_reads import CH, PLAYERS, _move, _shown
from tests.test_service_support import open_service, play_random, start

HEAD = "FROM games WHERE channel_id"


@pytest.fixture
def head_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement reading a channel's head (``GameRepository.channel_head``) sent to
    PostgreSQL during the test, by any connection."""
    seen: list[str] = []
    execute = psycopg.Cursor.execute

    def counting(self: psycopg.Cursor[Any], query: Any, params: Any = None, **kw: Any) -> Any:
        if HEAD in str(query):
            seen.append(str(query))
        return execute(self, query, params, **kw)

    monkeypatch.setattr(psycopg.Cursor, "execute", counting)
    yield seen


def _told(svc: TableService) -> None:
    """Wait until ``svc`` has received every change committed so far."""
    assert svc.head_listener is not None and svc.head_listener.sync()


@pytest.mark.parametrize("catch_up", ["check", "notify"])
async def test_no_head_is_read_while_nothing_changed(
    pg_url: str, catch_up: str, head_reads: list[str]
) -> None:
    """#27 (round trips per command): told by PostgreSQL, a process playing its own table
    reads the table's head no more; checking, it reads it at every service call."""
    svc = open_service(pg_url, catch_up=catch_up)
    try:
        await start(svc, CH, PLAYERS, seed=11)
        await _move(svc)  # the table is checked once (its start was told)
        head_reads.clear()
        for _ in range(10):
            await _move(svc)  # a read of the decision, of the options, and the command
        if catch_up == "notify":
            assert head_reads == []
            assert svc.restore.head_skips >= 30
        else:
            assert len(head_reads) >= 30  # one per service call
    finally:
        svc.close()


async def test_a_service_told_shows_the_moves_another_one_committed(pg_url: str) -> None:
    """#27: b holds the game at move 0; a plays moves; once told, b shows them all (followed,
    not reloaded), reading the head only then; b's own valid move is taken, each stored once."""
    a, b = open_service(pg_url, catch_up="notify"), open_service(pg_url, catch_up="notify")
    try:
        await start(a, CH, PLAYERS, seed=11)
        _told(b)
        assert (await b.play.view(CH)) == (await a.play.view(CH))
        await b.play.view(CH)
        loads, reads = b.tables.get(CH).loads, b.restore.head_reads
        for _ in range(4):
            await _move(a)
        _told(b)
        view = await b.play.view(CH)
        assert view is not None and view["seq"] == 4
        caught_up = b.restore.head_reads
        assert caught_up > reads  # told: the head is read (the read behind runs again, locked)
        assert (await _shown(b)) == (await _shown(a))
        assert b.restore.head_reads == caught_up  # then current again: no more head reads
        assert b.tables.get(CH).loads == loads
        await _move(b)
        _told(a)
        shown = await _shown(a)
        assert isinstance(shown[0], dict) and shown[0]["seq"] == 5
        assert shown == (await _shown(b))
        game = await a.play.decision(CH)
        assert game is not None
        assert [m.seq for m in a.storage.games.moves(game.game_id)] == list(range(5))
    finally:
        a.close()
        b.close()


async def test_a_command_on_a_table_not_told_yet_is_checked_by_its_commit(pg_url: str) -> None:
    """#27: a note not delivered yet (b's notes dropped here) never lets a command apply to
    a stale game: the decider's valid move is taken (the commit finds the game moved, b
    catches up and checks the move again), and every move is stored once."""
    a, b = open_service(pg_url, catch_up="notify"), open_service(pg_url, catch_up="notify")
    try:
        await start(a, CH, PLAYERS, seed=3)
        _told(b)
        await b.play.view(CH)
        await b.play.view(CH)  # found current: b now relies on its notes
        assert b.head_listener is not None
        b.head_listener.take = lambda channel_id: None  # type: ignore[method-assign]
        for _ in range(3):
            await _move(a)
        d = await a.play.decision(CH)
        assert d is not None and d.user_id is not None
        options = await a.play.options_for(CH, d.user_id, limit=None)
        out = await b.play.command(CH, d.user_id, options[0])
        assert out.accepted, (out.code, out.error)
        assert [m.seq for m in a.storage.games.moves(d.game_id)] == list(range(4))
        assert (await _shown(a)) == (await _shown(b))
    finally:
        a.close()
        b.close()


async def test_a_game_ended_and_restarted_elsewhere_is_told(pg_url: str) -> None:
    """#27: a plays b's game to its end and starts another (each a forced note: more than a
    move count changed); b, told, shows the end, then the new game."""
    a, b = open_service(pg_url, catch_up="notify"), open_service(pg_url, catch_up="notify")
    try:
        first = await start(a, CH, 2, seed=7)
        _told(b)
        await b.play.view(CH)
        await b.play.view(CH)
        await play_random(a, CH, first, random.Random(1))
        _told(b)
        assert (await b.play.status(CH)).text == (await a.play.status(CH)).text
        assert (await b.play.decision(CH)) is None
        again = await a.lobby.start(CH, "user0", seed=8)
        assert again.accepted, again.error
        _told(b)
        assert (await b.play.view(CH)) == (await a.play.view(CH))
        assert (await b.play.decision(CH)) == (await a.play.decision(CH))
    finally:
        a.close()
        b.close()


async def test_moves_alternating_between_two_told_services_are_each_taken(pg_url: str) -> None:
    """#27: every move sent through one of two services at random, each told of the other's
    moves, is accepted at once."""
    a, b = open_service(pg_url, catch_up="notify"), open_service(pg_url, catch_up="notify")
    rng = random.Random(5)
    try:
        await start(a, CH, PLAYERS, seed=3)
        for _ in range(20):
            svc = rng.choice((a, b))
            _told(svc)
            await _move(svc)
        _told(a)
        _told(b)
        assert (await _shown(a)) == (await _shown(b))
    finally:
        a.close()
        b.close()


def test_a_listener_that_lost_its_connection_says_so(pg_url: str) -> None:
    """#27: while the listening connection is away, nothing may be concluded from the lack
    of a note (``epoch`` None); it listens again in a new epoch (every table checked once)."""
    from bot.storage.pg_listen import HeadListener

    listener = HeadListener(pg_url).start()
    try:
        first = listener.epoch()
        assert first is not None
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()"
            )
        assert listener.sync(timeout=10)
        again = listener.epoch()
        assert again is not None and again > first
    finally:
        listener.close()
