"""Issue #24 at the terminal (items 13, 14, 18, 19, 20, 21, 23, 24), driven as a person types:
the turn timer with one person at the keyboard, ``--timer`` checked before anything, ``--new``
on the save that ``canalside play`` continues, files per game in the out folder, one terminal per
database, progress of long commands, the layout at 80 columns, history's order, plain text."""

from __future__ import annotations

import io
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot import cli
from bot.devtools import selfplay_cmd
from bot.storage.store import Storage
from bot.table.render import PlaceholderRenderer
from bot.terminal import play as terminal
from bot.terminal.pacing import TAKEOVER_PACE
from bot.terminal.view import numbered_options
from engine.core import options_of
from engine.i18n import speaking
from engine.registry import registration
from engine.text import columns
from tests.test_terminal import ScriptIn, game_channel, run
from tests.test_terminal_timer import FastClock


class Keyboard(io.TextIOBase):
    """A person who types nothing until ``cue`` is printed, then the lines of ``after`` one
    by one (each when the terminal asks again); the moves stored when the cue appeared and
    when the last line was read are noted."""

    def __init__(
        self, out: io.StringIO, cue: str, after: list[str], db: Path, clock: FastClock
    ) -> None:
        self.out = out
        self.cue = cue
        self.after = list(after)
        self.db = db
        self.clock = clock
        self.seen: list[int] = []

    def isatty(self) -> bool:
        return False

    def _moves(self) -> int:
        with Storage.open(self.db) as store:
            record = store.games.active_game(game_channel("canal_grande"))
            return -1 if record is None else len(store.games.moves(record.id))

    def readline(self, size: int | None = -1) -> str:
        if not self.seen:
            deadline = time.monotonic() + 30
            while self.cue not in self.out.getvalue():
                if time.monotonic() > deadline:
                    return ""
                time.sleep(0.01)
            self.seen.append(self._moves())
            # the terminal looks at its (fast) clock while it waits: 15 minutes of it later, an
            # AI playing the seat would long have moved
            with self.clock.lock:
                later = self.clock.t + timedelta(minutes=15)
            while self.clock.t < later and time.monotonic() < deadline:
                time.sleep(0.01)
        self.seen.append(self._moves())
        return self.after.pop(0) + "\n" if self.after else ""


def _timed(tmp_path: Path, after: list[str], timer: str = "timer 1m timeout ai") -> tuple[int, str]:
    out = io.StringIO()
    db = tmp_path / "t.db"
    clock = FastClock()
    keyboard = Keyboard(out, "ran out of time", after, db, clock)
    argv = [
        *("--game", "canal_grande", "--players", "2", "--ai", "random", "--seed", "5"),
        *("--name", "Anna", "--timer", timer),
        *("--out", str(tmp_path / "out"), "--db", str(db)),
    ]
    rc = terminal.main(
        argv,
        stdin=keyboard,  # type: ignore[arg-type]
        stdout=out,
        renderer=PlaceholderRenderer(),
        clock=clock,
        timer_poll=0.01,
    )
    text = out.getvalue()
    keyboard.out = io.StringIO(text)
    return rc, text + f"\n[moves seen: {keyboard.seen}]"


def test_timeout_pause_at_the_terminal_waits_for_the_person(tmp_path: Path) -> None:
    """#24 item 13: with 'timeout pause' the game waits for the person at the timeout; it is
    not played to its end by an AI in a second; 'status' says it is paused, 'resume' goes on,
    the seat stays his and no takeover is recorded."""
    rc, text = _timed(tmp_path, ["status", "resume", "quit"], "timer 1m timeout pause")
    assert rc == 0, text[-2000:]
    assert "Game over" not in text and "Final ranking" not in text
    assert "the game is paused until Anna decides" in text, text[-2000:]
    assert "Paused: waiting for Anna" in text
    assert "Anna is back: the game goes on" in text
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("canal_grande"))
        assert record is not None and record.status == "active"
        assert not store.takeovers.had_takeover(record.id)
        assert [p.name for p in record.players if not p.is_ai] == ["Anna"]
        moves = len(store.games.moves(record.id))
    seen = [int(x) for x in text.rsplit("[moves seen: [", 1)[1].split("]")[0].split(", ")]
    assert len(set(seen)) == 1 and seen[0] == moves  # nobody moved while Anna was away


