"""The terminal composed of parts with one job each (#26): it reads the game's view once per
prompt, talks to the table service only (never to the storage), and no part is a mixin or
spread over files by inheritance."""

from __future__ import annotations

import ast
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.table.reads import Reads
from bot.terminal.io import Console
from tests.test_terminal import run

ROOT = Path(__file__).resolve().parents[1]
TERMINAL = ROOT / "bot" / "terminal"


def _modules() -> list[Path]:
    return sorted(TERMINAL.glob("*.py"))


def test_the_view_is_read_once_per_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """#26 (the terminal calls ``view()`` twice in a row per prompt): between asking the
    service for the open decisions and reading the person's line, the game's public view is
    read once - one prompt, one view - while the game goes on (moves made, AI seats between)."""
    events: list[str] = []
    lock = threading.Lock()

    def note(event: str) -> None:
        with lock:
            events.append(event)

    view = Reads.view
    decisions = Reads.decisions
    read = Console.read

    def counted_view(self: Reads, table: Any, user_id: str | None) -> Any:
        note("view" if user_id is None else "own view")
        return view(self, table, user_id)

    def counted_decisions(self: Reads, table: Any) -> Any:
        note("decisions")
        return decisions(self, table)

    def counted_read(
        self: Console, prompt: str, complete: Callable[[], list[str]] | None = None
    ) -> Any:
        note("read")
        return read(self, prompt, complete)

    monkeypatch.setattr(Reads, "view", counted_view)
    monkeypatch.setattr(Reads, "decisions", counted_decisions)
    monkeypatch.setattr(Console, "read", counted_read)
    rc, text = run(
        tmp_path, ["--game", "canal_grande", "--players", "2", "--seed", "4"], ["#1"] * 6 + ["quit"]
    )
    assert rc == 0, text[-2000:]
    assert "Saved at" in text, text[-2000:]
    prompts: list[int] = []  # public views read between the last decisions and each prompt
    since: int | None = None
    for event in events:
        if event == "decisions":
            since = 0
        elif event == "view" and since is not None:
            since += 1
        elif event == "read" and since is not None:
            prompts.append(since)
            since = None
    assert len(prompts) >= 6, events
    assert prompts == [1] * len(prompts), prompts


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_the_terminal_never_imports_the_storage(path: Path) -> None:
    """#26 (the terminal reads storage past the service): no module of ``bot/terminal``
    imports ``bot.storage`` (the service opens the database) or reaches ``service.storage``
    (or the service's loaded ``tables``); what the terminal reads of stored games it asks the
    service (``service.saves``, ``service.seats.held``, ``service.settings.timer``), and the
    next AI move of a paced takeover too (``service.plans``)."""
    storage = [name for name in _imports(path) if name.split(".")[:2] == ["bot", "storage"]]
    assert not storage, f"{path.name} imports {storage}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    reached = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("storage", "tables")
    ]
    assert not reached, f"{path.name} reaches the storage or the tables at lines {reached}"


def test_no_terminal_class_inherits_another_and_no_module_is_long() -> None:
    """#26: the terminal is composed (each part receives what it needs), not one class
    spread over files by inheritance (``TerminalTable(TerminalSetup, TerminalOutput,
    TerminalHistory)``); no module over 600 lines (``play.py`` had 1,067)."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in _modules()}
    classes = {n.name for t in trees.values() for n in ast.walk(t) if isinstance(n, ast.ClassDef)}
    inherited = [
        f"{path.name}:{node.name}({base.id})"
        for path, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for base in node.bases
        if isinstance(base, ast.Name) and base.id in classes
    ]
    assert not inherited, inherited
    long = {p.name: n for p in _modules() if (n := len(p.read_text().splitlines())) > 600}
    assert not long, long
