"""#27 item 5: PostgreSQL stopped mid-game. Commands answer "try again in a moment" and change
nothing, the service keeps running, and when the server is back the next command works
without a restart (the pool reconnects). A dedicated server, started by the test: the
session's shared one is never stopped."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from bot.devtools.pg_server import PgServer, start_server
from bot.storage.store import open_database
from bot.table.guard import unavailable
from bot.table.outputs import Code
from tests.test_service_support import open_service, start


@pytest.fixture
def own_server() -> Iterator[PgServer]:
    server = start_server()
    if isinstance(server, str):
        pytest.skip(server)
    try:
        yield server
    finally:
        server.shutdown()


def _stop_fast(server: PgServer) -> None:
    stop = [("fast" if part == "immediate" else part) for part in server.stop[0]]
    done = subprocess.run(stop, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr


def _start(server: PgServer) -> None:
    done = subprocess.run(server.start, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr


def _moves(url: str, channel: str) -> list[str]:
    with open_database(url) as db:
        game = db.games.load_channel(channel).game
        assert game is not None
        return [m.command for m in db.games.moves(game.record.id)]


async def test_postgresql_stopped_mid_game_refuses_then_resumes(own_server: PgServer) -> None:
    """#27 item 5: with the server stopped a move and a lobby action are refused with the
    catalog's "try again in a moment" (Code.UNAVAILABLE, never "internal" or "broken") and
    nothing is stored; once the server is started again the same service's next command
    is accepted, and every acknowledged move is stored exactly once."""
    url = own_server.new_database()
    svc = open_service(url)
    try:
        await start(svc, "c", 3, seed=5)
        d = await svc.play.decision("c")
        assert d is not None
        options = await svc.play.options_for("c", d.user_id, limit=None)
        first = await svc.play.command("c", d.user_id, options[0], "k1")
        assert first.accepted, first.error
        before = _moves(url, "c")

        _stop_fast(own_server)
        d = await svc.play.decision("c")
        assert d is not None
        options = await svc.play.options_for("c", d.user_id, limit=None)
        for key in ("k2", "k3"):  # the first one meets a dead connection, the next none
            out = await svc.play.command("c", d.user_id, options[0], key)
            assert not out.accepted and out.code == Code.UNAVAILABLE, (out.code, out.error)
            assert out.error == unavailable()
        lobby = await svc.lobby.join("other", "user9", "P9")
        assert not lobby.accepted and lobby.code == Code.UNAVAILABLE, (lobby.code, lobby.error)

        _start(own_server)
        assert _moves(url, "c") == before  # nothing of the refused commands was stored
        d = await svc.play.decision("c")
        assert d is not None
        options = await svc.play.options_for("c", d.user_id, limit=None)
        again = await svc.play.command("c", d.user_id, options[0], "k4")
        assert again.accepted, (again.code, again.error)
        after = _moves(url, "c")
        assert after[: len(before)] == before and len(after) > len(before)
    finally:
        svc.close()
