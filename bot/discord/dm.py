"""Players' hands by direct message: at most one DM per player and turn.

Every DM is a notification, so the service's private updates are held and go out together
at a boundary: the game's start (the deal), the end of a turn (a public update with
``turn_over``) and the game's end. At a boundary every player with news gets one DM, however
many times his hand changed and whoever changed it - except the players deciding right then:
they are pinged and see their hand in their private controls, **My hand** and ``/hand``, so
their news waits for the next boundary they are not deciding at. A sealed stage asks every
seat at once, and its private select *is* the player's hand: a player asked in every round
(Amsterdam) is pinged each round and reads his hand there, so a DM beside the ping would be a
second notification saying the same. The game's end sends everything. So a player
gets at most one DM per turn, for every game's idea of a turn: one player's turn in which
others' hands may change too (Venezia), a cycle in which both players decide several times
(Canal Grande), a round of sealed choices (Amsterdam); AI seats' moves inside a turn are no
boundary. A line that only confirmed the player's own answer (``PrivateUpdate.echo``: "your
secret answer: …") is not held: by the DM it was revealed, or the hand line shows it while it
is still secret. Lines still held from an earlier game (one aborted before its end) are dropped
at the next start. A DM's picture shows the hand as it is when the DM goes out (drawn anew if
the one held was drawn earlier in the turn), never an older state.

Closed DMs (Discord's 50007) are found once and remembered in the database per player
(``adapter_state``, scope ``user:<id>``) with the game they were found in: no retry during
that game - also after a restart - and one note in the channel per game. The next game tries
once more.

Held updates are kept in the database too (scope ``table:<channel>``, key ``held_dms``: their
text and hand summary, not the picture), so a restart in the middle of a turn loses none of
them. They are forgotten there *before* their DM goes out: a crash in between costs that DM
at most, never a second copy.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TypedDict

import discord

from bot.discord.kinds import Postable
from bot.discord.layout import (
    CONTENT_MAX,
    channel_mention,
    clip_start,
    escape,
    mentions,
    user_mention,
)
from bot.discord.speech import speaking_to_person, speaking_to_table
from bot.table.outputs import Outcome, PrivateUpdate
from bot.table.service import TableService
from engine.i18n.shared import _

__all__ = ["DMS_CLOSED", "HandMail", "without_echo"]

log = logging.getLogger("bot.discord.dm")

#: ``adapter_state`` key (scope ``user:<id>``): the game id in which his DMs were refused.
DMS_CLOSED = "dms_closed"
#: Discord's code for "Cannot send messages to this user".
CANNOT_DM = 50007
#: ``adapter_state`` key (scope ``table:<channel>``): the held updates of its players.
HELD_DMS = "held_dms"


def encode_held(held: dict[str, list[PrivateUpdate]]) -> str | None:
    """The held updates as stored (``None``: nothing held); pictures are not kept."""
    data = {
        user: [{"seat": p.seat, "text": p.text, "summary": p.summary} for p in batch]
        for user, batch in held.items()
        if batch
    }
    return json.dumps(data, separators=(",", ":")) if data else None


def decode_held(text: str | None) -> dict[str, list[PrivateUpdate]]:
    """Stored held updates (anything unreadable counts as nothing held)."""
    if not text:
        return {}
    try:
        data = json.loads(text)
        return {
            str(user): [
                PrivateUpdate(str(user), int(e["seat"]), str(e["text"]), summary=str(e["summary"]))
                for e in batch
            ]
            for user, batch in data.items()
        }
    except (ValueError, TypeError, KeyError, AttributeError):
        log.warning("held DMs could not be read; dropped")
        return {}


def without_echo(update: PrivateUpdate) -> PrivateUpdate | None:
    """The update as held for a later DM: without the lines that only confirmed the player's
    own answer (by then revealed, or shown in the summary while still secret); ``None`` when
    nothing else is left."""
    if not update.echo:
        return update
    lines = [line for line in update.text.splitlines() if line not in update.echo]
    if not any(line.strip() for line in lines) and not update.summary and update.image is None:
        return None
    return replace(update, text="\n".join(lines), echo=())


class _Send(TypedDict, total=False):
    """Keyword arguments of a hand's DM."""

    content: str
    allowed_mentions: discord.AllowedMentions
    file: discord.File


