"""The table service: lobbies, seats, permissions, command dispatch and persistence.

One transport-free service that both the Discord adapter and the terminal table drive; adapters
only translate (a slash command or a typed line in, :mod:`bot.table.outputs` data out). How it works
is described in :mod:`bot.table`, whose modules do the work; :class:`TableService` composes
the table's parts - each built here with what it needs - and one
:class:`bot.table.runner.ChannelRunner` that runs their work under each channel's lock in a
thread pool. Some parts offer their adapter calls themselves (``service.settings``,
``service.vote``, ``service.seats``); the rest is still called through this class.

The error contract (every public coroutine of the service and of its parts): **an adapter
never sees an exception** - not for a refusal, not for a failure. A refusal is data: an
action returns an :class:`~bot.table.outputs.Outcome` (``accepted`` false, ``error``,
``code``), a read a :class:`~bot.table.outputs.Reply` or, when its value is not text (a game
card, a replay, the leaderboard), an :class:`~bot.table.outputs.Answer` (``value`` ``None``,
``error``, ``code``); an unexpected failure is logged and answered as :attr:`Code.INTERNAL`.
The few reads an adapter only uses to decorate (``view``, ``decision(s)``, ``options_for``,
``choices_for``, ``game_of``, ``lobby_choice``, ``seats.standing``, ``vote.status``) answer a
neutral value (``None``, empty, a fresh lobby's, ``none``) instead, as each one documents.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.storage.records import utcnow
from bot.storage.repositories import Database
from bot.storage.store import DEFAULT_SYNCHRONOUS, open_database
from bot.table import guard
from bot.table.ai_driving import AiDriver
from bot.table.archiving import Archiving
from bot.table.commit import Committer
from bot.table.dispatch import RenderDispatch
from bot.table.handover import Handover
from bot.table.history import GameCard, History, Replay
from bot.table.languages import Languages
from bot.table.lobby import Lobby
from bot.table.outputs import Answer, Code, DecisionInfo, ImageKind, Outcome, Reply
from bot.table.presentation import Presenter
from bot.table.reads import Reads
from bot.table.records import MAX_OPTIONS, SNAPSHOT_EVERY, Refused, Tables
from bot.table.render import Renderer, default_renderer
from bot.table.restore import Restore
from bot.table.rules import rules_help
from bot.table.runner import ChannelRunner
from bot.table.seats import Seats
from bot.table.session import Session
from bot.table.settings import DEFAULT_ARCHIVE_DAYS, TableSettings
from bot.table.stats import Stats
from bot.table.teardown import Teardown
from bot.table.timers import TimerEvent, Timers
from bot.table.vote import PauseVote
from engine.core import JSON, IllegalMove, Option
from engine.i18n.shared import _
from engine.registry import first_registered, table_registrations

__all__ = ["TableService"]

log = logging.getLogger("bot.service")


class TableService:
    """See the module docstring. Every public coroutine is safe to call concurrently.

    The table's parts, built here with explicit dependencies: ``restore``
    (loading and replaying games), ``draw`` (render dispatch), ``committer`` (the committed
    path of a move), ``ai`` (AI seats), ``presenter`` (outputs), ``session`` (a running
    game's commands), ``lobby``, ``reads``, ``settings``, ``vote``, ``seats``, ``timers``,
    ``archiving``, ``handover`` (every seat handed to an AI) and ``teardown`` (every end of
    a game); ``tables`` holds the channels in memory, ``runner`` runs the parts' work.
    """

    def __init__(
        self,
        storage: Database,
        renderer: Renderer | None = None,
        *,
        workers: int = 4,
        executor: Executor | None = None,
        render_processes: int = 0,
        snapshot_every: int = SNAPSHOT_EVERY,
        images: bool = True,
        hand_images: bool | str = True,
        owns_storage: bool = False,
        max_ai_moves: int | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.storage = storage
        #: The clock the turn timers run on (the real one in production and at the terminal;
        #: SimCord's virtual clock or a fake one in tests).
        self.clock = clock
        hand = "always" if hand_images is True else "off" if hand_images is False else hand_images
        if hand not in ("always", "settled", "off"):
            modes = "always, settled or off"  # not for players
            raise ValueError(f"hand_images must be {modes}, not {hand_images!r}")  # not for players
        self._owns_storage = owns_storage
        self._owns_executor = executor is None
        self._executor: Executor = executor or ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="table"
        )
        self.tables = Tables()
        #: Who reads which language: each table's, each person's (bot/table/languages.py).
        #: Adapters note a person's locale with every command and set it in force
        #: (``engine.i18n.speaking``) around the call: answers only the sender reads are said
        #: in it; the service says public outputs in the table's language, private ones in
        #: their reader's.
        self.languages = Languages(self._persist_language)
        for kind, key, lang in storage.languages.languages():
            self.languages.load(kind, key, lang)
        #: How every part's work runs for an adapter: worker pool, channel lock, language,
        #: refusals as data, the timers synced after each action (bot/table/runner.py).
        self.runner = ChannelRunner(
            self.tables,
            self._executor,
            self.languages,
            clock,
            lambda table, now, mover: self.timers.sync(table, now, mover),
        )
        #: Render processes (``render_processes``); each channel always renders in the same
        #: one, so its caches (panels, PNG bands) hold that channel's last images.
        self.draw = RenderDispatch(
            renderer if renderer is not None else default_renderer(),
            render_processes=render_processes,
            images=images,
            hand_images=hand,
        )
        #: the one end of a game: every way a game ends goes through it (abort, the vote,
        #: the last human leaving, archiving, the last move)
        self.teardown = Teardown(storage)
        self.restore = Restore(storage.games, on_finish=self.teardown.finished)
        self.committer = Committer(storage.games, self.restore, snapshot_every, self.teardown)
        #: ``max_ai_moves``: how many AI moves ``start``/``command``/``resume`` play at most
        #: in a row (``None``: until a human must decide or the game ends). With a limit, an
        #: adapter drives the rest with :meth:`advance` (e.g. to show or stop an AI-only game
        #: move by move).
        self.ai = AiDriver(self.committer, max_ai_moves)
        self.presenter = Presenter(self.draw, self.languages)
        self.session = Session(
            storage.games,
            storage.lobby,
            storage.timers,
            self.restore,
            self.committer,
            self.ai,
            self.presenter,
        )
        #: the one path that hands a running game's seat to an AI (timeouts, votes, /kick,
        #: /leave, /replace)
        self.handover = Handover(storage, self.ai, self.presenter)
        #: the vote at a pause (bot/table/vote.py)
        self.vote = PauseVote(storage, self.restore, self.handover, self.teardown, self.runner)
        #: a running game's seats: /resume, /kick, /replace, leaving (bot/table/seats.py)
        self.seats = Seats(
            storage,
            self.restore,
            self.presenter,
            self.handover,
            self.vote,
            self.teardown,
            self.session.no_game,
            self.runner,
        )
        self.lobby = Lobby(
            storage.lobby,
            storage.games,
            self.restore,
            self.session,
            self.ai,
            self.presenter,
            self.seats,
            self.teardown,
        )
        self.reads = Reads(
            storage.games, storage.lobby, storage.timers, self.restore, self.session, self.draw
        )
        self.history = History(
            storage.history, storage.games, lambda view: self.draw.render("board", view)
        )
        self.stats = Stats(storage.stats)  # /stats, /leaderboard (bot/table/stats.py)
        #: /settings: the table's timer settings and language (bot/table/settings.py)
        self.settings = TableSettings(storage, self.restore, self.languages, self.runner)
        self.archiving = Archiving(storage, self.restore, self.teardown)
        self.timers = Timers(
            storage.timers,
            storage.lobby,
            storage.games,
            self.restore,
            self.presenter,
            self.handover,
            self.vote,
        )

    @property
    def max_ai_moves(self) -> int | None:
        return self.ai.max_ai_moves

    @property
    def snapshot_every(self) -> int:
        return self.committer.snapshot_every

    @property
    def before_commit(self) -> Callable[[str, int], None] | None:
        """Test hook: called (in the worker thread) after a move was validated and applied
        to the clone, just before the commit. If it raises, nothing is committed or swapped."""
        return self.committer.before_commit

    @before_commit.setter
    def before_commit(self, hook: Callable[[str, int], None] | None) -> None:
        self.committer.before_commit = hook

    @property
    def renderer(self) -> Renderer:
        return self.draw.renderer

    @renderer.setter
    def renderer(self, renderer: Renderer) -> None:
        self.draw.renderer = renderer

    @property
    def images(self) -> bool:
        return self.draw.images

    @property
    def hand_images(self) -> str:
        return self.draw.hand_images

    @hand_images.setter
    def hand_images(self, mode: str) -> None:
        self.draw.hand_images = mode

    @property
    def render_stats(self) -> dict[str, int]:
        """Images rendered per kind."""
        return self.draw.stats

    @render_stats.setter
    def render_stats(self, stats: dict[str, int]) -> None:
        self.draw.stats = stats

    @property
    def render_seconds(self) -> dict[str, float]:
        """Seconds spent rendering per kind (wall, including a process hop)."""
        return self.draw.seconds

    @render_seconds.setter
    def render_seconds(self, seconds: dict[str, float]) -> None:
        self.draw.seconds = seconds

    @classmethod
    def open(
        cls,
        path: str | Path,
        renderer: Renderer | None = None,
        *,
        synchronous: str = DEFAULT_SYNCHRONOUS,
        **kwargs: Any,
    ) -> TableService:
        """Open (creating / migrating) the database at ``path`` - a SQLite file, or a
        ``postgresql://…`` address (:func:`bot.storage.store.open_database`) - and wrap it
        (``synchronous``: SQLite's, see :meth:`SqliteDatabase.open`)."""
        storage = open_database(path, synchronous=synchronous)
        return cls(storage, renderer, owns_storage=True, **kwargs)

    def close(self) -> None:
        """Stop the worker pools (waiting for running jobs) and close owned storage."""
        if self._owns_executor:
            self._executor.shutdown(wait=True)
        self.draw.close()
        if self._owns_storage:
            self.storage.close()

    async def aclose(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    def loaded_channels(self) -> list[str]:
        """Channels whose table is in memory (for tests: restarts are lazy)."""
        return self.tables.loaded_channels()

    def _persist_language(self, kind: str, key: str, lang: str) -> None:
        try:
            self.storage.languages.set_language(kind, key, lang)
        except Exception:  # a lost preference must never break the command it came with
            log.exception("storing the %s language of %s failed", kind, key)

    def render_cpu_seconds(self) -> float:
        """CPU seconds the render processes have used so far (0.0 without any): for
        benchmarks, which see only this process's own CPU time otherwise."""
        return self.draw.cpu_seconds()

    async def warm_up(self) -> None:
        """Render the board and a hand once for a fresh game of every registered game (in every
        render process), so the renderers' one-time caches are built before the first move."""
        calls: list[tuple[ImageKind, JSON]] = []
        for reg in table_registrations():
            game = reg.parts().game
            state = game.new_state([f"P{i + 1}" for i in range(game.max_players)], 1)
            calls += [("board", state.public_view()), ("hand", state.player_view(0))]
        if self.draw.procs:
            loop = asyncio.get_running_loop()
            jobs = [
                loop.run_in_executor(self._executor, functools.partial(proc.render, k, v))
                for proc in self.draw.procs
                for k, v in calls
            ]
            await asyncio.gather(*jobs, return_exceptions=True)
        else:
            for kind, view in calls:
                await self.runner.run(self.draw.render, kind, view)

    def verify(self, game_id: int) -> str:
        """Full check of a stored game (finished ones too): replay every move from the seed,
        check each is stored canonically, and compare the engine's state hash with the latest
        stored snapshot where it was taken and, for a finished game, with its stored final
        hash (its snapshots are gone). Returns the final state hash."""
        return self.restore.replay_checked(game_id).state_hash()

    async def join(
        self,
        channel_id: str | int,
        user_id: str | int,
        name: str,
        game: str | None = None,
        guild_id: str | int | None = None,
    ) -> Outcome:
        """Sit down at the channel's table (opening it); ``game`` chooses what to play."""
        guild = None if guild_id is None else str(guild_id)
        return await self.runner.guarded(
            "join", channel_id, user_id, self.lobby.join, str(user_id), name, game, guild
        )

    async def leave(
        self, channel_id: str | int, user_id: str | int, ai_level: str | None = None
    ) -> Outcome:
        """Leave the lobby; during a game, an AI (``ai_level``, default random) takes the
        seat over (if no human would be left, the game is aborted)."""
        return await self.runner.guarded(
            "leave",
            channel_id,
            user_id,
            self.lobby.leave,
            str(user_id),
            ai_level,
            self.runner.now(),
        )

    async def start(
        self,
        channel_id: str | int,
        user_id: str | int,
        seed: int | None = None,
        game: str | None = None,
        can_manage: bool = False,
        options: Mapping[str, str] | None = None,
    ) -> Outcome:
        """Start the game with everybody seated (a seated player may start it, or a channel
        manager - ``can_manage``, decided by the adapter - e.g. a table of AI seats only).
        ``options`` (name -> text, declared by the game's registration) override the lobby's."""
        start = (str(user_id), seed, game, can_manage, options)
        return await self.runner.guarded("start", channel_id, user_id, self.lobby.start, *start)

    async def set_options(
        self, channel_id: str | int, user_id: str | int, options: Mapping[str, str]
    ) -> Outcome:
        """A seated player sets the lobby's game options (``{}``: list them); they are stored
        (a restart keeps them), shown in the lobby and /status, and passed to ``new_state``."""
        return await self.runner.guarded(
            "set_options",
            channel_id,
            user_id,
            self.lobby.set_options,
            str(user_id),
            options,
        )

    async def choose_game(self, channel_id: str | int, user_id: str | int, game: str) -> Outcome:
        """A seated player switches the lobby to ``game`` (the seats must fit it); its options
        start from their defaults."""
        return await self.runner.guarded(
            "choose_game", channel_id, user_id, self.lobby.choose_game, str(user_id), game
        )

    async def abort(
        self, channel_id: str | int, user_id: str | int, can_manage: bool = False
    ) -> Outcome:
        """Abort the running game (or close the lobby): the host or a channel manager
        (``can_manage``, decided by the adapter) may do it."""
        return await self.runner.guarded(
            "abort", channel_id, user_id, self.lobby.abort, str(user_id), can_manage
        )

    async def add_ai(
        self,
        channel_id: str | int,
        user_id: str | int,
        level: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """Add an AI seat to the lobby (``level`` from :func:`bot.table.ai_seat.ai_levels`): a
        seated player may, or a channel manager (``can_manage``) without being seated."""
        return await self.runner.guarded(
            "add_ai", channel_id, user_id, self.lobby.add_ai, str(user_id), level, can_manage
        )

    async def remove_ai(
        self, channel_id: str | int, user_id: str | int, seat: int | None = None
    ) -> Outcome:
        """Remove the last AI seat (or the AI at 1-based ``seat``) from the lobby."""
        return await self.runner.guarded(
            "remove_ai", channel_id, user_id, self.lobby.remove_ai, str(user_id), seat
        )

    async def command(
        self,
        channel_id: str | int,
        user_id: str | int,
        text: str,
        idempotency_key: str | int | None = None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        """A player's move for the running game, as typed (e.g. ``take A``).

        ``expect_seq`` (and ``expect_game``): the move number (game id) the sender saw, e.g.
        from a button's :class:`DecisionInfo`; if the game has moved on, the command is
        refused with :attr:`Code.STALE` (checked under the channel's lock)."""
        key = None if idempotency_key is None else str(idempotency_key)
        return await self.runner.guarded(
            "command",
            channel_id,
            user_id,
            self.session.command,
            str(user_id),
            text,
            key,
            expect_seq,
            expect_game,
        )

    async def resume(self, channel_id: str | int) -> Outcome:
        """Let AI seats take decisions left pending (e.g. a restart interrupted an AI chain);
        an adapter may call it for each of :meth:`active_channels` at start-up. Commands do
        this on their own before handling a human's move."""
        return await self.runner.guarded("resume", channel_id, None, self.session.resume)

    async def advance(self, channel_id: str | int, max_moves: int | None = None) -> Outcome:
        """Play pending AI moves: at most ``max_moves`` (``None``: until a human must decide
        or the game ends). With ``max_moves=1`` an adapter can step a game of AI seats only
        (started with the ``max_ai_moves`` option) and stop it whenever it likes. Accepted
        with no updates when no AI must decide."""
        return await self.runner.guarded(
            "advance", channel_id, None, self.session.resume, max_moves
        )

    async def view(self, channel_id: str | int, user_id: str | int | None = None) -> JSON | None:
        """The channel's game as the engine shows it: the public view, or with ``user_id``
        that seated player's own view (``None`` if he is not seated: never another seat's),
        plus ``seq``: the number of moves made. The running game, else the last finished one
        while it is remembered; ``None`` if there is none."""
        uid = None if user_id is None else str(user_id)
        try:
            return await self.runner.read(channel_id, self.reads.view, uid)
        except Refused:
            return None
        except Exception:
            log.exception("view failed in channel %s", channel_id)
            return None

    async def board(self, channel_id: str | int) -> Reply:
        """The board image (and a one-line status) for the channel."""
        return await guard.guarded_reply(
            "board", channel_id, self.runner.read(channel_id, self.reads.board)
        )

    async def hand(self, channel_id: str | int, user_id: str | int) -> Reply:
        """A player's private view: his hand and other secrets (private)."""
        return await guard.guarded_reply(
            "hand", channel_id, self.runner.read(channel_id, self.reads.hand, str(user_id)), True
        )

    async def status(self, channel_id: str | int) -> Reply:
        """The lobby or the game in words: who is where, who must decide what."""
        reply = await guard.guarded_reply(
            "status", channel_id, self.runner.read(channel_id, self.reads.status)
        )
        if not reply.ok:
            return reply
        try:
            extra = await self.runner.read(channel_id, self.timers.status_lines, self.runner.now())
        except Exception:
            log.exception("timer status failed in channel %s", channel_id)
            return reply
        lines = (reply.lines or tuple(reply.text.split("\n"))) + tuple(extra)
        return replace(reply, text="\n".join(lines), lines=lines)

    async def log(self, channel_id: str | int, limit: int = 10) -> Reply:
        """The last ``limit`` moves in words (public texts only: no secret values)."""
        return await guard.guarded_reply(
            "log", channel_id, self.runner.read(channel_id, self.reads.log, limit)
        )

    async def rules(
        self,
        topic: str | None = None,
        game: str | None = None,
        channel_id: str | int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> Reply:
        """Short rules help per topic of ``game`` (else the game of ``channel_id``'s table, else
        - nobody has chosen one - the game a fresh lobby offers), citing rule IDs; as they
        read with ``options`` (else the options of ``channel_id``'s table when it plays that
        game: a variant's rules)."""
        try:
            if channel_id is not None and (game is None or options is None):
                try:
                    table_game = await self.runner.read(channel_id, self.reads.game_of)
                    if game is None or table_game == game:
                        game = table_game
                        if options is None:
                            options = await self.runner.read(channel_id, self.reads.options_of)
                except Refused:  # no usable channel (e.g. a DM): no game chosen there
                    pass
            chosen = game if game is not None else first_registered()
            return rules_help(topic, chosen, options)
        except IllegalMove as exc:
            return Reply.refuse(Code.UNKNOWN_GAME, str(exc))

    async def game_of(self, channel_id: str | int) -> str | None:
        """The game of the channel's table: running, else the lobby's choice, else the last one
        (``None``: no table, or no usable channel)."""
        try:
            return await self.runner.read(channel_id, self.reads.game_of)
        except Refused:
            return None

    async def lobby_choice(self, channel_id: str | int) -> tuple[str, dict[str, str]]:
        """The lobby's game and option texts (the lobby message's menus show them); a fresh
        lobby's game and no option texts if the table cannot be read."""
        try:
            return await self.runner.read(channel_id, self.reads.lobby_choice)
        except Refused:
            return first_registered(), {}
        except Exception:
            log.exception("lobby_choice failed in channel %s", channel_id)
            return first_registered(), {}

    async def options_for(
        self,
        channel_id: str | int,
        user_id: str | int,
        prefix: str = "",
        limit: int | None = MAX_OPTIONS,
    ) -> list[str]:
        """That user's legal commands now, filtered by the typed prefix (for autocomplete)."""
        try:
            return await self.runner.read(
                channel_id, self.reads.options, str(user_id), prefix, limit
            )
        except Refused:
            return []
        except Exception:
            log.exception("options_for failed in channel %s", channel_id)
            return []

    async def choices_for(
        self,
        channel_id: str | int,
        user_id: str | int,
        prefix: str = "",
        limit: int | None = MAX_OPTIONS,
    ) -> list[Option]:
        """That user's legal options now as typed values (verb, arguments, command): what the
        adapters list and label; empty as :meth:`options_for`."""
        try:
            return await self.runner.read(
                channel_id, self.reads.choices, str(user_id), prefix, limit
            )
        except Refused:
            return []
        except Exception:
            log.exception("choices_for failed in channel %s", channel_id)
            return []

    async def options_reason(self, channel_id: str | int, user_id: str | int) -> str | None:
        """Why :meth:`options_for` has nothing for that user: ``None`` if he has options now,
        else a :class:`Code` - ``NOT_SEATED``, ``NOT_YOUR_DECISION``, ``GAME_OVER`` or
        ``NO_GAME`` (``INTERNAL`` if the table cannot be read)."""
        try:
            return await self.runner.read(channel_id, self.reads.options_reason, str(user_id))
        except Refused as refused:
            return refused.code
        except Exception:
            log.exception("options_reason failed in channel %s", channel_id)
            return Code.INTERNAL

    async def decision(self, channel_id: str | int) -> DecisionInfo | None:
        """Who must decide now in the channel's game (e.g. to rebuild buttons at start-up)."""
        try:
            return await self.runner.read(channel_id, self.reads.decision)
        except Refused:
            return None
        except Exception:
            log.exception("decision failed in channel %s", channel_id)
            return None

    async def decisions(self, channel_id: str | int) -> tuple[DecisionInfo, ...]:
        """Every open decision (several when seats decide at once, e.g. a sealed choice)."""
        try:
            return await self.runner.read(channel_id, self.reads.decisions)
        except Refused:
            return ()
        except Exception:
            log.exception("decisions failed in channel %s", channel_id)
            return ()

    async def history_lines(self, channel_id: str | int) -> list[str]:
        """The channel's finished and aborted games, newest first, one line each."""
        return await self.runner.run(self.history.listing, str(channel_id))

    async def game_card(self, channel_id: str | int, game_id: int) -> Answer[GameCard]:
        """One closed game of the channel: result, final board, score graph (refused with
        :attr:`Code.NO_GAME` if the channel has no such game)."""
        card = self.runner.run(self.history.card, str(channel_id), game_id)
        return await guard.guarded_answer("game_card", channel_id, card)

    async def replay(self, channel_id: str | int, game_id: int | None = None) -> Answer[Replay]:
        """The animated replay of one closed game of the channel (``None``: its newest);
        refused with :attr:`Code.NO_GAME` if there is none."""
        return await guard.guarded_answer("replay", channel_id, self._replay(channel_id, game_id))

    async def _replay(self, channel_id: str | int, game_id: int | None) -> Replay:
        if game_id is None:
            game_id = await self.runner.run(self.history.last_closed, str(channel_id))
            if game_id is None:
                raise Refused(Code.NO_GAME, _("No finished game in this channel yet."))
        return await self.runner.run(self.history.replay, str(channel_id), game_id)

    # -- turn timers, takeovers, archiving -------------------------------------------------------

    async def tick(self, confirm: bool = False) -> list[TimerEvent]:
        """Fire every due reminder and timeout (each exactly once, also after a restart) and
        archive games nobody touched for their table's archive time; an adapter calls this
        periodically (or at :meth:`next_due`) and posts the events.

        ``confirm``: the adapter hands each event to :meth:`timer_posted` once it is posted;
        an event not confirmed (the process died before, or the post failed) is made again
        by the next ``tick(confirm=True)`` - also in a new process - while it still applies:
        a crash between a timer's firing and its post loses no announcement."""
        now = self.runner.now()
        events: list[TimerEvent] = []
        channels = await self.runner.run(self._timer_channels, now, confirm)
        for channel in channels:
            try:
                fire = self.runner.in_table_language(self.timers.fire)
                events += await self.runner.locked(channel, fire, now, confirm)
            except Exception:
                log.exception("timers failed in channel %s", channel)
        stale = await self.runner.run(self.storage.timers.stale_games, now, DEFAULT_ARCHIVE_DAYS)
        for channel, game_id in stale:
            try:
                archive = self.runner.in_table_language(self.archiving.archive)
                events += await self.runner.locked(channel, archive, game_id, now)
            except Exception:
                log.exception("archiving failed in channel %s", channel)
        return events

    def _timer_channels(self, now: float, confirm: bool) -> list[str]:
        """Channels with a timer due (and with ``confirm``, an unconfirmed notice)."""
        due = self.storage.timers.due_channels(now)
        if not confirm:
            return due
        return sorted({*due, *self.storage.timers.notice_channels()})

    async def timer_posted(self, event: TimerEvent) -> None:
        """The adapter posted ``event`` (of ``tick(confirm=True)``): it is not made again."""
        await self.runner.run(self.timers.posted, event)

    async def next_due(self) -> float | None:
        """When (epoch seconds of :attr:`clock`) the next reminder or timeout is due."""
        return await self.runner.run(self.storage.timers.next_due)

    async def active_channels(self) -> list[str]:
        """Channels with an open game in storage (nothing is loaded)."""
        return await self.runner.run(self.storage.games.active_channels)

    async def adapter_state(self, scope: str, key: str) -> str | None:
        """A value an adapter stored with :meth:`set_adapter_state` (e.g. the id of a
        table's current message), kept in the database across restarts."""
        return await self.runner.run(self.storage.adapter_state.get_adapter_state, scope, key)

    async def set_adapter_state(self, scope: str, key: str, value: str | None) -> None:
        """Remember (``None``: forget) a small adapter value across restarts."""
        await self.runner.run(self.storage.adapter_state.set_adapter_state, scope, key, value)

    async def stats_lines(self, guild_id: str | int | None, user_id: str | int) -> list[str]:
        """A person's games, wins and average rank per game in a server (``None``: tables
        without one), as the server's stats setting counts them."""
        return await self.runner.run(self.stats.player_lines, str(guild_id or ""), str(user_id))

    async def leaderboard_lines(
        self, guild_id: str | int | None, game: str | None
    ) -> Answer[list[str]]:
        """The server's rating leaderboard of ``game`` (``None``: every rated game); refused
        with :attr:`Code.UNKNOWN_GAME` for an unknown game."""
        lines = self.runner.run(self.stats.leaderboard_lines, str(guild_id or ""), game)
        return await guard.guarded_answer("leaderboard", guild_id or "", lines)

    async def stats_setting(
        self,
        guild_id: str | int | None,
        *,
        count_aborted: bool | None = None,
        count_takeover: bool | None = None,
    ) -> str:
        """Change (``None``: keep) whether the server's stats count aborted games and games
        with an AI takeover - its ratings are recomputed - and say what it counts now."""
        return await self.runner.run(
            self.stats.setting_line, str(guild_id or ""), count_aborted, count_takeover
        )
