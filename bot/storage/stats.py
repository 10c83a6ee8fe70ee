"""Statistics and ratings of finished games, computed in SQL from one row per seat.

Why
---
``/stats`` and ``/leaderboard`` must stay fast with 100,000 finished games, so they never
replay or unpack anything: when a game closes, the transaction that closes it also writes

* one ``seat_results`` row per seat (guild, game type, player key, rank, score, finish time,
  whether the game was aborted or had an AI takeover), indexed by player and by game type, and
* the seats' new ``ratings`` (one row per guild + game type + player: openskill's
  Plackett-Luce ``mu``/``sigma``, the games counted and the ``ordinal`` the leaderboard sorts
  by, indexed).

A player is ``u:<user id>`` for a person and ``ai:<level code>`` for an AI seat: every AI of a
level is one rated player per server ("Strong AI"), so people can see where they stand
against it. Guild-less games (a terminal table) have guild ``''``.

Which games count is a per-server setting (``stats_settings``): aborted games are left out by
default (an aborted game's rows keep the standings at the abort when the caller gave them,
else no rank); games where an AI took over a seat (``takeover``, set by whoever hands a seat
to an AI) count but are marked. Changing the setting recomputes that server's ratings from the
rows (:meth:`SqlStatsRepository.rebuild_ratings`, also ``canalside ratings rebuild``), which is
also the check that the incremental updates agree with a full recomputation.

The functions taking a raw connection (:class:`bot.storage.sql.Conn`) run inside the
caller's transaction (the
migration, finishing a game); :class:`SqlStatsRepository` is the stats repository.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from sqlite_utils import Database

from bot.storage.pg_connection import GUILD_LOCK, lengthen_lease
from bot.storage.sql import Backend, Conn, is_postgres

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

__all__ = [
    "LeaderRow",
    "SqlStatsRepository",
    "StatsRow",
    "StatsSettings",
    "migrate_stats",
    "rate_game",
    "record_abort",
    "record_finish",
]


@cache
def model() -> PlackettLuce:
    """openskill's Plackett-Luce model with its default parameters (mu 25, sigma 25/3)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


