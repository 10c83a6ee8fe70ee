"""The repository contract (#26, storage as repositories): what each storage Protocol of
:mod:`bot.storage.repositories` promises, run against every backend.

Each test uses only the Protocols (``Database``, ``Repositories`` and the seven
repositories), never a backend's own methods, so a second backend (PostgreSQL, issue #27)
is checked by adding one param to the ``backend`` fixture: a function that opens a fresh,
empty, migrated database of that backend.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.storage.errors import (
    AlreadyProcessed,
    AlreadySeated,
    DuplicateMove,
    GameInProgress,
    GameNotActive,
    OutOfOrderMove,
)
from bot.storage.history import ARCHIVE_CHANNEL, AlreadyStored, ImportedGame
from bot.storage.records import ChannelLoad, FinalResult, GameRecord, PlayerInfo, SnapshotData
from bot.storage.repositories import Database
from bot.storage.stats import StatsSettings
from bot.storage.store import open_database
from bot.storage.timers import TimerSettings


@pytest.fixture
def db(db_target: Path | str) -> Iterator[Database]:
    """A fresh database of each backend (``db_target``: SQLite, PostgreSQL - #27)."""
    database = open_database(db_target)
    try:
        yield database
    finally:
        database.close()


ALICE = PlayerInfo("Alice", "u1")
BOB = PlayerInfo("Bob", "u2")


def start(db: Database, channel: str = "c1", guild: str | None = "g1") -> GameRecord:
    return db.games.create_game(
        channel, "venezia", seed=7, players=[ALICE, BOB], guild_id=guild, options={"v": 1}
    )


# -- LobbyRepository ------------------------------------------------------------------------


def test_lobby_seats_are_numbered_in_order_and_close_their_gaps(db: Database) -> None:
    """#26 storage: seats 0..n-1; a seat leaving moves the later ones up."""
    lobby = db.lobby
    lobby.join_seat("c1", "Anna", "u1", guild_id="g1")
    lobby.join_seat("c1", "AI", None, is_ai=True, ai_level=2)
    lobby.join_seat("c1", "Ben", "u2")
    with pytest.raises(AlreadySeated):
        lobby.join_seat("c1", "Anna again", "u1")
    assert [(s.seat_order, s.display_name) for s in lobby.list_seats("c1")] == [
        (0, "Anna"),
        (1, "AI"),
        (2, "Ben"),
    ]
    assert lobby.leave_seat("c1", "u1") is not None
    assert lobby.leave_seat("c1", "nobody") is None
    assert [(s.seat_order, s.display_name) for s in lobby.list_seats("c1")] == [
        (0, "AI"),
        (1, "Ben"),
    ]
    removed = lobby.remove_seat("c1", 0)
    assert removed is not None and removed.is_ai and removed.ai_level == 2
    assert lobby.clear_seats("c1") == 1
    assert lobby.list_seats("c1") == []
    table = lobby.get_table("c1")
    assert table is not None and table.guild_id == "g1"
    assert lobby.get_table("elsewhere") is None
    assert lobby.get_or_create_table("c2", "g2").guild_id == "g2"


def test_lobby_choice_round_trips(db: Database) -> None:
    """#26 storage: the lobby's game and option texts are kept, and forgotten with None."""
    assert db.lobby.lobby_choice("c1") == (None, {})
    db.lobby.set_lobby_choice("c1", "canal_grande", {"first_divider": "2"})
    assert db.lobby.lobby_choice("c1") == ("canal_grande", {"first_divider": "2"})
    db.lobby.set_lobby_choice("c1", None)
    assert db.lobby.lobby_choice("c1") == (None, {})


# -- GameRepository -------------------------------------------------------------------------


def test_a_game_starts_from_the_lobby_and_is_the_channels_one_open_game(db: Database) -> None:
    """#26 storage: players default to the lobby's seats; one open game per channel."""
    db.lobby.join_seat("c1", "Anna", "u1")
    db.lobby.join_seat("c1", "Ben", "u2")
    game = db.games.create_game("c1", "venezia", seed=2**63 + 5)
    assert [p.name for p in game.players] == ["Anna", "Ben"]
    assert game.seed == 2**63 + 5 and game.status == "active" and game.last_seq == -1
    with pytest.raises(GameInProgress):
        db.games.create_game("c1", "venezia", seed=1)
    assert db.games.active_game("c1") == game
    assert db.games.get_game(game.id) == game
    assert db.games.active_channels() == ["c1"]


def test_the_move_log_refuses_doubles_gaps_and_retries(db: Database) -> None:
    """#26 storage: one move per seq, in order; an idempotency key is recognised."""
    game = start(db)
    db.games.append_move(game.id, 0, 0, "u1", "take 3", idempotency_key="k0")
    with pytest.raises(AlreadyProcessed) as retried:
        db.games.append_move(game.id, 1, 1, "u2", "take 4", idempotency_key="k0")
    assert retried.value.seq == 0
    with pytest.raises(DuplicateMove):
        db.games.append_move(game.id, 0, 1, "u2", "take 4")
    with pytest.raises(OutOfOrderMove):
        db.games.append_move(game.id, 2, 1, "u2", "take 4")
    db.games.append_move(game.id, 1, 1, "u2", "take 4", snapshot=SnapshotData("{}", "h1"))
    assert db.games.has_idempotency_key("k0") == 0
    assert db.games.has_idempotency_key("new") is None
    assert [m.command for m in db.games.moves(game.id)] == ["take 3", "take 4"]
    assert [m.seq for m in db.games.moves(game.id, after_seq=0)] == [1]
    assert [m.seq for m in db.games.recent_moves(game.id, 1)] == [1]
    snap = db.games.latest_snapshot(game.id)
    assert snap is not None and (snap.seq, snap.state_hash) == (1, "h1")
    with pytest.raises(ValueError):
        db.games.save_snapshot(game.id, 5, "{}", "h5")


def test_load_channel_gives_the_lobby_choice_the_snapshot_and_the_moves_after_it(
    db: Database,
) -> None:
    """#26 storage: one consistent read of what a table service loads."""
    assert db.games.load_channel("nowhere") == ChannelLoad(None, {}, None)
    db.lobby.set_lobby_choice("c1", "venezia", {"variant": "base"})
    game = start(db)
    db.games.append_move(game.id, 0, 0, "u1", "a", snapshot=SnapshotData("{}", "h0"))
    db.games.append_move(game.id, 1, 1, "u2", "b")
    loaded = db.games.load_channel("c1")
    assert (loaded.lobby_game, loaded.lobby_options) == ("venezia", {"variant": "base"})
    assert loaded.game is not None and loaded.game.snapshot is not None
    assert [m.seq for m in loaded.game.moves] == [1]
    full = db.games.load_game(game.id, all_moves=True)
    assert full is not None and [m.seq for m in full.moves] == [0, 1]
    assert db.games.load_game(9999) is None


def test_a_game_ending_move_finishes_the_game_with_its_results(db: Database) -> None:
    """#26 storage: the last move, the results and the end in one call; moves stay readable."""
    game = start(db)
    db.games.append_move(game.id, 0, 0, "u1", "a")
    db.games.append_move(
        game.id,
        1,
        1,
        "u2",
        "b",
        snapshot=SnapshotData("{}", "final"),
        finish=[FinalResult(0, "Alice", 2, 10, "u1"), FinalResult(1, "Bob", 1, 20, "u2")],
    )
    done = db.games.get_game(game.id)
    assert done is not None and done.status == "finished"
    assert db.games.active_game("c1") is None and db.games.active_channels() == []
    assert [r.name for r in db.games.results(game.id)] == ["Bob", "Alice"]
    assert [m.command for m in db.games.moves(game.id)] == ["a", "b"]
    assert [g.id for g in db.games.game_history("c1")] == [game.id]
    with pytest.raises(GameNotActive):
        db.games.append_move(game.id, 2, 0, "u1", "c")


def test_abort_and_a_new_seat_list(db: Database) -> None:
    """#26 storage: a running game's players change; an aborted game is closed."""
    game = start(db)
    db.games.update_players(game.id, [ALICE, PlayerInfo("Bob", None, True, 1)], takeover=True)
    record = db.games.get_game(game.id)
    assert record is not None and record.players[1].is_ai
    aborted = db.games.abort_game(game.id)
    assert aborted.status == "aborted"
    with pytest.raises(GameNotActive):
        db.games.update_players(game.id, [ALICE, BOB])
    with pytest.raises(GameNotActive):
        db.games.finish_game(game.id, [])


# -- TimerRepository ------------------------------------------------------------------------


def test_timer_settings_default_and_round_trip(db: Database) -> None:
    """#26 storage"""
    assert db.timer_settings.get_timer_settings("c1") == TimerSettings()
    new = TimerSettings(turn_seconds=120, remind_seconds=30, on_timeout="pause", archive_days=3)
    db.timer_settings.set_timer_settings("c1", new)
    assert db.timer_settings.get_timer_settings("c1") == new


def test_deadlines_fire_exactly_once_and_leave_a_notice(db: Database) -> None:
    """#26 storage: a reminder and a timeout are due once; each firing stores its notice."""
    game = start(db)
    settings = TimerSettings(turn_seconds=100, remind_seconds=40)
    db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 1000.0, settings)
    [deadline] = db.deadlines.deadlines(game.id)
    assert (deadline.seat, deadline.remind_at, deadline.timeout_at) == (0, 1040.0, 1100.0)
    assert db.deadlines.next_due() == 1040.0
    assert db.deadlines.due_channels(1039.0) == []
    assert db.deadlines.due_channels(1040.0) == ["c1"]
    assert db.deadlines.mark_fired(game.id, 0, "reminded")
    assert not db.deadlines.mark_fired(game.id, 0, "reminded")
    assert [n.kind for n in db.deadlines.notices("c1")] == ["reminder"]
    assert db.deadlines.notice_channels() == ["c1"]
    db.deadlines.clear_notice(game.id, 0, "reminder")
    assert db.deadlines.notices("c1") == []
    assert db.deadlines.fire_timeout(game.id, 0, "takeover")
    assert not db.deadlines.fire_timeout(game.id, 0, "takeover")
    assert [n.kind for n in db.deadlines.notices("c1")] == ["takeover"]
    assert db.deadlines.next_due() is None
    db.deadlines.drop_deadline(game.id, 0)
    assert db.deadlines.deadlines(game.id) == []
    db.deadlines.sync_deadlines("c1", game.id, {1: "u2"}, 2000.0, settings)
    db.deadlines.clear_deadlines(game.id)
    assert db.deadlines.deadlines(game.id) == []


