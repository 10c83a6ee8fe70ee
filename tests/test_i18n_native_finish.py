"""What a native reader of Japanese, Hungarian or Italian still met in English or in a foreign
notation after #25's first pass (#25 items left: "AI seats", "Japanese punctuation", "AIの手番10",
the board images' game titles, the Hungarian terminal's "seed")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


def japanese_strings() -> list[tuple[str, str]]:
    """(msgid, translation) of every Japanese message of every catalog."""
    out: list[tuple[str, str]] = []
    for po in sorted(ROOT.glob("data/**/locale/ja/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for m in catalog:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            out += [(str(ids[0]), str(s)) for s in strings if s]
    return out


def test_japanese_turn_numbers_have_one_notation() -> None:
    """#25 (「AIの手番10」): a turn number reads "{n}手番目" (the table's "turn {n}") and a
    range "{a}〜{b}", never "手番{turn}" or "{first}–{last}" in Japanese."""
    found = [
        (mid, s)
        for mid, s in japanese_strings()
        if re.search(r"手番\{", s) or re.search(r"\}[–-]\{", s)  # a score "{a} – {b}" is no range
    ]
    assert not found, found
