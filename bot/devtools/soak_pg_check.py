"""The PostgreSQL soak's evidence and checks (#27): see :mod:`bot.devtools.soak_pg`.

**The timer audit.** Before the run the supervisor adds triggers (:data:`AUDIT_SQL`) to the
soak's database: each fired mark of a deadline (``reminded`` or ``timed_out`` set from 0 to
1), each takeover stored and each timer notice stored writes an audit row *in the
transaction that made it*, with that transaction's id. A rolled-back firing (its process
killed, the server killed) leaves no audit row; a committed one leaves exactly one. So,
per deadline (a game, a seat and the moment its decision opened):

* it **fired at most once** per kind (``fired_twice``: a reminder or a timeout marked twice);
* each fired timer has **exactly one effect in its own transaction** (``without_effect``): a
  reminder its notice; a timeout its takeover (the seat handed to an AI, with its notice) or
  its pause notice;
* **nothing due stays unfired** (``overdue``): with every process running, no deadline of an
  active game is past its reminder or timeout by more than a grace without its mark (checked
  after a settle at the end of the kills). A decision answered after its timeout was due but
  before any tick fired it (its process dead, the database away) is counted as ``superseded``:
  the move was taken, the timer never fired, which is what the rules allow.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import psycopg

#: The audit table and triggers (developer-only SQL; not part of the product's schema).
AUDIT_SQL = """
CREATE TABLE soak_audit (
    id        BIGSERIAL PRIMARY KEY,
    what      TEXT NOT NULL,
    game_id   BIGINT NOT NULL,
    seat      INTEGER NOT NULL,
    opened_at DOUBLE PRECISION,
    due_at    DOUBLE PRECISION,
    detail    TEXT,
    tx        BIGINT NOT NULL DEFAULT txid_current(),
    at        DOUBLE PRECISION NOT NULL DEFAULT extract(epoch FROM clock_timestamp())
);
CREATE FUNCTION soak_audit_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW.timed_out = 1 AND OLD.timed_out = 0 AND NEW.opened_at = OLD.opened_at THEN
            INSERT INTO soak_audit (what, game_id, seat, opened_at, due_at)
            VALUES ('timeout', NEW.game_id, NEW.seat, NEW.opened_at, NEW.timeout_at);
        ELSIF NEW.reminded = 1 AND OLD.reminded = 0 AND NEW.opened_at = OLD.opened_at THEN
            INSERT INTO soak_audit (what, game_id, seat, opened_at, due_at)
            VALUES ('reminder', NEW.game_id, NEW.seat, NEW.opened_at, NEW.remind_at);
        END IF;
        IF NEW.opened_at <> OLD.opened_at AND OLD.timed_out = 0 THEN
            INSERT INTO soak_audit (what, game_id, seat, opened_at, due_at)
            VALUES ('dropped', OLD.game_id, OLD.seat, OLD.opened_at, OLD.timeout_at);
        END IF;
        RETURN NEW;
    END IF;
    IF OLD.timed_out = 0 THEN  -- DELETE: the decision was answered (or the game ended)
        INSERT INTO soak_audit (what, game_id, seat, opened_at, due_at)
        VALUES ('dropped', OLD.game_id, OLD.seat, OLD.opened_at, OLD.timeout_at);
    END IF;
    RETURN OLD;
END $$;
CREATE TRIGGER soak_audit_deadline AFTER UPDATE OR DELETE ON deadlines
    FOR EACH ROW EXECUTE FUNCTION soak_audit_deadline();
CREATE FUNCTION soak_audit_takeover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' OR NEW.taken_at IS DISTINCT FROM OLD.taken_at THEN
        INSERT INTO soak_audit (what, game_id, seat, detail)
        VALUES ('takeover', NEW.game_id, NEW.seat, NEW.kind);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER soak_audit_takeover AFTER INSERT OR UPDATE ON takeovers
    FOR EACH ROW EXECUTE FUNCTION soak_audit_takeover();
CREATE FUNCTION soak_audit_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO soak_audit (what, game_id, seat, detail)
    VALUES ('notice', NEW.game_id, NEW.seat, NEW.kind);
    RETURN NEW;
END $$;
CREATE TRIGGER soak_audit_notice AFTER INSERT OR UPDATE ON timer_notices
    FOR EACH ROW EXECUTE FUNCTION soak_audit_notice();
