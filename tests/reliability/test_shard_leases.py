"""Shard leases (#27: a dead or hung process's shards): each process holds a lease on its
Discord shards, renewed at its timer ticks; when a process stops (dies, hangs) another one
adopts its shards once their leases ran out and fires their tables' timers, each once, and
lets go when the owner is back. On both backends (two services on one database)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.app import create_bot
from bot.discord.settings import Settings
from bot.storage.store import open_database
from bot.table.render import PlaceholderRenderer
from bot.table.service import TableService
from bot.table.shard_leases import ShardLeases
from tests.reliability.test_shard_timers import GUILD, SHARDS, _on_shard, _two_humans_in_guild
from tests.test_timers import FakeClock, svc_at

#: The leases of these tests (seconds of the fake clock).
LEASE = 30.0


def _shard_of(guild_id: str | None) -> int:
    return 0 if guild_id is None else (int(guild_id) >> 22) % SHARDS


def _process(svc: TableService, shard: int) -> ShardLeases:
    leases = ShardLeases(svc.storage.adapter_state, SHARDS, frozenset({shard}), _shard_of, LEASE)
    svc.timers.serves = _on_shard(shard)  # type: ignore[assignment]
    svc.timers.shard_leases = leases
    return leases


async def test_a_dead_process_s_timers_are_fired_by_another_until_it_is_back(
    db_target: Path | str,
) -> None:
    """#27 (a dead or hung process's shards): the process of shard 1 stops ticking; while
    its lease lasts the process of shard 0 leaves its table alone, then adopts the shard and
    fires the reminder, once. The owner comes back: it waits for the adopter's lease, the
    adopter lets go, and the owner fires the timeout, once; nothing is fired twice."""
    clock = FakeClock()
    zero, one = svc_at(db_target, clock), svc_at(db_target, clock)
    zero_leases, _ = _process(zero, 0), _process(one, 1)
    try:
        await _two_humans_in_guild(zero)  # a table in a guild of shard 1; reminder at 60 s
        assert await one.timers.tick(confirm=True) == []
        assert await zero.timers.tick(confirm=True) == []
        clock.advance(20)
        assert await one.timers.tick(confirm=True) == []  # its last renewal: until 50 s
        assert await zero.timers.tick(confirm=True) == []
        clock.advance(25)  # 45 s: shard 1's lease still runs
        assert await zero.timers.tick(confirm=True) == []
        assert zero_leases.adopted == frozenset()
        clock.advance(20)  # 65 s: the reminder is due, shard 1's lease ran out at 50 s
        events = await zero.timers.tick(confirm=True)
        assert [(e.kind, e.channel_id) for e in events] == [("reminder", "c")]
        assert zero_leases.adopted == frozenset({1})
        await zero.timers.posted(events[0])
        clock.advance(5)  # 70 s: the owner is back; the adopter's lease runs to 95 s
        assert await one.timers.tick(confirm=True) == []
        clock.advance(5)
        assert await zero.timers.tick(confirm=True) == []  # it let go
        assert zero_leases.adopted == frozenset()
        clock.advance(20)  # 95 s: the owner renews (as a live process does every tick)
        assert await one.timers.tick(confirm=True) == []
        clock.advance(26)  # 121 s: time is up (timeout at 120 s)
        assert await zero.timers.tick(confirm=True) == []
        events = await one.timers.tick(confirm=True)
        assert [e.kind for e in events] == ["takeover"]
        await one.timers.posted(events[0])
        assert await zero.timers.tick(confirm=True) == []
        # the next tick judges the other seat; the first seat's timeout never again
        first = events[0].seat
        assert first is not None
        later = await one.timers.tick(confirm=True)
        assert [(e.kind, e.seat) for e in later] in ([], [("takeover", 1 - first)])
    finally:
        zero.close()
        one.close()


async def test_the_returning_owner_waits_for_the_adopter_s_lease(db_target: Path | str) -> None:
    """#27 (a dead or hung process's shards): a timer due right when the owner comes back
    is fired by the adopter, not by both: the owner holds off its shard until the adopter's
    lease has ended."""
    clock = FakeClock()
    zero, one = svc_at(db_target, clock), svc_at(db_target, clock)
    _process(zero, 0)
    one_leases = _process(one, 1)
    try:
        await _two_humans_in_guild(zero)
        assert await one.timers.tick(confirm=True) == []
        clock.advance(55)  # shard 1's lease ran out at 30 s (nothing due yet)
        assert await zero.timers.tick(confirm=True) == []  # adopted, until 85 s
        clock.advance(6)  # 61 s: the reminder is due; the owner is back first
        assert await one.timers.tick(confirm=True) == []
        assert one_leases.returned == {1: 85.0 + _epoch(clock) - 61.0}
        events = await zero.timers.tick(confirm=True)  # it let go: nobody fires yet
        assert events == []
        clock.advance(25)  # 86 s: the adopter's lease has ended
        events = await one.timers.tick(confirm=True)
        assert [e.kind for e in events] == ["reminder"]
    finally:
        zero.close()
        one.close()


def _epoch(clock: FakeClock) -> float:
    return clock().timestamp()


def test_one_adopter_per_shard_and_home_comes_first(db_target: Path | str) -> None:
    """#27 (a dead or hung process's shards), the storage's rules: a shard nobody holds is
    adopted by one process; its own process takes it home (learning until when the adopter
    may still fire it); a live lease is never adopted; an expired one is, by one process."""
    keys = ["0", "1", "2"]
    with open_database(db_target) as db:
        state = db.adapter_state
        a = state.renew_leases("s", ["0"], keys, "A", now=0.0, until=30.0)
        assert (a.adopted, a.returned) == (frozenset({"1", "2"}), {})
        c = state.renew_leases("s", ["2"], keys, "C", now=1.0, until=31.0)
        assert (c.adopted, c.returned) == (frozenset(), {"2": 30.0})
        b = state.renew_leases("s", ["1"], keys, "B", now=5.0, until=35.0)
        assert (b.adopted, b.returned) == (frozenset(), {"1": 30.0})
        a = state.renew_leases("s", ["0"], keys, "A", now=10.0, until=40.0)
        assert (a.adopted, a.returned) == (frozenset(), {})
        # B dies: its lease ends at 35; C renews at 36 and adopts it, A then finds it taken
        c = state.renew_leases("s", ["2"], keys, "C", now=36.0, until=66.0)
        assert c.adopted == frozenset({"1"})
        a = state.renew_leases("s", ["0"], keys, "A", now=37.0, until=67.0)
        assert a.adopted == frozenset()
        # everybody stopped; B restarts (a new owner) after C's lease on its shard ended:
        # nothing to wait for, and it adopts the others' shards
        b = state.renew_leases("s", ["1"], keys, "B2", now=70.0, until=100.0)
        assert (b.adopted, b.returned) == (frozenset({"0", "2"}), {})


def test_a_process_that_hung_past_its_lease_fires_nothing_until_it_renewed() -> None:
    """#27 (a hung process's shards): a process whose last renewal has run out (it hung)
    fires no shard's timers, not even its own, until it renews - and learns who adopted its
    shards meanwhile; before its first renewal (start-up) it serves its own shards."""

    class Held:
        def __init__(self) -> None:
            self.returned: dict[str, float] = {}

        def renew_leases(self, *args: object) -> object:
            from bot.storage.adapter import LeaseRound

            return LeaseRound(frozenset(), self.returned)

    state = Held()
    leases = ShardLeases(state, SHARDS, frozenset({1}), _shard_of, LEASE)  # type: ignore[arg-type]
    assert leases.serves(GUILD, 0.0) and not leases.serves(None, 0.0)  # start-up: home only
    leases.renew(100.0)
    assert leases.serves(GUILD, 129.0)
    assert not leases.serves(GUILD, 131.0)  # it hung past its lease
    state.returned = {"1": 150.0}  # another process adopted shard 1 meanwhile, until 150
    leases.renew(131.0)
    assert not leases.serves(GUILD, 140.0) and leases.serves(GUILD, 150.0)


def test_a_sharded_bot_holds_leases_on_its_shards(tmp_path: Path) -> None:
    """#27 (a dead or hung process's shards): the sharded bot renews leases on the shards it
    runs, by Discord's rule of a guild's shard; the plain bot holds none."""
    for count, ids, home in [(SHARDS, (1,), {1}), (SHARDS, None, {0, 1}), (None, None, None)]:
        settings = Settings(
            db_path=tmp_path / "b.db",
            renderer="placeholder",
            workers=1,
            render_processes=0,
            shard_count=count,
            shard_ids=ids,
        )
        bot = create_bot(settings, renderer=PlaceholderRenderer((8, 8)))
        leases = bot.service.timers.shard_leases
        try:
            if home is None:
                assert leases is None
                continue
            assert leases is not None and leases.home == home and leases.count == SHARDS
            assert (leases.shard_of(GUILD), leases.shard_of(None)) == (1, 0)
        finally:
            bot.service.close()