class HandMail:
    """Sends (or holds) the private updates of an outcome as direct messages."""

    def __init__(
        self, client: discord.Client, service: TableService, *, enabled: bool = True
    ) -> None:
        self.client = client
        self.service = service
        self.enabled = enabled
        #: channel -> user -> held updates (loaded from the database on first use)
        self._held: dict[str, dict[str, list[PrivateUpdate]]] = {}

    async def held(self, channel: str) -> dict[str, list[PrivateUpdate]]:
        """The channel's held updates per player (as remembered across restarts)."""
        held = self._held.get(channel)
        if held is None:
            text = await self.service.adapter_state.get(f"table:{channel}", HELD_DMS)
            held = self._held[channel] = decode_held(text)
        return held

    async def _save_held(self, channel: str) -> None:
        value = encode_held(self._held.get(channel, {}))
        await self.service.adapter_state.set(f"table:{channel}", HELD_DMS, value)

    async def dms_closed_in(self, user_id: str) -> int | None:
        """The game in which this player's DMs were found closed (``None``: not known)."""
        value = await self.service.adapter_state.get(f"user:{user_id}", DMS_CLOSED)
        return int(value) if value is not None and value.lstrip("-").isdigit() else None

    async def deliver(self, dest: Postable, channel: str, outcome: Outcome) -> None:
        """Hold the outcome's private updates; send what is held at a boundary (the start, a
        turn's end: to everyone not deciding now; the game's end: to everyone)."""
        if not self.enabled:
            return
        held = await self.held(channel)
        changed = False
        if outcome.started and held:  # news of an earlier game that ended without its end
            held.clear()
            changed = True
        for p in outcome.private:
            news = without_echo(p)
            if news is not None:
                held.setdefault(p.user_id, []).append(news)
                changed = True
        if outcome.game_over:
            due = [(u, held.pop(u)) for u in list(held)]
        elif outcome.started or any(u.turn_over for u in outcome.public):
            ds = outcome.decisions or ((outcome.decision,) if outcome.decision else ())
            # who decides now is pinged and sees his hand in his controls (a sealed stage's
            # select is his hand): his news waits for a boundary he is not deciding at
            deciding = {d.user_id for d in ds if d.user_id}
            due = [(u, held.pop(u)) for u in list(held) if u not in deciding]
        else:
            due = []
        if changed or due:
            await self._save_held(channel)  # before sending: never a DM twice
        fresh = {p.user_id for p in outcome.private if p.image is not None}
        for user, batch in due:
            # a DM only he reads: in his language (else the table's)
            with speaking_to_person(self.service, user, channel):
                await self._send(dest, channel, outcome.game_id, user, batch, user in fresh)

    async def _send(
        self,
        dest: Postable,
        channel: str,
        game_id: int | None,
        user_id: str,
        batch: Sequence[PrivateUpdate],
        fresh: bool = False,
    ) -> None:
        """One DM with the batch's events and the hand as it is; ``fresh``: the batch's
        newest picture was drawn for this very outcome."""
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
        image = await self._picture(channel, user_id, batch, fresh)
        head = _("**Your hand** at the table in {channel}:", channel=channel_mention(channel))
        body = "\n".join(clip_start([escape(x) for x in lines], CONTENT_MAX - len(head) - 10))
        kwargs: _Send = {"content": f"{head}\n{body}", "allowed_mentions": mentions(())}
        if image is not None:
            kwargs["file"] = discord.File(io.BytesIO(image), filename="hand.png")  # not for players
        try:
            dm = await self.client.create_dm(discord.Object(id=int(user_id)))
            await dm.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("DM to %s refused (code %s): %s", user_id, exc.code, exc.text)
            await self._closed(dest, channel, game, user_id)
        except (discord.HTTPException, ValueError):
            log.warning("DM to user %s failed", user_id, exc_info=True)

    async def _picture(
        self, channel: str, user_id: str, batch: Sequence[PrivateUpdate], fresh: bool
    ) -> bytes | None:
        """The hand's picture as it is now: the one drawn for this outcome, else a new one
        (a picture drawn earlier in the turn shows an older state of the table, and pictures
        held across a restart are not kept); none when hand pictures are off."""
        newest = next((p for p in reversed(batch) if p.summary or p.image is not None), None)
        if newest is None:
            return None  # no change of the hand itself: no picture
        if fresh and newest.image is not None:
            return newest.image
        if self.service.draw.hand_images == "off":
            return None
        try:
            reply = await self.service.play.hand(channel, user_id)
        except Exception:  # a picture is a nicety: the DM goes out without it
            log.warning("no hand picture for user %s in %s", user_id, channel, exc_info=True)
            return None
        return reply.image if reply.ok else None

    async def _closed(self, dest: Postable, channel: str, game: int, user_id: str) -> None:
        """Remember the closed DMs for this game and tell the player once, in the channel."""
        log.info("user %s does not accept DMs (game %s); not retried in this game", user_id, game)
        await self.service.adapter_state.set(f"user:{user_id}", DMS_CLOSED, str(game))
        scope, key = f"table:{channel}", f"dm_note:{user_id}"
        if await self.service.adapter_state.get(scope, key) == str(game):
            return
        await self.service.adapter_state.set(scope, key, str(game))
        with speaking_to_table(self.service, channel):  # said in the channel
            note = _(
                "{mention} I cannot send you direct messages, so your hand is not coming by DM "
                "in this game. Use the **My hand** button or `/hand` — both answer only you.",
                mention=user_mention(user_id),
            )
        try:
            await dest.send(content=note, allowed_mentions=mentions([user_id]))
        except discord.HTTPException:
            log.warning("could not post the DM note for user %s in %s", user_id, channel)
