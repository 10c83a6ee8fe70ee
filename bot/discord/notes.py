"""The short notes beside a table's message, each remembered in the database (so that a restart
still finds them): a player's turn reminder (:class:`Reminders`, deleted once he has answered),
the pause vote's message (:class:`VoteMessages`, its tally edited as votes come in) and the
takeover notes with their "Take my seat back" button (:class:`ResumeNotes`, retired once the
seat is back or the game is over)."""

from __future__ import annotations

import logging

import discord

from bot.discord.kinds import Postable
from bot.discord.layout import CONTENT_MAX, clip_end, escape, user_mention
from bot.discord.live import table_scope
from bot.discord.specs import ButtonSpec, Style, make_id
from bot.discord.speech import speaking_to_table
from bot.discord.views import build_view
from bot.table.outputs import Outcome
from bot.table.service import TableService
from bot.table.vote import VOTE_CHOICES
from engine.i18n.shared import _

__all__ = ["Reminders", "ResumeNotes", "VoteMessages", "post_note"]

log = logging.getLogger("bot.discord")


async def post_note(
    dest: Postable, text: str, ping: str | None = None, button: ButtonSpec | None = None
) -> discord.Message:
    """A short plain message, pinging ``ping`` only, with an optional button."""
    users = [discord.Object(int(ping))] if ping is not None and ping.isdigit() else []
    allowed = discord.AllowedMentions(everyone=False, roles=False, users=users)
    view = build_view((button,)) if button is not None else None
    if view is None:
        return await dest.send(text, allowed_mentions=allowed)
    return await dest.send(text, allowed_mentions=allowed, view=view)


class Reminders:
    """Each player's turn reminder: one at a time, deleted once he has answered or his seat
    is no longer his to play."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: (channel, user) -> the reminder note to delete once he has answered
        self._notes: dict[tuple[str, str], int] = {}

    async def post(self, dest: Postable, channel: str, user: str, text: str) -> None:
        """Ping the player with ``text`` (his earlier reminder goes)."""
        note = await post_note(dest, text, user)
        await self.drop(dest, channel, user)
        self._notes[(channel, user)] = note.id
        await self.service.adapter_state.set(table_scope(channel), f"reminder:{user}", str(note.id))

    async def drop(self, dest: Postable, channel: str, user: str) -> None:
        """Delete the player's reminder note (remembered in the database: also after a
        restart)."""
        key = f"reminder:{user}"
        note: int | str | None = self._notes.pop((channel, user), None)
        if note is None:
            note = await self.service.adapter_state.get(table_scope(channel), key)
            if note is None:
                return
        await self.service.adapter_state.set(table_scope(channel), key, None)
        try:
            await dest.get_partial_message(int(note)).delete()
        except (discord.HTTPException, ValueError):
            log.debug("could not delete reminder note %s", note)

    async def release(self, dest: Postable, channel: str, outcome: Outcome) -> None:
        """Remove what was shown to the players who no longer decide here since ``outcome``
        (their seat went to an AI, or the game ended): their reminders."""
        for user in outcome.released:
            await self.drop(dest, channel, user)


class VoteMessages:
    """The message of a paused game's vote: posted with its buttons, its tally kept up to
    date, and how it ended said without the buttons."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: channel -> the message id of its open vote's announcement (``None``: none open)
        self._notes: dict[str, int | None] = {}

    async def post(self, dest: Postable, channel: str, game: int) -> None:
        """A pause with other players at the table: the vote's message with its buttons
        (public; the service refuses a vote of anyone but the other seated humans)."""
        tally = await self.service.vote.status(channel)
        if tally is None:
            return
        await self.close(dest, channel, None)  # an earlier pause's message
        styles: dict[str, Style] = {"ai": "primary", "wait": "secondary", "end": "danger"}
        with speaking_to_table(self.service, channel):
            buttons = [
                ButtonSpec(make_id(channel, game, 0, "vote", choice), _(label), styles[choice])
                for choice, label in VOTE_CHOICES.items()
            ]
        view = build_view(buttons)
        assert view is not None
        allowed = discord.AllowedMentions.none()
        note = await dest.send(escape(tally), allowed_mentions=allowed, view=view)
        self._notes[channel] = note.id
        await self.service.adapter_state.set(table_scope(channel), "vote", str(note.id))

    async def _note(self, channel: str) -> int | None:
        if channel not in self._notes:
            stored = await self.service.adapter_state.get(table_scope(channel), "vote")
            self._notes[channel] = int(stored) if stored and stored.isdigit() else None
        return self._notes[channel]

    async def show(self, dest: Postable, channel: str, text: str, done: bool) -> None:
        """Edit the vote's message: the running tally, or (``done``) how it ended, without
        its buttons."""
        note = await self._note(channel)
        if note is None:
            return
        if done:
            self._notes[channel] = None
            await self.service.adapter_state.set(table_scope(channel), "vote", None)
        try:
            message = dest.get_partial_message(note)
            if done:
                await message.edit(content=clip_end(escape(text), CONTENT_MAX), view=None)
            else:
                await message.edit(content=clip_end(escape(text), CONTENT_MAX))
        except discord.HTTPException as exc:
            log.debug("could not edit the vote message %s: %s", note, exc)

    async def close(self, dest: Postable, channel: str, text: str | None) -> None:
        """The vote is over (the player decided, or a new pause): its message says so."""
        if await self._note(channel) is None:
            return
        if await self.service.vote.status(channel) is not None and text is not None:
            return  # still paused: the vote goes on
        with speaking_to_table(self.service, channel):
            text = text or _("🗳️ The vote is over.")
        await self.show(dest, channel, text, done=True)


