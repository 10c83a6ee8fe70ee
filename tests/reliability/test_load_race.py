"""Two table services on one SQLite database (issue #17 item 3): loading a channel's game reads
the game record, the latest snapshot and the moves after it as one consistent snapshot of the
file, so a move the other service commits meanwhile can never make the load fail ("N moves
replayed, log ends at N-1") and mark the channel broken."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.table.outputs import Code
from bot.table.service import TableService
from tests.test_service_support import open_service, start

CH = "load-race"


async def _decider(svc: TableService) -> tuple[str, list[str]]:
    d = await svc.play.decision(CH)
    assert d is not None and d.user_id is not None
    return d.user_id, await svc.play.options_for(CH, d.user_id, limit=None)


async def _play(svc: TableService, n: int) -> None:
    for _ in range(n):
        user, options = await _decider(svc)
        out = await svc.play.command(CH, user, options[0])
        assert out.accepted, out.error


@pytest.mark.parametrize("table", ["snapshots", "moves"])
async def test_a_commit_between_the_reads_of_a_load_does_not_break_the_channel(
    table: str, tmp_path: Path
) -> None:
    """The other service commits a move (with a snapshot) just as the loading service starts
    reading the snapshots (or the moves) - after it read the game record. The load sees the
    file as it was when it began, the channel works, and the next move catches up."""
    db = tmp_path / "shared.sqlite3"
    writer = open_service(db, snapshot_every=1)  # every move stores a snapshot
    reader = open_service(db)
    loop = asyncio.get_running_loop()
    try:
        await start(writer, CH, 3, seed=11)
        await _play(writer, 3)
        before = await writer.play.view(CH)
        assert before is not None and before["seq"] == 3
        user, options = await _decider(writer)
        injected: list[str] = []

        def commit_meanwhile(sql: str) -> None:
            # Called by SQLite as the reader's statement starts, before it reads a row.
            if injected or f"FROM {table}" not in sql:
                return
            injected.append(sql)
            move = asyncio.run_coroutine_threadsafe(writer.play.command(CH, user, options[0]), loop)
            assert move.result(timeout=60).accepted

        conn = reader.storage.connection._conn
        assert conn is not None
        conn.set_trace_callback(commit_meanwhile)
        try:
            loaded = await reader.play.view(CH)  # the first use loads the game
        finally:
            conn.set_trace_callback(None)
        assert injected, "the reads were not hooked"
        status = await reader.play.status(CH)
        assert "could not be restored" not in status.text, status.text
        # The reader's view is the file as it was when the load began: move 3.
        assert loaded == before
        # The decision it showed was answered meanwhile: since #27 the next call catches up
        # first, so the late answer is refused against the current game (the decision is not
        # the player's any more, or stale) and changes nothing.
        late = await reader.play.command(CH, user, options[0])
        assert not late.accepted
        assert late.code in (Code.STALE, Code.NOT_YOUR_DECISION), (late.code, late.error)
        assert (await reader.play.view(CH)) == (await writer.play.view(CH))
        await _play(reader, 2)
        game = await reader.play.decision(CH)
        assert game is not None
        assert writer.restore.verify(game.game_id) == reader.restore.verify(game.game_id)
    finally:
        writer.close()
        reader.close()


async def test_loads_racing_a_writer_are_always_consistent(db_target: Path | str) -> None:
    """One service plays moves while another loads the channel again and again (a fresh table
    each time, as after a restart): every load succeeds and shows a position the writer
    really passed through."""
    db = db_target
    writer = open_service(db, snapshot_every=3)
    reader = open_service(db)
    try:
        await start(writer, CH, 3, seed=5)
        stop = threading.Event()
        problems: list[str] = []
        loads = 0

        def reload_again_and_again() -> None:
            nonlocal loads
            while not stop.is_set() or loads < 200:
                table = reader.tables.get(CH)
                with table.load_lock:
                    table.loaded = False
                    reader.restore.load(table)
                loads += 1
                if table.broken is not None:
                    problems.append(table.broken)
                elif table.state is None or table.record is None:
                    problems.append("no game loaded")
                elif len(table.state.history) != table.record.last_seq + 1:
                    problems.append("the state and the record disagree")
                if loads >= 2000:
                    break

        thread = threading.Thread(target=reload_again_and_again)
        thread.start()
        try:
            for _ in range(40):
                await _play(writer, 1)
        finally:
            stop.set()
            thread.join(timeout=120)
        assert not thread.is_alive()
        assert loads >= 200
        assert problems == [], problems[:3]
        # A load after the last move shows the writer's last position.
        table = reader.tables.get(CH)
        table.loaded = False
        assert (await reader.play.view(CH)) == (await writer.play.view(CH))
        assert table.state is not None and len(table.state.history) == 40
    finally:
        writer.close()
        reader.close()