class StepClock(FastClock):
    """Every look at it is one second later."""

    def __call__(self) -> datetime:
        with self.lock:
            self.t += timedelta(seconds=1)
            return self.t


#: what a person types (see :class:`Person`)
Step = tuple[str | Callable[[], bool], str, float]


class Person(io.TextIOBase):
    """A person at the keyboard who answers each step of ``script`` (``(cue, line, idle)``)
    once ``cue`` is printed (a callable cue: once it is true) and, ``idle`` minutes of the
    terminal's clock later (it jumps; then 0.2 s pass while the terminal loops) or, with a
    negative ``idle``, once the terminal's own looks at its clock have made ``-idle`` seconds,
    types the line; the clock's time and the stored moves are noted when each cue is met and
    when each line is typed. A read after the script waits until the terminal has returned."""

    def __init__(
        self,
        out: io.StringIO,
        script: list[Step],
        db: Path,
        clock: FastClock,
    ) -> None:
        self.out = out
        self.script = list(script)
        self.db = db
        self.clock = clock
        self.cues: list[tuple[datetime, int]] = []
        self.typed: list[tuple[datetime, int]] = []
        #: set once the terminal has returned; a read after the script waits for it
        self.done = threading.Event()
        self.kept_waiting = False  # the terminal waited for a line after the script

    def isatty(self) -> bool:
        return False

    def moves(self, seat: int | None = None) -> int:
        with Storage.open(self.db) as store:
            record = store.games.active_game(game_channel("canal_grande"))
            if record is None:
                return -1
            return sum(1 for m in store.games.moves(record.id) if seat is None or m.seat == seat)

    def readline(self, size: int | None = -1) -> str:
        if not self.script:  # she types nothing more: a terminal that waits for her hangs
            self.kept_waiting = not self.done.wait(20)
            return ""
        cue, line, idle = self.script.pop(0)
        deadline = time.monotonic() + 60
        while not (cue() if callable(cue) else cue in self.out.getvalue()):
            if time.monotonic() > deadline:
                return ""
            time.sleep(0.01)
        self.cues.append((self.clock.t, self.moves()))
        if idle < 0:  # she waits while the terminal looks at its clock -idle times
            later = self.clock.t + timedelta(seconds=-idle)
            while self.clock.t < later and time.monotonic() < deadline:
                time.sleep(0.01)
        elif idle:  # she is away: the clock jumps, the terminal loops on meanwhile
            with self.clock.lock:
                self.clock.t += timedelta(minutes=idle)
            time.sleep(0.2)
        self.typed.append((self.clock.t, self.moves()))
        return line + "\n"


def _taken(
    tmp_path: Path, script: list[Step], keep: list[Person] | None = None, seed: int = 5
) -> tuple[int, str, Person]:
    """Canal Grande, Anna against a greedy AI, 'timer 1m timeout ai'; Anna types ``script``."""
    out = io.StringIO()
    db = tmp_path / "t.db"
    clock = StepClock()
    person = Person(out, script, db, clock)
    if keep is not None:
        keep.append(person)
    argv = [
        *("--game", "canal_grande", "--players", "2", "--ai", "greedy", "--seed", str(seed)),
        *("--name", "Anna", "--timer", "timer 1m timeout ai"),
        *("--out", str(tmp_path / "out"), "--db", str(db)),
    ]
    rc = terminal.main(
        argv,
        stdin=person,  # type: ignore[arg-type]
        stdout=out,
        renderer=PlaceholderRenderer(),
        clock=clock,
        timer_poll=0.01,
    )
    person.done.set()
    return rc, out.getvalue(), person


