"""Tests for bot.storage.store: schema/migrations, atomic move log, lobby, lifecycle, threading."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlite_utils import Database

from bot.storage.store import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    AlreadyProcessed,
    AlreadySeated,
    ChannelLoad,
    DuplicateMove,
    FinalResult,
    GameInProgress,
    GameNotActive,
    GameRecord,
    MigrationFailed,
    NotOurDatabase,
    OutOfOrderMove,
    PlayerInfo,
    SchemaTooNew,
    SnapshotData,
    Storage,
    StorageClosed,
    open_database,
)

FIXED_NOW = datetime(2025, 3, 14, 15, 9, 26, tzinfo=UTC)


def fixed_clock() -> datetime:
    return FIXED_NOW


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


def start_game(store: Storage, channel: str = "c1", seed: int = 42) -> GameRecord:
    store.lobby.join_seat(channel, "Alice", "u1", guild_id="g1")
    store.lobby.join_seat(channel, "Bob", "u2")
    return store.games.create_game(channel, "venezia", seed=seed, options={"variant": "base"})


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "venezia.db"


@pytest.fixture
def sqlite_store(db_path: Path) -> Iterator[Storage]:
    """The SQLite file (for the tests of what is SQLite's own: pragmas, the file, its schema)."""
    s = Storage.open(db_path)
    yield s
    s.close()


@pytest.fixture
def store(db_target: Path | str) -> Iterator[Storage]:
    """A fresh database of each backend (SQLite, PostgreSQL - #27); typed as SQLite's, whose
    repositories PostgreSQL's share."""
    s = open_database(db_target)
    yield s  # type: ignore[misc]
    s.close()


# -- schema, pragmas, versioning --------------------------------------------------------------


def test_schema_created_and_version_recorded(sqlite_store: Storage, db_path: Path) -> None:
    assert sqlite_store.connection.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    db = Database(raw(db_path))
    assert {"tables", "seats", "games", "moves", "snapshots", "results"} <= set(db.table_names())
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert "idempotency_key" in db["moves"].columns_dict
    db.close()


def test_wal_mode_and_connection_pragmas(sqlite_store: Storage, db_path: Path) -> None:
    conn = raw(db_path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    inner = sqlite_store.connection._conn
    assert inner is not None
    assert inner.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert inner.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: survives power loss
    assert inner.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000


def test_reopen_keeps_data(db_path: Path) -> None:
    with Storage.open(db_path) as s:
        game = start_game(s)
        s.games.append_move(game.id, 0, 0, "u1", "take 3", idempotency_key="m1")
        s.games.save_snapshot(game.id, 0, '{"x":1}', "h0")
    with Storage.open(db_path) as s:
        assert s.games.active_channels() == ["c1"]
        again = s.games.active_game("c1")
        assert again is not None
        assert again.id == game.id and again.last_seq == 0 and again.seed == 42
        assert again.options == {"variant": "base"}
        assert again.player_names == ["Alice", "Bob"]
        assert [m.command for m in s.games.moves(game.id)] == ["take 3"]
        snap = s.games.latest_snapshot(game.id)
        assert snap is not None and snap.state_hash == "h0"
        assert not list(db_path.parent.glob("*.bak-*")), "no migration, so no backup"


def test_newer_schema_refuses_and_touches_nothing(db_path: Path) -> None:
    with Storage.open(db_path) as s:
        start_game(s)
    conn = raw(db_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = db_path.read_bytes()
    listing = sorted(p.name for p in db_path.parent.iterdir())

    with pytest.raises(SchemaTooNew) as info:
        Storage.open(db_path)

    assert info.value.found == SCHEMA_VERSION + 1
    assert info.value.supported == SCHEMA_VERSION
    assert "newer" in str(info.value) or "upgrade" in str(info.value)
    assert db_path.read_bytes() == before
    assert sorted(p.name for p in db_path.parent.iterdir()) == listing
    assert not list(db_path.parent.glob("*.bak-*"))


def test_foreign_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = raw(path)
    conn.execute("CREATE TABLE stuff (x)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(NotOurDatabase):
        Storage.open(path)
    assert path.read_bytes() == before


def _add_title(db: Database) -> None:
    db.conn.execute("ALTER TABLE games ADD COLUMN title TEXT")
    db.conn.execute("UPDATE games SET title = 'migrated ' || game_type")


def test_migration_to_next_version_backs_up_and_preserves_data(db_path: Path) -> None:
    with Storage.open(db_path) as s:
        game = start_game(s)
        s.games.append_move(game.id, 0, 0, "u1", "take 3")

    with Storage.open(db_path, migrations=[*MIGRATIONS, _add_title], clock=fixed_clock) as s:
        assert s.connection.schema_version() == SCHEMA_VERSION + 1
        active = s.games.active_game("c1")
        assert active is not None and active.last_seq == 0
        assert [m.command for m in s.games.moves(game.id)] == ["take 3"]

    backup = db_path.parent / f"{db_path.name}.bak-v{SCHEMA_VERSION}-20250314T150926Z"
    assert backup.exists()
    bconn = raw(backup)
    assert bconn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert bconn.execute("SELECT count(*) FROM moves").fetchone()[0] == 1
    bcols = [r[1] for r in bconn.execute("PRAGMA table_info(games)")]
    assert "title" not in bcols
    bconn.close()

    conn = raw(db_path)
    assert conn.execute("SELECT title FROM games").fetchone()[0] == "migrated venezia"
    conn.close()

    # The program without the new migration now refuses the upgraded file.
    with pytest.raises(SchemaTooNew):
        Storage.open(db_path)


def test_failed_migration_rolls_back(db_path: Path) -> None:
    with Storage.open(db_path) as s:
        start_game(s)

    def broken(db: Database) -> None:
        db.conn.execute("ALTER TABLE games ADD COLUMN title TEXT")
        raise RuntimeError("boom")

    with pytest.raises(MigrationFailed):
        Storage.open(db_path, migrations=[*MIGRATIONS, broken])

    conn = raw(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "title" not in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert len(list(db_path.parent.glob(f"*.bak-v{SCHEMA_VERSION}-*"))) == 1
    with Storage.open(db_path) as s:
        assert s.games.active_channels() == ["c1"]


def test_new_file_and_memory_get_no_backup(tmp_path: Path) -> None:
    path = tmp_path / "fresh.db"
    with Storage.open(path) as s:
        assert s.connection.schema_version() == SCHEMA_VERSION
    assert not list(tmp_path.glob("*.bak-*"))
    with Storage.open(":memory:") as mem:
        game = start_game(mem)
        mem.games.append_move(game.id, 0, 0, "u1", "pass")
        assert mem.connection.schema_version() == SCHEMA_VERSION
        assert len(mem.games.moves(game.id)) == 1


def test_closed_storage_raises(db_path: Path) -> None:
    s = Storage.open(db_path)
    s.close()
    s.close()  # idempotent
    assert s.connection.closed
    with pytest.raises(StorageClosed):
        s.games.active_channels()


# -- the move log -----------------------------------------------------------------------------


def test_duplicate_seq_is_refused(store: Storage) -> None:
    game = start_game(store)
    store.games.append_move(game.id, 0, 0, "u1", "take 3")
    with pytest.raises(DuplicateMove) as info:
        store.games.append_move(game.id, 0, 1, "u2", "take 4")
    assert (info.value.game_id, info.value.seq) == (game.id, 0)
    with pytest.raises(OutOfOrderMove) as gap:
        store.games.append_move(game.id, 2, 1, "u2", "take 4")
    assert gap.value.expected == 1
    assert [(m.seq, m.command) for m in store.games.moves(game.id)] == [(0, "take 3")]
    active = store.games.get_game(game.id)
    assert active is not None and active.last_seq == 0 and active.next_seq == 1


def test_unique_game_seq_enforced_by_schema(sqlite_store: Storage) -> None:
    game = start_game(sqlite_store)
    sqlite_store.games.append_move(game.id, 0, 0, "u1", "take 3")
    conn = sqlite_store.connection._conn
    assert conn is not None
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "INSERT INTO moves (game_id, seq, seat, command, created_at) VALUES (?, 0, 1, 'x', '')",
            (game.id,),
        )


def test_idempotency_key_refused_with_existing_seq(store: Storage) -> None:
    game = start_game(store)
    store.games.append_move(game.id, 0, 0, "u1", "take 3", idempotency_key="msg-100")
    store.games.append_move(game.id, 1, 1, "u2", "take 1", idempotency_key="msg-101")
    assert store.games.has_idempotency_key("msg-100") == 0
    assert store.games.has_idempotency_key("msg-101") == 1
    assert store.games.has_idempotency_key("msg-999") is None

    with pytest.raises(AlreadyProcessed) as info:
        store.games.append_move(game.id, 2, 0, "u1", "take 3", idempotency_key="msg-100")
    assert info.value.seq == 0 and info.value.game_id == game.id
    assert len(store.games.moves(game.id)) == 2

    # Even after the game ended, a retried delivery is recognised rather than "not active".
    store.games.finish_game(game.id, [FinalResult(0, "Alice", 1), FinalResult(1, "Bob", 2)])
    with pytest.raises(AlreadyProcessed) as late:
        store.games.append_move(game.id, 1, 1, "u2", "take 1", idempotency_key="msg-101")
    assert late.value.seq == 1


def test_move_and_snapshot_are_atomic_on_failure(db_path: Path) -> None:
    s = Storage.open(db_path)
    game = start_game(s)
    s.games.append_move(game.id, 0, 0, "u1", "take 3", snapshot=SnapshotData('{"s":0}', "h0"))

    def crash(operation: str) -> None:
        raise RuntimeError(f"simulated crash in {operation}")

    s.connection._fail_before_commit = crash
    with pytest.raises(RuntimeError, match="append_move"):
        s.games.append_move(
            game.id, 1, 1, "u2", "take 4", idempotency_key="k1", snapshot=SnapshotData("{}", "h1")
        )
    with pytest.raises(RuntimeError, match="finish_game"):
        s.games.finish_game(game.id, [FinalResult(0, "Alice", 1)])
    s.connection._fail_before_commit = None

    def check(store: Storage) -> None:
        assert [m.seq for m in store.games.moves(game.id)] == [0]
        current = store.games.get_game(game.id)
        assert current is not None
        assert current.last_seq == 0 and current.status == "active"
        snap = store.games.latest_snapshot(game.id)
        assert snap is not None and snap.seq == 0 and snap.state_hash == "h0"
        assert store.games.has_idempotency_key("k1") is None
        assert store.games.results(game.id) == []

    check(s)
    s.close()
    with Storage.open(db_path) as reopened:
        check(reopened)
        # The storage stays usable: the same move can now be stored.
        reopened.games.append_move(game.id, 1, 1, "u2", "take 4", idempotency_key="k1")
        assert reopened.games.has_idempotency_key("k1") == 1


def test_recent_moves_oldest_first(store: Storage) -> None:
    game = start_game(store)
    for seq in range(5):
        store.games.append_move(game.id, seq, seq % 2, None, f"cmd {seq}")
    assert [m.seq for m in store.games.recent_moves(game.id, 3)] == [2, 3, 4]
    assert [m.seq for m in store.games.moves(game.id, after_seq=2)] == [3, 4]


def test_append_to_inactive_or_missing_game_refused(store: Storage) -> None:
    game = start_game(store)
    store.games.abort_game(game.id)
    with pytest.raises(GameNotActive) as info:
        store.games.append_move(game.id, 0, 0, "u1", "take 3")
    assert info.value.status == "aborted"
    with pytest.raises(GameNotActive) as missing:
        store.games.append_move(9999, 0, 0, "u1", "take 3")
    assert missing.value.status is None


# -- snapshots --------------------------------------------------------------------------------


def test_latest_snapshot(store: Storage) -> None:
    game = store.games.create_game(
        "c1",
        "venezia",
        seed=1,
        players=[PlayerInfo("A", "u1"), PlayerInfo("Bot", None, True, 2)],
        snapshot=SnapshotData("{initial}", "h-init"),
    )
    first = store.games.latest_snapshot(game.id)
    assert first is not None and first.seq == -1 and first.state_json == "{initial}"
    for seq in range(7):
        snap = SnapshotData(f"{{{seq}}}", f"h{seq}") if seq % 3 == 0 else None
        store.games.append_move(game.id, seq, 0, "u1", f"m{seq}", snapshot=snap)
    latest = store.games.latest_snapshot(game.id)
    assert latest is not None and (latest.seq, latest.state_hash) == (6, "h6")
    store.games.save_snapshot(game.id, 6, "{6b}", "h6b")  # replaces the same position
    latest = store.games.latest_snapshot(game.id)
    assert latest is not None and latest.state_json == "{6b}"
    with pytest.raises(ValueError):
        store.games.save_snapshot(game.id, 7, "{}", "future")
    assert store.games.latest_snapshot(12345) is None


# -- lobby ------------------------------------------------------------------------------------


def test_lobby_join_leave_ordering(store: Storage) -> None:
    store.lobby.join_seat("c1", "Alice", "u1", guild_id="g1")
    store.lobby.join_seat("c1", "Bob", "u2")
    store.lobby.join_seat("c1", "Bot", is_ai=True, ai_level=3)
    store.lobby.join_seat("c1", "Carol", "u3")
    assert [(s.seat_order, s.display_name) for s in store.lobby.list_seats("c1")] == [
        (0, "Alice"),
        (1, "Bob"),
        (2, "Bot"),
        (3, "Carol"),
    ]
    with pytest.raises(AlreadySeated) as info:
        store.lobby.join_seat("c1", "Bob again", "u2")
    assert info.value.seat.seat_order == 1

    left = store.lobby.leave_seat("c1", "u2")
    assert left is not None and left.display_name == "Bob"
    assert store.lobby.leave_seat("c1", "u2") is None
    store.lobby.join_seat("c1", "Dave", "u4")
    seats = store.lobby.list_seats("c1")
    assert [(s.seat_order, s.display_name) for s in seats] == [
        (0, "Alice"),
        (1, "Bot"),
        (2, "Carol"),
        (3, "Dave"),
    ]
    bot = seats[1]
    assert bot.is_ai and bot.ai_level == 3 and bot.user_id is None

    removed = store.lobby.remove_seat("c1", 0)
    assert removed is not None and removed.user_id == "u1"
    assert [s.display_name for s in store.lobby.list_seats("c1")] == ["Bot", "Carol", "Dave"]
    assert [s.seat_order for s in store.lobby.list_seats("c1")] == [0, 1, 2]
    assert store.lobby.list_seats("other") == []

    table = store.lobby.get_table("c1")
    assert table is not None and table.guild_id == "g1" and table.current_game_id is None
    assert store.lobby.clear_seats("c1") == 3
    assert store.lobby.list_seats("c1") == []

    with pytest.raises(ValueError):
        store.lobby.join_seat("c1", "Nobody")


# -- game lifecycle ---------------------------------------------------------------------------


def test_active_vs_finished_games(store: Storage) -> None:
    g1 = start_game(store, "c1")
    g2 = start_game(store, "c2")
    g3 = start_game(store, "c3")
    assert store.games.active_channels() == ["c1", "c2", "c3"]
    table = store.lobby.get_table("c1")
    assert table is not None and table.current_game_id == g1.id
    with pytest.raises(GameInProgress):
        store.games.create_game("c1", "venezia", seed=9)

    store.games.append_move(g1.id, 0, 0, "u1", "take 3")
    done = store.games.finish_game(
        g1.id,
        [
            FinalResult(1, "Bob", 1, {"points": 31}, "u2"),
            FinalResult(0, "Alice", 2, {"points": 27}, "u1"),
        ],
    )
    assert done.status == "finished" and done.finished_at is not None
    aborted = store.games.abort_game(g2.id)
    assert aborted.status == "aborted"

    assert store.games.active_channels() == ["c3"]
    assert store.games.active_game("c1") is None
    assert store.games.active_game("c2") is None
    active = store.games.active_game("c3")
    assert active is not None and active.id == g3.id
    table = store.lobby.get_table("c1")
    assert table is not None and table.current_game_id is None

    results = store.games.results(g1.id)
    assert [(r.place, r.name, r.score) for r in results] == [
        (1, "Bob", {"points": 31}),
        (2, "Alice", {"points": 27}),
    ]
    with pytest.raises(GameNotActive):
        store.games.finish_game(g1.id, [])
    with pytest.raises(GameNotActive):
        store.games.abort_game(g2.id)

    # A new game can start once the previous one ended; history shows ended games only.
    g4 = store.games.create_game("c1", "venezia", seed=5)
    assert g4.players == g1.players  # lobby seats were kept for a rematch
    store.games.abort_game(g4.id)
    assert [g.id for g in store.games.game_history("c1")] == [g4.id, g1.id]
    assert [g.id for g in store.games.game_history("c1", limit=1)] == [g4.id]


def test_final_move_and_finish_in_one_transaction(store: Storage) -> None:
    game = start_game(store)
    store.games.append_move(
        game.id,
        0,
        0,
        "u1",
        "last",
        snapshot=SnapshotData("{end}", "hend"),
        finish=[FinalResult(0, "Alice", 1), FinalResult(1, "Bob", 1)],
    )
    ended = store.games.get_game(game.id)
    assert ended is not None and ended.status == "finished" and ended.last_seq == 0
    assert store.games.active_channels() == []
    assert len(store.games.results(game.id)) == 2


def test_players_and_big_seed_round_trip(store: Storage) -> None:
    store.lobby.join_seat("c1", "Alice", "u1")
    store.lobby.join_seat("c1", "Bot", is_ai=True, ai_level=2)
    seed = 2**64 - 1  # engine seeds are unsigned 64-bit; SQLite INTEGER is signed
    game = store.games.create_game("c1", "venezia", seed=seed, options={"rounds": 3, "x": [1, "ü"]})
    loaded = store.games.get_game(game.id)
    assert loaded is not None
    assert loaded.seed == seed
    assert loaded.options == {"rounds": 3, "x": [1, "ü"]}
    assert loaded.players == (
        PlayerInfo("Alice", "u1", False, None),
        PlayerInfo("Bot", None, True, 2),
    )
    assert loaded.status == "active" and loaded.last_seq == -1
    assert loaded.started_at is not None and loaded.started_at.tzinfo is not None
    with pytest.raises(ValueError):
        store.games.create_game("empty", "venezia", seed=1)


# -- threads ----------------------------------------------------------------------------------


def test_concurrent_appends_from_threads_all_land(db_path: Path) -> None:
    n_games, n_moves = 8, 40
    with Storage.open(db_path) as s, Storage.open(db_path) as other_process:
        games = [
            s.games.create_game(f"c{i}", "venezia", seed=i, players=[PlayerInfo("P", f"u{i}")])
            for i in range(n_games)
        ]
        errors: list[BaseException] = []
        barrier = threading.Barrier(n_games)

        def worker(index: int) -> None:
            # Half the threads share one connection, half use a second one on the same file,
            # so both the in-process lock and SQLite's file locking are exercised.
            target = s if index % 2 == 0 else other_process
            game_id = games[index].id
            try:
                barrier.wait()
                for seq in range(n_moves):
                    snap = SnapshotData("{}", f"{seq}") if seq % 10 == 9 else None
                    target.games.append_move(
                        game_id, seq, 0, f"u{index}", f"m{seq}", f"k{index}-{seq}", snap
                    )
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(n_games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

        assert errors == []
        for game in games:
            moves = s.games.moves(game.id)
            assert [m.seq for m in moves] == list(range(n_moves))
            current = s.games.get_game(game.id)
            assert current is not None and current.last_seq == n_moves - 1
            snap = s.games.latest_snapshot(game.id)
            assert snap is not None and snap.seq == n_moves - 1


def test_adapter_state_round_trip(store: Storage) -> None:
    assert store.adapter_state.get_adapter_state("table:c1", "live") is None
    store.adapter_state.set_adapter_state("table:c1", "live", '{"id": 1}')
    store.adapter_state.set_adapter_state("table:c1", "live", '{"id": 2}')
    store.adapter_state.set_adapter_state("user:u1", "dms_closed", "7")
    assert store.adapter_state.get_adapter_state("table:c1", "live") == '{"id": 2}'
    assert store.adapter_state.get_adapter_state("user:u1", "dms_closed") == "7"
    store.adapter_state.set_adapter_state("table:c1", "live", None)
    assert store.adapter_state.get_adapter_state("table:c1", "live") is None


def test_lobby_choice_is_stored_and_migrated(db_path: Path) -> None:
    """The lobby's game and option texts survive a reopen; a file one version older (before
    the lobby columns) is migrated and keeps its seats."""
    with Storage.open(db_path, migrations=MIGRATIONS[:-1]) as s:
        assert s.connection.schema_version() == SCHEMA_VERSION - 1
        s.lobby.join_seat("c1", "Anna", "u1")
    with Storage.open(db_path) as s:
        assert s.connection.schema_version() == SCHEMA_VERSION
        assert [x.display_name for x in s.lobby.list_seats("c1")] == ["Anna"]
        assert s.lobby.lobby_choice("c1") == (None, {})
        assert s.lobby.lobby_choice("nowhere") == (None, {})
        s.lobby.set_lobby_choice("c1", "canal_grande", {"first_divider": "2"})
    with Storage.open(db_path) as s:
        assert s.lobby.lobby_choice("c1") == ("canal_grande", {"first_divider": "2"})
        s.lobby.set_lobby_choice("c1", None)
        assert s.lobby.lobby_choice("c1") == (None, {})


def test_load_channel_reads_one_consistent_snapshot(db_path: Path) -> None:
    """Issue #17 item 3: the record, the latest snapshot and the moves a (re)load reads agree,
    even when another process commits moves between those reads."""
    with Storage.open(db_path) as reader, Storage.open(db_path) as other:
        game = start_game(reader)
        reader.lobby.set_lobby_choice("c1", "venezia", {"variant": "base"})
        reader.games.append_move(game.id, 0, 0, "u1", "take 3", snapshot=SnapshotData("{}", "h0"))
        reader.games.append_move(game.id, 1, 1, "u2", "take 4")
        commits: list[str] = []

        def commit_between(sql: str) -> None:
            # SQLite calls this as each statement starts: after the record was read, before
            # the snapshot (or the moves) are, the other process adds two moves (one with a
            # newer snapshot).
            if commits or "FROM snapshots" not in sql:
                return
            commits.append(sql)
            other.games.append_move(
                game.id, 2, 0, "u1", "take 5", snapshot=SnapshotData("{}", "h2")
            )
            other.games.append_move(game.id, 3, 1, "u2", "take 6")

        assert reader.connection._conn is not None
        reader.connection._conn.set_trace_callback(commit_between)
        try:
            loaded = reader.games.load_channel("c1")
        finally:
            reader.connection._conn.set_trace_callback(None)
        assert commits
        assert (loaded.lobby_game, loaded.lobby_options) == ("venezia", {"variant": "base"})
        assert loaded.game is not None
        assert loaded.game.record.last_seq == 1
        assert loaded.game.snapshot is not None and loaded.game.snapshot.seq == 0
        assert [m.seq for m in loaded.game.moves] == [1]
        # The next load sees the other process's moves, again all of a piece.
        again = reader.games.load_channel("c1").game
        assert again is not None and again.record.last_seq == 3
        assert again.snapshot is not None and again.snapshot.seq == 2
        assert [m.seq for m in again.moves] == [3]
        full = reader.games.load_game(game.id, all_moves=True)
        assert full is not None and [m.seq for m in full.moves] == [0, 1, 2, 3]
        assert reader.games.load_game(12345) is None
        assert reader.games.load_channel("nowhere") == ChannelLoad(None, {}, None)
        # The read transaction is over: the reader can write again at once.
        reader.games.append_move(game.id, 4, 0, "u1", "take 7")