class ResumeNotes:
    """The takeover notes: "an AI plays your seat for now" with a "Take my seat back" button,
    live while the AI holds the seat."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: channel -> {user: the takeover note whose "Take my seat back" button is live}
        self._notes: dict[str, dict[str, int]] = {}

    async def post(self, dest: Postable, channel: str, user: str, game: int) -> None:
        """Tell the player an AI plays his seat, with the button to take it back."""
        with speaking_to_table(self.service, channel):
            # Translators: a button label (at most 80 characters)
            label = _("Take my seat back")
            text = _(
                "{mention}: an AI plays your seat for now — press the button (or /resume) "
                "to take it back.",
                mention=user_mention(user),
            )
        button = ButtonSpec(make_id(channel, game, 0, "resume"), label, "primary")
        note = await post_note(dest, text, user, button)
        await self._keep(dest, channel, user, note.id)

    async def _of(self, channel: str) -> dict[str, int]:
        """The channel's takeover notes with a live button (kept in the database as
        ``user:message;…``: also after a restart)."""
        notes = self._notes.get(channel)
        if notes is None:
            stored = await self.service.adapter_state.get(table_scope(channel), "resume") or ""
            pairs = (item.partition(":") for item in stored.split(";") if item)
            notes = {user: int(note) for user, _sep, note in pairs if note.isdigit()}
            self._notes[channel] = notes
        return notes

    async def _save(self, channel: str, notes: dict[str, int]) -> None:
        stored = ";".join(f"{user}:{note}" for user, note in notes.items())
        await self.service.adapter_state.set(table_scope(channel), "resume", stored or None)

    async def _keep(self, dest: Postable, channel: str, user: str, note: int) -> None:
        """Remember a new takeover note (an older one of the same player loses its button)."""
        notes = await self._of(channel)
        old = notes.get(user)
        if old is not None:
            await self._retire_note(dest, old, None)
        notes[user] = note
        await self._save(channel, notes)

    async def retire(self, dest: Postable, channel: str) -> None:
        """Once a player's seat is back (his button, /resume, a /replace, his own move) or
        the game is over, his takeover note loses its "Take my seat back" button (pressing
        it again could only be refused), and says so when he plays again."""
        notes = await self._of(channel)
        if not notes:
            return
        for user, note in list(notes.items()):
            state = await self.service.seats.standing(channel, user)
            # another task may have retired it meanwhile (the lock is not held here)
            if state == "held" or notes.pop(user, None) is None:
                continue
            text = None
            if state == "back":
                with speaking_to_table(self.service, channel):
                    text = _("✅ {mention} has the seat back.", mention=user_mention(user))
            await self._retire_note(dest, note, text)
        await self._save(channel, notes)

    async def _retire_note(self, dest: Postable, note: int, text: str | None) -> None:
        """The note without its button (and with ``text``, if given)."""
        try:
            message = dest.get_partial_message(note)
            if text is None:
                await message.edit(view=None)
            else:
                none = discord.AllowedMentions.none()
                await message.edit(content=text, view=None, allowed_mentions=none)
        except discord.HTTPException as exc:
            log.debug("could not retire the takeover note %s: %s", note, exc)
