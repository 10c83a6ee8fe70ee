"""The channel runner: how every table part's work runs for an adapter - in the worker pool,
under the channel's lock (reads without it once the table is loaded), in the language in
force, refusals and failures turned into data, the turn timers synced after every action.

Each feature part (:class:`bot.table.settings.TableSettings`,
:class:`bot.table.vote.PauseVote`, ...) holds the runner and offers its adapter-facing
coroutines itself; :class:`bot.table.service.TableService` composes the parts and owns the
runner. Generic: nothing here knows a game.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from datetime import datetime
from typing import TypeVar, TypeVarTuple

from bot.logs import log_fields
from bot.storage.errors import StorageUnavailable
from bot.table import guard
from bot.table.languages import Languages
from bot.table.metrics import Metrics
from bot.table.outputs import Outcome
from bot.table.records import ACCESS, CHECKED, Behind, Refused, Table, Tables
from engine.i18n import current_language, say, speaking

log = logging.getLogger("bot.service")

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

#: The actions that are a player's move (his next decision is timed afresh).
MOVES = frozenset({"command", "choose", "choose_many"})

#: After an action: bring the table's turn-timer deadlines up to date (table, now, the user
#: who just moved or ``None``).
SyncTimers = Callable[[Table, float, str | None], None]


class ChannelRunner:
    """See the module docstring. ``clock``: the timers' clock (the real one, SimCord's
    virtual one or a fake one in tests); ``sync_timers``: called after every action."""

    def __init__(
        self,
        tables: Tables,
        executor: Executor,
        languages: Languages,
        clock: Callable[[], datetime],
        sync_timers: SyncTimers,
        metrics: Metrics | None = None,
    ) -> None:
        self.tables = tables
        self.executor = executor
        self.languages = languages
        self.clock = clock
        self.sync_timers = sync_timers
        #: Round trips into the worker pool so far (every part's work runs through
        #: :meth:`run`): a figure for benchmarks and tests, e.g. the trips one click costs.
        self.trips = 0
        #: The service's metrics: every action is counted in :meth:`guarded` (#27).
        self.metrics = metrics if metrics is not None else Metrics()
        #: Actions running now (a graceful shutdown waits for them: :meth:`idle`).
        self.in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def now(self) -> float:
        """The timers' clock, in epoch seconds."""
        return self.clock().timestamp()

    async def run(self, func: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run ``func`` in the worker pool, in the caller's context: the language in force
        (the sender's, set by the adapter) goes along into the worker thread."""
        self.trips += 1
        loop = asyncio.get_running_loop()
        context = contextvars.copy_context()

        def checked() -> T:
            CHECKED.set(set())  # each call compares a table with the database once (#27)
            return func(*args)

        return await loop.run_in_executor(self.executor, context.run, checked)

    def in_table_language(self, func: Callable[[Table, *Ts], T]) -> Callable[[Table, *Ts], T]:
        """``func`` run in the table's language (what it posts publicly is said in it; each
        private update is said in its reader's by the presenter); a refusal is said again in
        the language in force when it was called (the sender's)."""

        def run(table: Table, *args: *Ts) -> T:
            sender = current_language()
            with speaking(self.languages.table(table.channel_id)):
                try:
                    out = func(table, *args)
                except Refused as refused:
                    refused.message = say(refused.message, sender)
                    refused.args = (refused.message,)
                    raise
            if isinstance(out, Outcome) and out.error is not None:
                out = replace(out, error=say(out.error, sender))
            return out

        return run

    async def locked(self, channel_id: str | int, func: Callable[[Table, *Ts], T], *args: *Ts) -> T:
        """``func(table, *args)`` under the channel's lock, in the worker pool."""
        table = self.tables.get(str(channel_id))
        async with table.lock:
            access = ACCESS.set("locked")
            try:
                return await self.run(func, table, *args)
            except StorageUnavailable:
                # the database went away mid-action: what this process holds in memory may
                # differ from what was committed; the next action reloads the table (#27)
                table.loaded = False
                raise
            finally:
                ACCESS.reset(access)

    async def read(self, channel_id: str | int, func: Callable[[Table, *Ts], T], *args: *Ts) -> T:
        """Run a read without waiting for the channel's lock once its table is loaded.

        Safe because a committed move *replaces* the cached state (moves are applied to a
        clone) instead of mutating it: a read sees the state before or after a move, never
        half of one. So autocomplete and /board stay fast while a long AI chain runs.
        """
        table = self.tables.get(str(channel_id))
        if not table.loaded:
            return await self.locked(channel_id, func, *args)
        access = ACCESS.set("read")
        try:
            return await self.run(func, table, *args)
        except Behind:  # another process moved: catch up under the lock (#27)
            pass
        finally:
            ACCESS.reset(access)
        return await self.locked(channel_id, func, *args)

    async def guarded(
        self,
        what: str,
        channel_id: str | int,
        user_id: str | int | None,
        func: Callable[[Table, *Ts], Outcome],
        *args: *Ts,
    ) -> Outcome:
        """A lobby or game action: run under the channel's lock in the table's language,
        refusals and failures turned into an :class:`Outcome` by :func:`guard.guarded` (a
        malformed user id runs nothing). Afterwards the table's turn-timer deadlines are
        brought up to date (same lock)."""

        now = self.now()  # read here: the clock may be a context's (SimCord's virtual one)

        def action(table: Table, *a: *Ts) -> Outcome:
            game = table.record.id if table.record is not None else None
            with log_fields(game=game):
                out = func(table, *a)
            mover = str(user_id) if what in MOVES and out.accepted else None
            try:
                self.sync_timers(table, now, mover)
            except Exception:  # a timer must never break the action it follows
                guard.failure("timer sync", table.channel_id)  # not for players
            return out

        run = self.in_table_language(action)
        self.in_flight += 1
        self._idle.clear()
        t0 = time.perf_counter()
        try:
            with log_fields(channel=str(channel_id), kind=what):
                out = await guard.guarded(
                    what, channel_id, user_id, self.locked(channel_id, run, *args)
                )
                seconds = time.perf_counter() - t0
                outcome = "ok" if out.accepted else str(out.code or "refused")
                self.metrics.command(what, outcome, seconds)
                log.info(
                    "%s %s",
                    what,
                    outcome,
                    extra={
                        "game": out.game_id,
                        "move": out.seq,
                        "outcome": outcome,
                        "latency_ms": round(seconds * 1000, 1),
                        "user": None if user_id is None else str(user_id),
                    },
                )
                return out
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self._idle.set()

    async def idle(self) -> None:
        """Return once no action is running (at once if none is)."""
        await self._idle.wait()
