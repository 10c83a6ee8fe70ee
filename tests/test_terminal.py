"""The terminal table (``canalside play``) driven by piped input: whole games, hot seat, resume
from the database, refusals, and the entry point."""

from __future__ import annotations

import asyncio
import io
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import cli
from bot.storage.store import Storage
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService
from bot.terminal import play as terminal
from bot.terminal import view as terminal_view
from bot.terminal.setup import home_channel
from bot.terminal.view import numbered_options, summary_lines
from engine.core import options_of
from engine.games import GAMES, get_game
from engine.registry import registration
from tests.test_service_support import PNG_MAGIC

CG_TEXTS = registration("canal_grande").parts().texts

ROOT = Path(__file__).resolve().parents[1]


class ScriptIn(io.StringIO):
    """Piped input: a fixed script of lines (not a TTY)."""

    def isatty(self) -> bool:
        return False


class ReaderIn(io.TextIOBase):
    """Piped input that answers each read by looking at what was printed so far."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str | None], limit: int = 6000):
        self.out = out
        self.answer = answer
        self.limit = limit
        self.reads = 0

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:
        self.reads += 1
        if self.reads > self.limit:
            return ""
        line = self.answer(self.out.getvalue())
        return "" if line is None else line + "\n"


def run(
    tmp_path: Path,
    args: list[str],
    lines: list[str] | None = None,
    *,
    stdin: io.TextIOBase | None = None,
    out: io.StringIO | None = None,
    db: str = "t.sqlite3",
) -> tuple[int, str]:
    out = out or io.StringIO()
    feed = stdin if stdin is not None else ScriptIn("".join(f"{x}\n" for x in lines or []))
    argv = [*args, "--out", str(tmp_path / "out"), "--db", str(tmp_path / db)]
    rc = terminal.main(argv, stdin=feed, stdout=out, renderer=PlaceholderRenderer())  # type: ignore[arg-type]
    return rc, out.getvalue()


def game_channel(game: str = "venezia") -> str:
    """The channel that keeps ``game``'s save at the terminal (one save per game)."""
    return home_channel(terminal.CHANNEL, game)


def stored_moves(path: Path, channel: str | None = None) -> list[tuple[int, str]]:
    """The moves of the newest game in ``channel`` (default: every game's channel)."""
    with Storage.open(path) as store:
        channels = [channel] if channel else [game_channel(g) for g in GAMES]
        records = [
            r
            for c in channels
            for r in [store.games.active_game(c), *store.games.game_history(c, 1)]
            if r
        ]
        record = max(records, key=lambda r: r.id)
        return [(m.seat, m.command) for m in store.games.moves(record.id)]


def ranking(text: str) -> list[str]:
    tail = text.split("Final ranking:", 1)[1]
    return re.findall(r"^\s+(\d+\. .+)$", tail, flags=re.M)


def is_png(path: Path) -> bool:
    return path.is_file() and path.read_bytes().startswith(PNG_MAGIC)


# -- watching AI seats -----------------------------------------------------------------------


