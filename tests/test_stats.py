"""Stats and ratings (bot/storage/stats.py): figures of a few finished games computed by hand,
ratings equal to openskill's own ``rate`` on the same sequence, AI seats rated per level,
aborted games left out unless the server's setting counts them, takeover marks, the
migration's backfill of an older file and a rebuild that agrees with the incremental path."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.storage.stats import StatsSettings
from bot.storage.store import MIGRATIONS, FinalResult, PlayerInfo, Storage, open_database

GAME = "venezia"
PEOPLE = {"u1": "Alice", "u2": "Bob", "u3": "Carol"}


@pytest.fixture
def store(db_target: Path | str) -> Iterator[Storage]:
    """A fresh database of each backend (SQLite, PostgreSQL - #27)."""
    with open_database(db_target) as s:
        yield s  # type: ignore[misc]


def play(
    store: Storage,
    places: Sequence[tuple[str, int]],
    *,
    channel: str = "c1",
    guild: str = "g1",
    game: str = GAME,
    abort: bool = False,
) -> int:
    """Store a game whose seats are ``(user id or 'ai:<code>', place)``, finished (or
    aborted with those standings)."""
    players = [
        PlayerInfo(f"AI{i}", None, True, int(who[3:]))
        if who.startswith("ai:")
        else PlayerInfo(PEOPLE[who], who)
        for i, (who, _) in enumerate(places)
    ]
    record = store.games.create_game(channel, game, seed=1, players=players, guild_id=guild)
    results = [
        FinalResult(seat, p.name, place, 10 * seat, p.user_id)
        for seat, (p, (_, place)) in enumerate(zip(players, places, strict=True))
    ]
    if abort:
        store.games.abort_game(record.id, results)
    else:
        store.games.finish_game(record.id, results)
    return record.id


def three_games(store: Storage) -> None:
    play(store, [("u1", 1), ("u2", 2)])
    play(store, [("u1", 2), ("u2", 1)])
    play(store, [("u1", 1), ("u2", 1), ("u3", 3)])  # Alice and Bob tie for first


def expected_ratings() -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    [[a], [b]] = model.rate([[a], [b]], ranks=[2, 1])
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 1, 3])
    return {"u:u1": (a.mu, a.sigma), "u:u2": (b.mu, b.sigma), "u:u3": (c.mu, c.sigma)}


def test_stats_of_hand_computed_games(store: Storage) -> None:
    three_games(store)
    (alice,) = store.stats.stats("g1", "u:u1")
    assert (alice.game_type, alice.games, alice.wins) == (GAME, 3, 2)
    assert alice.average_rank == pytest.approx(4 / 3)
    (carol,) = store.stats.stats("g1", "u:u3")
    assert (carol.games, carol.wins, carol.average_rank) == (1, 0, 3.0)
    assert store.stats.stats("other guild", "u:u1") == []


def test_ratings_equal_openskill_rate(store: Storage) -> None:
    three_games(store)
    board = store.stats.leaderboard("g1", GAME)
    want = expected_ratings()
    assert {r.player for r in board} == set(want)
    for row in board:
        mu, sigma = want[row.player]
        assert (row.mu, row.sigma) == (pytest.approx(mu), pytest.approx(sigma))
        assert row.ordinal == pytest.approx(mu - 3 * sigma)
    assert [r.ordinal for r in board] == sorted((r.ordinal for r in board), reverse=True)
    assert {r.player: r.games for r in board} == {"u:u1": 3, "u:u2": 3, "u:u3": 1}
    before = [(r.player, r.mu, r.sigma) for r in board]
    assert store.stats.rebuild_ratings() == 3
    after = [(r.player, r.mu, r.sigma) for r in store.stats.leaderboard("g1", GAME)]
    assert after == [(p, pytest.approx(mu), pytest.approx(s)) for p, mu, s in before]


def test_ai_seats_rated_per_level(store: Storage) -> None:
    play(store, [("u1", 2), ("ai:2", 1)])
    play(store, [("u1", 1), ("ai:2", 2), ("ai:0", 3)])
    board = {r.player: r for r in store.stats.leaderboard("g1", GAME)}
    assert set(board) == {"u:u1", "ai:2", "ai:0"}
    assert board["ai:2"].games == 2
    (strong,) = store.stats.stats("g1", "ai:2")
    assert (strong.games, strong.wins) == (2, 1)


def test_aborted_games_count_only_when_the_server_says_so(store: Storage) -> None:
    three_games(store)
    play(store, [("u1", 2), ("u3", 1)], abort=True)
    (alice,) = store.stats.stats("g1", "u:u1")
    assert (alice.games, alice.aborted) == (3, 0)
    assert {r.player: r.games for r in store.stats.leaderboard("g1", GAME)}["u:u3"] == 1

    store.stats.set_stats_settings("g1", StatsSettings(count_aborted=True))
    (alice,) = store.stats.stats("g1", "u:u1")
    assert (alice.games, alice.wins, alice.aborted) == (4, 2, 1)
    assert alice.average_rank == pytest.approx(6 / 4)
    assert {r.player: r.games for r in store.stats.leaderboard("g1", GAME)}["u:u3"] == 2

    store.stats.set_stats_settings("g1", StatsSettings())
    assert {r.player: r.games for r in store.stats.leaderboard("g1", GAME)}["u:u3"] == 1


