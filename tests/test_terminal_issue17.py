"""Issue #17 at the terminal: what the table says matches the game as it is (its round
counter, its variant's rules, fresh pictures), AI names read well, numbers that are cards,
one save per game, and nothing secret on disk at a hot seat."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest

from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService
from bot.terminal.io import Console
from bot.terminal.play import CHANNEL
from tests.test_terminal import ReaderIn, ScriptIn, game_channel, ranking, run, stored_moves


def test_quit_names_the_round_of_a_game_that_counts_rounds(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--game", "amsterdam", "--seed", "3"], ["quit"])
    assert rc == 0, text[-2000:]
    assert "Saved at move 1, round 1 in" in text
    assert "turn 0" not in text


def test_rules_follow_the_variant_at_the_terminal(tmp_path: Path) -> None:
    args = ["--game", "amsterdam", "--variant", "gomoku", "--seed", "3"]
    rc, text = run(tmp_path, args, ["rules end", "rules place", "quit"])
    assert rc == 0, text[-2000:]
    end = text.split("> rules end", 1)[1].split("> rules place", 1)[0]
    assert "8×8" in end and "7×7" not in end and "three areas in a row" in end


def test_new_without_a_variant_is_the_base_game(tmp_path: Path) -> None:
    args = ["--game", "amsterdam", "--seed", "3"]
    rc, text = run(tmp_path, [*args, "--variant", "gomoku"], ["quit"])
    assert rc == 0 and "variant=gomoku" in text
    rc, text = run(tmp_path, [*args, "--new"], ["rules end", "quit"])
    assert rc == 0, text[-2000:]
    assert "variant=base" in text and "variant=gomoku" not in text
    assert "7×7" in text.split("> rules end", 1)[1]  # the base game's rules, too


def test_rules_of_a_channel_follow_its_variant(tmp_path: Path) -> None:
    async def go() -> tuple[str, str]:
        svc = TableService.open(tmp_path / "s.sqlite3", PlaceholderRenderer())
        try:
            for i in (1, 2):
                assert (await svc.lobby.join("c", f"u{i}", f"P{i}", game="amsterdam")).accepted
            start = await svc.lobby.start("c", "u1", seed=1, options={"variant": "gulliver"})
            assert start.accepted, start.error
            table = (await svc.play.rules("end", channel_id="c")).text
            default = (await svc.play.rules("end", "amsterdam")).text
            return table, default
        finally:
            svc.close()

    table, default = asyncio.run(go())
    assert "5×5" in table and "every open area" in table
    assert "7×7" in default


def test_a_number_that_is_a_card_in_hand_never_passes_silently(tmp_path: Path) -> None:
    # seed 15: the hand is 6, 18, 26, 43, 80; options 1-5 play them, option 6 passes
    args = ["--game", "amsterdam", "--seed", "15", "--name", "Anna"]
    rc, text = run(tmp_path, args, ["6", "#9", "#x", "18", "quit"])
    assert rc == 0, text[-2000:]
    assert "Your hand: 6, 18, 26, 43, 80" in text
    assert "✗ '6' is ambiguous: option 6 is 'pass', and 6 is also in 'play 6'" in text
    assert "type '#6' for the option or 'play 6'" in text
    assert "✗ no option 9: the options are 1–6" in text
    assert "✗ '#' takes an option number" in text
    assert "  = play 18" in text  # beyond the options: the one option that takes 18
    moves = [command for seat, command in stored_moves(tmp_path / "t.sqlite3") if seat == 0]
    assert moves == ["play 18"]


def test_hash_number_is_always_the_option(tmp_path: Path) -> None:
    args = ["--game", "amsterdam", "--seed", "15", "--name", "Anna"]
    rc, text = run(tmp_path, args, ["#6", "quit"])
    assert rc == 0, text[-2000:]
    assert "  = pass" in text and "✗" not in text
    moves = [command for seat, command in stored_moves(tmp_path / "t.sqlite3") if seat == 0]
    assert moves == ["pass"]


def test_each_game_keeps_its_own_save(tmp_path: Path) -> None:
    venezia = ["--players", "3", "--ai", "random", "--seed", "21", "--name", "Anna"]
    rc, text = run(tmp_path, venezia, ["quit"])
    assert rc == 0 and "Continue with 'uv run canalside play --game venezia --out " in text
    saved = stored_moves(tmp_path / "t.sqlite3", game_channel("venezia"))
    # another game starts beside it: Venezia is neither resumed nor closed
    rc, text = run(tmp_path, ["--game", "canal_grande", "--seed", "2"], ["quit"])
    assert rc == 0, text[-2000:]
    assert "New Canal Grande game #2" in text and "ignored" not in text
    assert (
        "Also saved: Venezia game #1; continue it with 'uv run canalside play --game venezia"
        in text
    )
    # --new closes only the game it starts anew; its quit line never repeats --new
    rc, text = run(tmp_path, ["--game", "canal_grande", "--new", "--seed", "2"], ["quit"])
    assert "The unfinished game #2 was closed (--new)" in text and "#1 was closed" not in text
    quit_line = text[text.index("Saved at") :]
    assert "--new" not in quit_line and "--game canal_grande" in quit_line
    rc, text = run(tmp_path, ["--game", "venezia"], ["quit"])
    assert f"Resuming Venezia game #1 from {tmp_path / 't.sqlite3'}: move {len(saved)}," in text
    assert stored_moves(tmp_path / "t.sqlite3", game_channel("venezia")) == saved
    # no --game: the newest save with a human seat
    rc, text = run(tmp_path, [], ["quit"])
    assert "Resuming Canal Grande game #3" in text


def test_an_old_single_save_is_still_continued(tmp_path: Path) -> None:
    # before one save per game, every game was saved in the terminal's own channel
    async def old_save() -> None:
        svc = TableService.open(tmp_path / "t.sqlite3", PlaceholderRenderer())
        try:
            assert (await svc.lobby.join(CHANNEL, "human1", "Anna", game="amsterdam")).accepted
            assert (await svc.lobby.add_ai(CHANNEL, "human1", "random")).accepted
            assert (await svc.lobby.start(CHANNEL, "human1", seed=15)).accepted
        finally:
            svc.close()

    asyncio.run(old_save())
    rc, text = run(tmp_path, [], ["quit"])
    assert "Resuming Amsterdam game #1" in text, text[-2000:]
    rc, text = run(tmp_path, ["--game", "venezia", "--seed", "3"], ["quit"])
    assert rc == 0
    assert "New Venezia game #2" in text and "Also saved: Amsterdam game #1" in text
    rc, text = run(tmp_path, ["--game", "amsterdam"], ["play 18", "quit"])
    assert rc == 0
    assert "Resuming Amsterdam game #1" in text and "✗" not in text
    _rc, text = run(tmp_path, ["--game", "venezia"], ["quit"])
    assert "Resuming Venezia game #2" in text


def test_a_hot_seat_leaves_no_secret_on_disk(tmp_path: Path) -> None:
    out_dir = tmp_path / "out"
    seen: dict[str, list[str]] = {}
    script = iter(["", "play 99", "2", "", "", "quit"])

    def answer(printed: str) -> str | None:
        # what lies in the shared folder each time a line is read
        last = printed.rstrip().rsplit("\n", 1)[-1]
        seen.setdefault(last, []).extend(sorted(p.name for p in out_dir.glob("**/hand-*.png")))
        return next(script, None)

    out = io.StringIO()
    args = ["--game", "amsterdam", "--humans", "2", "--seed", "3"]
    rc, text = run(
        tmp_path,
        [*args, "--name", "Anna", "--name", "Bruno"],
        stdin=ReaderIn(out, answer),
        out=out,
    )
    assert rc == 0, text[-3000:]
    assert "✗ illegal move: you hold no card 99" in text  # refused on screen, for Anna
    assert re.search(r"your secret answer: play \d+", text)
    # from the handover on, Anna's hand picture (with her sealed answer) is gone
    bruno = [files for line, files in seen.items() if "Bruno" in line]
    assert bruno and all("hand-anna.png" not in files for files in bruno)
    assert not list(out_dir.glob("**/hand-*.png"))  # and nobody's is left after leaving
    log = (out_dir / "terminal.log").read_text(encoding="utf-8")
    # the records without their time stamps (whose milliseconds may read '994')
    log = "\n".join(line.split(" ", 2)[-1] for line in log.splitlines())
    assert "refused" not in log and "99" not in log
    assert "a secret input was handled" in log


def _pictures_when_asked(
    tmp_path: Path, args: list[str], prompts: int
) -> tuple[str, list[tuple[bytes, bytes, bytes, bytes]]]:
    """At each of the first ``prompts`` decisions: the board and hand pictures in the folder
    when the human is asked, then the same after 'board' and 'hand' wrote the current ones."""
    out_dir = tmp_path / "out"
    pairs: list[tuple[bytes, bytes, bytes, bytes]] = []
    step = {"n": 0, "before": (b"", b"")}

    def files() -> tuple[bytes, bytes]:
        (folder,) = [p for p in out_dir.iterdir() if p.is_dir()]  # the game's own folder
        return (folder / "board.png").read_bytes(), (folder / "hand-anna.png").read_bytes()

    def answer(printed: str) -> str | None:
        n = step["n"]
        step["n"] = n + 1
        if n // 3 >= prompts:
            return None
        if n % 3 == 0:
            step["before"] = files()
            return "board"
        if n % 3 == 1:
            return "hand"
        pairs.append((*step["before"], *files()))  # type: ignore[arg-type]
        return "#1"

    out = io.StringIO()
    rc, text = run(tmp_path, [*args, "--name", "Anna"], stdin=ReaderIn(out, answer), out=out)
    assert rc == 0, text[-3000:]
    return text, pairs


def test_the_pictures_are_current_when_a_human_is_asked(tmp_path: Path) -> None:
    _, pairs = _pictures_when_asked(
        tmp_path, ["--players", "3", "--ai", "random", "--seed", "5"], 4
    )
    assert len(pairs) == 4
    for board, hand, board_now, hand_now in pairs:
        assert board == board_now and hand == hand_now


def test_the_board_is_current_after_a_sealed_ai_choice(tmp_path: Path) -> None:
    text, pairs = _pictures_when_asked(
        tmp_path / "am", ["--game", "amsterdam", "--ai", "random", "--seed", "3"], 3
    )
    assert "Random AI has chosen" in text and len(pairs) == 3
    for board, hand, board_now, hand_now in pairs:
        assert board == board_now and hand == hand_now


def test_ai_seats_get_names_that_do_not_read_as_scores(tmp_path: Path) -> None:
    rc, text = run(
        tmp_path, ["--humans", "0", "--players", "4", "--ai", "random", "--seed", "5", "--quiet"]
    )
    assert rc == 0, text[-2000:]
    names = sorted(line.split(". ", 1)[1].split(" — ")[0] for line in ranking(text))
    assert names == ["Random AI", "Random AI B", "Random AI C", "Random AI D"]


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_long_lines_wrap_at_word_boundaries_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    line = (
        "  Greedy AI places black 17 (spice, ship) at G4; game end: area at A1 (size 2): "
        "Greedy AI and Random AI B +1 VP (AM-13.4)"
    )
    screen = _Tty()
    Console(ScriptIn(""), screen, color=False).say(line)
    shown = screen.getvalue().splitlines()
    assert len(shown) > 2 and all(len(x) < 40 for x in shown)
    assert all(x.startswith("    ") for x in shown[1:])  # indented under the line
    assert " ".join(x.strip() for x in shown) == line.strip()  # no word cut
    piped = io.StringIO()  # a transcript (not a terminal) keeps its lines whole
    Console(ScriptIn(""), piped, color=False).say(line)
    assert piped.getvalue() == line + "\n"