def test_ai_only_game_runs_to_the_ranking(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--humans", "0", "--players", "3", "--ai", "random", "--seed", "5"])
    assert rc == 0, text
    assert "— turn 2 —" in text and "Canal:" in text  # printed turn by turn
    places = ranking(text)
    assert [p.split(".")[0] for p in places] == ["1", "2", "3"]
    assert "End screen: " in text and "end.png" in text
    out = tmp_path / "out" / "venezia"  # each game's pictures in its own folder
    assert is_png(out / "board.png") and is_png(out / "end.png")
    assert len(list(out.glob("board-*.png"))) > 10  # one board per turn at least
    with Storage.open(tmp_path / "t.sqlite3") as store:
        game = store.games.game_history(terminal.CHANNEL, 1)[0]
        assert game.status == "finished" and game.seed == 5
        results = store.games.results(game.id)
    assert places == [f"{r.place}. {r.name} — {r.score}" for r in results]


def test_quiet_prints_only_the_end(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--humans", "0", "--ai", "random", "--seed", "8", "--quiet"])
    assert rc == 0, text
    assert "— turn" not in text and "Canal:" not in text
    assert len(ranking(text)) == 3
    assert is_png(tmp_path / "out" / "venezia" / "end.png")


def test_max_turns_stops_an_ai_only_game(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--humans", "0", "--ai", "random", "--seed", "8", "--max-turns", "3"])
    assert rc == 1
    assert "--max-turns 3 reached" in text and "Final ranking" not in text
    assert "— turn 3 —" in text and "— turn 4 —" not in text
    with Storage.open(tmp_path / "t.sqlite3") as store:
        assert store.games.active_game(terminal.CHANNEL) is None  # closed: nothing to resume
    # The table is free again for a new game.
    rc, text = run(tmp_path, ["--humans", "0", "--ai", "random", "--seed", "8", "--quiet"])
    assert rc == 0 and "game #2" in text


# -- a human at the table --------------------------------------------------------------------


def test_human_answering_option_one_plays_to_the_end(tmp_path: Path) -> None:
    rc, text = run(
        tmp_path,
        ["--players", "3", "--ai", "random", "--seed", "7", "--name", "Anna"],
        ["1"] * 3000,
    )
    assert rc == 0, text[-2000:]
    assert "✗" not in text  # every option number was a legal move
    assert "Anna> 1" in text and "Your hand:" in text and "Options (" in text
    assert any("Anna" in place for place in ranking(text))
    moves = stored_moves(tmp_path / "t.sqlite3")
    assert any(seat == 0 for seat, _ in moves)
    pictures = tmp_path / "out" / "venezia"
    assert is_png(pictures / "end.png") and is_png(pictures / "hand-anna.png")


def _random_option(rng: random.Random) -> Callable[[str], str | None]:
    """Pick one of the numbered options printed last (reads the terminal's own output), typed
    as '#N' (a bare N that is also a card in hand is refused as ambiguous)."""

    def answer(printed: str) -> str | None:
        if "Final ranking:" in printed:
            return None
        block = printed.rsplit("Options (", 1)[-1]
        numbers = [int(n) for n in re.findall(r"(\d+)\)", block)]
        return f"#{rng.randint(1, max(numbers))}" if numbers else ""

    return answer


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_human_choosing_from_the_printed_options_finishes(
    tmp_path: Path, players: int, seed: int
) -> None:
    out = io.StringIO()
    reader = ReaderIn(out, _random_option(random.Random(seed)))
    rc, text = run(
        tmp_path,
        ["--players", str(players), "--ai", "random", "--seed", str(seed), "--name", "Rita"],
        stdin=reader,
        out=out,
    )
    assert rc == 0, text[-3000:]
    assert "✗" not in text
    assert len(ranking(text)) == players
    verbs = {command.split()[0] for seat, command in stored_moves(tmp_path / "t.sqlite3")}
    assert {"play", "drain", "draw"} <= verbs


def test_quit_and_resume_continue_the_same_game(tmp_path: Path) -> None:
    args = ["--players", "3", "--ai", "random", "--seed", "21", "--name", "Anna"]
    rc, first = run(tmp_path, args, ["1"] * 12 + ["quit"])
    assert rc == 0
    saved = int(re.search(r"Saved at move (\d+)", first).group(1))  # type: ignore[union-attr]
    before = stored_moves(tmp_path / "t.sqlite3")
    assert len(before) == saved > 12

    # Same --db: the game continues where it stopped (the setup flags are ignored).
    rc, second = run(tmp_path, [*args[:-2], "--seed", "999"], ["1"] * 3000)
    assert rc == 0, second[-2000:]
    assert "Resuming Venezia game #1 from " in second
    assert f"move {saved}," in second and "seed 21" in second and "ignored" in second
    after = stored_moves(tmp_path / "t.sqlite3")
    assert after[:saved] == before and len(after) > saved
    assert "Final ranking" in second

    # The interrupted game equals one played straight through with the same answers.
    rc, straight = run(tmp_path, args, ["1"] * 3000, db="straight.sqlite3")
    assert rc == 0
    assert stored_moves(tmp_path / "straight.sqlite3") == after
    assert ranking(straight) == ranking(second)


def test_end_of_input_saves_like_quit(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--seed", "3", "--ai", "random"], ["1", "1"])
    assert rc == 0 and "Saved at move" in text
    rc, text = run(tmp_path, ["--new", "--ai", "random", "--seed", "4"], ["quit"])
    assert rc == 0
    assert "The unfinished game #1 was closed (--new)" in text and "game #2, seed 4" in text


def test_bad_input_gets_the_service_message_and_changes_nothing(tmp_path: Path) -> None:
    args = ["--players", "3", "--ai", "random", "--seed", "21", "--name", "Anna"]
    run(tmp_path, args, ["quit"])
    before = stored_moves(tmp_path / "t.sqlite3")
    bad = ["bogus", "play 7 basilica", "place Z99", "999", "0", "build palazzo", "quit"]
    rc, text = run(tmp_path, args, bad)
    assert rc == 0
    assert "✗ unknown command 'bogus'" in text
    assert "✗ illegal move:" in text  # the engine's reason follows
    assert "✗ cannot read 'place Z99'" in text
    assert "✗ no option 999" in text and "✗ no option 0" in text
    assert text.count("✗") == len(bad) - 1
    assert stored_moves(tmp_path / "t.sqlite3") == before
    assert f"Saved at move {len(before)}, turn " in text


def test_reads_and_help_at_the_prompt(tmp_path: Path) -> None:
    lines = ["help", "board", "hand", "status", "log 2", "rules drain", "rules xyz", "options"]
    rc, text = run(tmp_path, ["--ai", "random", "--seed", "5", "--name", "Anna"], [*lines, "q"])
    assert rc == 0
    assert "rules [topic]" in text and "exchange <token values" in text  # help: both lists
    assert "board image: " in text and is_png(tmp_path / "out" / "venezia" / "board.png")
    assert "your hand:" in text and is_png(tmp_path / "out" / "venezia" / "hand-anna.png")
    assert "Venezia — turn" in text  # the service's status
    assert "Drain (V-2.1)" in text
    assert "✗ no rules topic 'xyz'" in text
    assert text.count("Options (") >= 2


# -- hot seat --------------------------------------------------------------------------------


def test_hot_seat_hides_hands_behind_the_handover(tmp_path: Path) -> None:
    args = "--humans 2 --players 3 --ai random --seed 3 --name Anna --name Bruno"
    rc, text = run(tmp_path, args.split(), ["1"] * 4000)
    assert rc == 0, text[-2000:]
    assert "Pass the terminal to Anna" in text and "Pass the terminal to Bruno" in text
    viewer = None
    for line in text.splitlines():
        handed = re.match(r"Pass the terminal to (\w+)", line)
        if handed:
            viewer = handed.group(1)
            continue
        prompt = re.match(r"(Anna|Bruno)> ", line)
        if prompt:  # nobody decides before the terminal was handed to him
            assert prompt.group(1) == viewer, line
        private = re.search(r"\(to (\w+)\)", line)
        if private:  # private news only on its owner's screen
            assert private.group(1) == viewer, line
    assert "Since your last look" in text
    assert len(ranking(text)) == 3


# -- options, errors, entry point ------------------------------------------------------------


def test_a_bare_verb_next_to_its_other_options_names_itself() -> None:
    """AM-V4.2: 'buy' and 'buy no' are listed as '1) buy  2) no', not as an empty '1)'; a
    verb without arguments names itself too (#24 item 23: no empty 'pass 3)')."""
    from engine.registry import registration

    texts = registration("amsterdam").parts().texts
    text = "\n".join(numbered_options(options_of(["buy", "buy no", "pass"]), width=60, texts=texts))
    assert "1) buy  2) no" in text, text
    assert re.search(r"pass +3\) pass$", text), text


def test_numbered_options_keep_the_order_of_the_options() -> None:
    state = get_game("venezia").new_state(["A", "B", "C"], 5)
    d = state.pending()
    assert d is not None
    options = [*state.legal_commands(d.seat), "drain C3", "done", "exchange 6 2 2"]
    texts = registration("venezia").parts().texts
    text = "\n".join(numbered_options(options_of(options), 60, texts))
    assert [int(n) for n in re.findall(r"(\d+)\)", text)] == list(range(1, len(options) + 1))
    assert "(nothing)" in text and "6 2 2 → 2 steps" in text
    assert all(len(line) <= 60 for line in text.splitlines())
    summary = summary_lines(state.public_view())
    assert summary[0].startswith("Venezia · turn 1") and summary[-1].startswith("➡ ")
    assert any("architects:" in line for line in summary)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "Venezia seats 2–5 players"),
        (["--game", "amsterdam", "--players", "3"], "Amsterdam seats exactly 2 players"),
        (["--game", "canal_grande", "--humans", "3"], "seats exactly 2 players (--humans 3)"),
        (["--humans", "4", "--players", "3"], "--humans must be between 0 and --players"),
        (["--ai", "genius"], "unknown AI level 'genius'"),
        (["--game", "chess"], "unknown game 'chess'"),
        (["--name", "A", "--name", "B"], "2 names for 1 human seat"),
    ],
)
def test_bad_setup_is_refused(tmp_path: Path, args: list[str], message: str) -> None:
    rc, text = run(tmp_path, args, ["quit"])
    assert rc == 2 and message in text


def test_default_paths_and_the_console_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    rc = terminal.main(
        ["--seed", "2", "--ai", "random"],
        stdin=ScriptIn("quit\n"),
        stdout=out,
        renderer=PlaceholderRenderer(),  # type: ignore[arg-type]
    )
    assert rc == 0
    assert (tmp_path / "out" / "venezia.sqlite3").is_file()
    assert "out/venezia.sqlite3" in out.getvalue()
    assert is_png(tmp_path / "out" / "venezia" / "board.png")
    # The real entry point, piped like a script, continues that game.
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "--seed", "2"],
        input="status\nquit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "NO_COLOR": "1"},
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Resuming Venezia game #1" in proc.stdout and "Venezia — turn" in proc.stdout
    assert "\x1b[" not in proc.stdout  # no colours when piped
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["play", "--help"])
    assert exit_info.value.code == 0


