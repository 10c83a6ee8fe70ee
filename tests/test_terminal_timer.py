"""The terminal honours the turn timer: while it waits for the keyboard, a reminder is printed
and at the timeout an AI of the table's level takes the seat, paced (#24 item 13), or with
'timeout pause' the game waits for the person; a line typed meanwhile ('quit', 'resume') is
still acted on. A fake clock runs fast; the read blocks."""

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


def _run(tmp_path: Path, keyboard: io.TextIOBase, out: io.StringIO, timer: str) -> int:
    argv = [
        *("--game", "venezia", "--players", "2", "--ai", "random", "--seed", "5"),
        *("--timer", timer, "--out", str(tmp_path / "out"), "--db", str(tmp_path / "t.db")),
    ]
    return terminal.main(
        argv,
        stdin=keyboard,  # type: ignore[arg-type]
        stdout=out,
        renderer=PlaceholderRenderer(),
        clock=FastClock(),
        timer_poll=0.02,
    )


def test_the_timer_hands_the_seat_to_an_ai_of_the_tables_level(tmp_path: Path) -> None:
    """#24 item 13: at the timeout an AI of the table's level (here random, as its AI
    seat) takes the person's seat; 'quit' typed meanwhile leaves, the game saved, the AI
    having played at most one decision per pace (the fast clock: 20 s a look)."""
    out = io.StringIO()
    rc = _run(tmp_path, SlowKeyboard(out), out, "live")
    text = out.getvalue()
    assert rc == 0, text[-2000:]
    assert "Turn timer: 2 min (live)" in text
    assert "⏰" in text and "ran out of time: an AI (random) plays seat 1" in text
    assert "Game over" not in text
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("venezia"))
        assert record is not None and store.takeovers.had_takeover(record.id)


def test_the_timer_pauses_for_the_person_with_timeout_pause(tmp_path: Path) -> None:
    """#24 item 13: with 'timeout pause' the game waits for the person; no takeover."""
    out = io.StringIO()
    rc = _run(tmp_path, SlowKeyboard(out), out, "timer 2m timeout pause")
    text = out.getvalue()
    assert rc == 0, text[-2000:]
    assert "⏰" in text and "ran out of time; the game is paused until" in text
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("venezia"))
        assert record is not None and not store.takeovers.had_takeover(record.id)


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
    """'resume' typed while the AI plays the seat takes it back (#24 item 13)."""
    out = io.StringIO()
    rc = _run(tmp_path, ResumingKeyboard(out), out, "live")
    text = out.getvalue()
    assert rc == 0, text[-2000:]
    assert "ran out of time" in text and "is back and plays seat 1 again" in text, text[-2000:]
