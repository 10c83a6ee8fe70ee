"""The engine's contract is free of chat UI (#26, "the engine contract free of chat UI"):
how a game's decisions become Discord controls or the terminal's option lists is declared
beside the adapters (``chat/``, one package per game), named by the game's one registration,
and the engine imports none of it; ``engine/games.py`` (every game built at import) is gone."""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from chat.controls import Controls
from chat.registry import Presentation, controls_of, presentation_of
from engine.registry import GameRegistration, registrations
from tests.fourth_game.conftest import with_test_games

ROOT = Path(__file__).resolve().parent.parent
ENGINE = sorted((ROOT / "engine").rglob("*.py"))
CHAT_TYPES = ("Controls", "SlashCommand", "MultiSelect", "MultiItems")


def _imports(path: Path) -> list[str]:
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            out.append(node.module)
    return out


def test_no_chat_ui_type_is_named_anywhere_in_the_engine() -> None:
    """#26: ``Controls``, ``SlashCommand``, ``MultiSelect`` lived in ``engine/registry.py``."""
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in ENGINE
        for name in CHAT_TYPES
        if name in path.read_text(encoding="utf-8")
    ]
    assert not found, found


def test_the_engine_imports_nothing_of_the_chat_package() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in ENGINE
        for module in _imports(path)
        if module == "chat" or module.startswith("chat.")
    ]
    assert not found, found


def test_loading_every_games_parts_loads_no_chat_module() -> None:
    """Every registration's parts (engine, AI, texts, ...) load without the chat package."""
    code = (
        "import sys\n"
        "from engine.registry import registrations\n"
        "for reg in registrations():\n"
        "    reg.parts()\n"
        "print(sorted(m for m in sys.modules if m == 'chat' or m.startswith('chat.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_engine_games_is_gone() -> None:
    """It built every game at import and only forwarded to the registry."""
    assert not (ROOT / "engine" / "games.py").exists()
    for path in [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.py")]:
        assert "engine.games" not in _imports(path), path


REGISTERED = with_test_games(lambda: list(registrations()))


@pytest.mark.parametrize("reg", REGISTERED, ids=lambda reg: reg.name)
def test_every_registered_game_has_a_presentation_registration(reg: GameRegistration) -> None:
    """Named by the game's one registration; the module's ``PRESENTATION`` is for that game."""
    assert reg.presentation is not None, reg.name
    found = with_test_games(lambda: presentation_of(reg))
    assert isinstance(found, Presentation) and found.game == reg.name
    assert isinstance(controls_of(reg), Controls)


def test_a_presentation_for_another_game_is_refused() -> None:
    """A registration naming another game's module is a clear error, not its controls."""
    (first, second, *_rest) = registrations()
    wrong = dataclasses.replace(first, presentation=second.presentation)
    with pytest.raises(TypeError, match=f"presents {second.name}, not {first.name}"):
        presentation_of(wrong)