def test_resume_finishes_ai_moves_cut_short_by_a_crash(tmp_path: Path) -> None:
    """A run died in the middle of the AI seats' moves: the next run lets them finish."""
    args = ["--players", "3", "--ai", "random", "--seed", "21", "--name", "Anna"]
    run(tmp_path, args, ["quit"])
    db = tmp_path / "t.sqlite3"

    async def crash_after_one_ai_move() -> int:
        # A service that plays one AI move per command stands in for a run that died after
        # the first AI move of a chain.
        svc = TableService.open(db, PlaceholderRenderer(), max_ai_moves=1)
        try:
            for _ in range(50):
                options = await svc.play.options_for(terminal.CHANNEL, "human1", limit=None)
                out = await svc.play.command(terminal.CHANNEL, "human1", options[0])
                assert out.accepted, out.error
                if out.decision is not None and out.decision.is_ai:
                    view = await svc.play.view(terminal.CHANNEL)
                    assert view is not None
                    return int(view["seq"])
        finally:
            svc.close()
        raise AssertionError("the AI never had to move")

    cut = asyncio.run(crash_after_one_ai_move())
    moves = stored_moves(db)
    assert len(moves) == cut and moves[-1][0] != 0  # one AI move stored, the AI still to decide
    rc, text = run(tmp_path, args, ["1"] * 3000)
    assert rc == 0, text[-2000:]
    assert f"move {cut}," in text and "Final ranking" in text
    before_prompt = text.split("Resuming", 1)[1].split("➡ Anna", 1)[0]
    assert "\n  Random AI" in before_prompt  # the AI moves made on resume are shown
    assert "✗" not in text


