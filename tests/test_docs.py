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


#: Where a backticked path in the docs may point inside the repository.
PATH_ROOTS = ("bot", "engine", "render", "chat", "tests", "tools", "data", "scenarios", "docs")
_CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_PATH = re.compile(rf"(?:{'|'.join(PATH_ROOTS)})/[\w./-]*")


def doc_paths(text: str) -> list[str]:
    """The repository paths a doc names in backticks: a span's first word when it starts with
    one of :data:`PATH_ROOTS` (placeholders such as ``engine/<game>/`` and globs are not
    paths; ``path:line`` and ``path::name`` name the path)."""
    out = []
    for span in _CODE_SPAN.findall(text):
        words = span.split()
        if not words:
            continue
        word = words[0].split("::")[0].split(":")[0].rstrip(".,;)")
        if any(c in word for c in "<>{}*…[]") or "..." in word:
            continue
        m = _PATH.fullmatch(word)
        if m is not None:
            out.append(word)
    return out


def test_doc_paths_exist() -> None:
    missing = [
        f"{doc.relative_to(REPO)}: `{p}`"
        for doc in DOCS
        for p in doc_paths(doc.read_text(encoding="utf-8"))
        if not (REPO / p).exists()
    ]
    assert not missing, "docs name paths that do not exist:\n" + "\n".join(missing)


def test_doc_paths_finds_paths() -> None:
    text = "see `bot/table/service.py`, `engine/<game>/ai/`, `tools/x.py --y`, `render/a.py:12`"
    assert doc_paths(text) == ["bot/table/service.py", "tools/x.py", "render/a.py"]