def test_a_pause_its_votes_and_a_takeover(db: Database) -> None:
    """#26 storage: votes at a paused seat; a takeover is open until the player is back."""
    game = start(db)
    db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 0.0, TimerSettings(turn_seconds=10))
    assert db.deadlines.pause_seat(game.id, 0)
    assert not db.deadlines.pause_seat(game.id, 0)
    db.timeout_votes.set_timeout_vote(game.id, 0, "u2", "wait", 11.0)
    db.timeout_votes.set_timeout_vote(game.id, 0, "u2", "ai", 12.0)
    assert db.timeout_votes.timeout_votes(game.id, 0) == {"u2": "ai"}
    db.timeout_votes.clear_timeout_votes(game.id)
    assert db.timeout_votes.timeout_votes(game.id, 0) == {}
    assert not db.takeovers.had_takeover(game.id)
    db.takeovers.add_takeover(game.id, 0, "u1", "Alice", "timeout", 20.0)
    assert db.takeovers.had_takeover(game.id)
    taken = db.takeovers.open_takeover(game.id, "u1")
    assert taken is not None and taken.seat == 0 and taken.kind == "timeout"
    assert db.takeovers.seat_takeover(game.id, 0) == taken
    db.takeovers.end_takeover(game.id, 0, 30.0)
    assert db.takeovers.open_takeover(game.id, "u1") is None


