"""``canalside bot`` when Discord cannot be reached or refuses the token (#24 item 22): one line
that says so and what to check, a non-zero exit, no traceback. discord.py's login is made to
fail as it would without a network (aiohttp's ClientConnectorError and friends) or with a bad
token (LoginFailure): nothing here touches the network."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import aiohttp
import discord
import pytest
from aiohttp.client_reqrep import ConnectionKey

from bot import cli

KEY = ConnectionKey("discord.com", 443, True, None, None, None, None)


def no_dns() -> BaseException:
    return aiohttp.ClientConnectorDNSError(
        KEY, socket.gaierror(-3, "Temporary failure in name resolution")
    )


def refused() -> BaseException:
    return aiohttp.ClientConnectorError(KEY, ConnectionRefusedError(111, "Connection refused"))


def timed_out() -> BaseException:
    return TimeoutError()


def bad_token() -> BaseException:
    return discord.LoginFailure("Improper token has been passed.")


def run_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: Callable[[], BaseException]
) -> int:
    async def login(self: discord.http.HTTPClient, token: str) -> object:
        assert token == "bogus"
        raise failure()

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", login)
    monkeypatch.setenv("DISCORD_TOKEN", "bogus")
    env = tmp_path / "empty.env"
    env.write_text("", encoding="utf-8")
    argv = ["bot", "--env-file", str(env), "--db", str(tmp_path / "b.sqlite3")]
    return cli.main([*argv, "--renderer", "placeholder"])


@pytest.mark.parametrize("failure", [no_dns, refused, timed_out], ids=lambda f: f.__name__)
def test_without_a_network_the_bot_says_so_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    failure: Callable[[], BaseException],
) -> None:
    rc = run_bot(tmp_path, monkeypatch, failure)
    out = capsys.readouterr()
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert rc != 0
    assert len(lines) == 1, out.err
    assert "Traceback" not in out.err and out.out == ""
    line = lines[0]
    assert line.startswith("canalside bot: Discord could not be reached")
    assert "network" in line and "DNS" in line and "discordstatus.com" in line
    if failure is no_dns:
        assert "name resolution" in line  # what failed, in the operator's terms


def test_a_rejected_token_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = run_bot(tmp_path, monkeypatch, bad_token)
    out = capsys.readouterr()
    lines = [line for line in out.err.splitlines() if line.strip()]
    assert rc != 0 and len(lines) == 1, out.err
    assert "refused the token" in lines[0] and "DISCORD_TOKEN" in lines[0]


def test_sync_without_a_network_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'canalside sync' logs in the same way: the same one line, not a traceback."""

    async def login(self: discord.http.HTTPClient, token: str) -> object:
        raise no_dns()

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", login)
    monkeypatch.setenv("DISCORD_TOKEN", "bogus")
    env = tmp_path / "empty.env"
    env.write_text("", encoding="utf-8")
    rc = cli.main(["sync", "--env-file", str(env), "--guild", "123"])
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert rc != 0 and len(lines) == 1, lines
    assert lines[0].startswith("canalside sync: Discord could not be reached")
