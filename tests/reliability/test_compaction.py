"""Finished games keep what replays and verifies them (seed, moves, results, final hash) and
nothing else: no snapshots, no per-move rows (issue #10, defect 5). Plus the durability
default (defect 6): synchronous=FULL."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.discord.settings import Settings, SettingsError
from bot.storage.compact import pack_moves, unpack_moves
from bot.storage.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Storage,
    _migrate_add_final_hash_and_archives,
)
from bot.table.outputs import Code
from engine.registry import table_game
from tests.test_service_support import open_service, play_script, script_game, start, uid

#: Generous bound on the database bytes a finished 4-player game adds (target 25 kB; before
#: compaction it was about 150 kB).
MAX_BYTES_PER_FINISHED_GAME = 25_000


def _file_bytes(path: Path) -> int:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path.stat().st_size


def _discord_key(channel: str, game: int, i: int) -> str:
    """Shaped like a Discord interaction id (19 digits), unique per press."""
    return str(1_200_000_000_000_000_000 + game * 100_000 + i * 37 + len(channel))


async def test_a_finished_game_has_no_snapshots_and_stays_verifiable(tmp_path: Path) -> None:
    script = script_game(4, seed=31, policy_seed=4)
    svc = open_service(tmp_path / "t.db", snapshot_every=10)
    await start(svc, "c", 4, seed=script.seed)
    outs = await play_script(svc, "c", script.moves, key_prefix="press")
    assert outs[-1].game_over
    game = svc.storage.games.game_history("c", 1)[0]
    assert game.status == "finished" and game.final_hash == script.final_hash
    assert svc.storage.games.latest_snapshot(game.id) is None
    conn = svc.storage.connection._conn
    assert conn is not None
    assert conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 0
    # The moves come back from the archive exactly as they were stored.
    moves = svc.storage.games.moves(game.id)
    assert [(m.seat, m.command) for m in moves] == script.final.history
    assert [m.seq for m in moves] == list(range(len(script.moves)))
    assert moves[0].idempotency_key == "press-0" and moves[0].user_id == uid(script.moves[0][0])
    assert [m.seq for m in svc.storage.games.moves(game.id, after_seq=10)][:2] == [11, 12]
    assert [m.seq for m in svc.storage.games.recent_moves(game.id, 3)] == [
        len(script.moves) - 3 + i for i in range(3)
    ]
    assert svc.restore.verify(game.id) == script.final_hash
    # A press repeated after the end is recognised, not applied.
    again = await svc.play.command("c", uid(0), "play", idempotency_key="press-5")
    assert not again.accepted and again.code == Code.DUPLICATE and again.seq == 5
    # The end stays viewable, then a rematch starts.
    assert (await svc.play.board("c")).ok
    log = await svc.play.log("c", 5)
    assert log.ok and len(log.lines) == 5
    rematch = await svc.lobby.start("c", uid(0), seed=32)
    assert rematch.accepted, rematch.error
    svc.close()


async def test_a_channel_whose_last_game_finished_restarts(db_target: Path | str) -> None:
    script = script_game(2, seed=41, policy_seed=2)
    svc = open_service(db_target)
    await start(svc, "c", 2, seed=script.seed)
    await play_script(svc, "c", script.moves)
    svc.close()
    svc = open_service(db_target)
    out = await svc.play.command("c", uid(0), "play")
    assert out.code == Code.GAME_OVER
    assert (await svc.play.status("c")).ok
    game = svc.storage.games.game_history("c", 1)[0]
    assert svc.restore.verify(game.id) == script.final_hash
    # The end is replayed from seed and moves (no snapshot left) for board, hand, log, view.
    board = await svc.play.board("c")
    assert board.ok and board.image is not None
    assert (await svc.play.hand("c", uid(1))).ok
    log = await svc.play.log("c", 3)
    assert log.ok and log.lines[-1].startswith(f"#{len(script.moves)} ")
    view = await svc.play.view("c")
    assert view is not None and view["seq"] == len(script.moves)
    assert (await svc.lobby.start("c", uid(0), seed=42)).accepted
    svc.close()


async def test_a_finished_game_that_does_not_replay_is_not_shown(db_target: Path | str) -> None:
    script = script_game(2, seed=44, policy_seed=2)
    svc = open_service(db_target)
    await start(svc, "c", 2, seed=script.seed)
    await play_script(svc, "c", script.moves)
    with svc.storage.connection.write("tamper") as conn:
        conn.execute("UPDATE games SET final_hash = 'ffffffffffffffff'")
    svc.close()
    svc = open_service(db_target)
    board = await svc.play.board("c")
    assert not board.ok and board.code == Code.GAME_OVER  # the summary, not a wrong board
    svc.close()


async def test_a_tampered_finished_game_fails_verification(tmp_path: Path) -> None:
    script = script_game(2, seed=43, policy_seed=2)
    svc = open_service(tmp_path / "t.db")
    await start(svc, "c", 2, seed=script.seed)
    await play_script(svc, "c", script.moves)
    game = svc.storage.games.game_history("c", 1)[0]
    with svc.storage.connection.write("tamper") as conn:
        conn.execute("UPDATE games SET final_hash = 'ffffffffffffffff' WHERE id = ?", (game.id,))
    with pytest.raises(Exception, match="final hash"):
        svc.restore.verify(game.id)
    svc.close()


async def test_an_aborted_game_is_compacted_too(db_target: Path | str) -> None:
    script = script_game(3, seed=45, policy_seed=3)
    svc = open_service(db_target, snapshot_every=10)
    await start(svc, "c", 3, seed=script.seed)
    await play_script(svc, "c", script.moves[:47], key_prefix="k")
    assert (await svc.lobby.abort("c", uid(0))).accepted
    game = svc.storage.games.game_history("c", 1)[0]
    assert game.status == "aborted" and svc.storage.games.latest_snapshot(game.id) is None
    assert [(m.seat, m.command) for m in svc.storage.games.moves(game.id)] == script.final.history[
        :47
    ]
    assert svc.storage.games.has_idempotency_key("k-46") == 46
    svc.restore.verify(game.id)
    svc.close()


async def test_bytes_per_finished_four_player_game(tmp_path: Path) -> None:
    """Measured on the file: what each further finished game adds once pages are reused.
    Every human press carries a Discord-sized key and user id, as in real play. The average
    leaves out the empty schema (a page for each table and index: it grows with features such
    as stats and turn timers, not with games)."""
    empty_path = tmp_path / "empty.db"
    open_service(empty_path, images=False).close()
    schema = _file_bytes(empty_path)
    path = tmp_path / "size.db"
    svc = open_service(path, images=False)
    sizes = []
    for n in range(8):
        script = script_game(4, seed=100 + n, policy_seed=n)
        for i in range(4):
            out = await svc.lobby.join("c", str(900_000_000_000_000_000 + i), f"P{i + 1}")
            assert out.accepted, out.error
        out = await svc.lobby.start("c", str(900_000_000_000_000_000), seed=script.seed)
        assert out.accepted, out.error
        for i, (seat, command) in enumerate(script.moves):
            user = str(900_000_000_000_000_000 + seat)
            out = await svc.play.command(
                "c", user, command, idempotency_key=_discord_key("c", n, i)
            )
            assert out.accepted, (out.code, out.error)
        assert out.game_over
        await svc.lobby.abort("c", str(900_000_000_000_000_000), can_manage=True)
        sizes.append(_file_bytes(path))
    svc.close()
    per_game = (sizes[-1] - sizes[1]) / (len(sizes) - 2)
    print(
        f"bytes per finished 4-player game: {per_game:.0f} "
        f"(file {sizes[-1]} after 8, empty schema {schema})"
    )
    assert per_game <= MAX_BYTES_PER_FINISHED_GAME
    assert (sizes[-1] - schema) / len(sizes) <= 2 * MAX_BYTES_PER_FINISHED_GAME


def test_pack_round_trip() -> None:
    moves = [
        (0, 0, "1234567890123456789", "play 2 ponte", "2025-03-14T15:09:26.000001+00:00", "k1"),
        (1, 1, None, "draw deck", "2025-03-14T15:09:26.500000+00:00", None),
        (2, 2, "ユーザー", "exchange 3 4", "2025-03-14T16:00:00.000000+00:00", "クリック"),
    ]
    assert unpack_moves(pack_moves(moves)) == moves
    gaps = [(5, 0, None, "a", "2025-01-01T00:00:00.000000+00:00", None), (7, *moves[0][1:])]
    assert unpack_moves(pack_moves(gaps)) == gaps
    assert unpack_moves(pack_moves([])) == []


#: The schema version before finished games were compacted.
BEFORE_COMPACTION = MIGRATIONS.index(_migrate_add_final_hash_and_archives)


def _old_file_with_a_finished_and_an_active_game(path: Path) -> tuple[str, int]:
    """A database as the previous program wrote it: every snapshot kept."""
    Storage.open(path, migrations=MIGRATIONS[:BEFORE_COMPACTION]).close()
    script = script_game(2, seed=51, policy_seed=5)
    game = table_game("venezia")
    conn = sqlite3.connect(path)
    now = "2025-03-14T15:09:26.000000+00:00"
    players = json.dumps([{"name": "P1", "user_id": "u0"}, {"name": "P2", "user_id": "u1"}])
    for channel, gid in (("done", 1), ("busy", 2)):
        conn.execute("INSERT INTO tables (channel_id, created_at) VALUES (?, ?)", (channel, now))
        conn.execute(
            "INSERT INTO games (id, channel_id, game_type, seed, players, status, created_at, "
            "last_seq) VALUES (?, ?, 'venezia', ?, ?, 'active', ?, -1)",
            (gid, channel, str(script.seed), players, now),
        )
    state = game.new_state(["P1", "P2"], script.seed)
    for gid, count in ((1, len(script.moves)), (2, 30)):
        state = game.new_state(["P1", "P2"], script.seed)
        for seq, (seat, command) in enumerate(script.moves[:count]):
            state.apply(seat, command)
            conn.execute(
                "INSERT INTO moves (game_id, seq, seat, user_id, command, created_at, "
                "idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (gid, seq, seat, f"u{seat}", state.history[-1][1], now, f"g{gid}-{seq}"),
            )
            if seq % 10 == 9 or seq == count - 1:
                conn.execute(
                    "INSERT INTO snapshots (game_id, seq, state_json, state_hash, created_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (gid, seq, state.to_json(), state.state_hash(), now),
                )
        conn.execute("UPDATE games SET last_seq = ? WHERE id = ?", (count - 1, gid))
    conn.execute("UPDATE games SET status = 'finished' WHERE id = 1")
    conn.execute(
        "INSERT INTO results (game_id, seat, user_id, name, place, score) "
        "VALUES (1, 0, 'u0', 'P1', 1, '1')"
    )
    conn.commit()
    conn.close()
    return script.final_hash, len(script.moves)


def test_migration_compacts_finished_games_of_an_older_file(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    final_hash, n_moves = _old_file_with_a_finished_and_an_active_game(path)
    with Storage.open(path) as store:
        assert store.connection.schema_version() == SCHEMA_VERSION
        finished = store.games.get_game(1)
        assert finished is not None and finished.final_hash == final_hash
        assert store.games.latest_snapshot(1) is None
        assert len(store.games.moves(1)) == n_moves
        assert store.games.has_idempotency_key("g1-3") == 3
        # The running game is left as it was: its snapshots still speed up its restart.
        busy = store.games.get_game(2)
        assert busy is not None and busy.final_hash is None and busy.status == "active"
        snap = store.games.latest_snapshot(2)
        assert snap is not None and snap.seq == 29
        assert len(store.games.moves(2)) == 30
    assert list(tmp_path.glob(f"old.db.bak-v{BEFORE_COMPACTION}-*")), "backed up first"
    svc = open_service(path)
    assert svc.restore.verify(1) == final_hash
    svc.restore.verify(2)
    svc.close()


def test_synchronous_full_by_default(tmp_path: Path) -> None:
    with Storage.open(tmp_path / "a.db") as store:
        assert store.connection._conn is not None
        assert store.connection._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    with Storage.open(tmp_path / "b.db", synchronous="normal") as store:
        assert store.connection._conn is not None
        assert store.connection._conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    with pytest.raises(ValueError, match="full, normal"):
        Storage.open(tmp_path / "c.db", synchronous="off")
    svc = open_service(tmp_path / "d.db")
    assert svc.storage.connection._conn is not None
    assert svc.storage.connection._conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    svc.close()


def test_the_setting_relaxes_it_explicitly() -> None:
    assert Settings.from_env({}, env_file="/nonexistent").db_synchronous == "full"
    relaxed = Settings.from_env({"CANALSIDE_DB_SYNC": "normal"}, env_file="/nonexistent")
    assert relaxed.db_synchronous == "normal"
    with pytest.raises(SettingsError, match="CANALSIDE_DB_SYNC"):
        Settings.from_env({"CANALSIDE_DB_SYNC": "off"}, env_file="/nonexistent")
