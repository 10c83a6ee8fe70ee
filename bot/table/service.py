"""The table service: lobbies, seats, permissions, command dispatch and persistence.

One transport-free service that both the Discord adapter and the terminal table drive; adapters
only translate (a slash command or a typed line in, :mod:`bot.table.outputs` data out). How it works
is described in :mod:`bot.table`, whose modules do the work; :class:`TableService` composes
the table's parts - each built here with what it needs - and one
:class:`bot.table.runner.ChannelRunner` that runs their work under each channel's lock in a
thread pool. Adapters call the parts, each of which runs its own work through the runner:
``service.play`` (commands, AI seats resumed, the game's reads), ``service.lobby``,
``service.seats``, ``service.settings``, ``service.timers``, ``service.vote``,
``service.history``, ``service.stats`` and ``service.adapter_state``. This class only
composes them (and opens, closes and warms up the service): it forwards nothing.

The error contract (every public coroutine of the service and of its parts): **an adapter
never sees an exception** - not for a refusal, not for a failure. A refusal is data: an
action returns an :class:`~bot.table.outputs.Outcome` (``accepted`` false, ``error``,
``code``), a read a :class:`~bot.table.outputs.Reply` or, when its value is not text (a game
card, a replay, the leaderboard), an :class:`~bot.table.outputs.Answer` (``value`` ``None``,
``error``, ``code``); an unexpected failure is logged and answered as :attr:`Code.INTERNAL`.
The few reads an adapter only uses to decorate (``play.view``, ``play.decision(s)``,
``play.options_for``, ``play.choices_for``, ``play.choosing``, ``play.game_of``,
``lobby.choice``, ``seats.standing``, ``vote.status``) answer a neutral value (``None``,
empty, a fresh lobby's, ``none``) instead, as each one documents. Every public coroutine
of every part in :attr:`TableService.parts` keeps this contract
(``tests/test_error_contract.py`` calls each).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.storage.records import utcnow
from bot.storage.repositories import Database
from bot.storage.store import DEFAULT_SYNCHRONOUS, open_database
from bot.table.adapter_state import AdapterState
from bot.table.ai_driving import AiDriver
from bot.table.ai_plan import AiPlans
from bot.table.archiving import Archiving
from bot.table.commit import Committer
from bot.table.dispatch import RenderDispatch, hand_mode
from bot.table.handover import Handover
from bot.table.history import History, HistoryCommands
from bot.table.languages import Languages
from bot.table.lobby import Lobby
from bot.table.metrics import Metrics
from bot.table.outputs import ImageKind
from bot.table.play import Play
from bot.table.presentation import Presenter
from bot.table.reads import Reads
from bot.table.records import SNAPSHOT_EVERY, Tables
from bot.table.render import Renderer, default_renderer
from bot.table.restore import Restore
from bot.table.runner import ChannelRunner
from bot.table.saves import Saves
from bot.table.seats import Seats
from bot.table.session import Session
from bot.table.settings import TableSettings
from bot.table.stats import Stats, StatsCommands
from bot.table.teardown import Teardown
from bot.table.timers import Timers
from bot.table.vote import PauseVote
from engine.core import JSON
from engine.registry import table_registrations

__all__ = ["TableService"]

log = logging.getLogger("bot.service")


class TableService:
    """See the module docstring. Every public coroutine is safe to call concurrently.

    The parts adapters call (:attr:`parts`): ``play``, ``lobby``, ``seats``, ``settings``,
    ``timers``, ``vote``, ``history``, ``stats`` and ``adapter_state``. Below them, built here
    with explicit dependencies: ``restore`` (loading, replaying and verifying games), ``draw``
    (render dispatch: renderer, image modes, render figures), ``committer`` (the committed
    path of a move; its ``before_commit`` test hook), ``ai`` (AI seats), ``presenter``
    (outputs), ``session`` (a running game's moves), ``reads``, ``archiving``, ``handover``
    (every seat handed to an AI) and ``teardown`` (every end of a game); ``tables`` holds the
    channels in memory, ``runner`` runs the parts' work.
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
        hand = hand_mode(hand_images)
        self._owns_storage = owns_storage
        self._owns_executor = executor is None
        self._executor: Executor = executor or ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="table"
        )
        self.tables = Tables()
        #: The Prometheus metrics (bot/table/metrics.py): counted by the runner and the
        #: timers, the rest read from the parts when scraped (#27).
        self.metrics = Metrics()
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
            metrics=self.metrics,
        )
        #: Render processes (``render_processes``); each channel always renders in the same
        #: one, so its caches (panels, PNG bands) hold that channel's last images.
        self.draw = RenderDispatch(
            renderer if renderer is not None else default_renderer(),
            render_processes=render_processes,
            images=images,
            hand_images=hand,
        )
        self.metrics.watch(
            live_tables=self.tables.live_count, renders=self.draw.counts, pool=self.pool_stats
        )
        #: the one end of a game: every way a game ends goes through it (abort, the vote,
        #: the last human leaving, archiving, the last move)
        self.teardown = Teardown(storage)
        self.restore = Restore(storage.games, on_finish=self.teardown.finished)
        self.committer = Committer(storage.games, self.restore, snapshot_every, self.teardown)
        #: ``max_ai_moves``: how many AI moves ``start``/``command``/``resume`` play at most
        #: in a row (``None``: until a human must decide or the game ends). With a limit, an
        #: adapter drives the rest with ``play.advance`` (e.g. to show or stop an AI-only game
        #: move by move).
        self.ai = AiDriver(self.committer, max_ai_moves)
        #: the next AI move worked out before it is made (an adapter pacing a takeover)
        self.plans = AiPlans(self.tables, self.ai, self.runner)
        self.presenter = Presenter(self.draw, self.languages)
        self.session = Session(
            storage.games,
            storage.lobby,
            storage.takeovers,
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
            self.runner,
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
            storage.games, storage.lobby, storage.takeovers, self.restore, self.session, self.draw
        )
        #: /history, a game's card, /replay (bot/table/history.py)
        self.history = HistoryCommands(
            self.runner,
            History(storage.history, storage.games, lambda view: self.draw.render("board", view)),
        )
        #: /stats, /leaderboard, the server's stats setting (bot/table/stats.py)
        self.stats = StatsCommands(self.runner, Stats(storage.stats))
        #: /settings: the table's timer settings and language (bot/table/settings.py)
        self.settings = TableSettings(storage, self.restore, self.languages, self.runner)
        self.archiving = Archiving(storage, self.restore, self.teardown)
        #: stored games read outside a loaded table (a terminal's saves; bot/table/saves.py)
        self.saves = Saves(storage.games, storage.history, storage.lobby, self.runner)
        #: the turn timers and archiving: tick, posted, next_due (bot/table/timers.py)
        self.timers = Timers(
            self.runner,
            storage.timer_settings,
            storage.deadlines,
            storage.takeovers,
            storage.archive_clock,
            storage.lobby,
            storage.games,
            self.restore,
            self.presenter,
            self.handover,
            self.vote,
            self.archiving.archive,
        )
        #: a running game's commands and reads (bot/table/play.py)
        self.play = Play(self.runner, self.session, self.reads, self.timers, storage.games)
        #: values an adapter keeps across restarts (bot/table/adapter_state.py)
        self.adapter_state = AdapterState(self.runner, storage.adapter_state)
        #: Every part an adapter calls: each one's public coroutines keep the error contract.
        self.parts: tuple[object, ...] = (
            self.play,
            self.lobby,
            self.seats,
            self.settings,
            self.timers,
            self.vote,
            self.history,
            self.stats,
            self.adapter_state,
            self.saves,
            self.plans,
        )

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

    def ping(self) -> None:
        """A cheap query through the storage (its schema version): raises if the database
        cannot be reached or is closed (``/readyz``, #27)."""
        backend: Any = getattr(self.storage, "connection", None)
        if backend is None:
            raise RuntimeError("this storage has no connection to check")  # not for players
        backend.schema_version()

    def pool_stats(self) -> dict[str, int]:
        """The database's connections: PostgreSQL's pool figures (``pool_size``,
        ``pool_available``, ``requests_waiting``, ...); SQLite has one connection."""
        stats = getattr(getattr(self.storage, "connection", None), "pool_stats", None)
        if callable(stats):
            return {str(k): int(v) for k, v in stats().items()}
        return {"pool_size": 1}

    async def aclose(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    def _persist_language(self, kind: str, key: str, lang: str) -> None:
        try:
            self.storage.languages.set_language(kind, key, lang)
        except Exception:  # a lost preference must never break the command it came with
            log.exception("storing the %s language of %s failed", kind, key)

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