@pytest.mark.parametrize(
    ("seed", "last"),
    [
        (5, "Greedy AI's next move would end the game"),
        (1, "As Anna asked, the AI makes the game's last decision for Anna"),
    ],
)
def test_a_timeout_at_the_terminal_hands_the_seat_to_a_paced_ai(
    tmp_path: Path, seed: int, last: str
) -> None:
    """#24 item 13: at the timeout an AI of the table's level (greedy, not random) takes
    the person's seat and plays it one decision at a time, TAKEOVER_PACE seconds of the
    terminal's clock apart; it stops before the move that would end the game, and the game
    waits for him (15 minutes later nothing has moved); 'finish' lets it end. The game is
    recorded as Anna's (the person, with the takeover marked), counted in her stats, never
    credited to an AI she did not play against, and the program ends at game over. The last
    move is the other seat's (seed 5: the game ends with her seated again) or her own (seed
    1: the AI makes it in her name)."""
    script: list[Step] = [
        ("ran out of time", "status", 0),
        ("ran out of time", "hand", 0),
        ("would end the game", "finish", 15),
    ]
    rc, text, person = _taken(tmp_path, script, seed=seed)
    assert rc == 0, text[-3000:]
    assert "Anna ran out of time: an AI (greedy) plays seat 1" in text, text[-3000:]
    assert "would end the game" in text and "the game waits for you, Anna" in text
    assert "Game over" in text and last in text
    assert not person.kept_waiting
    # reading commands answer without taking the seat back
    assert "Paused" not in text and "(an AI plays your seat: type 'resume'" in text
    (start, at_start), _hand, (stop, at_stop) = person.cues
    assert at_start >= 0 and at_stop > at_start
    # nothing moved while the game waited for her, 15 minutes of its clock
    assert person.typed[2][1] == at_stop and person.typed[2][0] - stop >= timedelta(minutes=15)
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.get_game(1)
        assert record is not None and record.status == "finished"
        assert store.takeovers.had_takeover(record.id)
        anna = [r for r in store.games.results(record.id) if r.seat == 0]
        assert [(r.name, r.user_id) for r in anna] == [("Anna", "human1")]
        taken = [m for m in store.games.moves(record.id) if m.seq >= at_start and m.seat == 0]
        rows = store.stats.stats("", "u:human1")
        assert [(r.game_type, r.games, r.takeover) for r in rows] == [("canal_grande", 1, 1)]
        assert store.stats.stats("", "ai:0") == []  # no random AI credited
        board = store.stats.leaderboard("", "canal_grande")
        assert sorted(r.player for r in board) == ["ai:1", "u:human1"]
    # the AI's decisions for her were paced: at least TAKEOVER_PACE seconds apart
    assert len(taken) >= 3
    assert (stop - start).total_seconds() >= TAKEOVER_PACE * (len(taken) - 1)


def test_finish_lets_the_paced_ai_end_the_game_and_the_program_ends(tmp_path: Path) -> None:
    """#24 item 13: 'finish' typed as soon as the AI takes the seat lets it play on to the
    end (still paced); the game ends in Anna's name, and the program ends at game over
    although a read of the keyboard is still waiting (no Enter needed)."""
    rc, text, person = _taken(tmp_path, [("ran out of time", "finish", 0)])
    assert rc == 0, text[-3000:]
    assert "Game over" in text and "would end the game" not in text, text[-3000:]
    assert not person.kept_waiting  # it did not wait for a line after game over
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.get_game(1)
        assert record is not None and record.status == "finished"
        assert [(r.name, r.user_id) for r in store.games.results(1) if r.seat == 0] == [
            ("Anna", "human1")
        ]


def test_resume_takes_the_seat_back_from_the_paced_ai(tmp_path: Path) -> None:
    """#24 item 13: 'resume' typed while the AI plays the person's seat takes it back at once:
    the AI stops (20 s of the terminal's clock later, past two of its paces, nothing has
    moved; her own timer, 1 min, has not run out), the seat is hers again."""
    person: list[Person] = []

    def played_for_her() -> bool:  # the AI has made two of her decisions
        return "ran out of time" in person[0].out.getvalue() and person[0].moves(0) >= 3

    rc, text, anna = _taken(
        tmp_path,
        [(played_for_her, "resume", 0), ("is back and plays seat 1 again", "quit", -20)],
        person,
    )
    assert rc == 0, text[-3000:]
    assert "Anna is back and plays seat 1 again" in text, text[-3000:]
    assert "Game over" not in text
    (resumed, at_resume), (quit_at, at_quit) = anna.typed
    assert at_quit == at_resume  # nothing moved after 'resume'
    assert (quit_at - resumed).total_seconds() > 2 * TAKEOVER_PACE
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("canal_grande"))
        assert record is not None and record.status == "active"
        assert not record.players[0].is_ai and record.players[0].user_id == "human1", text[-3000:]
        assert store.takeovers.open_takeover(record.id, "human1") is None


