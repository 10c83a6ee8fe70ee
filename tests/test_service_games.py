"""Table service: full games, restarts, concurrency, crash safety, many channels."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.store import Storage, open_database
from bot.table.outputs import Code
from bot.table.service import TableService
from engine.registry import table_game
from tests.test_service_support import (
    PNG_MAGIC,
    make_renderer,
    names,
    open_service,
    play_random,
    play_script,
    script_game,
    start,
    uid,
)
from tests.test_service_support import seat as seat_players


@pytest.fixture
async def svc(db_target: Path | str) -> AsyncIterator[TableService]:
    """A table service on a fresh database of each backend (SQLite, PostgreSQL - #27)."""
    service = open_service(db_target)
    yield service
    service.close()


def _game_record(path: Path | str, channel: str) -> list[object]:
    with open_database(path) as store:
        history = store.games.game_history(channel, 1)
        assert history, "no finished game"
        return [(r.seat, r.place, r.score) for r in store.games.results(history[0].id)]


# -- full games ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_full_scripted_game_matches_the_engine(
    svc: TableService, tmp_path: Path, players: int
) -> None:
    script = script_game(players, seed=1000 + players, policy_seed=players)
    await start(svc, "chan", players, seed=script.seed)
    outs = await play_script(svc, "chan", script.moves)
    last = outs[-1]
    assert last.game_over and last.decision is None
    assert last.public[-1].image_kind == "end"
    assert last.public[-1].image is not None and last.public[-1].image.startswith(PNG_MAGIC)
    # One accepted human command: exactly one public update for it.
    assert all(len(o.public) == 1 for o in outs)
    # Stored results = the engine's ranking and positions.
    ranking = script.final.ranking()
    expected = []
    place = 1
    for group in ranking:
        for s in group:
            expected.append((s, place, script.final.pos[s]))  # type: ignore[attr-defined]
        place += len(group)
    assert sorted(_game_record(svc.storage.path, "chan")) == sorted(expected)
    # Every stored move replays to the engine's final state.
    with open_database(svc.storage.path) as store:
        game = store.games.game_history("chan", 1)[0]
        stored = [(m.seat, m.command) for m in store.games.moves(game.id)]
        assert stored == script.final.history
        assert svc.restore.verify(game.id) == script.final_hash
    # The finished game answers "game over" now.
    after = await svc.play.command("chan", uid(0), "play")
    assert not after.accepted and after.code == Code.GAME_OVER


@pytest.mark.parametrize("players", [2, 5])
async def test_full_random_game_through_options_for(svc: TableService, players: int) -> None:
    first = await start(svc, "c", players, seed=77 + players)
    outs = await play_random(svc, "c", first, random.Random(players))
    assert outs[-1].game_over
    status = await svc.play.status("c")
    assert status.ok and "game over" in status.text


# -- restart ---------------------------------------------------------------------------------


