"""A bot process over a range of Discord's shards (#27 item 1): the settings
``CANALSIDE_SHARD_COUNT`` / ``CANALSIDE_SHARD_IDS`` (every bad value named with what is
allowed), and the bot they build - a :class:`discord.AutoShardedClient` running exactly those
shards, playing a table in SimCord; without them the plain one-connection client as before."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from simcord import Env

from bot.discord.app import create_bot
from bot.discord.client import ShardedTableBot, TableBot
from bot.discord.settings import Settings, SettingsError
from bot.table.render import PlaceholderRenderer
from tests.discord.test_table_life import play_n, seated


def _settings(tmp_path: Path, environ: dict[str, str]) -> Settings:
    return Settings.from_env(environ, env_file=tmp_path / "none.env")


def _bot(db: Path, shard_count: int | None, shard_ids: tuple[int, ...] | None) -> TableBot:
    settings = Settings(
        token="simcord",
        db_path=db,
        sync_on_start="global",
        renderer="placeholder",
        workers=2,
        render_processes=0,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )
    return create_bot(settings, renderer=PlaceholderRenderer((64, 48)))


@pytest.mark.parametrize(
    ("ids", "expected"),
    [
        ("0-3", (0, 1, 2, 3)),
        ("0,1,2", (0, 1, 2)),
        ("4-5, 9", (4, 5, 9)),
        ("7", (7,)),
        ("", None),
    ],
)
def test_shard_ids_read_as_ids_and_ranges(
    tmp_path: Path, ids: str, expected: tuple[int, ...] | None
) -> None:
    """#27 item 1: ``CANALSIDE_SHARD_IDS`` takes ids and ranges of the shard count's shards."""
    s = _settings(tmp_path, {"CANALSIDE_SHARD_COUNT": "10", "CANALSIDE_SHARD_IDS": ids})
    assert (s.shard_count, s.shard_ids, s.sharded) == (10, expected, True)
    mine = "all" if expected is None else " ".join(map(str, expected))
    assert f"shards {mine} of 10" in s.describe()


def test_no_shard_setting_is_not_sharded(tmp_path: Path) -> None:
    s = _settings(tmp_path, {})
    assert (s.shard_count, s.shard_ids, s.sharded) == (None, None, False)
    assert "shards off" in s.describe()


@pytest.mark.parametrize(
    ("environ", "words"),
    [
        ({"CANALSIDE_SHARD_COUNT": "many"}, "CANALSIDE_SHARD_COUNT: 'many' is not a whole number"),
        ({"CANALSIDE_SHARD_COUNT": "0"}, "CANALSIDE_SHARD_COUNT: must be at least 1"),
        ({"CANALSIDE_SHARD_COUNT": "1000001"}, "more than"),
        ({"CANALSIDE_SHARD_IDS": "0-3"}, "CANALSIDE_SHARD_IDS needs CANALSIDE_SHARD_COUNT"),
        (
            {"CANALSIDE_SHARD_COUNT": "4", "CANALSIDE_SHARD_IDS": "2-5"},
            "shard 5 does not exist: with CANALSIDE_SHARD_COUNT=4 the shards are 0 to 3",
        ),
        ({"CANALSIDE_SHARD_COUNT": "4", "CANALSIDE_SHARD_IDS": "3-1"}, "runs backwards"),
        ({"CANALSIDE_SHARD_COUNT": "4", "CANALSIDE_SHARD_IDS": "0-2,2"}, "shard 2 is named twice"),
        ({"CANALSIDE_SHARD_COUNT": "4", "CANALSIDE_SHARD_IDS": "a"}, "'a' is not a shard id"),
        ({"CANALSIDE_SHARD_COUNT": "4", "CANALSIDE_SHARD_IDS": "-1"}, "is not a shard id"),
        ({"CANALSIDE_SHARD_COUNT": "4", "CANALSIDE_SHARD_IDS": "0,,1"}, "is not a shard id"),
    ],
)
def test_bad_shard_settings_say_what_is_wrong(
    tmp_path: Path, environ: dict[str, str], words: str
) -> None:
    """#27 item 1: each bad value is refused with what was wrong and what is allowed."""
    with pytest.raises(SettingsError) as caught:
        _settings(tmp_path, environ)
    assert words in str(caught.value)


def test_the_bot_is_sharded_only_with_a_shard_count(tmp_path: Path) -> None:
    """#27 item 1: shard settings build an AutoShardedClient over those shards; none, the plain
    client of one gateway connection (unchanged)."""
    plain = _bot(tmp_path / "a.db", None, None)
    assert type(plain) is TableBot and not isinstance(plain, discord.AutoShardedClient)
    sharded = _bot(tmp_path / "b.db", 8, (4, 5, 6, 7))
    assert isinstance(sharded, ShardedTableBot)
    assert isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (8, [4, 5, 6, 7])
    every = _bot(tmp_path / "c.db", 2, None)
    assert isinstance(every, discord.AutoShardedClient)
    assert (every.shard_count, every.shard_ids) == (2, None)
    for bot in (plain, sharded, every):
        bot.service.close()


@pytest.fixture
def simcord_bot(db_path: Path) -> TableBot:
    return _bot(db_path, 2, (0, 1))


async def test_a_sharded_bot_plays_a_table_in_simcord(simcord_env: Env) -> None:
    """#27 item 1: the sharded bot connects its shards (SimCord runs sharded clients) and a
    table is played through it as through the plain client."""
    bot = simcord_env.bot
    assert isinstance(bot, ShardedTableBot)
    assert sorted(bot.shards) == [0, 1]
    channel = simcord_env.create_guild().create_text_channel("venezia")
    players = await seated(simcord_env, channel)
    await play_n(simcord_env, channel, players, 4)
    table = bot.service.tables.get(str(channel.id))
    assert table.state is not None and len(table.state.history) >= 4
