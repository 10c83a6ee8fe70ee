"""What operators need of the bot process (#27, "Operators"): /healthz, /readyz and /metrics
through a real aiohttp server on an ephemeral port, JSON log lines, the shutdown gate, and
SIGTERM to a real bot process (its gateway stood in for) finishing the work in flight."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import random
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families
from simcord import ChannelHandle, Env, MemberActor

from bot.devtools.discord_sim import play_one, texts
from bot.discord.client import TableBot
from bot.discord.ops import OpsServer
from bot.logs import JsonFormatter
from tests.discord.conftest import make_bot

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def logged(name: str) -> Iterator[io.StringIO]:
    """What ``name``'s loggers write at INFO, as JSON lines."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger(name)
    old = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


async def seated(env: Env, channel: ChannelHandle) -> list[MemberActor]:
    players = [env.guild.add_member(env.create_user(n)) for n in ("alice", "bob")]
    for p in players:
        await p.slash(channel, "join")
    await players[0].slash(channel, "addbot")
    await players[0].slash(channel, "start")
    return players


async def test_healthz_answers_and_readyz_is_503_before_the_gateway_connects(
    db_path: Path,
) -> None:
    """#27 Operators: a bot not connected yet is alive but not ready (says why)."""
    bot = make_bot(db_path)
    ops = OpsServer(bot, "127.0.0.1", 0)
    port = await ops.start()
    try:
        assert port > 0
        status, body = await get(port, "/healthz")
        assert status == 200 and json.loads(body) == {"alive": True}
        status, body = await get(port, "/readyz")
        answer = json.loads(body)
        assert status == 503 and answer["ready"] is False
        assert answer["checks"]["gateway"] == "not connected"
        assert answer["checks"]["database"] == "ok" and answer["checks"]["render"] == "ok"
    finally:
        await ops.stop()
        await bot.service.aclose()


async def test_readyz_is_200_when_connected_and_503_when_the_database_is_gone(
    simcord_env: Env,
) -> None:
    """#27 Operators: gateway connected, database reachable, render pool alive → 200; the
    database closed under it → 503 naming the database."""
    bot = simcord_env.bot
    assert isinstance(bot, TableBot)
    await bot.tables_resumed.wait()
    ops = OpsServer(bot, "127.0.0.1", 0)
    port = await ops.start()
    try:
        status, body = await get(port, "/readyz")
        assert status == 200, body
        assert json.loads(body) == {
            "ready": True,
            "checks": {"gateway": "ok", "database": "ok", "render": "ok"},
        }
        bot.service.storage.close()  # the database goes away (the service keeps running)
        status, body = await get(port, "/readyz")
        answer = json.loads(body)
        assert status == 503 and answer["checks"]["database"].startswith("unreachable")
        assert answer["checks"]["gateway"] == "ok"
    finally:
        await ops.stop()


