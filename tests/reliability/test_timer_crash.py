"""#24 item 2: a turn timer's timeout fires exactly once, also when the process dies in the
middle of firing it. A crash is simulated by raising from an injected hook (a
``BaseException``: nothing in the service catches it), then a fresh service opens the same
database, as after a restart:

* right before the effect's commit: nothing of it is stored, so the fresh service fires the
  timeout - once;
* right after the commit that marks the timeout fired: its effect (the seat handed to an AI,
  or the pause) is stored with the mark, so nothing fires again and nothing is missing; an
  AI-mode table does not wait for ever (the AI plays its seat at the start-up's resume);
* before the adapter posted what fired (a reminder, a takeover's announcement): the notice
  stored with the mark makes the fresh service's ``tick(confirm=True)`` announce it once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.table.service import TableService
from tests.test_timers import FakeClock, svc_at, two_humans


class Crash(BaseException):
    """The process dies here."""


#: Writes that store a timeout's effect (before the fix: the seat list and the takeover
#: record, each after the fired-flag's own commit; after it: one transaction with the flag).
EFFECT_WRITES = {
    "update_players",
    "add_takeover",
    "clear_timeout_votes",
    "hand_seat_to_ai",
    "pause_seat",
}


def crash_before_the_effect_commits(svc: TableService) -> None:
    def hook(operation: str) -> None:
        if operation in EFFECT_WRITES:
            raise Crash(operation)

    svc.storage.connection._fail_before_commit = hook


def crash_after_the_timeout_is_marked(svc: TableService) -> None:
    """Raise right after the commit that marks a timeout fired (whichever method does it:
    a timer repository's own write, or the handover's transaction that fires it with its
    effect)."""
    storage: Any = svc.storage.deadlines

    def wrap(name: str, marks: Callable[[tuple[Any, ...]], bool]) -> None:
        original = getattr(storage, name)

        def crashing(*args: Any, **kwargs: Any) -> Any:
            done = original(*args, **kwargs)
            if done and (marks(args) or kwargs.get("timed_out")):
                raise Crash(name)
            return done

        setattr(storage, name, crashing)

    wrap("mark_fired", lambda args: args[2] == "timed_out")
    wrap("pause_seat", lambda args: True)
    # the takeover: the timeout is marked inside the handover's transaction (the unit of
    # work over the game and its timers); crash right after that transaction commits
    fired: list[bool] = []
    fire_timeout = storage.fire_timeout

    def firing(*args: Any, **kwargs: Any) -> Any:
        done = fire_timeout(*args, **kwargs)
        fired.append(bool(done))
        return done

    storage.fire_timeout = firing
    database: Any = svc.storage
    transaction = database.transaction

    @contextmanager
    def crashing_transaction(operation: str, **scope: Any) -> Iterator[Any]:
        fired.clear()
        with transaction(operation, **scope) as tx:
            yield tx
        if any(fired):
            raise Crash(operation)

    database.transaction = crashing_transaction


def seat_holder(svc: TableService, seat: int) -> tuple[str | None, bool]:
    p = svc.tables.get("c").players[seat]
    return p.user_id, p.is_ai


def takeovers(svc: TableService, game_id: int) -> int:
    with svc.storage.connection.read() as conn:
        row = conn.execute("SELECT count(*) FROM takeovers WHERE game_id = ?", (game_id,))
        return int(row.fetchone()[0])


async def fire_with(
    db_target: Path | str, settings: str, crash: Callable[[TableService], None]
) -> tuple[TableService, FakeClock, int, int, str]:
    """Two humans; the first decider's time runs out and the process crashes while the
    timeout fires. Returns a fresh service on the same database (and the late seat)."""
    clock = FakeClock()
    db = db_target
    svc = svc_at(db, clock)
    await two_humans(svc, settings=settings)
    late = (await svc.play.decisions("c"))[0]
    assert late.user_id is not None
    clock.advance(121)
    crash(svc)
    with pytest.raises(Crash):
        await svc.timers.tick(confirm=True)
    svc.close()  # the process is gone; what it committed stays
    return svc_at(db, clock), clock, late.game_id, late.seat, late.user_id


async def test_a_crash_before_the_takeover_commits_fires_it_after_the_restart(
    db_target: Path | str,
) -> None:
    """#24 item 2: neither lost (before the fix the flag was committed alone: lost for good)
    nor doubled."""
    svc, _clock, game_id, seat, user = await fire_with(
        db_target, "live", crash_before_the_effect_commits
    )
    events = await svc.timers.tick()
    assert [e.kind for e in events] == ["takeover"]
    assert "ran out of time" in events[0].outcome.public[0].text
    assert await svc.timers.tick() == []
    assert seat_holder(svc, seat)[1] is True  # an AI plays the seat
    assert takeovers(svc, game_id) == 1
    assert (await svc.seats.resume("c", user)).accepted  # and the player can take it back
    svc.close()


async def test_a_crash_after_the_timeout_is_marked_leaves_no_table_waiting(
    db_target: Path | str,
) -> None:
    """#24 item 2: the mark and the takeover are one commit: after a crash right behind it the
    seat is the AI's, the timeout does not fire again, and the AI plays (before the fix the
    mark was committed alone: the seat stayed the absent player's, the game waited for ever)."""
    svc, clock, game_id, seat, user = await fire_with(
        db_target, "live", crash_after_the_timeout_is_marked
    )
    await svc.play.resume("c")  # what every adapter does at start-up
    assert seat_holder(svc, seat)[1] is True, "the takeover was lost"
    assert takeovers(svc, game_id) == 1
    decisions = await svc.play.decisions("c")
    assert decisions and all(not d.is_ai for d in decisions), "an AI decision waits"
    assert all(d.seat != seat for d in decisions)
    # the announcement the crash kept from being posted comes now, once
    events = await svc.timers.tick(confirm=True)
    assert [e.kind for e in events] == ["takeover"]
    assert "ran out of time" in events[0].outcome.public[0].text
    assert events[0].user_id == user  # who gets the button to take the seat back
    for event in events:
        await svc.timers.posted(event)
    clock.advance(30)
    assert await svc.timers.tick(confirm=True) == []  # not doubled
    assert (await svc.seats.resume("c", user)).accepted
    svc.close()


