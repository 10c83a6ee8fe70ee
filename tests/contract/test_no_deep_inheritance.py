"""#26 "One object, one job": no class in the project's packages is spread over files by
inheritance. A class may have a base defined in the project, but that base may not have one
itself (no in-project grandparent): the events of each game subclass the game's event base,
which implements :class:`engine.core.Event` structurally (a protocol) instead of inheriting it.
The check reads the sources (the AST), as a reader or a call-graph tool would."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "bot", "render", "chat")


def deep_chains(package: str) -> list[str]:
    """The classes under ``package`` with an in-tree grandparent, as ``module:Class``.

    Bases are resolved by name within one module first (two games may both name a class
    ``RoundEnds``), then across the package."""
    modules: dict[Path, list[ast.ClassDef]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules[path] = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    everywhere = {c.name for classes in modules.values() for c in classes}

    def in_tree_bases(c: ast.ClassDef) -> list[str]:
        return [b.id for b in c.bases if isinstance(b, ast.Name) and b.id in everywhere]

    by_name: dict[str, list[ast.ClassDef]] = {}
    for classes in modules.values():
        for c in classes:
            by_name.setdefault(c.name, []).append(c)
    found = []
    for path, classes in modules.items():
        local = {c.name: c for c in classes}
        for c in classes:
            for base in in_tree_bases(c):
                parents = [local[base]] if base in local else by_name.get(base, [])
                if any(in_tree_bases(p) for p in parents):
                    found.append(f"{path.relative_to(ROOT)}:{c.name}")
                    break
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_class_has_an_in_tree_grandparent(package: str) -> None:
    """#26: classes are composed, not layered over files (was 68 in engine/: every event was
    ``Played ← VeneziaEvent ← Event``)."""
    assert deep_chains(package) == []


@pytest.mark.parametrize("game", ("venezia", "canal_grande", "amsterdam"))
def test_event_texts_are_typed_by_event_class(game: str) -> None:
    """#26 "Types at the edges": each text function of a game's events takes its event class,
    not ``Any`` (there were ~80 ``ev: Any``), and every event type has its texts."""
    import importlib

    source = (ROOT / "engine" / game / "event_texts.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    untyped = [
        f"{fn.name}({a.arg})"
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef)
        for a in fn.args.args
        if a.annotation is None or ast.unparse(a.annotation) == "Any"
    ]
    assert untyped == []
    events = importlib.import_module(f"engine.{game}.events")
    texts = importlib.import_module(f"engine.{game}.event_texts")
    assert texts._SAYS.kinds() == set(events.EVENT_TYPES)
