"""Bot settings, ``canalside bot`` / ``canalside sync`` entry points without the network."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.discord import app as discord_app
from bot.discord import client as discord_client
from bot.discord import sync as discord_sync
from bot.discord.settings import DEFAULT_DB, Settings, SettingsError, read_env_file


def test_defaults(tmp_path: Path) -> None:
    s = Settings.from_env({}, env_file=tmp_path / "missing.env")
    assert s.token is None
    assert s.db_path == Path(DEFAULT_DB)
    assert s.owner_ids == frozenset()
    assert s.dev_guild_id is None
    assert (s.sync_on_start, s.log_level, s.renderer) == ("off", "INFO", "auto")
    from bot.table.render_procs import auto_render_processes

    assert (s.workers, s.render_processes, s.dm_hands) == (8, auto_render_processes(), True)
    assert s.hand_images == "settled"
    with pytest.raises(SettingsError, match="DISCORD_TOKEN"):
        s.require_token()
    assert "token missing" in s.describe()


def test_env_file_and_environment(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# comment\n"
        "export DISCORD_TOKEN='abc.def'\n"
        'CANALSIDE_DB="/data/v.sqlite3"\n'
        "CANALSIDE_OWNER_IDS=1, 2;3\n"
        "CANALSIDE_DEV_GUILD=99  # my test server\n"
        "CANALSIDE_LOG_LEVEL=debug\n"
        "garbage line\n",
        encoding="utf-8",
    )
    assert read_env_file(env)["CANALSIDE_DEV_GUILD"] == "99"
    s = Settings.from_env({"CANALSIDE_RENDERER": "placeholder"}, env_file=env)
    assert s.token == "abc.def"
    assert s.db_path == Path("/data/v.sqlite3")
    assert s.owner_ids == frozenset({1, 2, 3})
    assert s.dev_guild_id == 99
    assert s.log_level == "DEBUG"
    assert s.renderer == "placeholder"
    assert "abc.def" not in s.describe()
    # The environment wins over the file.
    s2 = Settings.from_env({"DISCORD_TOKEN": "env-token"}, env_file=env)
    assert s2.token == "env-token"
    # CANALSIDE_ENV_FILE names the file.
    s3 = Settings.from_env({"CANALSIDE_ENV_FILE": str(env)})
    assert s3.dev_guild_id == 99
    s4 = Settings.from_env(
        {"CANALSIDE_RENDER_PROCS": "3", "CANALSIDE_HAND_IMAGES": "Always"}, env_file=env
    )
    assert (s4.render_processes, s4.hand_images) == (3, "always")
    assert "hand images always" in s4.describe()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CANALSIDE_OWNER_IDS", "alice"),
        ("CANALSIDE_DEV_GUILD", "x"),
        ("CANALSIDE_SYNC_ON_START", "always"),
        ("CANALSIDE_LOG_LEVEL", "loud"),
        ("CANALSIDE_RENDERER", "ascii"),
        ("CANALSIDE_WORKERS", "0"),
        ("CANALSIDE_DM_HANDS", "maybe"),
        ("CANALSIDE_HAND_IMAGES", "sometimes"),
        ("CANALSIDE_RENDER_PROCS", "many"),
        ("CANALSIDE_RENDER_PROCS", "-1"),
    ],
)
def test_bad_values_name_the_variable(tmp_path: Path, name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value}, env_file=tmp_path / "none")


def test_bot_without_token_explains(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert discord_app.main([]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "developers" in err and "applications.commands" in err


def test_bot_check_builds_offline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "sub" / "v.sqlite3"
    assert discord_app.main(["--check", "--db", str(db), "--renderer", "placeholder"]) == 0
    out = capsys.readouterr().out
    assert "/join" in out and "/play" in out and str(db) in out
    assert db.exists()


def test_bot_bad_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CANALSIDE_WORKERS", "none")
    assert discord_app.main(["--check"]) == 2
    assert "CANALSIDE_WORKERS" in capsys.readouterr().err


def test_sync_list_and_argument_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("CANALSIDE_DEV_GUILD", raising=False)
    assert discord_sync.main(["--list"]) == 0
    assert "/start" in capsys.readouterr().out
    assert discord_sync.main(["--clear"]) == 2
    assert "--clear needs --guild" in capsys.readouterr().err
    assert discord_sync.main(["--guild"]) == 2
    assert "CANALSIDE_DEV_GUILD" in capsys.readouterr().err
    assert discord_sync.main(["--guild", "abc"]) == 2
    assert discord_sync.main(["--guild", "123"]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


async def test_sync_commands_uses_the_tree(tmp_path: Path) -> None:
    """Guild sync copies the global commands to that guild; no HTTP (tree.sync is faked)."""
    from unittest.mock import AsyncMock

    bot = discord_app.create_bot(Settings(db_path=tmp_path / "x.sqlite3"), open_service=False)
    bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    await discord_client.sync_commands(bot, guild_id=55)
    guild_cmds = bot.tree.get_commands(guild=discord.Object(id=55))
    assert {c.name for c in guild_cmds} >= {"join", "play"}
    assert bot.tree.sync.await_args.kwargs["guild"].id == 55
    await discord_client.sync_commands(bot, guild_id=55, clear=True)
    assert bot.tree.get_commands(guild=discord.Object(id=55)) == []
    await discord_client.sync_commands(bot)
    assert bot.tree.sync.await_args.kwargs == {}
    await bot.close()
