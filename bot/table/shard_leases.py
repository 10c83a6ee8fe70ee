"""Shard leases (#27): when a bot process dies or hangs, another one fires its tables' timers.

Several bot processes share one database, each running a range of the adapter's shards
(Discord's: a guild's shard is ``(guild_id >> 22) % shard_count``), and each fires the turn
timers of its own shards' tables only, so that each timer is announced by one process
(:attr:`bot.table.timers.Timers.serves`). A process that died or hangs would leave its
tables' timers waiting for its restart. So each process holds a lease on each of its shards
(a row ``shard -> owner, until``, kept with the adapter's state), renewed at every timer
tick; a process that finds another's lease run out *adopts* that shard - it fires its
tables' timers too (announcements go through the adapter's REST API, which any process may
use) and renews the adopted lease at its ticks - until the shard's own process is back:
that one takes its lease home at its first tick, and the adopter lets go at its next.

Exactly-once stays the storage's job: every timer's effect and fired mark commit in one
transaction with its claim (``FOR UPDATE SKIP LOCKED`` on PostgreSQL), whoever fires it.
What the leases add is *who* fires: one process per shard at a time, so an announcement
is not repeated by two processes at once. The returning owner therefore waits until the
adopter's lease would end before firing its shard again (an adopter stops renewing the
moment the shard is home, and stops firing when its own lease has run out), and an
adopter stops firing adopted shards when it could not renew them in time. Leases are timed
by the service's clock: the processes' clocks must agree to well within a lease
(:data:`SHARD_LEASE_SECONDS`, three timer ticks). Generic: nothing here knows Discord or a
game.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.storage.repositories import AdapterStateRepository

log = logging.getLogger("bot.service")

#: How long a shard's lease lasts (seconds of the service's clock) after a renewal: three
#: of the Discord adapter's timer ticks (``TIMER_POLL_SECONDS``), so a live process never
#: loses it between two ticks, and a dead one's shards are adopted within a minute or so.
SHARD_LEASE_SECONDS = 60.0


def process_owner() -> str:
    """A name for this process's leases, unique among the bot's processes (a restarted
    process is a new owner)."""
    return f"{os.getpid()}-{uuid.uuid4().hex[:12]}"


@dataclass(eq=False)
class ShardLeases:
    """One process's shard leases (see the module docstring): its ``home`` shards of
    ``count``, the ones it adopted, and :meth:`serves` (which guilds' timers to fire)."""

    state: AdapterStateRepository
    count: int
    home: frozenset[int]
    #: the shard of a guild (``None``: a table without one)
    shard_of: Callable[[str | None], int]
    seconds: float = SHARD_LEASE_SECONDS
    owner: str = field(default_factory=process_owner)
    #: other processes' shards this process fires while their leases have run out
    adopted: frozenset[int] = frozenset()
    #: home shards taken back from an adopter: not fired before its lease ends
    returned: dict[int, float] = field(default_factory=dict)
    #: when the leases of the last successful renewal end
    until: float = 0.0
    #: shards adopted since :meth:`take_adopted` last looked: their tables' AI turns, cut
    #: short when their process died, are this process's to resume now
    fresh: frozenset[int] = frozenset()

    @property
    def scope(self) -> str:
        return f"shard_lease:{self.count}"  # not for players

    def renew(self, now: float) -> None:
        """Renew the home leases, keep the adopted ones, adopt the shards whose lease ran
        out (one transaction; at every timer tick)."""
        until = now + self.seconds
        found = self.state.renew_leases(
            self.scope,
            [str(s) for s in sorted(self.home)],
            [str(s) for s in range(self.count)],
            self.owner,
            now,
            until,
        )
        adopted = frozenset(int(k) for k in found.adopted)
        if adopted != self.adopted:
            log.info("shard leases: adopted %s (was %s)", sorted(adopted), sorted(self.adopted))
        returned = dict(self.returned)
        for key, ends in found.returned.items():
            returned[int(key)] = max(ends, returned.get(int(key), 0.0))
        self.returned = {s: ends for s, ends in returned.items() if ends > now}
        self.fresh = (self.fresh | (adopted - self.adopted)) & adopted
        self.adopted, self.until = adopted, until

    def take_adopted(self) -> frozenset[int]:
        """The shards adopted since the last call (and still held)."""
        fresh, self.fresh = self.fresh, frozenset()
        return fresh

    def serves(self, guild_id: str | None, now: float) -> bool:
        """Whether this process fires the timers of a guild's tables at ``now``: a home
        shard's (once an adopter's lease on it has ended), an adopted one's - each while
        this process's last renewal lasts: a process that hung past its lease fires
        nothing until it has renewed (and learnt who adopted its shards meanwhile). Before
        the first renewal (start-up: resuming the tables), the home shards'."""
        shard = self.shard_of(guild_id)
        if self.until == 0.0:
            return shard in self.home
        if now >= self.until:
            return False
        if shard in self.home:
            return now >= self.returned.get(shard, 0.0)
        return shard in self.adopted