def test_an_untouched_game_is_stale_after_its_archive_time(db: Database) -> None:
    """#26 storage"""
    game = start(db)
    db.archive_clock.touch_game(game.id, 0.0)
    assert db.archive_clock.stale_games(86400.0 * 13, 14) == []
    assert db.archive_clock.stale_games(86400.0 * 14, 14) == [("c1", game.id)]


# -- StatsRepository ------------------------------------------------------------------------


def test_a_finished_game_counts_in_the_servers_stats_and_ratings(db: Database) -> None:
    """#26 storage"""
    game = start(db)
    db.games.finish_game(
        game.id, [FinalResult(0, "Alice", 1, 5, "u1"), FinalResult(1, "Bob", 2, 3, "u2")]
    )
    [row] = db.stats.stats("g1", "u:u1")
    assert (row.game_type, row.games, row.wins) == ("venezia", 1, 1)
    assert db.stats.rated_games("g1") == ["venezia"]
    assert [r.player for r in db.stats.leaderboard("g1", "venezia")] == ["u:u1", "u:u2"]
    assert db.stats.stats_settings("g1") == StatsSettings()
    db.stats.set_stats_settings("g1", StatsSettings(count_aborted=True))
    assert db.stats.stats_settings("g1").count_aborted
    assert db.stats.rebuild_ratings("g1") == 1
    db.stats.mark_takeover(game.id)
    assert db.stats.stats("g1", "u:u1")[0].takeover == 1


