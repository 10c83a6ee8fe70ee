"""Render processes, each fed through a pipe: the table service's way to use every core.

Pillow and the PNG encoder hold the GIL for much of an image, so rendering in threads keeps one
core busy. A :class:`RenderProcess` is one child process with the renderer loaded; the thread
that needs an image sends ``(kind, view)`` and waits for the PNG bytes, one job at a time (the
service pins each channel to one process, so that process' caches hold its tables' last
images). A plain pipe costs a pickle and two system calls per image - a process pool's queues,
feeder and manager threads cost about a millisecond of this process' GIL per image instead.

A child that dies or hangs is replaced on the next call; the image that was being drawn is
lost (the caller logs it and sends the move without its picture).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing as mp
import os
import threading
import time
import traceback
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING

from engine.core import JSON
from engine.registry import ImageKind

if TYPE_CHECKING:  # ForkServerContext is POSIX-only
    from multiprocessing.context import ForkServerContext, SpawnContext

    from bot.table.render import Renderer

log = logging.getLogger("bot.render")

#: Seconds an image may take before its process is killed and replaced.
RENDER_TIMEOUT = 60.0


class RenderFailed(RuntimeError):
    """The renderer raised in the child (the message carries its traceback), or the child
    died or timed out while drawing."""


def auto_render_processes() -> int:
    """Render processes worth having here: one per core (at most 4), none on one core.

    Pillow and the PNG encoder hold the GIL for much of an image, so threads alone keep one
    core busy; processes use them all."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 0 if (cores or 1) < 2 else min(cores or 1, 4)


def _context() -> ForkServerContext | SpawnContext:
    # Not "fork": the service runs threads, and forking those is unsafe.
    if "forkserver" in mp.get_all_start_methods():
        return mp.get_context("forkserver")
    return mp.get_context("spawn")


def _serve(conn: Connection, renderer: Renderer) -> None:
    """The child's loop: ("render", kind, view, lang) -> (True, png) | (False, error text),
    drawn in ``lang`` (a child does not inherit the caller's context: it enters the language
    itself);
    ("cpu",) -> (True, CPU seconds used so far); None or a closed pipe ends it. The view's
    ``game`` and the kind pick the function (the real renderer looks it up through the game's
    registration); only that name and kind cross the pipe, never a module path."""

    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        try:
            if message[0] == "render":
                png = _render_in(renderer, message[1], message[2], message[3:])
                reply: tuple[bool, object] = (True, png)
            elif message[0] == "cpu":
                reply = (True, time.process_time())
            else:
                reply = (False, f"unknown request {message[0]!r}")  # not for players
        except Exception:
            reply = (False, traceback.format_exc())
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


def _render_in(renderer: Renderer, kind: ImageKind, view: JSON, lang: tuple[object, ...]) -> bytes:
    """``render_call`` in the language the request names (English needs no catalogs)."""
    from bot.table.render import render_call

    if not lang or lang[0] in (None, "en"):
        return render_call(renderer, kind, view)
    from engine.i18n import speaking

    with speaking(str(lang[0])):
        return render_call(renderer, kind, view)


class RenderProcess:
    """One render process (started on first use, restarted after a crash)."""

    def __init__(
        self,
        renderer: Renderer,
        name: str = "canalside-render",  # not for players
    ) -> None:
        self.renderer = renderer
        self.name = name
        self.restarts = 0
        self._lock = threading.Lock()
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None

    def _start(self) -> Connection:
        ctx = _context()
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_serve, args=(child, self.renderer), name=self.name, daemon=True)
        proc.start()
        child.close()
        if self._proc is not None:
            self.restarts += 1
            log.warning("render process %s restarted (%d so far)", self.name, self.restarts)
        self._proc, self._conn = proc, parent
        connection: Connection = parent
        return connection

    def _kill(self) -> None:
        proc, conn = self._proc, self._conn
        self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None and proc.is_alive():
            proc.kill()
            proc.join(5)

    def _call(self, request: tuple[object, ...], timeout: float) -> object:
        with self._lock:
            conn = self._conn
            if conn is None or self._proc is None or not self._proc.is_alive():
                self._kill()
                conn = self._start()
            try:
                conn.send(request)
                if not conn.poll(timeout):
                    raise TimeoutError(f"no answer within {timeout:g} s")  # not for players
                ok, value = conn.recv()
            except (EOFError, OSError, TimeoutError) as exc:
                self._kill()
                lost = f"render process {self.name} lost: {exc!r}"  # not for players
                raise RenderFailed(lost) from exc
        if not ok:
            raise RenderFailed(str(value))
        return value

    def render(
        self,
        kind: ImageKind,
        view: JSON,
        timeout: float = RENDER_TIMEOUT,
        *,
        lang: str | None = None,
    ) -> bytes:
        """The PNG bytes of ``kind`` for ``view`` drawn in ``lang`` (default: the language in
        force here), raising :class:`RenderFailed`."""
        from engine.i18n import current_language

        png = self._call(("render", kind, view, lang or current_language()), timeout)
        if not isinstance(png, bytes):
            answer = type(png).__name__
            raise RenderFailed(f"render process {self.name} answered {answer}")  # not for players
        return png

    def cpu_seconds(self) -> float:
        """CPU seconds the child has used (0.0 if it is not running)."""
        if self._proc is None:
            return 0.0
        seconds = self._call(("cpu",), RENDER_TIMEOUT)
        return float(seconds) if isinstance(seconds, (int, float)) else 0.0

    @property
    def busy(self) -> bool:
        """Drawing (or about to): a caller holds this process."""
        return self._lock.locked()

    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    def alive(self) -> bool:
        """Not started yet (it starts with its first image), or running."""
        proc = self._proc
        return proc is None or proc.is_alive()

    def close(self) -> None:
        """Ask the child to stop (waiting for a job it is drawing), then make sure it has."""
        with self._lock:
            if self._conn is not None:
                with contextlib.suppress(EOFError, OSError):
                    self._conn.send(None)
            if self._proc is not None:
                self._proc.join(10)
            self._kill()
            self._proc = None