def test_her_own_move_takes_the_seat_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """#24 item 13: a move typed while the AI holds her seat takes it back and is made (a
    long pace here: the AI has not moved for her yet)."""
    monkeypatch.setattr(terminal.TerminalTable, "takeover_pace", 3600.0)
    script: list[Step] = [("ran out of time", "divide 1 4 7", 0), ("— turn 2 —", "quit", 0)]
    rc, text, _person = _taken(tmp_path, script)
    assert rc == 0, text[-3000:]
    assert "Anna is back and plays seat 1 again" in text, text[-3000:]
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("canal_grande"))
        assert record is not None and not record.players[0].is_ai
        first = store.games.moves(record.id)[0]
        assert (first.seat, first.user_id, first.command) == (0, "human1", "divide 1 4 7")


def test_a_seat_held_when_she_quit_stays_hers_and_paced(tmp_path: Path) -> None:
    """#24 item 13: 'quit' while the AI holds her seat, then 'venezia play' again: the seat
    is still hers (not an AI-only game to close), the AI is still paced and stops before
    the end (her own last decision, seed 1), and 'resume' gives it back."""
    rc, text, _person = _taken(tmp_path, [("ran out of time", "quit", 0)], seed=1)
    assert rc == 0 and "Saved at move" in text, text[-3000:]
    out = io.StringIO()
    clock = StepClock()
    person = Person(
        out,
        [
            ("one decision every", "status", 0),
            ("would end the game", "resume", 1),
            ("is back and plays", "quit", 0),
        ],
        tmp_path / "t.db",
        clock,
    )
    argv = [
        "--game",
        "canal_grande",
        "--out",
        str(tmp_path / "out"),
        "--db",
        str(tmp_path / "t.db"),
    ]
    rc = terminal.main(
        argv,
        stdin=person,  # type: ignore[arg-type]
        stdout=out,
        renderer=PlaceholderRenderer(),
        clock=clock,
        timer_poll=0.01,
    )
    person.done.set()
    text = out.getvalue()
    assert rc == 0, text[-3000:]
    assert "closed" not in text and "Resuming Canal Grande game #1" in text, text[-3000:]
    assert "Game over" not in text and "Anna is back and plays seat 1 again" in text
    with Storage.open(tmp_path / "t.db") as store:
        record = store.games.active_game(game_channel("canal_grande"))
        assert record is not None and record.status == "active"
        assert not record.players[0].is_ai


def test_the_status_at_the_terminal_names_its_own_timer_setting(tmp_path: Path) -> None:
    """#24 item 14: 'status' at the terminal suggests the terminal's own '--timer', not the
    '/settings live' the terminal would refuse; a timer says the game waits at a timeout."""
    rc, text = run(tmp_path, ["--game", "canal_grande", "--seed", "1"], ["status", "quit"])
    assert rc == 0
    assert "/settings" not in text
    assert "Turn timer: off ('--timer live'" in text
    rc, text = run(tmp_path, ["--timer", "evening"], ["status", "quit"])
    assert rc == 0
    assert "Turn timer: 15 min (evening) per decision" in text
    assert "then an AI (greedy) plays your seat, one decision every 8 seconds" in text
    assert "'finish' lets the AI make it" in text and "/resume" not in text


def test_a_bad_timer_is_refused_before_any_game_is_created(tmp_path: Path) -> None:
    """#24 item 14: a bad --timer value is refused first and changes nothing (no game)."""
    for bad in ("timer 5s", "timer 10x", "bogus", "timer 5m timeout ai genius"):
        rc, text = run(tmp_path, ["--game", "canal_grande", "--timer", bad], ["quit"])
        assert rc == 2, text
        assert "✗ --timer" in text and "New " not in text
        with Storage.open(tmp_path / "t.sqlite3") as store:
            assert store.games.active_game(game_channel("canal_grande")) is None
            assert (
                store.timer_settings.get_timer_settings(game_channel("canal_grande")).turn_seconds
                is None
            )