# -- HistoryRepository ----------------------------------------------------------------------


def test_closed_games_and_an_import(db: Database) -> None:
    """#26 storage: closed games with results, newest first; an import is stored once."""
    first = start(db)
    db.games.finish_game(first.id, [FinalResult(0, "Alice", 1), FinalResult(1, "Bob", 2)])
    second = start(db)
    db.games.abort_game(second.id)
    assert [e.record.id for e in db.history.closed_games("c1")] == [second.id, first.id]
    assert [e.record.id for e in db.history.closed_games("c1", before_id=second.id)] == [first.id]
    entry = db.history.closed_game(first.id)
    assert entry is not None and [r.name for r in entry.results] == ["Alice", "Bob"]
    imported = ImportedGame(
        "venezia",
        {},
        99,
        [ALICE, BOB],
        [(0, "a"), (1, "b")],
        "finished",
        "hash",
        [FinalResult(0, "Alice", 1), FinalResult(1, "Bob", 2)],
    )
    record = db.history.import_game(imported)
    assert record.channel_id == ARCHIVE_CHANNEL and record.status == "finished"
    assert [m.command for m in db.games.moves(record.id)] == ["a", "b"]
    with pytest.raises(AlreadyStored):
        db.history.import_game(imported, lambda stored: stored.record.seed == 99)
    assert len(db.history.every_closed_game(10)) == 3


# -- AdapterStateRepository, LanguageRepository -----------------------------------------------


def test_adapter_state_and_languages_round_trip(db: Database) -> None:
    """#26 storage"""
    assert db.adapter_state.get_adapter_state("table:c1", "message") is None
    db.adapter_state.set_adapter_state("table:c1", "message", "42")
    assert db.adapter_state.get_adapter_state("table:c1", "message") == "42"
    db.adapter_state.set_adapter_state("table:c1", "message", None)
    assert db.adapter_state.get_adapter_state("table:c1", "message") is None
    db.languages.set_language("table", "c1", "ja")
    db.languages.set_language("table", "c1", "hu")
    db.languages.set_language("person", "u1", "it")
    assert sorted(db.languages.languages()) == [("person", "u1", "it"), ("table", "c1", "hu")]


# -- the unit of work -----------------------------------------------------------------------


