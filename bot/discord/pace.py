"""The channel's request budget: Discord allows 5 messages per 5 seconds per channel."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

__all__ = ["Pace"]


def _loop_time() -> float:
    return asyncio.get_running_loop().time()


class Pace:
    """Discord's limit of 5 messages per 5 seconds per channel, with room for edits.

    New messages (:meth:`wait`) never exceed ``limit`` per ``window``: a burst waits instead of
    being refused. Every post and edit of the table is counted in one window per channel;
    an optional edit (a running AI chain's) goes only while that window keeps ``reserve``
    requests free for what must follow (the chain's final edit, the next turn's message, a
    ping) - so a burst of posts and edits stays within ``limit`` too.

    ``clock`` and ``sleep`` are the event loop's (its ``time()``, ``asyncio.sleep``); a test
    may give its own.
    """

    def __init__(
        self,
        limit: int = 5,
        window: float = 5.0,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        reserve: int = 3,
    ) -> None:
        self.limit, self.window, self.reserve = limit, window, reserve
        self.clock = clock or _loop_time
        self.sleep = sleep
        self._sent: dict[str, deque[float]] = {}
        self._requests: dict[str, deque[float]] = {}

    def _recent(self, channel: str) -> deque[float]:
        times = self._requests.setdefault(channel, deque())
        while times and times[0] + self.window <= self.clock():
            times.popleft()
        return times

    def note(self, channel: str) -> None:
        """Count a request that goes anyway (an edit the table needs)."""
        self._recent(channel).append(self.clock())

    def try_take(self, channel: str) -> bool:
        """Count an optional request now if the window keeps ``reserve`` free (else nothing:
        the caller skips it)."""
        times = self._recent(channel)
        if len(times) + self.reserve >= self.limit:
            return False
        times.append(self.clock())
        return True

    async def wait(self, channel: str) -> None:
        """Before a new message: wait while ``limit`` were posted in the last ``window``."""
        times = self._sent.setdefault(channel, deque(maxlen=self.limit))
        if len(times) == self.limit:
            delay = times[0] + self.window - self.clock()
            if delay > 0:
                await self.sleep(delay)
        times.append(self.clock())
        self.note(channel)
