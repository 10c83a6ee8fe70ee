"""The Discord client (:class:`TableBot`): it composes the bot's parts and runs their life cycle.

A thin adapter over :class:`bot.table.service.TableService`, one object per job:

* the **features** (:mod:`bot.discord.features`): one :class:`discord.ext.commands.Cog` each
  (lobby, seats, settings, vote, play, reads, help, history, stats, admin), its slash commands
  declared once in its class; their commands make the command tree;
* the **component router** (:mod:`bot.discord.components`): a click or a choice to the
  feature's action it stands for;
* the shared services the features receive explicitly: the table service, the answers to an
  interaction (:mod:`bot.discord.replies`), the path of every table action
  (:mod:`bot.discord.actions`), the live table messages (:mod:`bot.discord.table`), hands by DM
  (:mod:`bot.discord.dm`), the channel's notes (:mod:`bot.discord.notes`) and the turn timers'
  posts (:mod:`bot.discord.timer_posts`).

**Start-up** resumes every running table (AI seats take the decisions a restart left them;
every table's current message is brought up to date) and then sets ``tables_resumed``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord.actions import TableActions
from bot.discord.components import ComponentRouter
from bot.discord.dm import HandMail
from bot.discord.features.admin import AdminCog, sync_commands
from bot.discord.features.help import HelpCog
from bot.discord.features.history import HistoryCog
from bot.discord.features.lobby import LobbyCog
from bot.discord.features.play import PlayCog
from bot.discord.features.reads import ReadsCog
from bot.discord.features.seats import SeatsCog
from bot.discord.features.settings import SettingsCog
from bot.discord.features.stats import StatsCog
from bot.discord.features.vote import VoteCog
from bot.discord.kinds import Interaction
from bot.discord.notes import Reminders, ResumeNotes, VoteMessages
from bot.discord.ops import Gate, refuse_restarting
from bot.discord.replies import Replies
from bot.discord.settings import Settings
from bot.discord.table import TableMessages
from bot.discord.timer_posts import TIMER_POLL_SECONDS, TimerPosts
from bot.discord.translator import CatalogTranslator
from bot.discord.views import DYNAMIC_ITEMS
from bot.table.service import TableService
from bot.table.shard_leases import ShardLeases
from engine.i18n import speaking
from engine.i18n.shared import _

__all__ = ["ShardedTableBot", "TableBot", "TableTree", "bot_for", "sync_commands"]

log = logging.getLogger("bot.discord")

NO_SERVICE = "this bot was built without a table service"  # not for players


class _NoService:
    """The service of a bot built without one (``create_bot(open_service=False)``: the command
    tree is listed or synced, no command runs): any use says so."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{NO_SERVICE} ({name})")


class TableTree(app_commands.CommandTree["TableBot"]):
    """The command tree: a failed check or an unexpected error answers the user privately."""

    def __init__(self, client: TableBot, replies: Replies) -> None:
        super().__init__(client)
        self.replies = replies

    async def _call(self, interaction: Interaction) -> None:
        """Every slash command and autocomplete: refused while the bot shuts down (#27),
        else run and counted in flight (a graceful shutdown waits for it)."""
        gate = self.client.gate
        if gate.closing:
            await refuse_restarting(interaction, self.replies)
            interaction.command_failed = True
            return
        async with gate.entered():
            ours: discord.Interaction[TableBot] = interaction  # type: ignore[assignment]
            await super()._call(ours)

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        replies = self.replies
        with speaking(replies.reader(interaction)):
            if isinstance(error, app_commands.NoPrivateMessage):
                await replies.answer(interaction, _("The games are played in server channels."))
                return
            if isinstance(error, app_commands.CheckFailure):
                await replies.answer(interaction, str(error) or _("You cannot use this command."))
                return
            await replies.apologize(interaction, "command", error)


