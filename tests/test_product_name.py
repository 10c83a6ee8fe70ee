"""The product's name is no single game's (#26 "a product name that is no single game's"): the
command ``canalside`` and the ``CANALSIDE_*`` variables, the old ``venezia`` command and
``VENEZIA_*`` variables kept as aliases so existing installs and saves keep working."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot.archive import db_target as db_path
from bot.discord.settings import DEFAULT_DB, Settings
from bot.product import env_value, with_old_names

ROOT = Path(__file__).resolve().parents[1]


def test_env_value_reads_the_new_name_then_the_old() -> None:
    """#26: CANALSIDE_X wins, VENEZIA_X still works, an empty value counts as not set."""
    both = {"CANALSIDE_DB": "new.sqlite3", "VENEZIA_DB": "old.sqlite3"}
    assert env_value(both, "CANALSIDE_DB") == "new.sqlite3"
    assert env_value({"VENEZIA_DB": "old.sqlite3"}, "CANALSIDE_DB") == "old.sqlite3"
    assert env_value({"CANALSIDE_DB": "", "VENEZIA_DB": "old"}, "CANALSIDE_DB") == "old"
    assert env_value({}, "CANALSIDE_DB", "dflt") == "dflt"
    assert with_old_names({"VENEZIA_WORKERS": "3", "CANALSIDE_WORKERS": "5"}) == {
        "VENEZIA_WORKERS": "3",
        "CANALSIDE_WORKERS": "5",
    }


def test_bot_settings_honour_the_old_names(tmp_path: Path) -> None:
    """#26: an existing install's VENEZIA_* settings (environment or .env file) still apply;
    the new name wins over the old, and the environment's old name over the file's new one."""
    old = Settings.from_env(
        {"VENEZIA_DB": "/srv/v.sqlite3", "VENEZIA_DEV_GUILD": "42", "VENEZIA_WORKERS": "3"},
        env_file="/nonexistent",
    )
    assert (old.db_path, old.dev_guild_id, old.workers) == (Path("/srv/v.sqlite3"), 42, 3)
    both = Settings.from_env(
        {"VENEZIA_WORKERS": "3", "CANALSIDE_WORKERS": "5"}, env_file="/nonexistent"
    )
    assert both.workers == 5
    env = tmp_path / ".env"
    env.write_text("VENEZIA_DEV_GUILD=99\nCANALSIDE_WORKERS=7\n", encoding="utf-8")
    from_file = Settings.from_env({"VENEZIA_ENV_FILE": str(env)})
    assert (from_file.dev_guild_id, from_file.workers) == (99, 7)
    over = Settings.from_env({"VENEZIA_WORKERS": "2"}, env_file=env)
    assert over.workers == 2
    # The default database keeps its file name: an existing install finds its saves.
    assert Settings.from_env({}, env_file="/nonexistent").db_path == Path(DEFAULT_DB)
    assert Path(DEFAULT_DB).name == "venezia.sqlite3"


def test_archive_commands_honour_the_old_db_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """#26: ``canalside export``/``history`` read CANALSIDE_DB, else the old VENEZIA_DB."""
    monkeypatch.delenv("CANALSIDE_DB", raising=False)
    monkeypatch.setenv("VENEZIA_DB", "old.sqlite3")
    assert db_path(None) == Path("old.sqlite3")
    monkeypatch.setenv("CANALSIDE_DB", "new.sqlite3")
    assert db_path(None) == Path("new.sqlite3")
    monkeypatch.delenv("CANALSIDE_DB")
    monkeypatch.delenv("VENEZIA_DB")
    assert db_path(None) == Path("venezia.sqlite3")


def test_both_console_scripts_are_declared() -> None:
    """#26: ``canalside`` is the command, ``venezia`` stays as its alias."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    scripts = project["project"]["scripts"]
    assert scripts == {"canalside": "bot.cli:main", "venezia": "bot.cli:main"}
    assert "venezia" not in project["project"]["name"]


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": ""}
    return subprocess.run(
        command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=False
    )


def test_the_command_runs_under_both_names() -> None:
    """#26: ``canalside --help`` (and the ``venezia`` alias) run and name ``canalside``."""
    shown = _run([sys.executable, "-m", "bot.cli", "--help"])
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("usage: canalside <command>")
    assert "'canalside <command> --help'" in shown.stdout
    play = _run([sys.executable, "-m", "bot.cli", "play", "--help"])
    assert play.returncode == 0 and play.stdout.startswith("usage: canalside play"), play.stderr
    scripts = Path(sys.executable).parent
    installed = [scripts / name for name in ("canalside", "venezia") if (scripts / name).exists()]
    if len(installed) < 2:
        pytest.skip("the console scripts are not installed in this environment")
    for script in installed:
        result = _run([str(script), "--help"])
        assert result.returncode == 0, (script.name, result.stderr)
        assert result.stdout.startswith("usage: canalside <command>"), script.name