async def test_restart_mid_game_finishes_like_an_uninterrupted_run(tmp_path: Path) -> None:
    script = script_game(4, seed=4242, policy_seed=9)
    n = len(script.moves)
    renderer = make_renderer(prefer_real=False)

    straight = open_service(tmp_path / "a.db", renderer)
    await start(straight, "c", 4, seed=script.seed)
    await play_script(straight, "c", script.moves)
    straight.close()

    cuts = [0, 7, n // 3, n // 3 + 1, (2 * n) // 3, n - 1]  # on and off snapshot boundaries
    svc = open_service(tmp_path / "b.db", renderer, snapshot_every=20)
    await start(svc, "c", 4, seed=script.seed)
    done = 0
    for cut in cuts:
        await play_script(svc, "c", script.moves[done:cut])
        done = cut
        svc.close()  # drop the service mid-game
        svc = open_service(tmp_path / "b.db", renderer, snapshot_every=20)
        assert svc.tables.loaded_channels() == []  # lazy: nothing loaded before the channel is used
        status = await svc.play.status("c")
        assert status.ok and status.decision is not None and status.decision.seq == done
    outs = await play_script(svc, "c", script.moves[done:])
    assert outs[-1].game_over
    svc.close()

    assert _game_record(tmp_path / "a.db", "c") == _game_record(tmp_path / "b.db", "c")
    with Storage.open(tmp_path / "b.db") as store:
        game = store.games.game_history("c", 1)[0]
        assert [(m.seat, m.command) for m in store.games.moves(game.id)] == script.final.history
        # Finished: no snapshots left, the final hash is kept instead.
        assert store.games.latest_snapshot(game.id) is None
        assert game.final_hash == script.final_hash


async def test_restart_loads_lazily_and_never_loads_finished_games(db_target: Path | str) -> None:
    renderer = make_renderer(prefer_real=False)
    svc = open_service(db_target, renderer)
    finished = script_game(2, seed=5, policy_seed=5)
    await start(svc, "done", 2, seed=finished.seed)
    await play_script(svc, "done", finished.moves)
    running = script_game(3, seed=6, policy_seed=6)
    await start(svc, "busy", 3, seed=running.seed)
    await play_script(svc, "busy", running.moves[:25])
    svc.close()

    svc = open_service(db_target, renderer)
    assert await svc.play.active_channels() == ["busy"]
    out = await svc.play.command("done", uid(0), "play")
    assert out.code == Code.GAME_OVER and "P" in (out.error or "")
    assert svc.tables.loaded_channels() == ["done"]  # a table entry, but no game state in it
    await play_script(svc, "busy", running.moves[25:])
    svc.close()
    assert _game_record(db_target, "busy")


async def test_restart_with_a_bad_snapshot_replays_from_the_seed(db_target: Path | str) -> None:
    renderer = make_renderer(prefer_real=False)
    script = script_game(3, seed=99, policy_seed=3)
    svc = open_service(db_target, renderer, snapshot_every=10)
    await start(svc, "c", 3, seed=script.seed)
    await play_script(svc, "c", script.moves[:35])
    svc.close()
    with open_database(db_target) as store:
        game = store.games.active_game("c")
        assert game is not None
        snap = store.games.latest_snapshot(game.id)
        assert snap is not None and snap.seq == 29
        store.games.save_snapshot(game.id, snap.seq, snap.state_json, "0" * 16)  # hash mismatch
    svc = open_service(db_target, renderer)
    await play_script(svc, "c", script.moves[35:])
    svc.close()
    with open_database(db_target) as store:
        game = store.games.game_history("c", 1)[0]
        assert game.final_hash == script.final_hash


async def test_restart_with_a_corrupt_move_log_reports_a_broken_game(tmp_path: Path) -> None:
    renderer = make_renderer(prefer_real=False)
    script = script_game(3, seed=98, policy_seed=3)
    svc = open_service(tmp_path / "t.db", renderer)
    await start(svc, "c", 3, seed=script.seed)
    await play_script(svc, "c", script.moves[:5])
    svc.close()
    with Storage.open(tmp_path / "t.db") as store:
        store.connection._conn.execute("UPDATE moves SET command = 'place Z1' WHERE seq = 3")  # type: ignore[union-attr]
    svc = open_service(tmp_path / "t.db", renderer)
    out = await svc.play.command("c", uid(0), "play")
    assert out.code == Code.BROKEN
    assert (await svc.lobby.abort("c", uid(1), can_manage=False)).code == Code.NOT_ALLOWED
    aborted = await svc.lobby.abort("c", uid(2), can_manage=True)
    assert aborted.accepted
    assert (await svc.play.status("c")).code == Code.NO_GAME
    svc.close()


# -- idempotency and crash safety ------------------------------------------------------------


async def test_retried_delivery_is_harmless(svc: TableService) -> None:
    script = script_game(3, seed=11, policy_seed=1)
    await start(svc, "c", 3, seed=script.seed)
    seat, command = script.moves[0]
    first = await svc.play.command("c", uid(seat), command, idempotency_key="interaction-1")
    assert first.accepted
    again = await svc.play.command("c", uid(seat), command, idempotency_key="interaction-1")
    assert not again.accepted and again.duplicate and again.code == Code.DUPLICATE
    assert again.public == () and again.private == ()
    # Same key with another text: still the same harmless answer, nothing applied.
    other = await svc.play.command("c", uid(seat), "play", idempotency_key="interaction-1")
    assert other.duplicate
    status = await svc.play.status("c")
    assert status.decision is not None and status.decision.seq == 1
    await play_script(svc, "c", script.moves[1:], key_prefix="k")


async def test_concurrent_retries_of_one_interaction(svc: TableService) -> None:
    script = script_game(2, seed=12, policy_seed=1)
    await start(svc, "c", 2, seed=script.seed)
    seat, command = script.moves[0]
    outs = await asyncio.gather(
        *(svc.play.command("c", uid(seat), command, idempotency_key="same") for _ in range(5))
    )
    assert sum(o.accepted for o in outs) == 1
    assert sum(o.duplicate for o in outs) == 4


async def test_crash_between_validation_and_commit_keeps_the_previous_state(
    db_target: Path | str,
) -> None:
    renderer = make_renderer(prefer_real=False)
    script = script_game(3, seed=13, policy_seed=2)
    svc = open_service(db_target, renderer)
    await start(svc, "c", 3, seed=script.seed)
    await play_script(svc, "c", script.moves[:10])
    before = await svc.play.status("c")

    def crash(channel: str, seq: int) -> None:
        raise RuntimeError("power cut")

    seat, command = script.moves[10]
    svc.committer.before_commit = crash
    out = await svc.play.command("c", uid(seat), command)
    assert not out.accepted and out.code == Code.INTERNAL
    svc.committer.before_commit = None
    assert (await svc.play.status("c")).text == before.text

    # A failure inside the SQLite transaction itself (rolled back by the storage).
    def fail(operation: str) -> None:
        if operation == "append_move":
            raise RuntimeError("disk gone")

    svc.storage.connection._fail_before_commit = fail
    out = await svc.play.command("c", uid(seat), command)
    assert not out.accepted and out.code == Code.INTERNAL
    svc.storage.connection._fail_before_commit = None
    assert (await svc.play.status("c")).text == before.text
    svc.close()

    # On disk too: a new process sees the state before the failed move, and goes on.
    svc = open_service(db_target, renderer)
    assert (await svc.play.status("c")).text == before.text
    outs = await play_script(svc, "c", script.moves[10:])
    assert outs[-1].game_over
    svc.close()
    assert _game_record(db_target, "c")


# -- concurrency -----------------------------------------------------------------------------


async def test_two_players_at_the_same_moment(svc: TableService) -> None:
    script = script_game(3, seed=21, policy_seed=4)
    await start(svc, "c", 3, seed=script.seed)
    for i, (seat, command) in enumerate(script.moves[:60]):
        other = (seat + 1) % 3
        # The right player and a wrong one (sending the same text) race for the decision.
        outs = await asyncio.gather(
            svc.play.command("c", uid(other), command), svc.play.command("c", uid(seat), command)
        )
        accepted = [o for o in outs if o.accepted]
        assert len(accepted) == 1, (i, [(o.code, o.error) for o in outs])
        refused = next(o for o in outs if not o.accepted)
        assert refused.code in (Code.NOT_YOUR_DECISION, Code.ILLEGAL)
    status = await svc.play.status("c")
    assert status.decision is not None and status.decision.seq == 60


async def test_the_same_player_twice_at_the_same_moment(svc: TableService) -> None:
    script = script_game(2, seed=22, policy_seed=4)
    await start(svc, "c", 2, seed=script.seed)
    seat, command = script.moves[0]
    outs = await asyncio.gather(*(svc.play.command("c", uid(seat), command) for _ in range(4)))
    # The first is applied; the repeats are judged against the new state (never applied twice).
    assert outs[0].accepted
    with open_database(svc.storage.path) as store:
        game = store.games.active_game("c")
        assert game is not None
        assert game.last_seq == sum(o.accepted for o in outs) - 1


async def test_many_channels_at_once(db_target: Path | str) -> None:
    svc = open_service(db_target, make_renderer(prefer_real=False))
    scripts = {f"ch{i}": script_game(2 + i % 4, seed=300 + i, policy_seed=i) for i in range(12)}

    async def run(channel: str) -> None:
        script = scripts[channel]
        await start(svc, channel, script.players, seed=script.seed)
        await play_script(svc, channel, script.moves)

    await asyncio.gather(*(run(ch) for ch in scripts))
    for ch, script in scripts.items():
        with open_database(svc.storage.path) as store:
            game = store.games.game_history(ch, 1)[0]
            assert [(m.seat, m.command) for m in store.games.moves(game.id)] == script.final.history
            assert svc.restore.verify(game.id) == script.final_hash
    svc.close()


async def test_slow_render_in_one_channel_does_not_stall_another(db_target: Path | str) -> None:
    import threading

    from bot.table.render import PlaceholderRenderer

    gate = threading.Event()
    calls = []

    class FirstBoardBlocks(PlaceholderRenderer):
        def board(self, public_view: dict[str, object]) -> bytes:
            calls.append(1)
            if len(calls) == 1:
                assert gate.wait(10)
            return super().board(public_view)

    svc = open_service(db_target, PlaceholderRenderer(), workers=4)
    script = script_game(2, seed=3, policy_seed=3)
    await start(svc, "fast", 2, seed=script.seed)
    await seat_players(svc, "slow", 2)
    svc.draw.renderer = FirstBoardBlocks()
    slow_task = asyncio.create_task(svc.lobby.start("slow", uid(0), seed=2))  # its board hangs
    for _ in range(500):
        if calls or slow_task.done():
            break
        await asyncio.sleep(0.01)
    try:
        assert calls and not slow_task.done()
        seat_no, command = script.moves[0]  # its update carries a board image: a second render
        fast = await asyncio.wait_for(svc.play.command("fast", uid(seat_no), command), 30)
        assert fast.accepted and fast.public[0].image is not None
        # The other channel finished and rendered while the first render is still blocked.
        assert len(calls) == 2 and not slow_task.done()
    finally:
        gate.set()
    assert (await asyncio.wait_for(slow_task, 30)).accepted
    svc.close()


async def test_reads_do_not_wait_for_a_slow_command_in_the_same_channel(tmp_path: Path) -> None:
    import threading

    from bot.table.render import PlaceholderRenderer

    gate = threading.Event()
    blocked = threading.Event()

    class BlockingBoard(PlaceholderRenderer):
        def board(self, public_view: dict[str, object]) -> bytes:
            if not gate.is_set():
                blocked.set()
                assert gate.wait(10)
            return super().board(public_view)

    svc = open_service(tmp_path / "t.db", PlaceholderRenderer(), workers=4)
    script = script_game(2, seed=3, policy_seed=3)
    await start(svc, "c", 2, seed=script.seed)
    # The first move's update carries a board image (the next decision is on the board):
    # make that render hang.
    svc.draw.renderer = BlockingBoard()
    seat, command = script.moves[0]
    slow = asyncio.create_task(svc.play.command("c", uid(seat), command))
    for _ in range(500):
        if blocked.is_set() or slow.done():
            break
        await asyncio.sleep(0.01)
    try:
        assert blocked.is_set(), "the first move of this script should need a board image"
        options = await asyncio.wait_for(
            svc.play.options_for("c", uid(script.moves[1][0]), limit=None), 30
        )
        status = await asyncio.wait_for(svc.play.status("c"), 30)
        assert not slow.done()  # the reads were answered while the command still renders
        assert options and status.ok
    finally:
        gate.set()
    assert (await asyncio.wait_for(slow, 30)).accepted
    svc.close()


async def test_every_listed_option_is_accepted_by_the_engine(svc: TableService) -> None:
    """Autocomplete offers only commands the engine accepts (a regression test: the engine
    once listed gold exchanges after the game end was triggered, and refused them)."""
    # A game known to reach a triggered end with gold in the active player's hand.
    players, seed = 4, 649358
    mirror = table_game("venezia").new_state(names(players), seed)
    await start(svc, "c", players, seed=seed)
    rng = random.Random(82)
    while not mirror.is_over:
        active: int = mirror.active  # type: ignore[attr-defined]
        for option in await svc.play.options_for("c", uid(active), limit=None):
            mirror.canonical(active, option)  # raises IllegalMove if the listing is wrong
        d = mirror.pending()
        assert d is not None
        command = rng.choice(list(d.options))
        mirror.apply(d.seat, command)
        assert (await svc.play.command("c", uid(d.seat), command)).accepted
