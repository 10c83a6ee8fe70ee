"""The soak driver: plays games through the table service until it is killed.

Run by :mod:`bot.devtools.soak` as ``python -m bot.devtools.soak_driver --db FILE --ack FILE ...``
and SIGKILLed at random moments. Several channels play at once, each seating human players (driven
here with random legal commands, every one with an idempotency key) and AI seats.

The ack log (JSON lines) is the driver's memory and the checker's evidence:

* ``send`` - about to send a command (written, not fsync'd: only a retry hint);
* ``ack`` - the service returned *accepted* (or "already done" for a retried key): the move
  is acknowledged, and the line is fsync'd before the driver goes on. ``upto`` is the last
  move number the answer covered (AI moves that followed included);
* ``refused`` - a command was refused (nothing acknowledged);
* ``repeat`` - a repeated press of an acknowledged key was refused as a duplicate (right);
* ``dup`` - a repeated press of an acknowledged key was accepted again (a doubled move).

On start the driver re-sends, with the same key, each channel's last ``send`` that has no
answer (what a client retrying after a lost reply does), lets pending AI seats move, and
now and then presses an acknowledged key again, which must be refused as a duplicate.
With ``--finish`` it plays each channel's running game to its end and exits 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from bot.table.outputs import Code, Outcome
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService

#: How often a random earlier acknowledged key is pressed again (must be refused).
REPEAT_RATE = 0.03


class AckLog:
    """Append-only JSON lines; ``ack`` lines are fsync'd before the driver continues."""

    def __init__(self, path: Path) -> None:
        self._file: TextIO = path.open("a", encoding="utf-8")

    def write(self, record: dict[str, Any], durable: bool = False) -> None:
        self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._file.flush()
        if durable:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def read_log(path: Path) -> list[dict[str, Any]]:
    """Every complete line of an ack log (a line cut short by a kill is ignored)."""
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def unanswered_sends(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per channel, the last ``send`` that got no answer before the driver died."""
    pending: dict[str, dict[str, Any]] = {}
    for r in records:
        if r["e"] == "send":
            pending[r["ch"]] = r
        elif r["e"] in ("ack", "refused") and pending.get(r["ch"], {}).get("key") == r["key"]:
            del pending[r["ch"]]
    return pending


class Driver:
    def __init__(self, svc: TableService, log: AckLog, args: argparse.Namespace) -> None:
        self.svc = svc
        self.log = log
        self.args = args
        self.rng = random.Random(f"{args.seed}-{args.incarnation}")
        self.counter = 0
        self.acked: dict[str, list[dict[str, Any]]] = {}

    def _key(self, channel: str) -> str:
        self.counter += 1
        return f"s{self.args.seed}-i{self.args.incarnation}-{channel}-{self.counter}"

    def _record_answer(self, send: dict[str, Any], out: Outcome, retry: bool) -> None:
        ok = out.accepted or (retry and out.code == Code.DUPLICATE)
        if ok:
            ack = {
                "e": "ack",
                "ch": send["ch"],
                "key": send["key"],
                "game": out.game_id,
                "upto": out.seq,
                "retry": retry,
            }
            self.log.write(ack, durable=True)
            self.acked.setdefault(send["ch"], []).append(ack)
        else:
            self.log.write({"e": "refused", "ch": send["ch"], "key": send["key"], "code": out.code})

    async def send(self, channel: str, user: str, command: str, key: str, retry: bool) -> Outcome:
        record = {"e": "send", "ch": channel, "key": key, "user": user, "cmd": command}
        if not retry:
            self.log.write(record)
        out = await self.svc.play.command(channel, user, command, idempotency_key=key)
        self._record_answer(record, out, retry)
        return out

    async def new_game(self, channel: str) -> None:
        """A fresh lobby (whatever a kill left of the last one goes), then start."""
        humans = [f"{channel}-h{i}" for i in range(self.args.humans)]
        await self.svc.lobby.abort(channel, humans[0], can_manage=True)
        for i, user in enumerate(humans):
            out = await self.svc.lobby.join(channel, user, f"H{i + 1}")
            if not out.accepted:
                raise RuntimeError(f"{channel}: join refused: {out.code} {out.error}")
        for _ in range(self.args.players - self.args.humans):
            out = await self.svc.lobby.add_ai(channel, humans[0], level="random")
            if not out.accepted:
                raise RuntimeError(f"{channel}: add_ai refused: {out.code} {out.error}")
        out = await self.svc.lobby.start(channel, humans[0], seed=self.rng.getrandbits(48))
        if not out.accepted:
            raise RuntimeError(f"{channel}: start refused: {out.code} {out.error}")

    async def repeat_press(self, channel: str) -> None:
        earlier = self.acked.get(channel)
        if not earlier:
            return
        ack = self.rng.choice(earlier)
        out = await self.svc.play.command(
            channel, f"{channel}-h0", "play", idempotency_key=str(ack["key"])
        )
        if out.accepted:
            self.log.write({"e": "dup", "ch": channel, "key": ack["key"]}, durable=True)
        else:
            self.log.write({"e": "repeat", "ch": channel, "key": ack["key"], "code": out.code})

    async def play(self, channel: str, pending: dict[str, Any] | None) -> None:
        if pending is not None:  # the reply was lost in the kill: retry with the same key
            await self.send(channel, pending["user"], pending["cmd"], pending["key"], retry=True)
        await self.svc.play.resume(channel)
        while True:
            decision = await self.svc.play.decision(channel)
            if decision is None:
                if self.svc.storage.games.active_game(channel) is not None:
                    raise RuntimeError(f"{channel}: a game is stored but cannot be played")
                finished = any(
                    g.status == "finished" for g in self.svc.storage.games.game_history(channel)
                )
                if self.args.finish and finished:
                    return
                # Every channel finishes at least one game, also one whose first lobby a
                # kill cut short before it started.
                await self.new_game(channel)
                continue
            if decision.is_ai or decision.user_id is None:
                await self.svc.play.resume(channel)
                continue
            if self.rng.random() < REPEAT_RATE:
                await self.repeat_press(channel)
            options = await self.svc.play.options_for(channel, decision.user_id, limit=None)
            if not options:
                raise RuntimeError(f"{channel}: no options for {decision.user_id}")
            command = self.rng.choice(options)
            out = await self.send(
                channel, decision.user_id, command, self._key(channel), retry=False
            )
            if not out.accepted:
                raise RuntimeError(f"{channel}: offered '{command}' refused: {out.error}")
            if out.game_over and self.args.finish:
                return


async def watch_parent(parent: int, deadline: float) -> None:
    """Never outlive the supervisor (or the time limit), even if its kill never comes."""
    while os.getppid() == parent and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    os._exit(3)


async def run(args: argparse.Namespace) -> int:
    ack_path = Path(args.ack)
    pending = unanswered_sends(read_log(ack_path))
    svc = TableService.open(
        args.db,
        PlaceholderRenderer(),
        workers=2,
        render_processes=0,
        hand_images=False,
        synchronous=args.synchronous,
    )
    log = AckLog(ack_path)
    driver = Driver(svc, log, args)
    for record in read_log(ack_path):
        if record["e"] == "ack":
            driver.acked.setdefault(record["ch"], []).append(record)
    watcher = asyncio.create_task(watch_parent(os.getppid(), time.monotonic() + args.max_seconds))
    print("ready", flush=True)
    channels = [f"soak-{i}" for i in range(args.channels)]
    try:
        await asyncio.gather(*(driver.play(ch, pending.get(ch)) for ch in channels))
    finally:
        watcher.cancel()
        log.close()
        await svc.aclose()
    return 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bot.devtools.soak_driver")
    p.add_argument("--db", required=True)
    p.add_argument("--ack", required=True)
    p.add_argument("--channels", type=int, default=3)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--humans", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--incarnation", type=int, default=0)
    p.add_argument("--synchronous", default="full")
    p.add_argument("--finish", action="store_true", help="play running games to their end")
    p.add_argument("--max-seconds", type=float, default=600.0)
    args = p.parse_args(argv)
    if not 1 <= args.humans <= args.players:
        p.error(f"--humans must be 1..{args.players} (--players), not {args.humans}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