def test_a_timer_at_a_hot_seat_is_refused(tmp_path: Path) -> None:
    """#24 item 14: --timer at a hot seat is refused out loud (not silently off behind the
    handover screen), before any game is created or an old save closed."""
    args = ["--game", "canal_grande", "--humans", "2", "--name", "A", "--name", "B"]
    rc, text = run(tmp_path, [*args, "--timer", "live"], [])
    assert rc == 2
    assert "✗ --timer is for one player at the keyboard" in text
    with Storage.open(tmp_path / "t.sqlite3") as store:
        assert store.games.active_game(game_channel("canal_grande")) is None
    rc, text = run(tmp_path, args, ["quit"])  # a hot-seat save ...
    assert rc == 0
    rc, text = run(tmp_path, ["--game", "canal_grande", "--timer", "live"], [])
    assert rc == 2 and "a hot seat (2 players here)" in text  # ... resumed with a timer
    assert "Resuming" not in text


def test_a_new_game_says_it_keeps_the_folders_timer(tmp_path: Path) -> None:
    """#24 item 14: a new game in the same folder runs with the timer set before: it says so
    and how to turn it off."""
    rc, text = run(tmp_path, ["--game", "canal_grande", "--timer", "live"], ["quit"])
    assert rc == 0
    rc, text = run(tmp_path, ["--game", "canal_grande", "--new"], ["quit"])
    assert rc == 0
    assert "Turn timer: 2 min (live)" in text
    assert "kept from an earlier game here; '--timer off' turns it off" in text


def test_new_starts_over_the_save_that_play_continues(tmp_path: Path) -> None:
    """#24 item 18: after an Amsterdam save, 'canalside play --new' starts Amsterdam over and
    leaves the older Venezia save alone (it continued Amsterdam without --new)."""
    rc, text = run(tmp_path, ["--game", "venezia", "--seed", "3"], ["1", "quit"])
    assert rc == 0
    with Storage.open(tmp_path / "t.sqlite3") as store:
        venezia = store.games.active_game(game_channel("venezia"))
        assert venezia is not None
    rc, text = run(tmp_path, ["--game", "amsterdam", "--seed", "3"], ["quit"])
    assert rc == 0
    rc, text = run(tmp_path, [], ["quit"])
    assert "Resuming Amsterdam" in text
    rc, text = run(tmp_path, ["--new"], ["quit"])
    assert rc == 0
    assert "New Amsterdam game" in text, text
    with Storage.open(tmp_path / "t.sqlite3") as store:
        still = store.games.active_game(game_channel("venezia"))
        assert still is not None and still.id == venezia.id and still.status == "active"


def test_each_game_keeps_its_own_pictures_in_the_out_folder(tmp_path: Path) -> None:
    """#24 item 19: two games in one folder do not overwrite each other's pictures: each
    writes to out/<game>/ (board-NNNN.png, board.png, hand-<name>.png), and the paths the
    terminal prints are the files written."""
    rc, venezia = run(tmp_path, ["--game", "venezia", "--seed", "3", "--name", "Anna"], ["quit"])
    assert rc == 0
    out = tmp_path / "out"
    first = {p.relative_to(out): p.read_bytes() for p in out.glob("**/*.png")}
    rc, canal = run(tmp_path, ["--game", "canal_grande", "--seed", "3", "--name", "Anna"], ["q"])
    assert rc == 0
    for path, data in first.items():
        assert (out / path).read_bytes() == data, path  # nothing of Venezia's was replaced
    for game, text in (("venezia", venezia), ("canal_grande", canal)):
        folder = out / game
        assert (folder / "board.png").is_file() and (folder / "hand-anna.png").is_file()
        printed = re.findall(r"board: (\S+) \(latest: (\S+)\)", text)
        assert printed, text
        for numbered, latest in printed:
            assert Path(numbered).parent == folder and Path(numbered).is_file()
            assert Path(latest) == folder / "board.png"
    assert not list(out.glob("*.png"))  # nothing shared at the top


