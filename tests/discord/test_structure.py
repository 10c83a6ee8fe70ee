"""#26 (the Discord adapter as discord.py's own structure): one cog per feature, each slash
command declared once; no class spread over files by inheritance; no module over 600 lines."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from discord import app_commands
from discord.ext import commands

from bot.discord.app import create_bot
from bot.discord.settings import Settings

DISCORD = Path(__file__).resolve().parents[2] / "bot" / "discord"
MAX_LINES = 600


def _modules() -> dict[Path, ast.Module]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(DISCORD.rglob("*.py"))}


def _declared_names(tree: ast.Module) -> list[str]:
    """The command names a module declares: a function decorated with ``….command(name=…)``
    (``tree.command``, ``app_commands.command``), and a handler method ``cmd_<name>`` (the
    second declaration of a command whose slash callback only calls it)."""
    out: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if node.name.startswith("cmd_"):
            out.append(node.name.removeprefix("cmd_"))
        for deco in node.decorator_list:
            if not (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)):
                continue
            if deco.func.attr != "command":
                continue
            for kw in deco.keywords:
                if kw.arg == "name" and isinstance(kw.value, ast.Constant):
                    out.append(str(kw.value.value))
    return out


def test_every_command_is_declared_once(tmp_path: Path) -> None:
    """#26: each command of the tree is one cog's (listed by exactly one feature cog of the
    bot), and its name is declared once in bot/discord (27 were declared twice: a ``cmd_X``
    handler and a closure calling it)."""
    declared: Counter[str] = Counter()
    for tree in _modules().values():
        declared.update(_declared_names(tree))
    twice = {name: n for name, n in declared.items() if n > 1}
    assert twice == {}, f"declared more than once: {sorted(twice)}"
    assert not any(name.startswith("cmd_") for name in declared)
    handlers = [
        node.name
        for tree in _modules().values()
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.name.startswith("cmd_")
    ]
    assert handlers == []
    bot = create_bot(Settings(db_path=tmp_path / "x.sqlite3"), open_service=False)
    features = getattr(bot, "features", ())
    assert features and all(isinstance(cog, commands.Cog) for cog in features)
    owners: Counter[str] = Counter()
    for cog in features:
        owners.update(c.name for c in cog.get_app_commands())
    tree_commands = bot.tree.get_commands()
    names = [c.name for c in tree_commands]
    assert len(names) == len(set(names))
    assert {n: owners[n] for n in names if owners[n] != 1} == {}, "a command of no cog or two"
    assert set(owners) == set(names)
    # one callback per command
    callbacks = [c.callback for c in tree_commands if isinstance(c, app_commands.Command)]
    assert len({id(cb) for cb in callbacks}) == len(callbacks)


def _bases(modules: dict[Path, ast.Module]) -> tuple[dict[str, Path], dict[str, list[str]]]:
    where: dict[str, Path] = {}
    bases: dict[str, list[str]] = {}
    for path, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                where[node.name] = path
    for tree in modules.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [
                    b.id for b in node.bases if isinstance(b, ast.Name) and b.id in where
                ]
    return where, bases


def test_no_class_is_spread_over_files_by_inheritance() -> None:
    """#26: the client was one class over four files (TableClient ← TableCommands ←
    ComponentRouter ← TableBot); now no class of bot/discord inherits from a class defined in
    another file of bot/discord, and no class has a grandparent there (deep chains: 0)."""
    where, bases = _bases(_modules())
    across = sorted(
        f"{name} ({where[name].name}) <- {base} ({where[base].name})"
        for name, parents in bases.items()
        for base in parents
        if where[base] != where[name]
    )
    assert across == []

    def depth(name: str, seen: frozenset[str] = frozenset()) -> int:
        if name in seen:
            return 0
        return max((1 + depth(b, seen | {name}) for b in bases.get(name, [])), default=0)

    assert sorted(n for n in bases if depth(n) >= 2) == []


def test_no_module_over_600_lines() -> None:
    """#26: no module in bot/discord over 600 lines (client.py and handlers.py had 734 and
    717)."""
    long = {
        str(p.relative_to(DISCORD)): n
        for p in DISCORD.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
