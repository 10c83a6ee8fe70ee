"""Turn timers: each table's settings (timer, reminder, what a timeout does), the stored
deadlines of open human decisions (with fired-flags, so a reminder or a timeout fires exactly
once, also across a restart: a timeout's flag is set in the transaction that stores its
effect: :meth:`SqlDeadlineRepository.fire_timeout` inside the handover's transaction, or
:meth:`SqlDeadlineRepository.pause_seat`), and the record of seats an AI took over."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.storage.records import Row
from bot.storage.sql import Backend, Conn, is_postgres

if TYPE_CHECKING:
    from sqlite_utils import Database

#: The open games (``status IN ('lobby', 'active')``) spelled as the partial index
#: ``games_one_open_per_channel`` is: SQLite uses that index only for a condition written
#: as its own, and without it reads every game ever stored - the finished ones too - at every
#: timer tick and at start-up (#27 item 3). Queries of the running games say it beside their
#: ``g.status = 'active'``.
OPEN_GAMES = "g.status IN ('lobby', 'active')"  # not for players


@dataclass(frozen=True, slots=True)
class TimerSettings:
    """A table's timer settings. ``turn_seconds`` ``None``: no turn timer (the default);
    ``remind_seconds`` ``None``: remind at half the timer, ``0``: never; ``on_timeout`` is
    ``"ai"`` (an AI at ``ai_level`` takes the seat) or ``"pause"`` (the game waits);
    ``archive_days``: an untouched game is archived after that many days."""

    turn_seconds: int | None = None
    remind_seconds: int | None = None
    on_timeout: str = "ai"
    ai_level: str | None = None
    archive_days: int = 14

    @property
    def remind_after(self) -> int | None:
        """Seconds after a decision opens that its reminder is due (``None``: no reminder)."""
        if self.turn_seconds is None or self.remind_seconds == 0:
            return None
        if self.remind_seconds is None:
            return self.turn_seconds // 2
        if self.remind_seconds >= self.turn_seconds:
            return None  # it would come when the time has run out (stored before that was refused)
        return self.remind_seconds


@dataclass(frozen=True, slots=True)
class Deadline:
    """One human seat's open decision: when it opened, its reminder and timeout, fired flags."""

    game_id: int
    seat: int
    channel_id: str
    user_id: str | None
    opened_at: float
    remind_at: float | None
    timeout_at: float
    reminded: bool
    timed_out: bool


@dataclass(frozen=True, slots=True)
class Takeover:
    """A seat an AI took over (``kind``: ``timeout`` or ``kick``) from ``user_id``."""

    game_id: int
    seat: int
    user_id: str
    name: str
    kind: str
    taken_at: float


@dataclass(frozen=True, slots=True)
class Notice:
    """A timer that fired (``kind``: ``reminder``, ``takeover`` or ``pause``) whose
    announcement an adapter has not confirmed yet (see :meth:`SqlDeadlineRepository.notices`)."""

    game_id: int
    seat: int
    kind: str
    channel_id: str


#: How often (seconds) a game's ``touched_at`` is rewritten while it is played: the archive
#: clock needs no finer grain, and most moves then cost no extra commit.
TOUCH_EVERY = 600.0


def timer_settings(row: Row) -> TimerSettings:
    """A ``table_settings`` row's settings (its columns by name)."""
    return TimerSettings(
        turn_seconds=None if row["turn_seconds"] is None else int(row["turn_seconds"]),
        remind_seconds=None if row["remind_seconds"] is None else int(row["remind_seconds"]),
        on_timeout=str(row["on_timeout"]),
        ai_level=None if row["ai_level"] is None else str(row["ai_level"]),
        archive_days=int(row["archive_days"]),
    )


