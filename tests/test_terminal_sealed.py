"""The terminal table with secret simultaneous choices (Amsterdam, AM-4.2): at a hot seat the
first player's choice is never shown where the second sees it; ``--variant`` picks a variant
(by name or number); against an AI a whole game ends."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from bot.storage.store import Storage
from tests.test_terminal import (
    ReaderIn,
    _random_option,
    game_channel,
    ranking,
    run,
    stored_moves,
)


def test_hot_seat_hides_the_first_sealed_choice(tmp_path: Path) -> None:
    args = ["--game", "amsterdam", "--variant", "2", "--humans", "2", "--seed", "3"]
    names = ["--name", "Anna", "--name", "Bruno"]
    rc, text = run(tmp_path, [*args, *names], ["", "2", "", "1", "quit"])
    assert rc == 0, text[-3000:]
    # what each typed for the sealed choice is not echoed
    assert "Anna> (hidden)" in text and "Bruno> (hidden)" in text
    assert not re.search(r"^(Anna|Bruno)> [12]$", text, flags=re.M)
    assert "  = play" not in text
    anna = re.search(r"your secret answer: (play \d+)", text)
    assert anna is not None
    # Bruno's part of the screen, from the handover to the reveal
    handover = text.index("Pass the terminal to Bruno")
    reveal = text.index("revealed:")
    bruno_sees = text[handover:reveal]
    assert "Anna has chosen" in bruno_sees
    assert anna.group(1) not in bruno_sees and "(to Anna)" not in bruno_sees
    assert "➡ Bruno: choose a card" in bruno_sees
    moves = stored_moves(tmp_path / "t.sqlite3")
    assert [seat for seat, _ in moves[:2]] == [0, 1]  # two sealed answers, two moves
    assert moves[0][1] == anna.group(1)


def test_a_whole_game_against_an_ai_with_a_variant(tmp_path: Path) -> None:
    out = io.StringIO()
    rc, text = run(
        tmp_path,
        ["--game", "amsterdam", "--variant", "gomoku", "--ai", "greedy", "--seed", "4"],
        stdin=ReaderIn(out, _random_option(random.Random(4))),
        out=out,
    )
    assert rc == 0, text[-3000:]
    assert "✗" not in text and len(ranking(text)) == 2
    with Storage.open(tmp_path / "t.sqlite3") as store:
        record = store.games.game_history(game_channel("amsterdam"), 1)[0]
        assert record.game_type == "amsterdam" and record.options == {"variant": "gomoku"}


def test_an_unknown_variant_is_refused_with_the_choices(tmp_path: Path) -> None:
    rc, text = run(tmp_path, ["--game", "amsterdam", "--variant", "9"], ["quit"])
    assert rc == 2
    assert "option variant cannot be '9'" in text and "gulliver" in text


class Tty(io.StringIO):
    """A terminal: stdin and stdout both say they are TTYs (prompts, clearing)."""

    def isatty(self) -> bool:
        return True


def test_at_an_interactive_hot_seat_the_screen_is_cleared_before_the_second_choice(
    tmp_path: Path,
) -> None:
    stdin = Tty("\n2\n\n\n\n1\nquit\n")
    stdout = Tty()
    rc, text = run(
        tmp_path,
        ["--game", "amsterdam", "--humans", "2", "--seed", "3", "--name", "Anna", "--name", "Bo"],
        stdin=stdin,
        out=stdout,
    )
    assert rc == 0, text[-3000:]
    anna = re.search(r"your secret answer: (play \d+)", text)
    assert anna is not None
    after_anna = text[anna.end() :]
    clear = "\033[2J"
    assert clear in after_anna
    # everything Bo can see starts after the last clear before his prompt
    bo_screen = after_anna[: after_anna.index("Bo> ")]
    bo_screen = bo_screen[bo_screen.rindex(clear) :]
    assert anna.group(1) not in bo_screen and "Anna has chosen" in bo_screen
    assert "press Enter to hide your hand" in after_anna
