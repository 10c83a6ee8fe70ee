"""Changed tables told by PostgreSQL (#27): ``LISTEN`` on the games' heads.

A table service compares a table it holds with the channel's stored head (its open game's id,
last move number and players) before it serves the channel, so that a move another process
committed is never missed. That check is a round trip per service call. With
:class:`HeadListener` a process reads the head only when told: a trigger on ``games``
(:data:`bot.storage.pg_schema.HEADS_CHANNEL`, schema version 2) notifies every change of a
channel's head - the new game id and last move number, and whether more than the move count
changed (a game started, ended or re-seated: ``force``) - and this listener, on its own
connection in a thread, keeps the latest note of each channel until the service takes it.

What the service may conclude (:meth:`HeadListener.epoch`, :meth:`HeadListener.take`): if
the listener has been listening since the table was last checked (the same epoch) and no note
came for the channel since, or only one showing the head the table holds (its own process's
move), nothing changed. A change is seen once its note arrives: PostgreSQL delivers it right
after the commit, asynchronously, so a read may miss a move committed a moment before (a
command is still checked by its commit: a move against a table behind is refused as a lost
race and checked again). :meth:`HeadListener.sync` waits until every change committed before
it has been received (tests; a caller that must not miss one).

While the connection is down the listener says so (``epoch`` ``None``) and every service call
checks, as without it; once it listens again, the epoch changes and every table is checked
once.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from dataclasses import dataclass

import psycopg

from bot.storage.pg_schema import HEADS_CHANNEL

__all__ = ["HeadListener", "HeadNote"]

log = logging.getLogger("bot.storage")

#: Seconds the listening thread waits for a notification before it looks at ``closed``.
_POLL = 0.1


@dataclass(frozen=True, slots=True)
class HeadNote:
    """The latest change of one channel's head since it was last taken: the game's id and
    last move number as committed; ``force``: more than the move count changed in between (a
    game started, ended, aborted or re-seated), so the table must be read."""

    game_id: int
    last_seq: int
    force: bool


def parse(payload: str) -> tuple[str, HeadNote] | None:
    """A notification's payload (``"<game id> <last seq> <force 0/1> <channel id>"``)."""
    parts = payload.split(" ", 3)
    if len(parts) != 4:
        return None
    try:
        return parts[3], HeadNote(int(parts[0]), int(parts[1]), parts[2] == "1")
    except ValueError:
        return None


class HeadListener:
    """See the module docstring. ``start`` it, ``close`` it."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._lock = threading.Lock()
        self._notes: dict[str, HeadNote] = {}
        self._epoch = 0
        self._listening = False
        self._closed = threading.Event()
        self._markers: dict[str, threading.Event] = {}
        self._thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)
        #: Notifications received so far (a figure for tests and benchmarks).
        self.received = 0

    def start(self, timeout: float = 10.0) -> HeadListener:
        """Start listening; wait (up to ``timeout`` seconds) until it does."""
        self._thread.start()
        deadline = time.monotonic() + timeout
        while self.epoch() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        return self

    def close(self) -> None:
        self._closed.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2 * _POLL + 1)

    def epoch(self) -> int | None:
        """The current listening period (a new one after every reconnect), ``None`` while
        not listening: then nothing may be concluded from the absence of a note."""
        with self._lock:
            return self._epoch if self._listening else None

    def take(self, channel_id: str) -> HeadNote | None:
        """The channel's latest note since it was last taken (and forget it)."""
        with self._lock:
            return self._notes.pop(channel_id, None)

    def sync(self, timeout: float = 5.0) -> bool:
        """Wait until every change committed before this call has been received: a marker
        notified now arrives after them (notifications come in commit order). ``False`` if
        the listener could not listen that long."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            epoch = self.epoch()
            if epoch is None:  # not listening: a marker sent now could pass it by
                self._closed.wait(0.01)
                continue
            marker = uuid.uuid4().hex
            seen = threading.Event()
            with self._lock:
                self._markers[marker] = seen
            try:
                with psycopg.connect(self._url, autocommit=True) as conn:
                    conn.execute("SELECT pg_notify(%s, %s)", (HEADS_CHANNEL, f"sync {marker}"))
                wait = min(1.0, max(0.0, deadline - time.monotonic()))
                if seen.wait(wait) and self.epoch() == epoch:
                    return True
            finally:
                with self._lock:
                    self._markers.pop(marker, None)
        return False

    def _note(self, payload: str) -> None:
        self.received += 1
        if payload.startswith("sync "):
            with self._lock:
                event = self._markers.get(payload[5:])
            if event is not None:
                event.set()
            return
        parsed = parse(payload)
        if parsed is None:
            return
        channel, note = parsed
        with self._lock:
            before = self._notes.get(channel)
            if before is not None and before.force and not note.force:
                note = HeadNote(note.game_id, note.last_seq, True)  # a re-seat stays told
            self._notes[channel] = note

    def _run(self) -> None:
        delay = 0.1
        while not self._closed.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {HEADS_CHANNEL}")
                    with self._lock:
                        self._notes.clear()  # every table is checked once in the new epoch
                        self._epoch += 1
                        self._listening = True
                    delay = 0.1
                    while not self._closed.is_set():
                        for notify in conn.notifies(timeout=_POLL):
                            self._note(notify.payload)
            except psycopg.Error as exc:
                log.warning("listening for changed tables failed (%s); retrying", exc)
            finally:
                with self._lock:
                    self._listening = False
            self._closed.wait(delay)
            delay = min(5.0, delay * 2)