class SqlTimerSettingsRepository:
    """Each table's timer settings (#26)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def get_timer_settings(self, channel_id: str) -> TimerSettings:
        with self._c.read() as conn:
            row = self._c.row(
                conn, "SELECT * FROM table_settings WHERE channel_id = ?", (channel_id,)
            )
        return TimerSettings() if row is None else timer_settings(row)

    def set_timer_settings(self, channel_id: str, settings: TimerSettings) -> None:
        with self._c.write("set_timer_settings", table=channel_id) as conn:
            conn.execute(
                "INSERT INTO table_settings (channel_id, turn_seconds, remind_seconds, "
                "on_timeout, ai_level, archive_days, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (channel_id) DO UPDATE SET turn_seconds = excluded.turn_seconds, "
                "remind_seconds = excluded.remind_seconds, on_timeout = excluded.on_timeout, "
                "ai_level = excluded.ai_level, archive_days = excluded.archive_days, "
                "updated_at = excluded.updated_at",
                (
                    channel_id,
                    settings.turn_seconds,
                    settings.remind_seconds,
                    settings.on_timeout,
                    settings.ai_level,
                    settings.archive_days,
                    self._c.now(),
                ),
            )


class SqlDeadlineRepository:
    """The deadlines of open human decisions, their fired marks and the notices of fired
    timers (#26)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def deadlines(self, game_id: int) -> list[Deadline]:
        with self._c.read() as conn:
            rows = self._c.rows(
                conn, "SELECT * FROM deadlines WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return [_deadline(r) for r in rows]

    def sync_deadlines(
        self,
        channel_id: str,
        game_id: int,
        open_seats: dict[int, str | None],
        now: float,
        settings: TimerSettings | None,
        restart: frozenset[int] = frozenset(),
    ) -> None:
        """Keep one row per open human seat: a seat no longer open (or in ``restart``: it
        just moved) loses its row; a newly open seat gets one timed from ``now``. Also notes
        that the game was touched (at most every :data:`TOUCH_EVERY` seconds). Reads first
        and writes only when something changes: no extra commit for most moves.
        ``settings`` ``None``: the channel's stored timer settings, read with the deadlines."""
        with self._c.read() as conn:  # one query (one round trip on PostgreSQL, #27)
            found = self._c.rows(
                conn,
                "SELECT g.touched_at, d.seat, s.channel_id AS stored, s.turn_seconds, "
                "s.remind_seconds, s.on_timeout, s.ai_level, s.archive_days FROM games g "
                "LEFT JOIN deadlines d ON d.game_id = g.id "
                "LEFT JOIN table_settings s ON s.channel_id = ? WHERE g.id = ?",
                (channel_id, game_id),
            )
        have = {int(r[1]) for r in found if r[1] is not None}
        touched = None if not found or found[0][0] is None else float(found[0][0])
        if settings is None:
            settings = (
                TimerSettings()
                if not found or found[0]["stored"] is None
                else timer_settings(found[0])
            )
        drop = {s for s in have if s not in open_seats or s in restart}
        keep = have - drop
        add = (
            []
            if settings.turn_seconds is None
            else [(s, u) for s, u in open_seats.items() if s not in keep]
        )
        touch = touched is None or not 0 <= now - touched < TOUCH_EVERY
        if not drop and not add and not touch:
            return
        remind = settings.remind_after
        with self._c.write("sync_deadlines", table=channel_id) as conn:
            for seat in drop:
                conn.execute(
                    "DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat)
                )
            for seat, user_id in add:
                assert settings.turn_seconds is not None
                conn.execute(
                    "INSERT INTO deadlines (game_id, seat, channel_id, user_id, opened_at, "
                    "remind_at, timeout_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (game_id, seat) DO UPDATE SET channel_id = excluded.channel_id, "
                    "user_id = excluded.user_id, opened_at = excluded.opened_at, "
                    "remind_at = excluded.remind_at, timeout_at = excluded.timeout_at, "
                    "reminded = 0, timed_out = 0",
                    (
                        game_id,
                        seat,
                        channel_id,
                        user_id,
                        now,
                        None if remind is None else now + remind,
                        now + settings.turn_seconds,
                    ),
                )
            if touch:
                conn.execute("UPDATE games SET touched_at = ? WHERE id = ?", (now, game_id))

    def clear_deadlines(self, game_id: int) -> None:
        with self._c.write("clear_deadlines", game=game_id) as conn:
            conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))

    def drop_deadline(self, game_id: int, seat: int) -> None:
        """Forget one seat's deadline (the next sync times its decision afresh)."""
        with self._c.write("drop_deadline", game=game_id) as conn:
            conn.execute("DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat))

    def due_channels(self, now: float) -> list[str]:
        """Channels with a reminder or a timeout due at ``now`` that has not fired."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT d.channel_id FROM deadlines d JOIN games g ON g.id = d.game_id "
                f"WHERE {OPEN_GAMES} AND g.status = 'active' "
                "AND ((d.reminded = 0 AND d.remind_at <= ?) "
                "OR (d.timed_out = 0 AND d.timeout_at <= ?)) ORDER BY d.channel_id",
                (now, now),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def next_due(self) -> float | None:
        """The earliest unfired reminder or timeout (for a scheduler that sleeps until then)."""
        with self._c.read() as conn:
            row = conn.execute(
                "SELECT min(t) FROM (SELECT remind_at AS t, game_id FROM deadlines "
                "WHERE reminded = 0 AND remind_at IS NOT NULL UNION ALL SELECT timeout_at, "
                "game_id FROM deadlines WHERE timed_out = 0) d JOIN games g ON g.id = d.game_id "
                "WHERE g.status = 'active'"
            ).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def mark_fired(self, game_id: int, seat: int, what: str) -> bool:
        """Mark a seat's reminder (``what="reminded"``) or timeout (``"timed_out"``) fired;
        false if it already was (so each fires exactly once). A reminder's notice is stored
        with its mark (see :meth:`notices`)."""
        assert what in ("reminded", "timed_out")
        with self._c.write("mark_fired", claim=True) as conn:
            if not _claim(conn, game_id, seat, what):
                return False
            cur = conn.execute(
                f"UPDATE deadlines SET {what} = 1 WHERE game_id = ? AND seat = ? AND {what} = 0",
                (game_id, seat),
            )
            if cur.rowcount == 1 and what == "reminded":
                _add_notice(conn, game_id, seat, "reminder")
            return cur.rowcount == 1

    def notices(self, channel_id: str) -> list[Notice]:
        """The fired timers of a channel whose announcement no adapter confirmed
        (:meth:`clear_notice`): a reminder's, a takeover's or a pause's notice is stored in
        the transaction that fires it, so a process that dies before its adapter posted the
        announcement leaves it here, and the next one announces it."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT game_id, seat, kind, channel_id FROM timer_notices WHERE channel_id = ? "
                "ORDER BY fired_at, seat",
                (channel_id,),
            ).fetchall()
        return [Notice(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    def notice_channels(self) -> list[str]:
        """Channels with an unconfirmed notice."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT DISTINCT channel_id FROM timer_notices ORDER BY channel_id"
            ).fetchall()
        return [str(r[0]) for r in rows]

    def clear_notice(self, game_id: int, seat: int, kind: str) -> None:
        """The announcement of a fired timer was posted (or is no use any more)."""
        with self._c.write("clear_notice", game=game_id) as conn:
            conn.execute(
                "DELETE FROM timer_notices WHERE game_id = ? AND seat = ? AND kind = ?",
                (game_id, seat, kind),
            )

    def pause_seat(self, game_id: int, seat: int) -> bool:
        """A seat's time ran out and the game waits for it: its timeout is marked fired and
        the votes of an earlier pause on it are forgotten, in one transaction; false if the
        timeout had fired already (nothing changed)."""
        with self._c.write("pause_seat", claim=True) as conn:
            if not _mark_timed_out(conn, game_id, seat):
                return False
            _add_notice(conn, game_id, seat, "pause")
            conn.execute(
                "DELETE FROM timeout_votes WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
            return True

    def fire_timeout(self, game_id: int, seat: int, notice: str) -> bool:
        """Mark a seat's timeout fired (its reminder too) and store its ``notice`` (``takeover``
        or ``pause``); false if it had fired already (nothing changed). Called inside the
        transaction that stores the timeout's effect, so both happen exactly once."""
        with self._c.write("fire_timeout", claim=True) as conn:
            if not _mark_timed_out(conn, game_id, seat):
                return False
            _add_notice(conn, game_id, seat, notice)
            return True


class SqlTimeoutVoteRepository:
    """The votes on a paused seat (#26)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def set_timeout_vote(
        self, game_id: int, seat: int, voter_id: str, choice: str, now: float
    ) -> None:
        """Store (or change) ``voter_id``'s vote on what to do with paused ``seat``."""
        with self._c.write("set_timeout_vote", game=game_id) as conn:
            conn.execute(
                "INSERT INTO timeout_votes (game_id, seat, voter_id, choice, voted_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat, voter_id) DO UPDATE SET "
                "choice = excluded.choice, voted_at = excluded.voted_at",
                (game_id, seat, voter_id, choice, now),
            )

    def timeout_votes(self, game_id: int, seat: int) -> dict[str, str]:
        """Voter id -> choice (``ai``, ``wait`` or ``end``) for paused ``seat``."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT voter_id, choice FROM timeout_votes WHERE game_id = ? AND seat = ? "
                "ORDER BY voted_at",
                (game_id, seat),
            ).fetchall()
        return {str(r[0]): str(r[1]) for r in rows}

    def clear_timeout_votes(self, game_id: int, seat: int | None = None) -> None:
        """Forget the votes on ``seat`` (``None``: on every seat of the game)."""
        with self._c.write("clear_timeout_votes", game=game_id) as conn:
            if seat is None:
                conn.execute("DELETE FROM timeout_votes WHERE game_id = ?", (game_id,))
            else:
                conn.execute(
                    "DELETE FROM timeout_votes WHERE game_id = ? AND seat = ?", (game_id, seat)
                )


class SqlTakeoverRepository:
    """The seats an AI took over from a human (#26)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def add_takeover(
        self, game_id: int, seat: int, user_id: str, name: str, kind: str, now: float
    ) -> None:
        with self._c.write("add_takeover", game=game_id) as conn:
            conn.execute(
                "INSERT INTO takeovers (game_id, seat, user_id, name, kind, taken_at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET "
                "user_id = excluded.user_id, name = excluded.name, kind = excluded.kind, "
                "taken_at = excluded.taken_at, resumed_at = NULL",
                (game_id, seat, user_id, name, kind, now),
            )
            # had_takeover: the timers' own mark; takeover: the mark the stats' seat rows
            # and ratings read when the game closes (bot/storage/stats.py)
            conn.execute("UPDATE games SET had_takeover = 1, takeover = 1 WHERE id = ?", (game_id,))

    def open_takeover(self, game_id: int, user_id: str) -> Takeover | None:
        with self._c.read() as conn:
            row = self._c.row(
                conn,
                "SELECT * FROM takeovers WHERE game_id = ? AND user_id = ? AND resumed_at IS NULL",
                (game_id, user_id),
            )
        return _takeover(row)

    def seat_takeover(self, game_id: int, seat: int) -> Takeover | None:
        """The open takeover of ``seat`` (an AI plays it; its player may come back)."""
        with self._c.read() as conn:
            row = self._c.row(
                conn,
                "SELECT * FROM takeovers WHERE game_id = ? AND seat = ? AND resumed_at IS NULL",
                (game_id, seat),
            )
        return _takeover(row)

    def end_takeover(self, game_id: int, seat: int, now: float) -> None:
        with self._c.write("end_takeover", game=game_id) as conn:
            conn.execute(
                "UPDATE takeovers SET resumed_at = ? WHERE game_id = ? AND seat = ? "
                "AND resumed_at IS NULL",
                (now, game_id, seat),
            )

    def had_takeover(self, game_id: int) -> bool:
        """Whether an AI took a human's seat over at some point of the game (for ratings)."""
        with self._c.read() as conn:
            row = conn.execute("SELECT had_takeover FROM games WHERE id = ?", (game_id,)).fetchone()
        return bool(row and row[0])


class SqlArchiveClockRepository:
    """When each active game was last touched, and the games left untouched too long (#26)."""

    def __init__(self, connection: Backend) -> None:
        self._c = connection

    def touch_game(self, game_id: int, now: float) -> None:
        with self._c.write("touch_game", game=game_id) as conn:
            conn.execute("UPDATE games SET touched_at = ? WHERE id = ?", (now, game_id))

    def stale_games(self, now: float, default_days: int) -> list[tuple[str, int]]:
        """``(channel, game id)`` of active games untouched for their table's archive time."""
        with self._c.read() as conn:
            rows = conn.execute(
                "SELECT g.channel_id, g.id FROM games g LEFT JOIN table_settings s "
                f"ON s.channel_id = g.channel_id WHERE {OPEN_GAMES} AND g.status = 'active' "
                "AND g.touched_at IS NOT NULL "
                "AND g.touched_at + 86400.0 * coalesce(s.archive_days, ?) <= ?",
                (default_days, now),
            ).fetchall()
        return [(str(r[0]), int(r[1])) for r in rows]


def migrate_timeout_votes(db: Database) -> None:
    """Votes of the other human players on a game paused at a timeout (``timeout_votes``:
    one row per voter and paused seat; ``choice`` is ``ai``, ``wait`` or ``end``)."""
    db.conn.execute(
        """
        CREATE TABLE timeout_votes (
            game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat     INTEGER NOT NULL,
            voter_id TEXT NOT NULL,
            choice   TEXT NOT NULL CHECK (choice IN ('ai', 'wait', 'end')),
            voted_at REAL NOT NULL,
            PRIMARY KEY (game_id, seat, voter_id)
        )
        """
    )


def migrate_timer_notices(db: Database) -> None:
    """Fired timers whose announcement an adapter has not confirmed yet (``timer_notices``:
    one row per game, seat and kind - ``reminder``, ``takeover`` or ``pause``), stored with
    the fired-flag, so a crash between the flag and the post loses no announcement."""
    db.conn.execute(
        """
        CREATE TABLE timer_notices (
            game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat       INTEGER NOT NULL,
            kind       TEXT NOT NULL CHECK (kind IN ('reminder', 'takeover', 'pause')),
            channel_id TEXT NOT NULL,
            fired_at   REAL NOT NULL,
            PRIMARY KEY (game_id, seat, kind)
        )
        """
    )


def _add_notice(conn: Conn, game_id: int, seat: int, kind: str) -> None:
    """Store a fired timer's notice inside the caller's transaction (the one that fires it)."""
    conn.execute(
        "INSERT INTO timer_notices (game_id, seat, kind, channel_id, fired_at) "
        "SELECT id, ?, ?, channel_id, ? FROM games WHERE id = ? "
        "ON CONFLICT (game_id, seat, kind) DO UPDATE SET channel_id = excluded.channel_id, "
        "fired_at = excluded.fired_at",
        (seat, kind, time.time(), game_id),
    )


def _claim(conn: Conn, game_id: int, seat: int, what: str) -> bool:
    """PostgreSQL: claim a seat's unfired reminder or timeout for this transaction
    (``FOR UPDATE SKIP LOCKED``, #27): false if it fired already or another process's
    transaction holds it - that one fires it with its effect, or its rollback (it failed,
    or its process died) releases the claim and the next tick fires it. Timer writes
    therefore need no table lock (``write(op, claim=True)``), and processes racing for the
    due timers never wait for each other. SQLite: one writer at a time, nothing to claim."""
    if not is_postgres(conn):
        return True
    column = "reminded" if what == "reminded" else "timed_out"
    found = conn.execute(
        f"SELECT 1 FROM deadlines WHERE game_id = ? AND seat = ? AND {column} = 0 "
        "FOR UPDATE SKIP LOCKED",
        (game_id, seat),
    ).fetchone()
    return found is not None


def _mark_timed_out(conn: Conn, game_id: int, seat: int) -> bool:
    """Mark a seat's timeout fired (its reminder too: it is no use any more) inside the
    caller's transaction; false if it had fired already (or another process is firing it
    right now: :func:`_claim`)."""
    if not _claim(conn, game_id, seat, "timed_out"):
        return False
    cur = conn.execute(
        "UPDATE deadlines SET timed_out = 1, reminded = 1 "
        "WHERE game_id = ? AND seat = ? AND timed_out = 0",
        (game_id, seat),
    )
    return cur.rowcount == 1


def _deadline(r: Row) -> Deadline:
    return Deadline(
        game_id=int(r["game_id"]),
        seat=int(r["seat"]),
        channel_id=str(r["channel_id"]),
        user_id=None if r["user_id"] is None else str(r["user_id"]),
        opened_at=float(r["opened_at"]),
        remind_at=None if r["remind_at"] is None else float(r["remind_at"]),
        timeout_at=float(r["timeout_at"]),
        reminded=bool(r["reminded"]),
        timed_out=bool(r["timed_out"]),
    )


def _takeover(row: Row | None) -> Takeover | None:
    """A stored takeover row as a :class:`Takeover` (``None``: no row)."""
    if row is None:
        return None
    return Takeover(
        int(row["game_id"]),
        int(row["seat"]),
        str(row["user_id"]),
        str(row["name"]),
        str(row["kind"]),
        float(row["taken_at"]),
    )
