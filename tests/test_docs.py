"""The docs tell a newcomer the truth (issue #17 item 17): no registered table game is said not to
play at the table, and the steering folder is named where it lies, beside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from engine.registry import registrations

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def test_no_doc_says_a_table_game_does_not_play_at_the_table() -> None:
    for reg in registrations():
        if not reg.at_table:
            continue
        for doc in DOCS:
            text = " ".join(doc.read_text(encoding="utf-8").split())
            said = f"{reg.title} is not playable at the table"
            assert said not in text, f"{doc.name} says {said!r}"
    games = (REPO / "docs" / "games.md").read_text(encoding="utf-8")
    row = next(line for line in games.splitlines() if line.startswith("| `at_table`"))
    assert "**no**" not in row, row


def test_shared_folder_is_named_beside_the_repository() -> None:
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        bare = re.findall(r"(?<![./\w])shared/(?:rules|seeds)", text)
        assert not bare, f"{doc.name} names shared/ as if it were inside the repository: {bare}"
    assert (REPO / "README.md").read_text(encoding="utf-8").count("beside this repository") >= 1
