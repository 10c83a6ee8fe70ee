"""The container set-up for operators (#27, "Operators"): the Dockerfile's HEALTHCHECK and the
compose file with PostgreSQL and two bot processes. Docker itself is not needed: the files are
parsed and checked (``docker compose config`` does the same where Docker is installed)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from bot.discord.settings import Settings
from tests.test_dockerfile import instructions

ROOT = Path(__file__).resolve().parents[1]


def compose() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_image_checks_its_health_on_healthz_and_stops_on_sigterm() -> None:
    """#27 Operators: HEALTHCHECK asks /healthz on the port the image serves it on."""
    found = dict(instructions())
    check = found.get("HEALTHCHECK", "")
    assert "/healthz" in check and "CMD" in check
    env = " ".join(args for word, args in instructions() if word == "ENV")
    port = re.search(r"CANALSIDE_HTTP_PORT=(\d+)", env)
    assert port is not None, "the image serves the operators' HTTP server"
    assert f"127.0.0.1:{port.group(1)}/healthz" in check
    assert "CANALSIDE_HTTP_HOST=0.0.0.0" in env and "CANALSIDE_LOG_FORMAT=json" in env
    assert found.get("STOPSIGNAL") == "SIGTERM", "SIGTERM is the graceful shutdown"


def test_compose_runs_postgresql_and_two_bots_on_it() -> None:
    """#27 Operators: PostgreSQL 15 with a volume and a health check; two bot processes that
    wait for it, use it, log JSON and are checked on /readyz."""
    data = compose()
    services = data["services"]
    pg = services["postgres"]
    assert pg["image"] == "postgres:15"
    volume = pg["volumes"][0].split(":")[0]
    assert volume in data["volumes"], "the database lives on a named volume"
    assert "pg_isready" in " ".join(pg["healthcheck"]["test"])
    env = pg["environment"]
    bots = {name: s for name, s in services.items() if name.startswith("bot")}
    assert len(bots) == 2
    ports = set()
    for name, bot in bots.items():
        assert bot["build"] == "."
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy", name
        e = bot["environment"]
        db = e["CANALSIDE_DB"]
        assert db.startswith("postgresql://") and "@postgres:5432/" in db, name
        assert db.rsplit("/", 1)[1] == env["POSTGRES_DB"]
        assert db.split("//")[1].split(":")[0] == env["POSTGRES_USER"]
        assert e["CANALSIDE_LOG_FORMAT"] == "json" and "DISCORD_TOKEN" in e
        port = e["CANALSIDE_HTTP_PORT"]
        assert "/readyz" in " ".join(bot["healthcheck"]["test"])
        assert f":{port}/readyz" in " ".join(bot["healthcheck"]["test"])
        ports.add(bot["ports"][0].split(":")[-2])
        grace = int(str(bot["stop_grace_period"]).rstrip("s"))
        assert grace > 30, "docker waits longer than the bot's shutdown grace"
    assert len(ports) == 2, "each bot's endpoints on their own host port"


def interpolated(value: str) -> str:
    """A compose value as ``docker compose`` fills it in with an empty environment: a
    ``${NAME:-default}`` is its default, a required ``${NAME:?message}`` a placeholder."""
    value = re.sub(r"\$\{[A-Z0-9_]+:\?[^}]*\}", "set-in-env-file", value)
    while "${" in value:
        value = re.sub(r"\$\{[A-Z0-9_]+:-([^${}]*)\}", r"\1", value)
    return value


def test_the_two_bots_are_shard_ranges_of_one_bot(tmp_path: Path) -> None:
    """#27 item 2 (compose): the two processes are one bot split by Discord's shards: the same
    token and shard count, each its own range, every shard run by exactly one process - read
    by the bot's own settings parser, so a range it would refuse fails here too."""
    bots = {name: s for name, s in compose()["services"].items() if name.startswith("bot")}
    counts: set[int | None] = set()
    tokens: set[str] = set()
    runs: list[int] = []
    for name, bot in bots.items():
        env = {k: interpolated(str(v)) for k, v in bot["environment"].items()}
        settings = Settings.from_env(env, env_file=tmp_path / "no.env")
        assert settings.sharded, f"{name} runs shards"
        assert settings.shard_ids is not None, f"{name} runs a range, not every shard"
        counts.add(settings.shard_count)
        tokens.add(str(bot["environment"]["DISCORD_TOKEN"]))
        runs += settings.shard_ids
        assert "/readyz" in " ".join(bot["healthcheck"]["test"]), name
    assert len(counts) == 1, f"one shard count for the whole bot, not {counts}"
    assert len(tokens) == 1, "one bot: both processes use the same token"
    (count,) = counts
    assert count is not None
    assert sorted(runs) == list(range(count)), "every shard in exactly one process"