_SCHEMA: tuple[str, ...] = (
    """
    CREATE TABLE seat_results (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        guild_id    TEXT NOT NULL,
        game_type   TEXT NOT NULL,
        player      TEXT NOT NULL,
        user_id     TEXT,
        ai_level    INTEGER,
        name        TEXT NOT NULL,
        rank        INTEGER,
        seats       INTEGER NOT NULL,
        score       TEXT NOT NULL DEFAULT 'null',
        finished_at TEXT NOT NULL,
        aborted     INTEGER NOT NULL DEFAULT 0 CHECK (aborted IN (0, 1)),
        takeover    INTEGER NOT NULL DEFAULT 0 CHECK (takeover IN (0, 1)),
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID
    """,
    # /stats: one player's rows in a server, per game type.
    """
    CREATE INDEX seat_results_by_player
        ON seat_results (guild_id, player, game_type, aborted, takeover, rank)
    """,
    # rebuilding ratings: a server's games in the order they finished.
    """
    CREATE INDEX seat_results_by_finish
        ON seat_results (guild_id, game_type, finished_at, game_id)
    """,
    """
    CREATE TABLE ratings (
        guild_id     TEXT NOT NULL,
        game_type    TEXT NOT NULL,
        player       TEXT NOT NULL,
        name         TEXT NOT NULL,
        mu           REAL NOT NULL,
        sigma        REAL NOT NULL,
        ordinal      REAL NOT NULL,
        games        INTEGER NOT NULL DEFAULT 0,
        last_game_id INTEGER,
        PRIMARY KEY (guild_id, game_type, player)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX ratings_board ON ratings (guild_id, game_type, ordinal DESC)",
    # /stats: one player's ratings in a server.
    "CREATE INDEX ratings_by_player ON ratings (guild_id, player, ordinal)",
    """
    CREATE TABLE stats_settings (
        guild_id       TEXT PRIMARY KEY,
        count_aborted  INTEGER NOT NULL DEFAULT 0 CHECK (count_aborted IN (0, 1)),
        count_takeover INTEGER NOT NULL DEFAULT 1 CHECK (count_takeover IN (0, 1))
    )
    """,
)


def migrate_stats(db: Database) -> None:
    """Per-seat result rows, ratings and the stats setting; every finished game of an older
    file backfilled from its stored results, and the ratings computed from them."""
    # Set (by whoever hands a running game's seat to an AI) before the game closes.
    db.conn.execute(
        "ALTER TABLE games ADD COLUMN takeover INTEGER NOT NULL DEFAULT 0 "
        "CHECK (takeover IN (0, 1))"
    )
    for statement in _SCHEMA:
        db.conn.execute(statement)
    backfill(db.conn)
    rebuild(db.conn)


def backfill(conn: Conn) -> int:
    """Seat rows for every finished game that has none yet (from its stored results);
    returns the number of rows written. Ratings are not touched (see :func:`rebuild`)."""
    # Not the imported games of the channel-less archive (bot.storage.history.ARCHIVE_CHANNEL):
    # they were played elsewhere, and importing one writes no seat rows either.
    cur = conn.execute(
        _INSERT_FROM_RESULTS + " WHERE g.status = 'finished' AND g.channel_id <> 'archive'"
    )
    return cur.rowcount


# The player key, the guild ('' without one) and each seat's AI level come from the game's
# ``players`` JSON (seat = array index); rank and score from ``results``.
_INSERT_FROM_RESULTS = """
    INSERT OR IGNORE INTO seat_results (game_id, seat, guild_id, game_type, player, user_id,
        ai_level, name, rank, seats, score, finished_at, aborted, takeover)
    SELECT g.id, r.seat, coalesce(t.guild_id, ''), g.game_type,
        CASE WHEN coalesce(json_extract(p.value, '$.is_ai'), 0)
             THEN 'ai:' || coalesce(json_extract(p.value, '$.ai_level'), 0)
             ELSE 'u:' || coalesce(r.user_id, json_extract(p.value, '$.user_id'), r.name) END,
        CASE WHEN coalesce(json_extract(p.value, '$.is_ai'), 0) THEN NULL ELSE r.user_id END,
        CASE WHEN coalesce(json_extract(p.value, '$.is_ai'), 0)
             THEN coalesce(json_extract(p.value, '$.ai_level'), 0) END,
        r.name, r.place, json_array_length(g.players), r.score,
        coalesce(g.finished_at, g.created_at), 0, g.takeover
    FROM games g
    JOIN results r ON r.game_id = g.id
    JOIN tables t ON t.channel_id = g.channel_id
    LEFT JOIN json_each(g.players) p ON p.key = r.seat
"""


@dataclass(frozen=True, slots=True)
class StatsSettings:
    """Which games a server's stats and ratings count."""

    count_aborted: bool = False
    count_takeover: bool = True


def settings(conn: Conn, guild_id: str) -> StatsSettings:
    row = conn.execute(
        "SELECT count_aborted, count_takeover FROM stats_settings WHERE guild_id = ?",
        (guild_id,),
    ).fetchone()
    return StatsSettings() if row is None else StatsSettings(bool(row[0]), bool(row[1]))


def _counts(game_aborted: bool, game_takeover: bool, s: StatsSettings) -> bool:
    return (s.count_aborted or not game_aborted) and (s.count_takeover or not game_takeover)


def _has_stats(conn: Conn) -> bool:
    """Whether the file has the stats tables (not one opened with older migrations, as an
    upgrade test does: its games are backfilled when it is migrated)."""
    if is_postgres(conn):  # PostgreSQL's schema is created whole (bot.storage.pg_schema)
        return True
    return (
        conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'seat_results'").fetchone()
        is not None
    )


def record_finish(conn: Conn, game_id: int) -> None:
    """Write the finished game's seat rows from its results and update the ratings (the
    caller holds the write transaction that finishes the game)."""
    if not _has_stats(conn):
        return
    places = {
        int(r[0]): (int(r[1]), r[2], str(r[3]), str(r[4]))
        for r in conn.execute(
            "SELECT seat, place, user_id, name, score FROM results WHERE game_id = ?", (game_id,)
        )
    }
    _insert_seat_rows(conn, game_id, places, aborted=False)
    _rate_stored(conn, game_id)


def _insert_seat_rows(
    conn: Conn,
    game_id: int,
    places: Mapping[int, tuple[int | None, str | None, str, str]],
    *,
    aborted: bool,
) -> None:
    """Seat rows of a closing game from its ``players`` JSON: ``places`` maps a seat to
    ``(rank, result user id, result name, score JSON)``; a finished game gets rows for the
    seats with a result only (as :data:`_INSERT_FROM_RESULTS` does), an aborted one for every
    seat (no rank: played only)."""
    row = conn.execute(
        "SELECT g.game_type, g.players, coalesce(g.finished_at, g.created_at), "
        "coalesce(t.guild_id, ''), g.takeover FROM games g "
        "JOIN tables t ON t.channel_id = g.channel_id WHERE g.id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return
    game_type, players_json, finished_at, guild = str(row[0]), row[1], str(row[2]), str(row[3])
    takeover = int(row[4])
    players = json.loads(players_json)
    rows = []
    for seat in range(len(players)) if aborted else sorted(places):
        p = players[seat] if seat < len(players) else {}
        is_ai = bool(p.get("is_ai"))
        level = int(p.get("ai_level") or 0) if is_ai else None
        rank, result_user, result_name, score = places.get(seat, (None, None, "", "null"))
        user_id = None if is_ai else (result_user if not aborted else p.get("user_id"))
        if is_ai:
            key = f"ai:{level}"
        elif aborted:
            key = f"u:{user_id if user_id is not None else p['name']}"
        else:  # as the SQL backfill: the result's user, else the player's, else the name
            who = result_user if result_user is not None else p.get("user_id")
            key = f"u:{who if who is not None else result_name}"
        name = str(p["name"]) if aborted else result_name
        row_values = (game_id, seat, guild, game_type, key, user_id, level, name, rank)
        rows.append((*row_values, len(players), score, finished_at, int(aborted), takeover))
    conn.executemany(
        "INSERT INTO seat_results (game_id, seat, guild_id, game_type, player, "
        "user_id, ai_level, name, rank, seats, score, finished_at, aborted, takeover) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        rows,
    )


def record_abort(conn: Conn, game_id: int, standings: Sequence[tuple[int, int, str]] = ()) -> None:
    """Write an aborted game's seat rows, marked aborted: ``standings`` are ``(seat, rank,
    score JSON)`` at the abort (without them the rows have no rank and count as played
    only). Rated only if the server counts aborted games."""
    if not _has_stats(conn):
        return
    places: dict[int, tuple[int | None, str | None, str, str]] = {
        seat: (rank, None, "", score) for seat, rank, score in standings
    }
    _insert_seat_rows(conn, game_id, places, aborted=True)
    _rate_stored(conn, game_id)


def _lock_guild(conn: Conn, guild: str) -> None:
    """PostgreSQL: the ratings rows of a server are shared by its tables, whose writers run
    in parallel (#27): rating a game holds the server's lock to the end of the transaction,
    so two games ending at once both count (the lock a ``write(…, guild=…)`` takes, as a
    change of the server's stats setting does). SQLite has one writer anyway."""
    if is_postgres(conn):
        conn.execute("SELECT pg_advisory_xact_lock(?, hashtext(?::text))", (GUILD_LOCK, guild))


def _rate_stored(conn: Conn, game_id: int) -> None:
    rows = conn.execute(
        "SELECT guild_id, game_type, player, name, rank, aborted, takeover FROM seat_results "
        "WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ).fetchall()
    if not rows:
        return
    guild, game_type = str(rows[0][0]), str(rows[0][1])
    _lock_guild(conn, guild)
    if not _counts(bool(rows[0][5]), bool(max(r[6] for r in rows)), settings(conn, guild)):
        return
    seats = [(str(r[2]), str(r[3]), r[4]) for r in rows]
    if any(rank is None for _, _, rank in seats):
        return
    known = {
        str(r[0]): (float(r[1]), float(r[2]), int(r[3]))
        for r in conn.execute(
            "SELECT player, mu, sigma, games FROM ratings WHERE guild_id = ? AND game_type = ? "
            f"AND player IN ({','.join('?' * len(seats))})",
            (guild, game_type, *[s[0] for s in seats]),
        )
    }
    updated = rate_game(known, [(p, int(rank)) for p, _, rank in seats])
    names = {p: name for p, name, _ in seats}
    conn.executemany(
        "INSERT INTO ratings (guild_id, game_type, player, name, mu, sigma, ordinal, games, "
        "last_game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, game_type, player) DO UPDATE SET name = excluded.name, "
        "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
        "games = excluded.games, last_game_id = excluded.last_game_id",
        [
            (guild, game_type, p, names[p], mu, sigma, _ordinal(mu, sigma), games, game_id)
            for p, (mu, sigma, games) in updated.items()
        ],
    )


def _ordinal(mu: float, sigma: float) -> float:
    """openskill's conservative estimate ``mu - 3 sigma`` (``Rating.ordinal()``)."""
    return mu - 3.0 * sigma


def rate_game(
    known: dict[str, tuple[float, float, int]], seats: Sequence[tuple[str, int]]
) -> dict[str, tuple[float, float, int]]:
    """The new ``(mu, sigma, games)`` of the players of one game: ``seats`` are ``(player,
    rank)`` (equal ranks tie), ``known`` the players' ratings before it (the model's default
    for the others). Each seat is a one-player team of openskill's ``rate``. One player in
    several seats (two AIs of a level) gets the mean of those seats' new ratings."""
    if len(seats) < 2:  # nobody to be rated against (a test's one-seat game)
        return {}
    m = model()
    teams = []
    for player, _ in seats:
        mu, sigma, _games = known.get(player, (m.mu, m.sigma, 0))
        teams.append([m.rating(mu=mu, sigma=sigma)])
    rated = m.rate(teams, ranks=[float(rank) for _, rank in seats])
    new: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for (player, _), team in zip(seats, rated, strict=True):
        new[player].append((float(team[0].mu), float(team[0].sigma)))
    out: dict[str, tuple[float, float, int]] = {}
    for player, values in new.items():
        games = known.get(player, (0.0, 0.0, 0))[2] + 1
        mu = sum(v[0] for v in values) / len(values)
        sigma = sum(v[1] for v in values) / len(values)
        out[player] = (mu, sigma, games)
    return out


def rebuild(conn: Conn, guild_id: str | None = None) -> int:
    """Recompute the ratings of one server (``None``: every server) from the seat rows, game
    by game in the order they finished; returns the number of games rated."""
    lengthen_lease(conn)  # (a big server's games are rated one by one between statements)
    if guild_id is not None:
        _lock_guild(conn, guild_id)
    guilds = (
        [guild_id]
        if guild_id is not None
        else [str(r[0]) for r in conn.execute("SELECT DISTINCT guild_id FROM seat_results")]
    )
    total = 0
    for guild in guilds:
        s = settings(conn, guild)
        conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild,))
        rows = conn.execute(
            "SELECT game_id, game_type, player, name, rank, aborted, takeover FROM seat_results "
            "WHERE guild_id = ? ORDER BY finished_at, game_id, seat",
            (guild,),
        )
        ratings: dict[tuple[str, str], dict[str, tuple[float, float, int]]] = defaultdict(dict)
        names: dict[tuple[str, str], str] = {}
        last: dict[tuple[str, str, str], int] = {}
        for game_id, game_rows in _by_game(rows):
            game_type = str(game_rows[0][1])
            aborted = bool(game_rows[0][5])
            takeover = any(bool(r[6]) for r in game_rows)
            if not _counts(aborted, takeover, s) or any(r[4] is None for r in game_rows):
                continue
            board = ratings[(guild, game_type)]
            seats = [(str(r[2]), int(str(r[4]))) for r in game_rows]
            board.update(rate_game(board, seats))
            for r in game_rows:
                names[(game_type, str(r[2]))] = str(r[3])
                last[(guild, game_type, str(r[2]))] = game_id
            total += 1
        conn.executemany(
            "INSERT INTO ratings (guild_id, game_type, player, name, mu, sigma, ordinal, games, "
            "last_game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    g,
                    game_type,
                    player,
                    names[(game_type, player)],
                    mu,
                    sigma,
                    _ordinal(mu, sigma),
                    games,
                    last[(g, game_type, player)],
                )
                for (g, game_type), board in ratings.items()
                for player, (mu, sigma, games) in board.items()
            ],
        )
    return total


