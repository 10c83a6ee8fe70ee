"""A progress bar for long developer commands (``canalside selfplay`` …): on stderr, only when
stderr is a terminal, so a command's own output (``--json``: one line on stdout) stays as it
is. It is redrawn every second with the time spent and an estimate of the time left, so a
slow step (a strong AI's game takes minutes) still shows the command is alive."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress"]

WIDTH = 30


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _clock_text(seconds: float) -> str:
    """``42 s``, ``3 min 5 s``, ``1 h 02 min``."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class Progress:
    """``[#####.....] 3/20 games · 1 min 4 s, about 6 min 5 s left`` on ``stream``, redrawn in
    place; nothing at all when ``stream`` is not a terminal (or ``enabled`` is false)."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        unit: str = "games",
        enabled: bool = True,
        every: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = max(0, total)
        self.stream = stream
        self.unit = unit
        self.on = enabled and _isatty(stream)
        self.every = every
        self.clock = clock
        self.start = clock()
        self.done = 0
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None
        if self.on:
            self.draw()
            self.thread = threading.Thread(target=self._tick, name="progress", daemon=True)
            self.thread.start()

    def line(self) -> str:
        total = max(self.total, 1)
        filled = WIDTH * min(self.done, total) // total
        bar = "#" * filled + "." * (WIDTH - filled)
        spent = self.clock() - self.start
        text = f"[{bar}] {self.done}/{self.total} {self.unit} · {_clock_text(spent)}"
        if 0 < self.done < self.total:
            left = spent / self.done * (self.total - self.done)
            text += f", about {_clock_text(left)} left"
        return text

    def draw(self) -> None:
        with self.lock:
            self.stream.write("\r\033[K" + self.line())
            self.stream.flush()

    def _tick(self) -> None:
        while not self.stopped.wait(self.every):
            self.draw()

    def update(self, done: int) -> None:
        """``done`` of the total are finished."""
        self.done = done
        if self.on:
            self.draw()

    def close(self) -> None:
        """The last state drawn, then a new line (the bar stays on the screen)."""
        if not self.on:
            return
        self.stopped.set()
        if self.thread is not None:
            self.thread.join()
        self.draw()
        with self.lock:
            self.stream.write("\n")
            self.stream.flush()
        self.on = False