class HeldKeyboard(io.TextIOBase):
    """A person at the first terminal: he sits at his prompt until told to go, then quits."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.go = threading.Event()

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        self.asked.set()
        self.go.wait(60)
        return "quit\n"


def test_a_second_terminal_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    """#24 item 20: while one terminal plays with a database, a second one on the same folder
    is refused with a clear message and changes nothing (no stale 'Saved at move 8' over a
    database at move 23); once the first has quit, the folder is free again."""
    first_out = io.StringIO()
    keyboard = HeldKeyboard()
    results: list[int] = []
    args = ["--game", "canal_grande", "--seed", "4", "--name", "Anna"]
    thread = threading.Thread(
        target=lambda: results.append(run(tmp_path, args, stdin=keyboard, out=first_out)[0])
    )
    thread.start()
    try:
        assert keyboard.asked.wait(60), first_out.getvalue()
        with Storage.open(tmp_path / "t.sqlite3") as store:
            record = store.games.active_game(game_channel("canal_grande"))
            assert record is not None
            before = len(store.games.moves(record.id))
        rc, text = run(tmp_path, args, ["1", "1", "quit"])
        assert rc == 2, text
        assert "✗ another terminal is playing with" in text and str(os.getpid()) in text
        assert "Resuming" not in text and "Saved at" not in text
        with Storage.open(tmp_path / "t.sqlite3") as store:
            assert len(store.games.moves(record.id)) == before
    finally:
        keyboard.go.set()
        thread.join(60)
    assert results == [0]
    rc, text = run(tmp_path, args, ["quit"])
    assert rc == 0 and "Resuming Canal Grande game #1" in text


def test_history_lists_the_game_finished_last_first(tmp_path: Path) -> None:
    """#24 item 24: 'history' says "newest first": a game started earlier (#1) but finished
    after another (#2) is listed first, by when it finished, not by its number."""
    canal = ["--game", "canal_grande", "--players", "2", "--ai", "random", "--seed", "5"]
    rc, text = run(tmp_path, canal, ["quit"])  # game #1 started ...
    assert rc == 0 and "game #1" in text
    rc, text = run(tmp_path, ["--game", "venezia", "--humans", "0", "--seed", "2", "--quiet"])
    assert rc == 0 and "game #2" in text  # ... game #2 finished ...
    rc, text = run(tmp_path, canal, ["1"] * 3000)  # ... then game #1 finished
    assert rc == 0 and "Final ranking" in text, text[-2000:]
    rc, text = run(tmp_path, canal, ["history", "quit"])
    listed = text.split("Finished games (newest first):", 1)[1].strip().splitlines()
    assert listed[0].startswith("#1 ") and listed[1].startswith("#2 "), listed[:2]


def test_quiet_writes_only_the_end_pictures(tmp_path: Path) -> None:
    """#24 item 24: '--quiet' ("print only the end: ranking and images") writes no picture
    per turn: the final board and the end screen only."""
    rc, text = run(tmp_path, ["--game", "venezia", "--humans", "0", "--seed", "2", "--quiet"])
    assert rc == 0 and "Final ranking" in text
    folder = tmp_path / "out" / "venezia"
    assert len(list(folder.glob("board-*.png"))) == 1  # the final board
    assert (folder / "board.png").is_file() and (folder / "end.png").is_file()


class TtyErr(io.StringIO):
    """stderr on a terminal."""

    def isatty(self) -> bool:
        return True


def test_selfplay_shows_its_progress_on_a_terminal_also_with_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """#24 item 21: the README's long 'selfplay ... --json' shows a progress bar on stderr
    when it is a terminal (stdout keeps its one JSON line); nothing on a stderr that is not a
    terminal; --no-progress turns it off."""
    err = TtyErr()
    monkeypatch.setattr(sys, "stderr", err)
    argv = ["--game", "canal_grande", "--games", "3", "--checks", "end", "--json"]
    assert selfplay_cmd.main(argv) == 0
    stdout = capsys.readouterr().out.strip().splitlines()
    assert len(stdout) == 1 and json.loads(stdout[0])["games"] == 3
    bar = err.getvalue()
    assert "3/3 games" in bar and "[" + "#" * 30 + "]" in bar and "0/3 games" in bar
    quiet = io.StringIO()  # not a terminal
    monkeypatch.setattr(sys, "stderr", quiet)
    assert selfplay_cmd.main(argv) == 0
    assert quiet.getvalue() == ""
    err = TtyErr()
    monkeypatch.setattr(sys, "stderr", err)
    assert selfplay_cmd.main([*argv, "--no-progress"]) == 0
    assert err.getvalue() == ""


def test_ratings_show_and_help_are_plain_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#24 item 24: 'canalside ratings show' prints no Markdown ('**Venezia**') and
    'ratings --help' no reStructuredText double backticks."""
    rc, _text = run(tmp_path, ["--game", "venezia", "--humans", "0", "--seed", "2", "--quiet"])
    assert rc == 0
    capsys.readouterr()
    assert cli.main(["ratings", "show", "--db", str(tmp_path / "t.sqlite3")]) == 0
    shown = capsys.readouterr().out
    assert shown.splitlines()[0] == "Venezia" and "**" not in shown, shown
    with pytest.raises(SystemExit):
        cli.main(["ratings", "--help"])
    helped = capsys.readouterr().out
    assert "canalside ratings rebuild" in helped and "``" not in helped


class TtyOut(io.StringIO):
    """stdout on a terminal (its width from COLUMNS)."""

    def isatty(self) -> bool:
        return True


def _at_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, lang: str, moves: int
) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    out = TtyOut()
    argv = [*("--game", game, "--seed", "3", "--lang", lang, "--ai", "greedy")]
    argv += ["--out", str(tmp_path / "out"), "--db", str(tmp_path / f"{game}.db")]
    script = ScriptIn("".join(["#1\n"] * moves + ["status\n", "quit\n"]))
    rc = terminal.main(argv, stdin=script, stdout=out, renderer=PlaceholderRenderer())  # type: ignore[arg-type]
    assert rc == 0, out.getvalue()[-2000:]
    return out.getvalue()


def _option_cells(text: str) -> list[str]:
    """Every cell of every printed option list ('18) 2 5'; a cell broken by the console's
    wrapping shows up as a piece without its number)."""
    cells: list[str] = []
    for block in text.split("Options (")[1:] + text.split("選択肢（")[1:]:
        for line in block.splitlines()[1:]:
            if not line.startswith("  ") or line.strip().startswith(("…", "or type", "➡")):
                break
            body = line.strip()
            label, _sep, rest = body.partition("  ")
            if not re.match(r"\d+\)", label):  # the verb's label column
                body = rest.strip()
            cells += [c for c in re.split(r"\s{2,}", body) if c]
    return cells


def test_the_layout_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """#24 item 23: at 80 columns no line is wrapped inside an option ('18) 2' / '5'), no
    option has an empty label ('done 83)'), cards are named in the reader's words (not the
    tokens 'santacroce, doge, n3', not Venezia's Italian tokens in Japanese), and Venezia's
    Japanese player table lines up by display width (a Japanese character takes two
    columns)."""
    canal = _at_80_columns(tmp_path, monkeypatch, "canal_grande", "en", 0)
    venezia = _at_80_columns(tmp_path, monkeypatch, "venezia", "ja", 6)
    for text in (canal, venezia):
        cells = _option_cells(text)
        assert len(cells) > 20, text
        bad = [c for c in cells if not re.fullmatch(r"\d+\) \S.*", c)]
        assert not bad, bad
    revealed = re.search(r"revealed: (.*?) · draw pile", canal.replace("\n    ", " "))
    assert revealed is not None, canal
    assert not re.search(r"\bn\d\b|santacroce|sanpolo|sanmarco", revealed.group(1))
    options = "\n".join(_option_cells(venezia))
    assert "done" in options  # the bare 'done' names itself
    assert not re.search(r"basilica|casa|palazzo|campo|ponte", options), options
    rows = [line for line in venezia.splitlines() if re.match(r" [▶ ] \S.*マス ·", line)]
    assert len(rows) >= 3, venezia
    starts = {columns(line[: line.index("マス")]) for line in rows}
    assert len(starts) == 1, rows


def test_canal_grande_options_name_their_cards_in_the_readers_words() -> None:
    """#24 item 23: Canal Grande's option lines name cards ('San Polo', 'ドージェ'), not the
    tokens ('sanpolo', 'doge'); positions and offers stay as typed."""
    texts = registration("canal_grande").parts().texts
    options = options_of(["vote sanpolo", "vote santacroce", "place doge", "take A"])
    with speaking("ja"):
        text = "\n".join(numbered_options(options, 79, texts))
    assert "1) San Polo" in text and "2) Santa Croce" in text and "3) ドージェ" in text
    assert "4) A" in text and "sanpolo" not in text and "doge" not in text
