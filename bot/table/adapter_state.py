"""Small values an adapter keeps across restarts (e.g. the id of a table's current message),
stored in the database: the table service's ``adapter_state`` part. Generic: nothing here
knows a game or an adapter.

The values are the adapter's own bookkeeping, read and written by the one process that posts
its messages: once read or written, a value is kept in memory, so reading it again (every
click reads the table's current message) and writing it unchanged cost no round trip to the
database. Inside :meth:`AdapterState.batch` (e.g. around everything one click does) the
writes are made together when the block ends, in one round trip."""

from __future__ import annotations

import asyncio
import builtins
import contextlib
from collections.abc import AsyncIterator
from contextvars import ContextVar

from bot.storage.repositories import AdapterStateRepository
from bot.table.runner import ChannelRunner

Key = tuple[str, str]

#: The keys written inside the running task's batch (``None``: no batch).
_batched: ContextVar[set[Key] | None] = ContextVar("adapter_state_batch", default=None)


class AdapterState:
    """``get`` and ``set`` an adapter's values (``scope``, ``key`` -> text), in the worker
    pool of ``runner``; ``known`` keeps those read or written so far."""

    def __init__(self, runner: ChannelRunner, values: AdapterStateRepository) -> None:
        self.runner = runner
        self.values = values
        self.known: dict[Key, str | None] = {}
        self._writing = asyncio.Lock()

    async def get(self, scope: str, key: str) -> str | None:
        """A value stored with :meth:`set` (``None``: none)."""
        if (scope, key) in self.known:
            return self.known[(scope, key)]
        value = await self.runner.run(self.values.get_adapter_state, scope, key)
        return self.known.setdefault((scope, key), value)

    async def set(self, scope: str, key: str, value: str | None) -> None:
        """Remember (``None``: forget) a small adapter value across restarts (inside a
        :meth:`batch`: when it ends)."""
        if (scope, key) in self.known and self.known[(scope, key)] == value:
            return
        self.known[(scope, key)] = value
        batch = _batched.get()
        if batch is not None:
            batch.add((scope, key))
            return
        await self._write({(scope, key)})

    @contextlib.asynccontextmanager
    async def batch(self) -> AsyncIterator[None]:
        """Collect the values set inside the block (by this task) and write them when it
        ends, in one round trip; a batch inside a batch is part of it."""
        if _batched.get() is not None:
            yield
            return
        keys: builtins.set[Key] = builtins.set()
        token = _batched.set(keys)
        try:
            yield
        finally:
            _batched.reset(token)
            if keys:
                await self._write(keys)

    async def _write(self, keys: builtins.set[Key]) -> None:
        # each key's newest value, whichever write comes last
        async with self._writing:
            values = [(scope, key, self.known[(scope, key)]) for scope, key in sorted(keys)]
            await self.runner.run(self._store, values)

    def _store(self, values: list[tuple[str, str, str | None]]) -> None:
        for scope, key, value in values:
            self.values.set_adapter_state(scope, key, value)
