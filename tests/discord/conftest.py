"""SimCord fixtures: the real bot (discord.py client, command tree, dynamic items) against a
simulated Discord, on a fresh SQLite file per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.app import TableBot, create_bot
from bot.discord.settings import Settings
from bot.table.render import PlaceholderRenderer


def make_bot(db: Path) -> TableBot:
    """A bot on ``db`` that syncs its commands globally at start-up (SimCord's strict sync)."""
    settings = Settings(
        token="simcord",
        db_path=db,
        sync_on_start="global",
        renderer="placeholder",
        workers=2,
        render_processes=0,
    )
    return create_bot(settings, renderer=PlaceholderRenderer((64, 48)))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "venezia.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path) -> TableBot:
    return make_bot(db_path)
