"""#24 item 2 with real process deaths: a child process fires a table's timer and is
SIGKILLed right before or right after the commit that marks it fired (the reminder's mark,
the takeover's or the pause's transaction); a fresh service on the same database must then
announce that timer exactly once - neither lost nor doubled - and the AI that took a seat
plays on (no table waits for ever)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest

from tests.test_timers import FakeClock, svc_at, two_humans

CHILD = textwrap.dedent(
    """
    import asyncio, contextlib, os, signal, sys
    from datetime import datetime
    from bot.table.render import PlaceholderRenderer
    from bot.table.service import TableService

    db, when, op, point = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
    moment = datetime.fromtimestamp(when).astimezone()
    svc = TableService.open(db, PlaceholderRenderer(), clock=lambda: moment)
    storage = svc.storage

    def die(operation):
        if operation == op:
            os.kill(os.getpid(), signal.SIGKILL)

    if point == "before":
        storage.connection._fail_before_commit = die
    elif op == "hand_seat_to_ai":  # the handover's transaction: die right after its commit
        transaction = storage.transaction

        @contextlib.contextmanager
        def then_die_after(operation, **scope):
            with transaction(operation, **scope) as tx:
                yield tx
            if operation == op:
                os.kill(os.getpid(), signal.SIGKILL)

        storage.transaction = then_die_after
    else:
        original = getattr(storage.deadlines, op)

        def then_die(*args, **kwargs):
            done = original(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGKILL)
            return done

        setattr(storage.deadlines, op, then_die)
    asyncio.run(svc.timers.tick(confirm=True))
    print("not killed")
    sys.exit(3)
    """
)

#: what fires (seconds after the decision opened, the settings) -> the marking operation
CASES = {
    "reminder": (61, "live", "mark_fired"),
    "takeover": (121, "live", "hand_seat_to_ai"),
    "pause": (121, "live timeout pause", "pause_seat"),
}


@pytest.mark.parametrize("point", ["before", "after"])
@pytest.mark.parametrize("kind", sorted(CASES))
async def test_a_killed_process_loses_and_doubles_no_timer(
    db_target: Path | str, kind: str, point: str
) -> None:
    """#24 item 2"""
    seconds, settings, op = CASES[kind]
    clock = FakeClock()
    db = db_target
    svc = svc_at(db, clock)
    await two_humans(svc, settings=settings)
    late = (await svc.play.decisions("c"))[0]
    svc.close()
    clock.advance(seconds)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(db), str(clock.t.timestamp()), op, point],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert child.returncode == -signal.SIGKILL, (child.returncode, child.stdout, child.stderr)
    clock.t += timedelta(seconds=1)
    svc = svc_at(db, clock)  # the restart
    await svc.play.resume("c")  # what every adapter does at start-up
    events = await svc.timers.tick(confirm=True)
    assert [(e.kind, e.user_id) for e in events] == [(kind, late.user_id)], events
    for event in events:
        await svc.timers.posted(event)
    assert await svc.timers.tick(confirm=True) == []  # once
    table = svc.tables.get("c")
    assert table.players[late.seat].is_ai == (kind == "takeover")
    if kind == "takeover":  # the AI played: a human decides now
        decisions = await svc.play.decisions("c")
        assert decisions and all(not d.is_ai for d in decisions)
    svc.close()
