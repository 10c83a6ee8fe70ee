"""The keyboard: a line read at the prompt; with a turn timer running, the read waits in a
thread while the table's deadlines are checked (a reminder printed, a timeout reported), and a
read may stay open while AI seats play (a line typed meanwhile is kept for its reader)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass

from bot.table.outputs import DecisionInfo
from bot.table.service import TableService
from bot.terminal.followed import Followed
from bot.terminal.output import Screen
from engine.i18n.shared import _


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The deciding human's time ran out: an AI took ``user``'s ``seat``."""

    user: str | None
    seat: int


def background_read(read: Callable[[], str | None]) -> asyncio.Future[str | None]:
    """``read()`` in a daemon thread, its line as a future of the running loop: a read still
    waiting for the keyboard when the game ends (an AI made the last move) neither holds the
    program open nor needs an Enter to let it end."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[str | None] = loop.create_future()

    def settle(line: str | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(line)

    def run() -> None:
        line: str | None = None
        error: BaseException | None = None
        try:
            line = read()
        except BaseException as exc:  # handed to the reader
            error = exc
        # the loop may have closed: then nobody waits for this line any more
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, line, error)

    threading.Thread(target=run, name="terminal-read", daemon=True).start()  # not for players
    return future


class Keyboard:
    """Lines typed at the ``screen``'s console for the ``followed`` game; ``completions``:
    what Tab completes; ``poll``: seconds between looks at the ``service``'s deadlines while
    a read waits."""

    def __init__(
        self,
        service: TableService,
        followed: Followed,
        screen: Screen,
        completions: Callable[[], list[str]],
        poll: float,
    ) -> None:
        self.service = service
        self.followed = followed
        self.screen = screen
        self.console = screen.console
        self.completions = completions
        self.poll = poll
        #: a read still running in its thread (a turn timer fired while it waited)
        self.pending: asyncio.Future[str | None] | None = None
        #: a line typed while an AI held the person's seat, for his next prompt
        self.carried: str | None = None

    def typed(self) -> bool:
        """Whether a line was typed meanwhile (see :meth:`take`)."""
        return self.pending is not None and self.pending.done()

    def take(self) -> str | None:
        """The line typed meanwhile (``None``: the input ended)."""
        assert self.pending is not None
        line, self.pending = self.pending.result(), None
        return line

    async def read(self, info: DecisionInfo, hidden: bool, name: str) -> str | TimedOut | None:
        """A line from the keyboard; with a turn timer running, the table's deadlines are
        checked while waiting (the read runs in a thread): a reminder is printed, a timeout
        hands the seat to an AI (:class:`TimedOut`; the line still being typed is read while
        the AI plays: 'resume' or a move takes the seat back) or pauses the game."""
        if self.carried is not None:  # typed while an AI held the seat: his move now
            carried, self.carried = self.carried, None
            return carried

        def read() -> str | None:
            if hidden:
                return self.console.read_secret(f"{name}> ")
            return self.console.read(f"{name}> ", self.completions)

        # at a hot seat the keyboard changes hands: no read may be left running there
        if self.followed.hot_seat or (
            self.pending is None and await self.service.timers.next_due() is None
        ):
            return read()
        if self.pending is None:
            self.pending = background_read(read)
        while True:
            done, _waiting = await asyncio.wait({self.pending}, timeout=self.poll)
            if done:
                return self.take()
            for event in await self.service.timers.tick():
                if event.channel_id != self.followed.channel:
                    continue
                for update in event.outcome.public:
                    self.screen.say(update.text, "yellow")
                if event.kind == "takeover" and event.seat == info.seat:
                    return TimedOut(event.user_id, info.seat)
                if event.kind == "pause" and event.seat == info.seat:
                    self.screen.say(_("(the game waits for you: make your decision)"), "dim")

    def read_meanwhile(self, name: str) -> None:
        """Keep a read running (``name``'s prompt) while AI seats play."""
        if self.pending is None:
            self.pending = background_read(lambda: self.console.read(f"{name}> ", self.completions))

    async def wait(self) -> None:
        """Until a line is typed, or :attr:`poll` seconds."""
        assert self.pending is not None
        await asyncio.wait({self.pending}, timeout=self.poll)