# -- other games -------------------------------------------------------------------------------


def test_canal_grande_at_the_terminal_vs_ai_and_hot_seat(tmp_path: Path) -> None:
    """`canalside play --game canal_grande`: against an AI, and two humans at one keyboard; the
    summary, the rules help and the options come from the game's registration."""
    out = io.StringIO()
    rc, text = run(
        tmp_path,
        ["--game", "canal_grande", "--players", "2", "--ai", "greedy", "--seed", "4"],
        stdin=ReaderIn(out, _random_option(random.Random(4))),
        out=out,
    )
    assert rc == 0, text[-3000:]
    assert "Canal Grande · turn 1" in text and "✗" not in text
    assert len(ranking(text)) == 2
    verbs = {command.split()[0] for _, command in stored_moves(tmp_path / "t.sqlite3")}
    assert {"divide", "take"} <= verbs
    rc, text = run(
        tmp_path,
        ["--game", "canal", "--humans", "2", "--seed", "5", "--new"],
        ["", "", "help", "rules vote", "1", "quit"],
        db="hot.sqlite3",
    )
    assert rc == 0, text[-3000:]
    assert "Votes (CG-6)" in text and "divide <positions>" in text
    assert stored_moves(tmp_path / "hot.sqlite3")


def test_game_options_from_the_command_line(tmp_path: Path) -> None:
    rc, text = run(
        tmp_path,
        [
            *("--game", "canal_grande", "--humans", "0", "--players", "2", "--seed", "3"),
            *("--option", "first_divider=2", "--option", "turn_limit=3", "--quiet"),
        ],
    )
    assert rc == 0, text[-2000:]
    with Storage.open(tmp_path / "t.sqlite3") as store:
        record = store.games.game_history(game_channel("canal_grande"), 1)[0]
        assert record.options == {"first_divider": "2", "turn_limit": "3"}
    rc, text = run(tmp_path, ["--humans", "0", "--option", "colour=red"], db="v.sqlite3")
    assert rc == 2 and "has no option 'colour'" in text


