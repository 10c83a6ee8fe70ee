"""What operators need of the bot process (#27): the HTTP endpoints and the shutdown gate.

* :class:`OpsServer`: ``/healthz`` (the process answers), ``/readyz`` (the gateway is
  connected, the database answers a cheap query, the render pool is alive; 503 with the failed
  checks otherwise, also while shutting down) and ``/metrics`` (the table service's Prometheus
  metrics, :mod:`bot.table.metrics`), on ``CANALSIDE_HTTP_HOST``:``CANALSIDE_HTTP_PORT``.
* :class:`Gate`: the interactions in flight; once closed (SIGTERM) a new command or click is
  answered "the bot is restarting" and changes nothing, and :meth:`Gate.quiet` waits for the
  ones running.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Protocol

import discord
from aiohttp import web

from bot.discord.kinds import Interaction
from bot.table.metrics import CONTENT_TYPE
from engine.i18n import speaking
from engine.i18n.shared import _

if TYPE_CHECKING:
    from bot.discord.replies import Replies
    from bot.table.service import TableService

__all__ = ["Gate", "OpsServer", "refuse_restarting"]

log = logging.getLogger("bot.discord.ops")


class Served(Protocol):
    """What the server asks of the bot it reports on (the client, without importing it)."""

    @property
    def gate(self) -> Gate: ...

    @property
    def service(self) -> TableService: ...

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...


#: Seconds ``/readyz`` waits for the database's answer.
DB_CHECK_SECONDS = 3.0


class Gate:
    """See the module docstring."""

    def __init__(self) -> None:
        self.closing = False
        self.in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @asynccontextmanager
    async def entered(self) -> AsyncIterator[None]:
        """One interaction's work (counted while it runs)."""
        self.in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self._idle.set()

    def close(self) -> None:
        """Accept no new interaction from now on."""
        self.closing = True

    async def quiet(self, timeout: float) -> bool:
        """Wait until no interaction runs (at most ``timeout`` seconds): whether none does."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


async def refuse_restarting(interaction: Interaction, replies: Replies) -> None:
    """Answer an interaction that came in while the bot shuts down (nothing runs)."""
    if interaction.type is discord.InteractionType.autocomplete:
        if not interaction.response.is_done():
            await interaction.response.autocomplete([])
        return
    with speaking(replies.reader(interaction)):
        await replies.answer(interaction, _("The bot is restarting; please try again in a moment."))


class OpsServer:
    """The operators' HTTP server (see the module docstring); :meth:`start`, :meth:`stop`."""

    def __init__(self, bot: Served, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        self._site: web.TCPSite | None = None

    async def start(self) -> int:
        """Listen; the port bound (``port`` 0: an ephemeral one)."""
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.host, self.port)
        await self._site.start()
        server: Any = self._site._server  # asyncio.Server: the port actually bound
        port = int(server.sockets[0].getsockname()[1]) if server is not None else self.port
        log.info("operators' HTTP server on %s:%d", self.host, port)  # not for players
        self.port = port
        return port

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def healthz(self, request: web.Request) -> web.Response:
        return web.json_response({"alive": True})

    async def readyz(self, request: web.Request) -> web.Response:
        checks = await self.checks()
        ready = all(v == "ok" for v in checks.values())
        return web.json_response({"ready": ready, "checks": checks}, status=200 if ready else 503)

    async def checks(self) -> dict[str, str]:
        """Each readiness check: ``ok`` or what is wrong (not for players)."""
        bot = self.bot
        checks: dict[str, str] = {}
        if bot.gate.closing:
            checks["shutdown"] = "shutting down"  # not for players
        if bot.is_closed() or not bot.is_ready():
            checks["gateway"] = "not connected"  # not for players
        else:
            checks["gateway"] = "ok"
        service = bot.service
        try:
            loop = asyncio.get_running_loop()
            await asyncio.wait_for(loop.run_in_executor(None, service.ping), DB_CHECK_SECONDS)
            checks["database"] = "ok"
        except Exception as exc:  # any failure is "not ready", said in the answer
            checks["database"] = f"unreachable: {type(exc).__name__}: {exc}"[:200]
        checks["render"] = (
            "ok" if service.draw.alive() else "render pool closed or dead"  # not for players
        )
        return checks

    async def metrics(self, request: web.Request) -> web.Response:
        body = self.bot.service.metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE})  # not for players