def test_takeover_games_count_but_are_marked(store: Storage) -> None:
    players = [PlayerInfo("Alice", "u1"), PlayerInfo("Bob", "u2")]
    record = store.games.create_game("c1", GAME, seed=1, players=players, guild_id="g1")
    store.stats.mark_takeover(record.id)  # e.g. Bob left and an AI took his seat
    store.games.finish_game(
        record.id, [FinalResult(0, "Alice", 1, 5, "u1"), FinalResult(1, "Bob", 2, 3, "u2")]
    )
    (alice,) = store.stats.stats("g1", "u:u1")
    assert (alice.games, alice.takeover) == (1, 1)
    assert len(store.stats.leaderboard("g1", GAME)) == 2
    store.stats.set_stats_settings("g1", StatsSettings(count_takeover=False))
    assert store.stats.stats("g1", "u:u1") == []
    assert store.stats.leaderboard("g1", GAME) == []


def test_migration_backfills_finished_games(tmp_path: Path) -> None:
    from bot.storage.history import ARCHIVE_CHANNEL

    assert ARCHIVE_CHANNEL == "archive"  # the backfill leaves imported games out by this name
    path = tmp_path / "old.db"
    with Storage.open(path, migrations=MIGRATIONS[:-1]) as old:
        for seat_places in ([(0, 1), (1, 2)], [(0, 2), (1, 1)], [(0, 1), (1, 1), (2, 3)]):
            users = ["u1", "u2", "u3"][: len(seat_places)]
            players = [PlayerInfo(PEOPLE[u], u) for u in users]
            record = old.games.create_game("c1", GAME, seed=1, players=players, guild_id="g1")
            old.games.finish_game(
                record.id,
                [FinalResult(s, players[s].name, p, None, users[s]) for s, p in seat_places],
            )
        unfinished = old.games.create_game("c2", GAME, seed=2, players=players, guild_id="g1")
        old.games.abort_game(unfinished.id)
    with Storage.open(path) as store:
        (alice,) = store.stats.stats("g1", "u:u1")
        assert (alice.games, alice.wins) == (3, 2)
        want = expected_ratings()
        for row in store.stats.leaderboard("g1", GAME):
            assert (row.mu, row.sigma) == (
                pytest.approx(want[row.player][0]),
                pytest.approx(want[row.player][1]),
            )


def test_ratings_command_rebuilds_shows_and_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli import main

    path = tmp_path / "cli.db"
    with Storage.open(path) as s:
        three_games(s)
        play(s, [("u1", 2), ("u3", 1)], abort=True)
    db = ["--db", str(path)]
    assert main(["ratings", "rebuild", *db]) == 0
    assert "3 games rated" in capsys.readouterr().out
    assert main(["ratings", "show", "--guild", "g1", "--game", GAME, *db]) == 0
    shown = capsys.readouterr().out
    assert "1. " in shown and "Carol: " in shown and "1 game" in shown
    assert main(["ratings", "setting", "--guild", "g1", "--aborted", "yes", *db]) == 0
    assert "count aborted games: True" in capsys.readouterr().out
    with Storage.open(path) as s:
        assert {r.player: r.games for r in s.stats.leaderboard("g1", GAME)}["u:u3"] == 2


def test_bench_stats_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """A smoke run of the benchmark's code path (its figures are only read at 100,000 games,
    never asserted)."""
    from bot.cli import main

    assert main(["bench", "stats", "--games", "300", "--queries", "5", "--finishes", "2"]) == 0
    out = capsys.readouterr().out
    assert '"rated": 300' in out and '"query": "leaderboard"' in out


async def test_service_abort_and_takeover_are_marked(db_target: Path | str) -> None:
    """Through the table service: an abort keeps the standings at the abort (left out by
    default), a game whose seat an AI took over counts and says so."""
    import random

    from tests.test_service_support import open_service, play_random, start, uid

    svc = open_service(db_target)
    try:
        await start(svc, "c", 3, seed=1)
        assert (await svc.lobby.abort("c", uid(0))).accepted
        assert await svc.stats.lines(None, uid(0)) == []
        text = await svc.stats.setting(None, count_aborted=True)
        assert "aborted games count;" in text
        (line,) = await svc.stats.lines(None, uid(0))
        assert "1 game, " in line and "(1 aborted)" in line

        first = await start(svc, "d", 3, seed=2)
        out = await svc.seats.replace_with_ai("d", uid(2), uid(2), "greedy")
        assert out.accepted, out.error
        await play_random(svc, "d", out if out.decision else first, random.Random(3))
        lines = await svc.stats.lines(None, uid(0))
        assert any("2 games" in x and "1 with an AI takeover" in x for x in lines), lines
        board = "\n".join((await svc.stats.leaderboard(None, None)).value or [])
        assert "Greedy AI: " in board
    finally:
        svc.close()
