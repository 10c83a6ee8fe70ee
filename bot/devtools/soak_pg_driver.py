"""The PostgreSQL soak's driver: one of several processes playing on one database (#27).

Run by :mod:`bot.devtools.soak_pg` as ``python -m bot.devtools.soak_pg_driver --url URL
--ack FILE --proc I --processes N ...`` and SIGKILLed at random moments; the database server
itself is killed and restarted under it too. Process ``I`` plays its own channels
(``p{I}-c{j}``) and the shared ones ``shared-{k}`` where ``k % N`` or ``(k + 1) % N`` is
``I``: two processes press the same players' buttons on one table, so the other's moves reach
each through the catch-up (:mod:`bot.table.restore`). A channel's table belongs to the guild of
its first process (``k % N`` for a shared one): that process fires its timers, as a bot
process fires the timers of its shards' guilds.

Each table runs a short turn timer; now and then a human "thinks" past the reminder or the
timeout, so reminders fire, AIs take seats over (and the player takes his seat back with
``/resume``), and games pause. A ticker calls ``timers.tick(confirm=True)`` and confirms each
announcement it "posted".

The ack log (JSON lines, one per process, as :mod:`bot.devtools.soak_driver`'s): ``send``,
``ack`` (fsync'd; also a retry answered "already done"), ``refused`` (with its code),
``repeat``/``dup``, and here also ``unavailable`` (a command answered "try again"; re-sent
with its key, never counted as acknowledged), ``timer`` (an announced timer event) and
``error`` (a record logged at ERROR level, or an unexpected exception: an internal error).
Nothing the database's absence causes may crash the driver: every call is retried.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import sys
import time
import traceback
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from bot.devtools.soak_driver import AckLog, read_log, unanswered_sends
from bot.storage.errors import StorageUnavailable
from bot.storage.timers import TimerSettings
from bot.table.outputs import Code, Outcome
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService
from engine.registry import table_registrations

T = TypeVar("T")

#: How often a random earlier acknowledged key is pressed again (must be refused).
REPEAT_RATE = 0.03
#: Answers that change nothing and mean "not now": the command is sent again with its key.
RETRY = {Code.UNAVAILABLE}
#: Answers that are a failure of the service, never a player's mistake.
FAILURES = {Code.INTERNAL, Code.BROKEN}
#: How long an AI's decision may wait before it counts as stalled (seconds).
STALL_S = 20.0
#: The first guild id; process ``I``'s tables are in guild ``GUILD + I``.
GUILD = 700000000000000000


def channels_of(proc: int, processes: int, own: int, shared: int) -> list[tuple[str, int]]:
    """The channels process ``proc`` plays, each with the process whose guild it is in."""
    mine = [(f"p{proc}-c{j}", proc) for j in range(own)]
    for k in range(shared):
        players = {k % processes, (k + 1) % processes}
        if proc in players:
            mine.append((f"shared-{k}", k % processes))
    return mine


class TimedLog(AckLog):
    """The ack log with each line's wall time (``t``), to line it up with the supervisor's
    kills (``events.jsonl``)."""

    def write(self, record: dict[str, Any], durable: bool = False) -> None:
        super().write({**record, "t": round(time.time(), 3)}, durable)


class ErrorLog(logging.Handler):
    """Every record logged at ERROR or above goes to the ack log: an internal error."""

    def __init__(self, log: AckLog) -> None:
        super().__init__(logging.ERROR)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            trace = traceback.format_exception(record.exc_info[1])
            text += " | " + "".join(trace)[-1500:]
        self.log.write({"e": "error", "logger": record.name, "msg": text[:2000]}, durable=True)


class Driver:
    def __init__(self, svc: TableService, log: AckLog, args: argparse.Namespace) -> None:
        self.svc = svc
        self.log = log
        self.args = args
        self.rng = random.Random(f"{args.seed}-{args.proc}-{args.incarnation}")
        self.counter = 0
        self.acked: dict[str, list[dict[str, Any]]] = {}
        self.guild = str(GUILD + args.proc)

    # -- the database may be away: every call is retried ---------------------------------

    async def pause(self) -> None:
        await asyncio.sleep(self.rng.uniform(0.1, 0.4))

    async def storage(self, func: Callable[..., T], *args: Any) -> T:
        """A direct storage read or write, retried while the database is away."""
        while True:
            try:
                return await self.svc.runner.run(func, *args)
            except StorageUnavailable:
                await self.pause()

    async def outcome(self, what: str, ch: str, call: Callable[[], Awaitable[Outcome]]) -> Outcome:
        """A service call, re-made while it is answered 'try again'; a failure is logged."""
        while True:
            out = await call()
            if out.code in RETRY:
                self.log.write({"e": "unavailable", "ch": ch, "what": what})
                await self.pause()
                continue
            if out.code in FAILURES:
                self.log.write(
                    {"e": "error", "ch": ch, "what": what, "msg": str(out.error)[:300]},
                    durable=True,
                )
            elif not out.accepted and what == "resume":
                self.log.write({"e": "resume_refused", "ch": ch, "code": str(out.code)})
            return out

    # -- commands -------------------------------------------------------------------------

    def _key(self, channel: str) -> str:
        self.counter += 1
        a = self.args
        return f"s{a.seed}-p{a.proc}-i{a.incarnation}-{channel}-{self.counter}"

    async def send(self, channel: str, user: str, command: str, key: str, retry: bool) -> Outcome:
        """Send a command with its key until it is answered (not 'try again'); an answer
        after a 'try again' is a retry: 'already done' then means it was stored before."""
        record = {"e": "send", "ch": channel, "key": key, "user": user, "cmd": command}
        if not retry:
            self.log.write(record)
        while True:
            out = await self.svc.play.command(channel, user, command, idempotency_key=key)
            if out.code not in RETRY:
                break
            self.log.write({"e": "unavailable", "ch": channel, "key": key, "what": "command"})
            retry = True
            await self.pause()
        if out.accepted or (retry and out.code == Code.DUPLICATE):
            ack = {
                "e": "ack",
                "ch": channel,
                "key": key,
                "game": out.game_id,
                "upto": out.seq,
                "retry": retry,
                "code": None if out.code is None else str(out.code),
            }
            self.log.write(ack, durable=True)
            self.acked.setdefault(channel, []).append(ack)
        else:
            self.log.write({"e": "refused", "ch": channel, "key": key, "code": str(out.code)})
            if out.code in FAILURES:
                msg = str(out.error)[:300]
                self.log.write({"e": "error", "ch": channel, "msg": msg}, durable=True)
        return out

    async def repeat_press(self, channel: str) -> None:
        earlier = self.acked.get(channel)
        if not earlier:
            return
        ack = self.rng.choice(earlier)
        key = str(ack["key"])
        out = await self.outcome(
            "repeat",
            channel,
            lambda: self.svc.play.command(channel, f"{channel}-h0", "play", idempotency_key=key),
        )
        if out.accepted:
            self.log.write({"e": "dup", "ch": channel, "key": key}, durable=True)
        else:
            self.log.write({"e": "repeat", "ch": channel, "key": key, "code": str(out.code)})

    # -- a table's life -------------------------------------------------------------------

    async def new_game(self, channel: str) -> None:
        """A fresh lobby with a short turn timer (whatever a kill left of the last lobby
        goes), then start."""
        a = self.args
        humans = [f"{channel}-h{i}" for i in range(a.humans)]
        timer = TimerSettings(turn_seconds=a.turn_seconds, remind_seconds=a.remind_seconds)
        await self.storage(self.svc.storage.timer_settings.set_timer_settings, channel, timer)
        await self.outcome(
            "abort", channel, lambda: self.svc.lobby.abort(channel, humans[0], can_manage=True)
        )
        for i, user in enumerate(humans):
            name = f"H{i + 1}"
            out = await self.outcome(
                "join",
                channel,
                partial(self.svc.lobby.join, channel, user, name, guild_id=self.guild),
            )
            if not out.accepted:
                raise RuntimeError(f"{channel}: join refused: {out.code} {out.error}")
        for _ in range(a.players - a.humans):
            out = await self.outcome(
                "add_ai",
                channel,
                lambda: self.svc.lobby.add_ai(channel, humans[0], level="random"),
            )
            if not out.accepted:
                raise RuntimeError(f"{channel}: add_ai refused: {out.code} {out.error}")
        seed = self.rng.getrandbits(48)
        out = await self.outcome(
            "start", channel, lambda: self.svc.lobby.start(channel, humans[0], seed=seed)
        )
        if not out.accepted:
            raise RuntimeError(f"{channel}: start refused: {out.code} {out.error}")

    async def play(self, channel: str, owner: int, pending: dict[str, Any] | None) -> None:
        a = self.args
        mine = owner == a.proc
        if pending is not None:  # the reply was lost in the kill: retry with the same key
            await self.send(channel, pending["user"], pending["cmd"], pending["key"], retry=True)
        await self.outcome("resume", channel, lambda: self.svc.play.resume(channel))
        waited: tuple[int, int, int] | None = None
        # an AI's decision seen pending: (game, move) and since when
        since: tuple[tuple[int, int], float] | None = None
        while True:
            decision = await self.svc.play.decision(channel)
            if decision is None:
                since = None
                # None also while the database is away: ask the storage itself
                active = await self.storage(self.svc.storage.games.active_game, channel)
                if active is not None:
                    await self.pause()
                    continue
                history = await self.storage(self.svc.storage.games.game_history, channel)
                finished = any(g.status == "finished" for g in history)
                if a.finish and (finished or not mine):
                    return
                if not mine:  # the other process opens the shared table's games
                    await asyncio.sleep(0.3)
                    continue
                await self.new_game(channel)
                continue
            if decision.is_ai or decision.user_id is None:
                # as the bot: nobody presses anything for an AI seat; a chain cut short is
                # resumed by a restart or the scheduler (the ticker): waiting long is a stall
                here = (decision.game_id, decision.seq)
                if since is None or since[0] != here:
                    since = (here, time.monotonic())
                if time.monotonic() - since[1] > STALL_S:
                    msg = f"game {decision.game_id}: the AI's decision at move {decision.seq}"
                    msg += f" waited {STALL_S} s"
                    record = {"e": "error", "ch": channel, "msg": msg, "t": time.time()}
                    self.log.write(record, durable=True)
                    await self.outcome("resume", channel, lambda: self.svc.play.resume(channel))
                    since = None
                await asyncio.sleep(0.2)
                continue
            since = None
            if not a.finish and self.rng.random() < a.reclaim:
                user = f"{channel}-h{self.rng.randrange(a.humans)}"
                out = await self.outcome(
                    "reclaim", channel, partial(self.svc.seats.resume, channel, user)
                )
                if out.accepted:
                    self.log.write({"e": "reclaimed", "ch": channel, "user": user})
                continue
            point = (decision.game_id, decision.seq, decision.seat)
            if not a.finish and waited != point and self.rng.random() < a.slow:
                # the player thinks: past the reminder, maybe past the timeout
                waited = point
                await asyncio.sleep(self.rng.uniform(a.remind_seconds, a.turn_seconds + 1.5))
                continue
            if self.rng.random() < REPEAT_RATE:
                await self.repeat_press(channel)
            user = decision.user_id
            options = await self.svc.play.options_for(channel, user, limit=None)
            if not options:  # the database is away, or the game moved on: look again
                await self.pause()
                continue
            command = self.rng.choice(options)
            out = await self.send(channel, user, command, self._key(channel), retry=False)
            if out.game_over and a.finish and mine:
                return

    async def ticker(self) -> None:
        """The timers of this process's guild: fired, 'posted' and confirmed."""
        while True:
            await asyncio.sleep(self.args.tick)
            try:
                events = await self.svc.timers.tick(confirm=True)
                for channel in self.svc.play.stalled():  # as the bot's scheduler does
                    await self.outcome("resume", channel, partial(self.svc.play.resume, channel))
                for e in events:
                    notice = None if e.notice is None else list(e.notice)
                    self.log.write(
                        {"e": "timer", "ch": e.channel_id, "kind": str(e.kind), "notice": notice}
                    )
                    await self.svc.timers.posted(e)
            except StorageUnavailable:  # posted: the notice stays; the next tick posts it again
                continue