def test_a_transaction_commits_changes_to_several_repositories_together(db: Database) -> None:
    """#26 storage: a seat handed to an AI changes the game and its timers as one."""
    game = start(db)
    db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 0.0, TimerSettings(turn_seconds=10))
    with db.transaction("hand_seat_to_ai") as tx:
        assert tx.deadlines.fire_timeout(game.id, 0, "takeover")
        tx.games.update_players(game.id, [PlayerInfo("Alice", None, True, 1), BOB], takeover=True)
        tx.takeovers.add_takeover(game.id, 0, "u1", "Alice", "timeout", 10.0)
    record = db.games.get_game(game.id)
    assert record is not None and record.players[0].is_ai
    assert db.takeovers.open_takeover(game.id, "u1") is not None
    assert [n.kind for n in db.deadlines.notices("c1")] == ["takeover"]


def test_a_failing_transaction_changes_nothing_in_any_repository(db: Database) -> None:
    """#26 storage: an exception leaving the block rolls every repository's change back."""
    game = start(db)
    db.deadlines.sync_deadlines("c1", game.id, {0: "u1"}, 0.0, TimerSettings(turn_seconds=10))
    with pytest.raises(GameNotActive), db.transaction("hand_seat_to_ai") as tx:
        assert tx.deadlines.fire_timeout(game.id, 0, "takeover")
        tx.lobby.join_seat("c1", "Late", "u9")
        tx.games.update_players(game.id + 1, [ALICE, BOB])  # no such game: it fails
    assert db.deadlines.notices("c1") == []
    assert not db.deadlines.deadlines(game.id)[0].timed_out
    assert db.lobby.list_seats("c1") == []
    assert db.deadlines.fire_timeout(game.id, 0, "takeover")  # still unfired


# -- #26: the timer repositories, split by what they keep -------------------------------------

TIMER_PROTOCOLS = {
    "timer_settings": "TimerSettingsRepository",
    "deadlines": "DeadlineRepository",
    "timeout_votes": "TimeoutVoteRepository",
    "takeovers": "TakeoverRepository",
    "archive_clock": "ArchiveClockRepository",
}


def _protocol_methods(name: str) -> set[str]:
    import bot.storage.repositories as repositories

    proto = getattr(repositories, name)
    return {m for m in vars(proto) if not m.startswith("_") and callable(getattr(proto, m))}


def test_the_timer_repository_is_split_into_cohesive_ones(db: Database) -> None:
    """#26 (TimerRepository had 24 methods): five repositories, each with one concern, on
    both backends; a database has no catch-all ``timers`` any more."""
    import bot.storage.repositories as repositories

    assert not hasattr(repositories, "TimerRepository")
    assert not hasattr(db, "timers")
    seen: set[str] = set()
    for attr, proto in TIMER_PROTOCOLS.items():
        methods = _protocol_methods(proto)
        assert methods and len(methods) <= 12, (proto, sorted(methods))
        assert not methods & seen  # each method lives in one repository
        seen |= methods
        repo = getattr(db, attr)
        assert all(callable(getattr(repo, m, None)) for m in methods), (attr, proto)
    assert {"get_timer_settings", "fire_timeout", "set_timeout_vote", "open_takeover"} <= seen
    assert {"stale_games", "touch_game", "sync_deadlines", "notices"} <= seen
    assert len(seen) == 24


def test_each_table_part_gets_only_the_timer_repositories_it_uses() -> None:
    """#26: the parts of bot/table are given the timer repositories they call, not one
    repository of everything (Session and Reads: only takeovers)."""
    import inspect

    from bot.table.reads import Reads
    from bot.table.session import Session
    from bot.table.timers import Timers

    for part in (Session, Reads):
        params = inspect.signature(part.__init__).parameters
        assert "takeovers" in params and "timers" not in params
    params = inspect.signature(Timers.__init__).parameters
    assert {"timer_settings", "deadlines", "takeovers", "archive_clock"} <= set(params)
    assert "timers" not in params and "timeout_votes" not in params
