"""The shared layers name no game: every registered game's own words (its verbs, card and
district names, field names, its engine package) appear only in that game's own modules.

Comments and docstrings are skipped (they may give examples); code and string literals count.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from engine.registry import registrations

ROOT = Path(__file__).resolve().parent.parent

#: The layers every game shares.
SHARED = [
    *sorted((ROOT / "bot").rglob("*.py")),
    *(
        ROOT / "engine" / name
        for name in (
            "core.py",
            "selfplay.py",
            "scenarios.py",
            "scenario_base.py",
            "text.py",
            "rng.py",
        )
    ),
    *sorted((ROOT / "engine" / "ai").rglob("*.py")),
    *sorted((ROOT / "render" / "common").rglob("*.py")),
    # the chat presentation's shared types and look-up (each game's own package is beside them)
    *sorted((ROOT / "chat").glob("*.py")),
    # the golden images and the render bench walk the registry (#26)
    ROOT / "render" / "golden.py",
    ROOT / "render" / "bench.py",
]

#: ``engine/registry.py`` is not scanned: it is the list of registration modules itself.


def code_text(path: Path) -> str:
    """The file's code and string literals, without comments and docstrings."""
    out: list[str] = []
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    prev = tokenize.NEWLINE
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            continue
        is_docstring = tok.type == tokenize.STRING and prev in (
            tokenize.NEWLINE,
            tokenize.NL,
            tokenize.INDENT,
            tokenize.DEDENT,
            tokenize.ENCODING,
        )
        if not is_docstring:
            out.append(tok.string)
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            prev = tok.type
    return " ".join(out)


def word_pattern(word: str) -> re.Pattern[str]:
    left = r"(?<![\w])" if word[:1].isalnum() else ""
    right = r"(?![\w])" if word[-1:].isalnum() else ""
    return re.compile(left + re.escape(word) + right, re.IGNORECASE)


def test_every_game_lists_its_own_words() -> None:
    for reg in registrations():
        assert f"engine.{reg.name}" in reg.own_words, reg.name
        assert len(reg.own_words) >= 5, reg.name


@pytest.mark.parametrize("path", [p for p in SHARED if p.exists()], ids=lambda p: p.name)
def test_shared_module_names_no_game(path: Path) -> None:
    rel = path.relative_to(ROOT).as_posix()
    text = code_text(path)
    found = [
        f"{reg.name}: {word!r}"
        for reg in registrations()
        for word in reg.own_words
        if word_pattern(word).search(text)
    ]
    assert not found, f"{rel} names a game's own words: {found}"


def test_the_scanner_sees_code_and_strings_but_not_comments(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring about ponte."""\n# a comment about gondola\nx = "palazzo"\n',
        encoding="utf-8",
    )
    text = code_text(sample)
    assert "palazzo" in text and "ponte" not in text and "gondola" not in text


#: The modules that pick a game for a person who has not chosen one (a fresh lobby, the
#: terminal without ``--game`` and without a save, the developer tools' ``--game`` defaults,
#: a scenario file or a self-play run that names no game), through the ONE function
#: ``engine.registry.first_registered``. Everywhere else the game is known and passed.
NO_CHOICE_MODULES = {
    "bot/devtools/bench_discord.py",
    "bot/devtools/bench_turns.py",
    "bot/devtools/ladder_cmd.py",
    "bot/devtools/selfplay_cmd.py",
    "bot/devtools/soak.py",
    "bot/discord/features/common.py",
    "bot/discord/table.py",
    "bot/table/lobby.py",
    "bot/table/play.py",
    "bot/terminal/args.py",
    "bot/terminal/followed.py",
    "bot/terminal/setup.py",
    "engine/ai/__init__.py",
    "engine/scenarios.py",
    "engine/selfplay.py",
    "render/bench.py",
}


@pytest.mark.parametrize("path", [*SHARED, ROOT / "engine" / "registry.py"], ids=lambda p: p.name)
def test_no_shared_module_has_a_default_game(path: Path) -> None:
    """Issue #18: no silent default game - no ``default_game`` (function, parameter or
    attribute), no ``DEFAULT_GAME``; only the modules that serve a person who has not chosen
    a game call ``first_registered``."""
    if not path.exists():
        return
    rel = path.relative_to(ROOT).as_posix()
    text = code_text(path)
    assert not re.search(r"default_game|DEFAULT_GAME", text), rel
    if rel != "engine/registry.py" and "first_registered" in text:
        assert rel in NO_CHOICE_MODULES, f"{rel} picks a game nobody chose"