def test_a_vote_with_hundreds_of_placements_lists_only_a_few() -> None:
    """CG-6.7b: a placement from a large hand has hundreds of legal forms; the terminal lists
    the first few with a line saying how to reach the rest (numbers still count them all)."""
    from engine.canal_grande.cards import load_components
    from engine.canal_grande.commands import format_place
    from engine.canal_grande.votes import legal_placements

    hand = {"sanmarco": 4, "gondola": 3, "castello": 4, "dorsoduro": 4, "sanpolo": 3}
    districts = load_components().districts
    options = [
        format_place("sanmarco", k, groups)
        for k, groups in legal_placements(hand, districts, "sanmarco", False, 1)
    ]
    assert len(options) > 300
    hints = {"place": "place <cards> — e.g. 'place sanmarco gondola 2 castello'"}
    lines = numbered_options(options_of([*options, "pass"]), 100, CG_TEXTS, hints=hints)
    text = "\n".join(lines)
    assert len(lines) <= 15 and all(len(line) <= 100 for line in lines), text
    shown = [int(n) for n in re.findall(r"(\d+)\)", text)]
    assert shown == [*range(1, terminal_view.GROUP_SHOWN + 1), len(options) + 1]
    assert f"… {len(options) - terminal_view.GROUP_SHOWN} more" in text
    assert "('options all' lists them)" in text and "or type one: place <cards>" in text
    everything = numbered_options(options_of([*options, "pass"]), 100, CG_TEXTS, everything=True)
    listed = [int(n) for n in re.findall(r"(\d+)\)", "\n".join(everything))]
    assert listed == list(range(1, len(options) + 2))
    short = numbered_options(
        options_of(options[:90]), 100, CG_TEXTS
    )  # up to GROUP_MAX: all of them
    assert len(re.findall(r"(\d+)\)", "\n".join(short))) == 90


