"""Small values an adapter keeps across restarts (e.g. the id of a table's current message),
stored in the database: the table service's ``adapter_state`` part. Generic: nothing here
knows a game or an adapter."""

from __future__ import annotations

from bot.storage.repositories import AdapterStateRepository
from bot.table.runner import ChannelRunner


class AdapterState:
    """``get`` and ``set`` an adapter's values (``scope``, ``key`` -> text), in the worker
    pool of ``runner``."""

    def __init__(self, runner: ChannelRunner, values: AdapterStateRepository) -> None:
        self.runner = runner
        self.values = values

    async def get(self, scope: str, key: str) -> str | None:
        """A value stored with :meth:`set` (``None``: none)."""
        return await self.runner.run(self.values.get_adapter_state, scope, key)

    async def set(self, scope: str, key: str, value: str | None) -> None:
        """Remember (``None``: forget) a small adapter value across restarts."""
        await self.runner.run(self.values.set_adapter_state, scope, key, value)
