"""Answering the person behind an interaction: in his language, privately unless said otherwise,
within Discord's 3 seconds (a deferred "thinking…" first), and with a short apology and a
reference id when something unexpected fails (the service never half-applies a move)."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator

import discord

from bot.discord.kinds import Interaction, Work
from bot.discord.layout import CONTENT_MAX, clip_end, escape
from bot.discord.specs import MessageSpec
from bot.discord.speech import table_language
from bot.discord.views import send_kwargs
from bot.table.outputs import Code, Outcome
from bot.table.service import TableService
from engine.i18n import sentence, speaking
from engine.i18n.shared import _

__all__ = ["Replies", "channel_of"]

log = logging.getLogger("bot.discord")


def channel_of(interaction: Interaction) -> str:
    """The channel id of an interaction, as the service names channels."""
    return str(interaction.channel_id)


class Replies:
    """Every answer to an interaction goes through here: the reader's language, deferring,
    private or public answers, refusals and apologies."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: interactions acknowledged with a public "thinking…" (a private answer removes it)
        self._public_defers: set[int] = set()

    def reader(self, interaction: Interaction) -> str | None:
        """The language of the interaction's user, after noting what his client reports: his
        own locale, and (the table's language until ``/settings language`` chooses one) his
        server's preferred locale. ``None`` when the bot has no table service."""
        languages = getattr(self.service, "languages", None)
        if languages is None:
            return None
        channel = channel_of(interaction)
        server = getattr(interaction, "guild_locale", None)
        if interaction.guild_id is not None and server is not None:
            languages.note_server(channel, str(server))
        user = interaction.user.id
        locale = getattr(interaction, "locale", None)
        if locale is not None:
            languages.note_person(user, str(locale))
        return str(languages.person(user, languages.table(channel)))

    @contextlib.asynccontextmanager
    async def guarded(
        self, interaction: Interaction, what: str, *, public: bool = False
    ) -> AsyncIterator[None]:
        """One interaction's work, in its user's language (what only he reads: refusals,
        private answers, menus; the table's messages say themselves in the table's), or
        (``public``: a read posted for everyone, ``/board public:``) in the table's; an
        unexpected exception is logged with a reference id and answered with a short apology
        (the service never half-applies a move)."""
        lang = self.reader(interaction)
        if public:
            lang = table_language(self.service, channel_of(interaction)) or lang
        with speaking(lang):
            try:
                yield
            except Exception as exc:
                await self.apologize(interaction, what, exc)

    async def guard(
        self, interaction: Interaction, what: str, work: Work, *, public: bool = False
    ) -> None:
        """Await ``work`` :meth:`guarded`."""
        async with self.guarded(interaction, what, public=public):
            await work

    async def defer(self, interaction: Interaction, *, ephemeral: bool = True) -> None:
        """Acknowledge now (a private or public "thinking…"); answers follow as followups."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            if not ephemeral:
                self._public_defers.add(interaction.id)

    async def answer(self, interaction: Interaction, message: str | MessageSpec) -> None:
        """Answer the user: privately unless the spec says otherwise."""
        spec = MessageSpec(content=message, ephemeral=True) if isinstance(message, str) else message
        if spec.content is not None and len(spec.content) > CONTENT_MAX:
            spec = dataclasses.replace(spec, content=clip_end(spec.content, CONTENT_MAX))
        kwargs = send_kwargs(spec, ephemeral_ok=True)
        if not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
            return
        if spec.ephemeral and interaction.id in self._public_defers:
            # The first followup would replace the public "thinking…" and be public: remove it
            # so that this private answer stays private.
            self._public_defers.discard(interaction.id)
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        self._public_defers.discard(interaction.id)
        await interaction.followup.send(**kwargs)

    async def done_quietly(self, interaction: Interaction) -> None:
        """The action is visible in the channel: remove the private "thinking…" note."""
        self._public_defers.discard(interaction.id)
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.debug("could not delete the deferred response of %s", interaction.id)

    async def answer_via(self, interaction: Interaction, via: str, text: str) -> None:
        """Answer privately; in a private message's own interaction, by editing it."""
        if via == "private" and interaction.message is not None:
            if not interaction.response.is_done():
                await interaction.response.defer()
            await interaction.edit_original_response(content=clip_end(text, CONTENT_MAX), view=None)
            return
        await self.answer(interaction, text)

    async def apologize(self, interaction: Interaction, what: str, error: BaseException) -> str:
        ref = secrets.token_hex(4).upper()
        log.error(
            "unexpected error [ref %s] in %s: channel=%s guild=%s user=%s",
            ref,
            what,
            interaction.channel_id,
            interaction.guild_id,
            getattr(interaction.user, "id", None),
            exc_info=error,
        )
        try:
            await self.answer(
                interaction,
                _(
                    "Sorry — something went wrong on my side (reference `{ref}`). The game is "
                    "safe; please try again, or use /board to see where it stands.",
                    ref=ref,
                ),
            )
        except Exception:
            log.exception("could not tell the user about error %s", ref)
        return ref

    async def refuse(
        self,
        interaction: Interaction,
        what: str,
        outcome: Outcome,
        *,
        via: str = "slash",
        reoffer: MessageSpec | None = None,
    ) -> None:
        """A refused action: the service's reason, privately (an internal failure with a
        reference id); a refused choice in a private menu above the same menu, still live."""
        error = outcome.error or "refused"
        text: str
        if outcome.code == Code.DUPLICATE:
            text = _("Already done: {what}", what=error.removeprefix("already done: "))
        elif outcome.code == Code.INTERNAL:
            ref = secrets.token_hex(4).upper()
            log.error(
                "service failure [ref %s] in %s: channel=%s user=%s: %s",
                ref,
                what,
                interaction.channel_id,
                getattr(interaction.user, "id", None),
                error,
            )
            text = _("Sorry — {error} (reference `{ref}`).", error=error, ref=ref)
        else:
            text = escape(sentence(error))
        if via == "private" and reoffer is not None and outcome.code != Code.STALE:
            await self.reoffer(interaction, text, reoffer)
            return
        await self.answer_via(interaction, via, text)

    async def reoffer(self, interaction: Interaction, reason: str, menu: MessageSpec) -> None:
        """A refused choice in a private menu: the reason above the same menu, still live."""
        content = f"❌ {reason}" + (f"\n{menu.content}" if menu.content else "")
        kwargs = send_kwargs(dataclasses.replace(menu, content=clip_end(content, CONTENT_MAX)))
        if not interaction.response.is_done():
            await interaction.response.defer()
        await interaction.edit_original_response(
            content=kwargs.get("content"), view=kwargs.get("view")
        )
