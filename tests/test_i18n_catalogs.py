"""Every catalog complete and right, and no English sentence left outside the catalogs (#20).

The scan reads the code's syntax tree: a string constant with two English words in a module
players read is a finding unless it is a docstring, a message given to ``_``/``_n``/``_p``/
``N_``/``locale_str``, a log line, an assertion or an internal error's message, or its line says
``# not for players`` (a token the parser compares against, a developer's message).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402

#: Modules no player reads: developer tools, storage (SQL), scenario files, invariants.
NOT_FOR_PLAYERS = (
    "bot/devtools/",
    "bot/storage/",
    "render/bench.py",
    "render/golden.py",
    "engine/i18n/",
    "engine/selfplay.py",
    "engine/scenario_base.py",
    "engine/scenarios.py",
    "scenario.py",
    "invariants.py",
    "engine/venezia/board_parse.py",  # the board file's validator: BoardError is for designers
)
MESSAGE_CALLS = {"_", "_n", "_p", "N_", "locale_str"}
LOG_NAMES = {"log", "logger", "logging", "warnings"}
INTERNAL_ERRORS = {
    "AssertionError",
    "RuntimeError",
    "TypeError",
    "KeyError",
    "NotImplementedError",
    "LookupError",
    "ImportError",
    "RendererUnavailable",
    "StorageError",
    "SystemExit",
}
ENGLISH = re.compile(r"[A-Za-z]{2,}[ ,.:;'!?()-]+[A-Za-z]{2,}")
MARKER = "# not for players"

AREAS = {
    "engine_venezia": ("engine/venezia/",),
    "engine_canal_grande": ("engine/canal_grande/",),
    "engine_amsterdam": ("engine/amsterdam/",),
    "engine_shared": ("engine/",),
    "render_venezia": ("render/venezia/",),
    "render_canal_grande": ("render/canal_grande/",),
    "render_amsterdam": ("render/amsterdam/",),
    "render_common": ("render/",),
    "chat_venezia": ("chat/venezia/",),
    "chat_canal_grande": ("chat/canal_grande/",),
    "chat_amsterdam": ("chat/amsterdam/",),
    "chat_shared": ("chat/",),
    "bot_table": ("bot/table/",),
    "bot_discord": ("bot/discord/",),
    "bot_terminal": ("bot/terminal/",),
    "bot_other": ("bot/",),
}


def _area(rel: str) -> str:
    best = ""
    for name, prefixes in AREAS.items():
        for prefix in prefixes:
            if rel.startswith(prefix) and len(prefix) > len(AREAS.get(best, ("",))[0]):
                best = name
    return best


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """Ids of constants that are docstrings, messages, log lines or internal errors."""
    out: set[int] = set()

    def cover(node: ast.AST) -> None:
        for sub in ast.walk(node):
            out.add(id(sub))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            out.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))  # attribute docstrings
        if isinstance(node, ast.Call):
            name = _call_name(node)
            func = node.func
            owner = func.value if isinstance(func, ast.Attribute) else None
            if name in MESSAGE_CALLS or (isinstance(owner, ast.Name) and owner.id in LOG_NAMES):
                cover(node)
            if name in INTERNAL_ERRORS:
                cover(node)
        if isinstance(node, ast.Assert) and node.msg is not None:
            cover(node.msg)
    return out


def findings(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    exempt = _exempt_nodes(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in exempt or not ENGLISH.search(node.value):
            continue
        first = lines[node.lineno - 1]
        last = lines[(node.end_lineno or node.lineno) - 1]
        if MARKER in first or MARKER in last:
            continue
        out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:70]!r}")
    return out


def player_modules(area: str) -> list[Path]:
    out = []
    for top in ("engine", "render", "chat", "bot"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if any(part in rel for part in NOT_FOR_PLAYERS):
                continue
            if _area(rel) == area:
                out.append(path)
    return out


@pytest.mark.parametrize("area", sorted(AREAS))
def test_no_english_left_in_code(area: str) -> None:
    found = [f for path in player_modules(area) for f in findings(path)]
    assert not found, f"{len(found)} English strings outside the catalogs:\n" + "\n".join(found)


def test_every_catalog_is_complete() -> None:
    """Every catalog has every message of the code, no extra one, each translated, with the
    same placeholders as English and as many plural forms as its language has."""
    found = catalogs.problems()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:100])
