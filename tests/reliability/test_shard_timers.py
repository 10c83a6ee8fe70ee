"""Turn timers with two processes on one database (#27 item 3): each table's timers are fired
and announced by the process whose Discord shards hold the table's guild - not by both (the
other one took an announcement not yet confirmed for one that failed and posted it again)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.app import create_bot
from bot.discord.settings import Settings
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService
from tests.test_service_support import uid
from tests.test_timers import FakeClock, svc_at

SHARDS = 2
#: a guild on shard 1 of 2 (Discord: ``(guild_id >> 22) % shard_count``)
GUILD = str((12345 << 22) | 77)
assert (int(GUILD) >> 22) % SHARDS == 1


def _on_shard(shard: int) -> object:
    def serves(guild_id: str | None) -> bool:
        return (0 if guild_id is None else (int(guild_id) >> 22) % SHARDS) == shard

    return serves


async def _two_humans_in_guild(svc: TableService) -> None:
    assert (await svc.lobby.join("c", uid(0), "Alice", None, guild_id=GUILD)).accepted
    assert (await svc.lobby.join("c", uid(1), "Bob", None, guild_id=GUILD)).accepted
    assert (await svc.settings.change("c", uid(0), "live")).accepted
    assert (await svc.lobby.start("c", uid(0), seed=3)).accepted


async def test_only_the_process_of_the_guilds_shard_fires_its_timers(
    db_target: Path | str,
) -> None:
    """#27 item 3: the process of shard 0 never fires (nor repeats) the timers of a table in
    a guild of shard 1, also while the owner has not confirmed its post yet; the owner fires
    the reminder and the timeout once each."""
    clock = FakeClock()
    zero, one = svc_at(db_target, clock), svc_at(db_target, clock)
    zero.timers.serves = _on_shard(0)  # type: ignore[assignment]
    one.timers.serves = _on_shard(1)  # type: ignore[assignment]
    try:
        await _two_humans_in_guild(zero)  # the command may reach any process
        clock.advance(61)  # the reminder is due
        assert await zero.timers.tick(confirm=True) == []
        events = await one.timers.tick(confirm=True)
        assert [e.kind for e in events] == ["reminder"]
        # the owner is still posting it (not confirmed): the other process leaves it alone
        assert await zero.timers.tick(confirm=True) == []
        await one.timers.posted(events[0])
        assert await one.timers.tick(confirm=True) == []
        clock.advance(60)  # time is up
        assert await zero.timers.tick(confirm=True) == []
        events = await one.timers.tick(confirm=True)
        assert [e.kind for e in events] == ["takeover"]
        assert await zero.timers.tick(confirm=True) == []
    finally:
        zero.close()
        one.close()


def test_a_sharded_bot_serves_the_guilds_of_its_shards(tmp_path: Path) -> None:
    """#27 item 3: the bot's rule is Discord's shard of a guild; without shards, every guild."""

    def bot(count: int | None, ids: tuple[int, ...] | None) -> object:
        settings = Settings(
            db_path=tmp_path / "b.db",
            renderer="placeholder",
            workers=1,
            render_processes=0,
            shard_count=count,
            shard_ids=ids,
        )
        return create_bot(settings, renderer=PlaceholderRenderer((8, 8)))

    for count, ids, serves in [
        (SHARDS, (1,), (True, False)),
        (SHARDS, (0,), (False, True)),
        (SHARDS, None, (True, True)),
        (None, None, (True, True)),
    ]:
        b = bot(count, ids)
        assert (b.serves_guild(GUILD), b.serves_guild(None)) == serves  # type: ignore[attr-defined]
        assert (b.service.timers.serves is not None) == (count is not None)  # type: ignore[attr-defined]
        b.service.close()  # type: ignore[attr-defined]