async def watch_parent(parent: int, deadline: float) -> None:
    """Never outlive the supervisor (or the time limit), even if its kill never comes."""
    while os.getppid() == parent and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    os._exit(3)


async def guard_task(log: AckLog, coro: Awaitable[None]) -> None:
    """A channel's loop: an unexpected exception is an internal error (logged, then raised)."""
    try:
        await coro
    except asyncio.CancelledError:
        raise
    except BaseException as exc:
        text = "".join(traceback.format_exception(exc))[-1500:]
        log.write({"e": "error", "logger": "driver", "msg": text}, durable=True)
        raise


async def run(args: argparse.Namespace) -> int:
    ack_path = Path(args.ack)
    pending = unanswered_sends(read_log(ack_path))
    log = TimedLog(ack_path)
    logging.getLogger().addHandler(ErrorLog(log))
    svc = TableService.open(
        args.url, PlaceholderRenderer(), workers=4, render_processes=0, hand_images=False
    )
    guild = str(GUILD + args.proc)
    svc.timers.serves = lambda g: g == guild
    driver = Driver(svc, log, args)
    for record in read_log(ack_path):
        if record["e"] == "ack":
            driver.acked.setdefault(record["ch"], []).append(record)
    for reg in table_registrations():
        reg.parts()
    watcher = asyncio.create_task(watch_parent(os.getppid(), time.monotonic() + args.max_seconds))
    print("ready", flush=True)
    channels = channels_of(args.proc, args.processes, args.channels, args.shared)
    ticker = asyncio.create_task(guard_task(log, driver.ticker()))
    try:
        await asyncio.gather(
            *(guard_task(log, driver.play(ch, owner, pending.get(ch))) for ch, owner in channels)
        )
    finally:
        ticker.cancel()
        watcher.cancel()
        await svc.aclose()
        log.close()
    return 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bot.devtools.soak_pg_driver")
    p.add_argument("--url", required=True)
    p.add_argument("--ack", required=True)
    p.add_argument("--proc", type=int, required=True)
    p.add_argument("--processes", type=int, required=True)
    p.add_argument("--channels", type=int, default=2, help="own channels")
    p.add_argument("--shared", type=int, default=3, help="shared channels (all processes)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--humans", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--incarnation", type=int, default=0)
    p.add_argument("--turn-seconds", type=int, default=3)
    p.add_argument("--remind-seconds", type=int, default=1)
    p.add_argument("--slow", type=float, default=0.05, help="share of slow human decisions")
    p.add_argument("--reclaim", type=float, default=0.02, help="share of /resume presses")
    p.add_argument("--tick", type=float, default=0.25, help="timer tick (s)")
    p.add_argument("--finish", action="store_true", help="play running games to their end")
    p.add_argument("--max-seconds", type=float, default=900.0)
    args = p.parse_args(argv)
    if not 1 <= args.humans <= args.players:
        p.error(f"--humans must be 1..{args.players} (--players), not {args.humans}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
