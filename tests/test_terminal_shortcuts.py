"""Amsterdam's documented shortcuts at the terminal, typed as a person reads them off the option
list (#24 item 15): 'no' at the buy step, 'stay' at the ship step, a bare cell at the place step
and the Italian 'giocare' (which worked in Venezia only) are moves, not unknown commands."""

from __future__ import annotations

import io
import re
from pathlib import Path

from tests.test_terminal import ReaderIn, run, stored_moves


def test_amsterdam_shortcuts_typed_as_the_option_list_shows_them(tmp_path: Path) -> None:
    typed: list[str] = []

    def answer(printed: str) -> str | None:
        if "Final ranking:" in printed or len(typed) > 60:
            return None
        block = printed.rsplit("Options (", 1)[-1]
        line = None
        if "no" not in typed and re.search(r"buy +1\) buy +2\) no", block):
            line = "no"
        elif "stay" not in typed and re.search(r"ship .*\d+\) stay", block):
            line = "stay"
        elif not any(t[:1].isalpha() and t[1:].isdigit() for t in typed):
            cell = re.search(r"place +1\) ([A-Z]\d+)", block)
            line = cell.group(1) if cell else None
        if line is None and not any(t.startswith("giocare") for t in typed):
            card = re.search(r"play +\d+\) (\d+)", block)
            line = f"giocare {card.group(1)}" if card else None
        if line is None:
            return "#1" if re.search(r"\d+\)", block) else ""
        typed.append(line)
        return line

    out = io.StringIO()
    rc, text = run(
        tmp_path,
        ["--game", "amsterdam", "--variant", "special_cards", "--ai", "random", "--seed", "4"],
        stdin=ReaderIn(out, answer, limit=80),
        out=out,
    )
    assert rc == 0, text[-3000:]
    assert "✗" not in text, text[-3000:]
    assert len(typed) == 4 and "no" in typed and "stay" in typed, typed
    cell = next(t for t in typed if t[:1].isalpha() and t[1:].isdigit())
    card = next(t for t in typed if t.startswith("giocare")).split()[1]
    mine = [command for seat, command in stored_moves(tmp_path / "t.sqlite3") if seat == 0]
    assert {"buy no", "ship stay", f"place {cell}", f"play {card}"} <= set(mine), mine