def _by_game(
    rows: Iterable[tuple[object, ...]],
) -> Iterable[tuple[int, list[tuple[object, ...]]]]:
    current: int | None = None
    group: list[tuple[object, ...]] = []
    for row in rows:
        game_id = int(str(row[0]))
        if game_id != current and group:
            assert current is not None
            yield current, group
            group = []
        current = game_id
        group.append(row)
    if group and current is not None:
        yield current, group


@dataclass(frozen=True, slots=True)
class StatsRow:
    """One player's figures for one game type in a server."""

    game_type: str
    games: int
    wins: int
    average_rank: float | None
    aborted: int
    takeover: int
    #: the rating's ordinal (``mu - 3 sigma``; ``None``: not rated)
    rating: float | None = None


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One line of a leaderboard: the player key (``u:<id>`` / ``ai:<code>``), the name last
    seen, the rating and the games it counts."""

    player: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


class SqlStatsRepository:
    """Per-server stats and leaderboards (:class:`StatsRepository`)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def stats(self, guild_id: str, player: str) -> list[StatsRow]:
        """``player``'s games, wins (rank 1, ties included), average rank and how many were
        aborted / had an AI takeover, per game type, counted as the server's setting says."""
        with self._c.read() as conn:
            s = settings(conn, guild_id)
            rows = conn.execute(
                "SELECT game_type, count(*), "
                "coalesce(sum(CASE WHEN rank = 1 THEN 1 ELSE 0 END), 0), avg(rank), "
                "sum(aborted), sum(takeover) FROM seat_results "
                "WHERE guild_id = ? AND player = ? AND (aborted = 0 OR ? = 1) "
                "AND (takeover = 0 OR ? = 1) "
                "GROUP BY game_type ORDER BY count(*) DESC, game_type",
                (guild_id, player, int(s.count_aborted), int(s.count_takeover)),
            ).fetchall()
            rated = {
                str(r[0]): float(r[1])
                for r in conn.execute(
                    "SELECT game_type, ordinal FROM ratings WHERE guild_id = ? AND player = ?",
                    (guild_id, player),
                )
            }
        return [
            StatsRow(
                str(r[0]),
                int(r[1]),
                int(r[2]),
                None if r[3] is None else float(r[3]),
                int(r[4]),
                int(r[5]),
                rated.get(str(r[0])),
            )
            for r in rows
        ]

    def leaderboard(self, guild_id: str, game_type: str, limit: int = 10) -> list[LeaderRow]:
        """The server's best rated players of a game type, by ordinal (``mu - 3 sigma``)."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT player, name, mu, sigma, ordinal, games FROM ratings "
                "WHERE guild_id = ? AND game_type = ? ORDER BY ordinal DESC LIMIT ?",
                (guild_id, game_type, limit),
            ).fetchall()
        return [
            LeaderRow(str(r[0]), str(r[1]), float(r[2]), float(r[3]), float(r[4]), int(r[5]))
            for r in rows
        ]

    def rated_games(self, guild_id: str) -> list[str]:
        """The game types the server has ratings for, most rated players first."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT game_type FROM ratings WHERE guild_id = ? GROUP BY game_type "
                "ORDER BY count(*) DESC, game_type",
                (guild_id,),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def stats_settings(self, guild_id: str) -> StatsSettings:
        with self._c.read() as conn:
            return settings(conn, guild_id)

    def set_stats_settings(self, guild_id: str, new: StatsSettings) -> None:
        """Change which games the server counts and recompute its ratings accordingly."""
        with self._c.write("set_stats_settings", guild=guild_id) as conn:
            conn.execute(
                "INSERT INTO stats_settings (guild_id, count_aborted, count_takeover) "
                "VALUES (?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "count_aborted = excluded.count_aborted, count_takeover = excluded.count_takeover",
                (guild_id, int(new.count_aborted), int(new.count_takeover)),
            )
            rebuild(conn, guild_id)

    def mark_takeover(self, game_id: int) -> None:
        """Mark a game as one where an AI took over a seat: while it runs (its seat rows
        will carry the mark), or once closed (then that server's ratings are recomputed)."""
        with self._c.write("mark_takeover", game=game_id) as conn:
            conn.execute("UPDATE games SET takeover = 1 WHERE id = ?", (game_id,))
            row = conn.execute(
                "SELECT guild_id FROM seat_results WHERE game_id = ? LIMIT 1", (game_id,)
            ).fetchone()
            conn.execute("UPDATE seat_results SET takeover = 1 WHERE game_id = ?", (game_id,))
            if row is not None:
                rebuild(conn, str(row[0]))

    def rebuild_ratings(self, guild_id: str | None = None) -> int:
        """Recompute ratings from the seat rows (one server, or all); games rated."""
        # one server: its lock; every server: the database-wide one (a rare operator's job)
        with self._c.write("rebuild_ratings", guild=guild_id) as conn:
            return rebuild(conn, guild_id)