def test_canal_grande_placement_typed_at_the_terminal_beyond_the_listed_ones(
    tmp_path: Path,
) -> None:
    """Two people at one keyboard play random listed options until a vote offers more
    placements than are listed; then one of the unlisted ones is typed and accepted."""
    out = io.StringIO()
    rng = random.Random(21)
    typed: list[str] = []
    asked = [False]

    def answer(printed: str) -> str | None:
        if "Final ranking:" in printed or typed:
            return None if "Final ranking:" in printed else "quit"
        block = printed.rsplit("Options (", 1)[-1]
        if "more ('options all'" in block and "\n  place" in block and not asked[0]:
            asked[0] = True
            assert len(block.strip().splitlines()) <= 18, block  # not one line per option
            return "options all"
        if asked[0]:
            cells = re.findall(r"(\d+)\) (.+?)(?=  \d+\)|$)", block, flags=re.M)
            hidden = [rest for n, rest in cells if int(n) > terminal_view.GROUP_SHOWN]
            hidden = [rest for rest in hidden if rest.strip()]
            command = "place " + rng.choice(hidden).strip()
            typed.append(command)
            return command
        numbers = [int(n) for n in re.findall(r"(\d+)\)", block)]
        return f"#{rng.randint(1, max(numbers))}" if numbers else ""

    rc, text = run(
        tmp_path,
        ["--game", "canal_grande", "--humans", "2", "--seed", "8"],
        stdin=ReaderIn(out, answer),
        out=out,
    )
    assert rc == 0, text[-3000:]
    assert typed, "no vote with more placements than listed came up"
    assert "✗" not in text
    # the labels name the cards as people read them ('Santa Croce', #24 item 23); the move
    # is stored with the cards' ids ('santacroce')
    canonical = re.sub(r"\b(san|santa) (\w+)", r"\1\2", typed[0].casefold())
    assert stored_moves(tmp_path / "t.sqlite3")[-1][1] == canonical


def test_quit_at_a_hot_seat_handover_saves_and_leaves(tmp_path: Path) -> None:
    """Typing 'quit' where the next player is asked to press Enter leaves (saved), instead of
    being taken for Enter and showing that player's hand."""
    args = ["--game", "canal_grande", "--humans", "2", "--seed", "4", "--name", "Ann"]
    rc, text = run(tmp_path, [*args, "--name", "Bob"], ["", "1", "quit", "status"])
    assert rc == 0, text[-2000:]
    assert "Saved at move 1" in text, text[-2000:]
    handover = text.rindex("press Enter")
    assert "Your hand" not in text[handover:] and "waiting for" not in text[handover:]


def test_log_with_a_bad_count_is_refused(tmp_path: Path) -> None:
    """'log abc' or 'log -5' says what 'log' takes instead of silently showing 10 moves."""
    rc, text = run(
        tmp_path, ["--game", "canal_grande", "--seed", "1"], ["log abc", "log -5", "quit"]
    )
    assert rc == 0
    assert text.count("✗ 'log' takes a number of moves, 1 to 999999") == 2, text[-1500:]


def test_stats_at_the_prompt(tmp_path: Path) -> None:
    """After a finished game, 'stats' at the next game's prompt shows the player's games and
    the game's leaderboard, the AI seat named by its level."""
    args = ["--players", "2", "--ai", "random", "--seed", "5", "--name", "Anna"]
    rc, text = run(tmp_path, args, ["1"] * 3000)
    assert rc == 0 and len(ranking(text)) == 2, text[-2000:]
    rc, text = run(tmp_path, [*args[:-4], "--seed", "6", "--name", "Anna"], ["stats", "q"])
    assert rc == 0
    assert "Venezia: 1 game, " in text
    assert "Random AI: " in text and "Anna: " in text