"""


def install_audit(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(AUDIT_SQL)


@dataclass
class TimerFigures:
    reminders: int = 0
    timeouts: int = 0
    takeovers: int = 0
    pauses: int = 0
    fired_twice: int = 0
    without_effect: int = 0
    overdue: int = 0
    superseded: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def fired(self) -> int:
        return self.reminders + self.timeouts


def timer_figures(url: str) -> TimerFigures:
    """The audit's verdict (see the module docstring), over the whole run so far."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT what, game_id, seat, opened_at, due_at, detail, tx, at FROM soak_audit "
            "ORDER BY id"
        ).fetchall()
    f = TimerFigures()
    fired: Counter[tuple[str, int, int, float]] = Counter()
    by_tx: dict[int, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_tx.setdefault(int(row[6]), []).append(row)
    for what, game, seat, opened, due, _detail, tx, at in rows:
        if what in ("reminder", "timeout"):
            fired[(what, int(game), int(seat), float(opened))] += 1
            same = [r for r in by_tx[int(tx)] if int(r[1]) == game and int(r[2]) == seat]
            notices = [str(r[5]) for r in same if r[0] == "notice"]
            takeovers = [str(r[5]) for r in same if r[0] == "takeover"]
            if what == "reminder":
                f.reminders += 1
                ok = notices == ["reminder"] and not takeovers
            else:
                f.timeouts += 1
                if notices == ["pause"] and not takeovers:
                    f.pauses += 1
                    ok = True
                else:
                    f.takeovers += notices == ["takeover"] and takeovers == ["timeout"]
                    ok = notices == ["takeover"] and takeovers == ["timeout"]
            if not ok:
                f.without_effect += 1
                f.problems.append(
                    f"{what} of game {game} seat {seat} (tx {tx}): notices {notices}, "
                    f"takeovers {takeovers}"
                )
        elif what == "dropped" and due is not None and float(at) > float(due):
            f.superseded += 1
    for (what, game, seat, opened), n in fired.items():
        if n > 1:
            f.fired_twice += n - 1
            f.problems.append(f"{what} of game {game} seat {seat} opened {opened} fired {n}x")
    return f


def overdue_deadlines(url: str, grace_s: float) -> list[str]:
    """Deadlines of active games past their reminder or timeout by more than ``grace_s``
    without their fired mark (with every process running, the owner's tick fires them)."""
    now = time.time() - grace_s
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT d.game_id, d.seat, d.reminded, d.timed_out, d.remind_at, d.timeout_at "
            "FROM deadlines d JOIN games g ON g.id = d.game_id WHERE g.status = 'active' "
            "AND ((d.timed_out = 0 AND d.timeout_at < %s) "
            "OR (d.reminded = 0 AND d.remind_at < %s AND d.timed_out = 0))",
            (now, now),
        ).fetchall()
    return [f"game {r[0]} seat {r[1]}: overdue (reminded {r[2]}, timed out {r[3]})" for r in rows]


def amcheck(url: str) -> str:
    """``bt_index_check`` (PostgreSQL's ``amcheck``) on every B-tree index of the database:
    ``ok (N indexes)``, the first failures, or why it could not run."""
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
            indexes = [
                str(r[0])
                for r in conn.execute(
                    "SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c "
                    "ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam "
                    "JOIN pg_namespace n ON n.oid = c.relnamespace "
                    "WHERE a.amname = 'btree' AND n.nspname = current_schema()"
                )
            ]
            failures = []
            for index in indexes:
                try:
                    conn.execute("SELECT bt_index_check(%s::regclass, true)", (index,))
                except psycopg.Error as exc:
                    failures.append(f"{index}: {exc}".strip())
            # the heap too, where the server has it (verify_heapam: PostgreSQL 14+)
            tables = [
                str(r[0])
                for r in conn.execute(
                    "SELECT c.oid::regclass::text FROM pg_class c JOIN pg_namespace n "
                    "ON n.oid = c.relnamespace WHERE c.relkind = 'r' "
                    "AND n.nspname = current_schema()"
                )
            ]
            heap = 0
            for t in tables:
                try:
                    bad = conn.execute(
                        "SELECT count(*) FROM verify_heapam(%s::regclass)", (t,)
                    ).fetchone()
                except psycopg.errors.UndefinedFunction:
                    break
                heap += 1
                if bad is not None and int(bad[0]):
                    failures.append(f"{t}: {bad[0]} corrupt heap tuples")
    except psycopg.Error as exc:
        return f"not run: {exc}".strip()
    if failures:
        return "; ".join(failures[:5])
    return f"ok ({len(indexes)} indexes, {heap} tables)"