class TableBot(discord.Client):
    """The Discord client: builds the shared services and the feature cogs, puts the cogs'
    commands on its tree, and runs start-up, the turn-timer loop and shutdown."""

    def __init__(
        self, settings: Settings, service: TableService | None, **client_options: Any
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # No voice here: keep discord.py from warning about voice libraries at start-up.
        discord.VoiceClient.warn_nacl = False
        if hasattr(discord.VoiceClient, "warn_dave"):
            discord.VoiceClient.warn_dave = False
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=True, replied_user=False
            ),
            **client_options,
        )
        self.settings = settings
        #: Interactions in flight; closed by a graceful shutdown (:meth:`wind_down`, #27).
        self.gate = Gate()
        self.sync_on_start = settings.sync_on_start
        self._service = service
        served = service if service is not None else cast(TableService, _NoService())
        # -- the shared services ----------------------------------------------------------
        self.replies = Replies(served)
        self.tree = TableTree(self, self.replies)
        #: the live table messages of every channel
        self.table = TableMessages(served)
        #: hands by DM (held until the turn ends; closed DMs remembered)
        self.mail = HandMail(self, served, enabled=settings.dm_hands)
        self.actions = TableActions(
            self,
            served,
            table=self.table,
            mail=self.mail,
            replies=self.replies,
            reminders=Reminders(served),
            votes=VoteMessages(served),
            resume_notes=ResumeNotes(served),
        )
        #: the turn-timer scheduler: asks the service for due reminders and timeouts (stored
        #: deadlines, so nothing is lost across a restart) every ``TIMER_POLL_SECONDS``
        self.timers = TimerPosts(self.actions)
        self.timer_loop: tasks.Loop[Any] = tasks.loop(seconds=TIMER_POLL_SECONDS)(self.timers.run)
        # -- the features -----------------------------------------------------------------
        lobby = LobbyCog(served, self.replies, self.actions)
        seats = SeatsCog(served, self.replies, self.actions)
        table_settings = SettingsCog(served, self.replies, self.actions)
        vote = VoteCog(served, self.replies, self.actions)
        reads = ReadsCog(served, self.replies)
        self.features: tuple[commands.Cog, ...] = (
            lobby,
            seats,
            table_settings,
            vote,
            PlayCog(served, self.replies, self.actions),
            reads,
            HelpCog(served, self.replies, self.tree),
            HistoryCog(served, self.replies),
            StatsCog(served, self.replies),
            AdminCog(self, self.tree, settings, self.replies),
        )
        for cog in self.features:
            for command in cog.get_app_commands():
                self.tree.add_command(command)
        #: the buttons and selects (``interaction.client.components``, :mod:`bot.discord.views`)
        self.components = ComponentRouter(
            served,
            self.replies,
            self.actions,
            lobby=lobby,
            seats=seats,
            settings=table_settings,
            vote=vote,
            reads=reads,
            gate=self.gate,
        )
        if service is not None and settings.shard_count is not None:
            # several processes on one database (#27): this one fires the timers of, and
            # resumes, the tables of its own shards' guilds - and fires those of a shard
            # whose process died or hangs, once its lease ran out (bot/table/shard_leases.py)
            service.timers.serves = self.serves_guild
            count = settings.shard_count
            service.timers.shard_leases = ShardLeases(
                service.storage.adapter_state,
                count,
                frozenset(range(count) if settings.shard_ids is None else settings.shard_ids),
                self.shard_of,
            )
        self._resumed = False
        # Set when start-up has resumed every table (tests and tools wait for it).
        self.tables_resumed = asyncio.Event()
        self._closed_service = False
        # Registering the templates needs no network; setup_hook does it again (harmless).
        self._connection.store_dynamic_items(*DYNAMIC_ITEMS)

    def serves_guild(self, guild_id: str | None) -> bool:
        """Whether a guild's tables are this process's (#27): its guild is on one of the
        shards it runs (Discord's rule: ``(guild_id >> 22) % shard_count``); a table without
        a guild belongs to shard 0. Always, when not sharded."""
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None or ids is None:
            return True
        return self.shard_of(guild_id) in ids

    def shard_of(self, guild_id: str | None) -> int:
        """The shard of a guild (Discord's rule; a table without a guild: shard 0)."""
        count = self.settings.shard_count or 1
        return 0 if guild_id is None or not guild_id.isdigit() else (int(guild_id) >> 22) % count

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError(NO_SERVICE)
        return self._service

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # the commands' names and descriptions in ja/hu/it (bot/discord/translator.py)
        await self.tree.set_translator(CatalogTranslator())
        if self.sync_on_start != "off":
            guild = self.settings.dev_guild_id if self.sync_on_start == "guild" else None
            if self.sync_on_start == "guild" and guild is None:
                log.warning("CANALSIDE_SYNC_ON_START=guild needs CANALSIDE_DEV_GUILD; not syncing")
            else:
                synced = await sync_commands(self, guild_id=guild)
                log.info("synced %d commands (%s)", len(synced), guild or "global")

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s); %d guild(s)",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
        )
        if not self._resumed and self._service is not None:
            self._resumed = True
            try:
                await self.actions.resume_tables()
            finally:
                self.tables_resumed.set()
            if not self.timer_loop.is_running():
                self.timer_loop.start()

    async def wind_down(self, grace: float) -> bool:
        """A graceful shutdown's first half (#27): accept no new command or click (each is
        answered "the bot is restarting"), stop the turn-timer loop after its round, and wait
        up to ``grace`` seconds for the interactions and table actions in flight. Whether they
        all finished. :meth:`close` is the second half."""
        self.gate.close()
        if self.timer_loop.is_running():
            self.timer_loop.stop()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        finished = await self.gate.quiet(grace)
        if self._service is not None:
            try:
                left = max(0.0, deadline - loop.time())
                await asyncio.wait_for(self._service.runner.idle(), left)
            except TimeoutError:
                finished = False
        if not finished:
            log.warning("shutting down with work still running after %.0f s", grace)
        return finished

    async def close(self) -> None:
        self.timer_loop.cancel()
        await super().close()
        if self._service is not None and not self._closed_service:
            self._closed_service = True
            await self._service.aclose()


class ShardedTableBot(TableBot, discord.AutoShardedClient):
    """The bot over a range of Discord's shards (#27): ``settings.shard_count`` shards in all,
    this process running ``settings.shard_ids`` (all of them if not set). Several such
    processes share one PostgreSQL database; see docs/scaling.md."""

    def __init__(self, settings: Settings, service: TableService | None) -> None:
        if settings.shard_count is None:
            raise ValueError("a sharded bot needs settings.shard_count")  # not for players
        ids = None if settings.shard_ids is None else list(settings.shard_ids)
        super().__init__(settings, service, shard_count=settings.shard_count, shard_ids=ids)


def bot_for(settings: Settings, service: TableService | None) -> TableBot:
    """The client the settings ask for: sharded when a shard count is set (#27), else the one
    gateway connection of a plain :class:`discord.Client`, as before."""
    if settings.sharded:
        return ShardedTableBot(settings, service)
    return TableBot(settings, service)