def samples(exposition: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(exposition):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


async def test_metrics_count_the_commands_live_tables_and_renders(simcord_env: Env) -> None:
    """#27 Operators: /metrics after a few commands through SimCord shows them by kind and
    outcome, their latency, the live table, the images drawn and the database connection."""
    bot = simcord_env.bot
    assert isinstance(bot, TableBot)
    channel = simcord_env.create_guild().create_text_channel("venezia")
    players = await seated(simcord_env, channel)
    await players[0].slash(channel, "join")  # refused: the game runs
    actors = {p.id: p for p in players}
    assert await play_one(simcord_env, channel, actors, random.Random(1))
    ops = OpsServer(bot, "127.0.0.1", 0)
    port = await ops.start()
    try:
        status, body = await get(port, "/metrics")
    finally:
        await ops.stop()
    assert status == 200
    got = samples(body)
    assert got[("canalside_commands_total", (("kind", "join"), ("outcome", "ok")))] == 2
    refused = (("kind", "join"), ("outcome", "game_running"))
    assert got[("canalside_commands_total", refused)] == 1
    assert got[("canalside_commands_total", (("kind", "start"), ("outcome", "ok")))] == 1
    moves = sum(
        v
        for (name, labels), v in got.items()
        if name == "canalside_commands_total"
        and dict(labels)["kind"] in ("command", "choose")
        and dict(labels)["outcome"] == "ok"
    )
    assert moves >= 1
    assert got[("canalside_command_seconds_count", (("kind", "start"),))] == 1
    assert got[("canalside_live_tables", ())] == 1
    assert got[("canalside_renders_total", (("kind", "board"),))] >= 1
    assert got[("canalside_db_pool", (("stat", "pool_size"),))] == 1


async def test_a_json_log_line_names_channel_game_move_and_latency(simcord_env: Env) -> None:
    """#27 Operators: each action is logged as one JSON object with its channel, game, move
    and latency."""
    channel = simcord_env.create_guild().create_text_channel("venezia")
    with logged("bot.service") as out:
        players = await seated(simcord_env, channel)
        actors = {p.id: p for p in players}
        assert await play_one(simcord_env, channel, actors, random.Random(2))
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines, "nothing was logged"
    for line in lines:
        assert {"time", "level", "logger", "message"} <= line.keys()
    moves = [line for line in lines if line.get("kind") in ("command", "choose") and "move" in line]
    assert moves, lines
    move = moves[0]
    assert move["channel"] == str(channel.id)
    assert isinstance(move["game"], int) and isinstance(move["move"], int)
    assert move["outcome"] == "ok" and move["latency_ms"] >= 0
    assert move["level"] == "INFO" and move["logger"] == "bot.service"


async def test_while_shutting_down_a_command_is_answered_restarting_and_changes_nothing(
    simcord_env: Env,
) -> None:
    """#27 Operators: once SIGTERM closed the gate, a new command runs nothing and says so."""
    bot = simcord_env.bot
    assert isinstance(bot, TableBot)
    channel = simcord_env.create_guild().create_text_channel("venezia")
    alice = simcord_env.guild.add_member(simcord_env.create_user("alice"))
    assert await bot.wind_down(5.0), "nothing was in flight"
    result = await alice.slash(channel, "join")
    said = "\n".join(texts(m) for m in (result.response, *result.followups) if m is not None)
    assert "restarting" in said and "try again" in said
    assert bot.service.storage.lobby.list_seats(str(channel.id)) == []


SCRIPT = textwrap.dedent(
    """
    import asyncio, sys, time
    from pathlib import Path
    from bot.discord.app import create_bot, serve
    from bot.discord.settings import Settings
    from bot.table.outputs import Outcome
    from bot.table.render import PlaceholderRenderer

    settings = Settings(token="stand-in", db_path=Path(sys.argv[1]), renderer="placeholder",
                        workers=2, render_processes=0, http_port=0, shutdown_grace=60)
    bot = create_bot(settings, renderer=PlaceholderRenderer((64, 48)))

    def slow(table):
        print("in flight", flush=True)
        while not bot.gate.closing:  # the SIGTERM arrives while this action runs
            time.sleep(0.01)
        time.sleep(0.2)
        print("action finished", flush=True)
        return Outcome(True)

    async def gateway():  # stands in for bot.start(token): one action in flight
        asyncio.create_task(bot.service.runner.guarded("command", "1", None, slow))
        while not bot.is_closed():
            await asyncio.sleep(0.01)

    asyncio.run(serve(bot, settings, gateway))
    print("service closed:", bot.service.storage.connection.closed, flush=True)
    """
)


def test_sigterm_finishes_the_work_in_flight_and_exits_0(tmp_path: Path) -> None:
    """#27 Operators: SIGTERM to a bot process: the action in flight finishes, then the
    service and its database close and the process exits 0."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "db.sqlite3")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.strip() == "in flight", first + proc.stderr.read() if proc.stderr else ""
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert out.splitlines() == ["action finished", "service closed: True"], err


@pytest.mark.parametrize("port", ["0", "8080"])
def test_the_http_port_setting(port: str, tmp_path: Path) -> None:
    """#27 Operators: the HTTP server is off unless CANALSIDE_HTTP_PORT is set."""
    from bot.discord.settings import Settings

    assert Settings.from_env({}, env_file=tmp_path / ".env").http_port is None
    s = Settings.from_env({"CANALSIDE_HTTP_PORT": port}, env_file=tmp_path / ".env")
    assert s.http_port == int(port) and s.http_host == "127.0.0.1"


async def test_shutdown_waits_for_a_command_in_flight_and_refuses_new_ones(
    simcord_env: Env,
) -> None:
    """#27 Operators: a /join running when the shutdown starts finishes (alice is seated) and
    the shutdown waits for it; a /join after that is answered "restarting" (bob is not seated)."""
    bot = simcord_env.bot
    assert isinstance(bot, TableBot)
    channel = simcord_env.create_guild().create_text_channel("venezia")
    alice = simcord_env.guild.add_member(simcord_env.create_user("alice"))
    bob = simcord_env.guild.add_member(simcord_env.create_user("bob"))
    lobby = bot.service.lobby
    join = lobby.join
    started, release = asyncio.Event(), asyncio.Event()

    async def slow_join(*args: Any, **kwargs: Any) -> Any:
        started.set()
        await release.wait()
        return await join(*args, **kwargs)

    lobby.join = slow_join  # type: ignore[method-assign]
    first = asyncio.create_task(alice.slash(channel, "join"))
    await started.wait()
    winding_down = asyncio.create_task(bot.wind_down(30.0))
    await asyncio.sleep(0)
    assert bot.gate.closing and not winding_down.done()
    assert not winding_down.done(), "the shutdown waits for alice's /join"
    release.set()
    await first
    assert await winding_down is True
    seated = [s.user_id for s in bot.service.storage.lobby.list_seats(str(channel.id))]
    assert seated == [str(alice.id)]
    late = await bob.slash(channel, "join")  # after that: refused, changes nothing
    said = "\n".join(texts(m) for m in (late.response, *late.followups) if m is not None)
    assert "restarting" in said
    seated = [s.user_id for s in bot.service.storage.lobby.list_seats(str(channel.id))]
    assert seated == [str(alice.id)]
