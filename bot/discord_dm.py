"""Players' hands by direct message: once per own turn, and when something else changes them.

Every DM is a notification, so the service's private updates are held while their player is
still deciding (his run of decisions in his turn) and sent as one DM when the decision passes
to someone else; a change outside his turn goes out at once. Closed DMs (Discord's 50007) are
found once and remembered in the database per player (``adapter_state``, scope
``user:<id>``) with the game they were found in: no retry during that game - also after a
restart - and one note in the channel per game. The next game tries once more.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord_layout import CONTENT_MAX, clip_start, escape, mentions
from bot.outputs import Outcome, PrivateUpdate
from bot.service import TableService

__all__ = ["DMS_CLOSED", "HandMail"]

log = logging.getLogger("bot.discord.dm")

#: ``adapter_state`` key (scope ``user:<id>``): the game id in which his DMs were refused.
DMS_CLOSED = "dms_closed"
#: Discord's code for "Cannot send messages to this user".
CANNOT_DM = 50007


class HandMail:
    """Sends (or holds) the private updates of an outcome as direct messages."""

    def __init__(
        self, client: discord.Client, service: TableService, *, enabled: bool = True
    ) -> None:
        self.client = client
        self.service = service
        self.enabled = enabled
        self._held: dict[tuple[str, str], list[PrivateUpdate]] = {}

    async def dms_closed_in(self, user_id: str) -> int | None:
        """The game in which this player's DMs were found closed (``None``: not known)."""
        value = await self.service.adapter_state(f"user:{user_id}", DMS_CLOSED)
        return int(value) if value is not None and value.lstrip("-").isdigit() else None

    async def deliver(self, dest: Any, channel: str, outcome: Outcome) -> None:
        """Send what is due now; hold what a player still deciding would get again soon."""
        if not self.enabled:
            return
        # every player still deciding (several when seats decide at once)
        ds = outcome.decisions or ((outcome.decision,) if outcome.decision is not None else ())
        deciding = set() if outcome.game_over else {d.user_id for d in ds if d.user_id}
        for p in outcome.private:
            self._held.setdefault((channel, p.user_id), []).append(p)
        for ch, user in list(self._held):
            if ch != channel or user in deciding:
                continue
            batch = self._held.pop((ch, user))
            await self._send(dest, channel, outcome.game_id, user, batch)

    async def _send(
        self,
        dest: Any,
        channel: str,
        game_id: int | None,
        user_id: str,
        batch: Sequence[PrivateUpdate],
    ) -> None:
        game = -1 if game_id is None else game_id
        if await self.dms_closed_in(user_id) == game:
            return
        # Events of every update, the hand's summary only as it is now.
        lines = [
            line
            for p in batch
            for line in p.text.splitlines()
            if line.strip() and not (p.summary and line == p.summary)
        ]
        summary = next((p.summary for p in reversed(batch) if p.summary), "")
        if summary:
            lines.append(summary)
        image = next((p.image for p in reversed(batch) if p.image is not None), None)
        head = f"**Your hand** at the table in <#{channel}>:"
        body = "\n".join(clip_start([escape(x) for x in lines], CONTENT_MAX - len(head) - 10))
        kwargs: dict[str, Any] = {"content": f"{head}\n{body}", "allowed_mentions": mentions(())}
        if image is not None:
            kwargs["file"] = discord.File(io.BytesIO(image), filename="hand.png")
        try:
            dm = await self.client.create_dm(discord.Object(id=int(user_id)))
            await dm.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("DM to %s refused (code %s): %s", user_id, exc.code, exc.text)
            await self._closed(dest, channel, game, user_id)
        except (discord.HTTPException, ValueError):
            log.warning("DM to user %s failed", user_id, exc_info=True)

    async def _closed(self, dest: Any, channel: str, game: int, user_id: str) -> None:
        """Remember the closed DMs for this game and tell the player once, in the channel."""
        log.info("user %s does not accept DMs (game %s); not retried in this game", user_id, game)
        await self.service.set_adapter_state(f"user:{user_id}", DMS_CLOSED, str(game))
        scope, key = f"table:{channel}", f"dm_note:{user_id}"
        if await self.service.adapter_state(scope, key) == str(game):
            return
        await self.service.set_adapter_state(scope, key, str(game))
        try:
            await dest.send(
                content=f"<@{user_id}> I cannot send you direct messages, so your hand is not "
                "coming by DM in this game. Use the **My hand** button or `/hand` — both "
                "answer only you.",
                allowed_mentions=mentions([user_id]),
            )
        except discord.HTTPException:
            log.warning("could not post the DM note for user %s in %s", user_id, channel)
