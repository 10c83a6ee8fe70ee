"""#28 item 1 (a ladder): ``canalside ladder`` plays every level of a game against every other,
seats rotated, fixed seeds, and prints openskill ratings with their uncertainty and the win
rates behind them; on a fixed play-out budget the same command prints the same table. Long
developer runs (``ladder``, ``selfplay``) show a progress bar on a terminal and nothing in a
pipe."""

from __future__ import annotations

import contextlib
import io
import os
import pty
import subprocess
import sys

from bot.devtools import ladder_cmd
from engine.ai.ladder import run_ladder, seat_levels

LADDER = ["--game", "canal_grande", "--games", "2", "--playouts", "6", "--no-progress"]


def _run_ladder(argv: list[str]) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert ladder_cmd.main(argv) == 0
    return out.getvalue().splitlines()


def test_the_ladder_on_a_fixed_play_out_budget_prints_the_same_table_twice() -> None:
    """#28 item 1: ratings (mu, sigma, ordinal), games, win rates; reproducible."""
    first = _run_ladder(LADDER)
    second = _run_ladder(LADDER)
    # the seconds per decision are measured, not computed: every other line is the same
    assert [x for x in first if "seconds" not in x] == [x for x in second if "seconds" not in x]
    text = "\n".join(first)
    for level in ("random", "greedy", "strong@6p", "expert@6p"):
        assert level in text
    assert "mu" in text and "sigma" in text and "ordinal" in text and "win rate" in text
    assert "row beats column" in text
    assert any(x.startswith("seconds per decision (p95)") for x in first)
    # six pairs of two games: every level played six games
    rows = [x.split() for x in first if x.split() and x.split()[0] in ("random", "greedy")]
    assert len(rows) >= 2 and all(r[4] == "6" for r in rows[:2])


def test_seats_are_swapped_every_other_game_and_ratings_follow_the_results() -> None:
    """#28 item 1: seats rotated; the level that wins more is rated above."""
    assert seat_levels("a", "b", 2, 0) == ["a", "b"]
    assert seat_levels("a", "b", 2, 1) == ["b", "a"]
    assert seat_levels("a", "b", 4, 1) == ["b", "a", "b", "a"]
    result = run_ladder("canal_grande", ["random", "greedy"], 4, seed=3)
    wins, games = result.pair("greedy", "random")
    assert games == 4 and wins >= 3
    assert result.ratings["greedy"].mu > result.ratings["random"].mu
    assert result.ratings["greedy"].sigma < 25 / 3  # the uncertainty shrinks with games


def _stderr_on_a_terminal(argv: list[str]) -> str:
    """Run ``canalside argv`` with stderr on a pseudo-terminal; what the terminal showed."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", *argv],
        stdout=subprocess.DEVNULL,
        stderr=slave,
        env={**os.environ, "LANG": "C"},
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=600)
    os.close(master)
    assert proc.returncode == 0
    return b"".join(chunks).decode(errors="replace")


def _stderr_in_a_pipe(argv: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "LANG": "C"},
        check=True,
    )
    return done.stderr


LADDER_TTY = ["ladder", "--game", "canal_grande", "--games", "1", "--levels", "random,greedy"]
SELFPLAY_TTY = ["selfplay", "--game", "canal_grande", "--games", "2", "--checks", "none"]


def test_ladder_and_selfplay_show_progress_on_a_terminal() -> None:
    """#28 item 1: a progress bar (games done of all, time spent) on a terminal's stderr."""
    shown = _stderr_on_a_terminal(LADDER_TTY)
    assert "1/1 games" in shown and "[" in shown
    shown = _stderr_on_a_terminal(SELFPLAY_TTY)
    assert "2/2 games" in shown


def test_ladder_and_selfplay_show_no_progress_in_a_pipe() -> None:
    """#28 item 1: a pipe gets only the output (no bar, no control characters)."""
    assert _stderr_in_a_pipe(LADDER_TTY) == ""
    assert _stderr_in_a_pipe(SELFPLAY_TTY) == ""


def test_one_level_alone_against_the_other_in_every_seat_in_turn() -> None:
    """#28 (expert against three strong): ``--alone`` seats the first level of a pair in one
    seat, each seat in turn on the same deal, the second level in all the others."""
    assert seat_levels("a", "b", 4, 0, alone=True) == ["a", "b", "b", "b"]
    assert seat_levels("a", "b", 4, 6, alone=True) == ["b", "b", "a", "b"]
    result = run_ladder("venezia", ["greedy", "random"], 3, players=3, seed=2, alone=True)
    assert result.alone and result.pair("greedy", "random") == (3.0, 3)
    # one greedy seat against two random ones: a third of the decisions are greedy's
    greedy, rand = len(result.decision_s["greedy"]), len(result.decision_s["random"])
    assert rand > greedy > rand / 4
    text = "\n".join(
        _run_ladder(
            [
                *LADDER[:2],
                "--levels",
                "greedy,random",
                "--players",
                "2",
                "--games",
                "1",
                "--alone",
                "--no-progress",
            ]
        )
    )
    assert "seats swapped" in text  # two players: alone is the usual swap


def test_games_played_side_by_side_give_the_same_table() -> None:
    """#28 item 1 (a ladder that proves it): ``--processes 2`` plays the games in two
    processes; on a play-out budget the ratings and win rates are those of one process."""
    levels = ["random", "greedy", "strong@4p"]
    one = run_ladder("canal_grande", levels, 2, seed=5)
    two = run_ladder("canal_grande", levels, 2, seed=5, processes=2)
    assert [(p.a, p.b, p.games, p.wins_a) for p in two.pairs] == [
        (p.a, p.b, p.games, p.wins_a) for p in one.pairs
    ]
    assert two.ratings == one.ratings
    assert sorted(two.decision_s) == sorted(one.decision_s)
    assert all(len(two.decision_s[lv]) == len(one.decision_s[lv]) for lv in levels)
    out = _run_ladder([*LADDER, "--processes", "2"])
    assert [x for x in out if "seconds" not in x] == [
        x for x in _run_ladder(LADDER) if "seconds" not in x
    ]
