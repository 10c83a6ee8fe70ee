"""The terminal honours the turn timer: while it waits for the keyboard, a reminder is printed
and at the timeout the game waits for the person (he is the only human at the table: no AI
plays his seat, #24 item 13); a line typed meanwhile ('quit') is still acted on. A fake clock
runs fast; the read blocks."""

from __future__ import annotations

import io
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.storage.store import Storage
from bot.table.render import PlaceholderRenderer
from bot.terminal import play as terminal
from tests.test_terminal import game_channel


class FastClock:
    """Every look at it is 20 seconds later."""

    def __init__(self) -> None:
        self.t = datetime(2026, 1, 1, tzinfo=UTC)
        self.lock = threading.Lock()

    def __call__(self) -> datetime:
        with self.lock:
            self.t += timedelta(seconds=20)
            return self.t


class SlowKeyboard(io.TextIOBase):
    """The player types nothing until the terminal says his time ran out; then 'quit'."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        deadline = time.monotonic() + 20
        while "ran out of time" not in self.out.getvalue():
            if time.monotonic() > deadline:
                return ""
            time.sleep(0.01)
        return "quit\n"


def test_the_timer_pauses_for_the_person_at_the_keyboard(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = [
        *("--game", "venezia", "--players", "2", "--ai", "random", "--seed", "5"),
        *("--timer", "live", "--out", str(tmp_path / "out"), "--db", str(tmp_path / "t.db")),
    ]
    rc = terminal.main(
        argv,
        stdin=SlowKeyboard(out),  # type: ignore[arg-type]
        stdout=out,
        renderer=PlaceholderRenderer(),
        clock=FastClock(),
        timer_poll=0.02,
    )
    text = out.getvalue()
    assert rc == 0, text[-2000:]
    assert "Turn timer: 2 min (live)" in text
    assert "⏰" in text and "ran out of time; the game is paused until" in text
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("venezia"))
        assert record is not None and not store.timers.had_takeover(record.id)


class ResumingKeyboard(SlowKeyboard):
    """Types 'resume' once the game waits for him, then 'quit' at the next prompt."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__(out)
        self.reads = 0

    def readline(self, size: int | None = -1) -> str:
        self.reads += 1
        if self.reads == 1:
            return "resume\n" if super().readline() else ""
        return "quit\n"


def test_resume_at_the_terminal(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = [
        *("--game", "venezia", "--players", "2", "--ai", "random", "--seed", "5"),
        *("--timer", "live", "--out", str(tmp_path / "out"), "--db", str(tmp_path / "t.db")),
    ]
    rc = terminal.main(
        argv,
        stdin=ResumingKeyboard(out),  # type: ignore[arg-type]
        stdout=out,
        renderer=PlaceholderRenderer(),
        clock=FastClock(),
        timer_poll=0.02,
    )
    text = out.getvalue()
    assert rc == 0, text[-2000:]
    assert "ran out of time" in text and "is back: the game goes on" in text, text[-2000:]