async def test_a_crash_before_the_pause_commits_pauses_after_the_restart(
    db_target: Path | str,
) -> None:
    """#24 item 2, ``timeout pause``: the pause fires once after the restart."""
    svc, _clock, _game_id, _seat, _user = await fire_with(
        db_target, "live timeout pause", crash_before_the_effect_commits
    )
    assert [e.kind for e in await svc.timers.tick()] == ["pause"]
    assert await svc.timers.tick() == []
    assert "Paused: waiting for" in (await svc.play.status("c")).text
    svc.close()


async def test_a_crash_before_the_reminder_is_posted_sends_it_after_the_restart(
    db_target: Path | str,
) -> None:
    """#24 item 2: the reminder's mark was committed, the process died before its post:
    the fresh service sends it, once (before the fix it was lost for good)."""
    clock = FakeClock()
    db = db_target
    svc = svc_at(db, clock)
    await two_humans(svc)
    late = (await svc.play.decisions("c"))[0]
    clock.advance(61)
    assert [e.kind for e in await svc.timers.tick(confirm=True)] == ["reminder"]
    svc.close()  # the process dies before the adapter posted it
    svc = svc_at(db, clock)
    clock.advance(5)
    events = await svc.timers.tick(confirm=True)
    assert [(e.kind, e.user_id) for e in events] == [("reminder", late.user_id)]
    await svc.timers.posted(events[0])
    assert await svc.timers.tick(confirm=True) == []
    svc.close()
    svc = svc_at(db, clock)  # a confirmed reminder stays sent across a restart
    assert await svc.timers.tick(confirm=True) == []
    clock.advance(60)
    assert [e.kind for e in await svc.timers.tick(confirm=True)] == ["takeover"]
    svc.close()


async def test_an_unposted_reminder_that_no_longer_applies_is_dropped(
    db_target: Path | str,
) -> None:
    """#24 item 2: the reminded player moved before the restart: no stale reminder."""
    clock = FakeClock()
    db = db_target
    svc = svc_at(db, clock)
    await two_humans(svc)
    late = (await svc.play.decisions("c"))[0]
    assert late.user_id is not None
    clock.advance(61)
    assert [e.kind for e in await svc.timers.tick(confirm=True)] == ["reminder"]
    options = await svc.play.options_for("c", late.user_id)
    assert (await svc.play.command("c", late.user_id, options[0])).accepted
    svc.close()
    svc = svc_at(db, clock)
    events = await svc.timers.tick(confirm=True)
    assert all(e.user_id != late.user_id or e.kind != "reminder" for e in events)
    assert svc.storage.deadlines.notice_channels() == []
    svc.close()


async def test_without_confirmation_each_event_comes_once(db_target: Path | str) -> None:
    """A caller that does not confirm (the terminal) gets each event once, as before."""
    clock = FakeClock()
    svc = svc_at(db_target, clock)
    await two_humans(svc)
    clock.advance(61)
    assert [e.kind for e in await svc.timers.tick()] == ["reminder"]
    assert await svc.timers.tick() == []
    assert await svc.timers.tick(confirm=True) == []
    svc.close()
