"""The table service: lobbies, seats, permissions, command dispatch and persistence.

One transport-free service that both the Discord adapter and the terminal table drive; adapters
only translate (a slash command or a typed line in, :mod:`bot.outputs` data out).

How it works
------------
* **One table per channel.** A lobby (seats in SQLite), at most one running game, and an
  in-memory cache of the running game's state. The game is chosen at ``join`` or ``start``
  (``engine.games.get_game``); seat limits come from the game type.
* **A move** goes: the engine's parser (unknown command / malformed arguments), whose decision
  it is (not your decision, and whose it is), the engine's validation (illegal move, with the
  engine's reason), then ``apply`` on a *clone* of the state, one SQLite transaction
  (:meth:`Storage.append_move`, canonical text, unique ``(game, seq)``, idempotency key), and
  only after the commit succeeded the clone replaces the cached state. A crash or exception
  anywhere before the commit leaves the previous state in memory and on disk.
* **AI seats** are ordinary seats; after every accepted move, while an AI seat must decide, its
  policy (:mod:`bot.ai_seat`) is asked with that seat's player view only and its answer goes
  through the same validated, committed path (logged with ``user_id`` ``None``).
* **Outputs are data.** Each accepted command yields at most one public update for itself (all
  events coalesced) plus one per turn of AI seats that moved after it; the board image is
  attached when a turn ended, the game ended, or the next decision needs a look at the board.
  Event texts meant for one seat, and every change of a player's hand or tokens, become
  private updates for that player.
* **Persistence and restart.** Snapshots every :data:`SNAPSHOT_EVERY` moves and at the start;
  the end compacts the game (snapshots dropped, the final state hash kept, moves packed:
  :mod:`bot.storage_compact`), so :meth:`TableService.verify` replays it from the seed. A
  new process loads a channel lazily on first use: the latest snapshot (its hash checked with
  the engine's ``state_hash``) plus the moves after it, each replayed move checked to
  reproduce its stored canonical text; a channel's last finished game is only replayed from
  its seed (a few ms, checked against its final hash) when its channel is next used.
* **Concurrency.** One ``asyncio.Lock`` per channel serializes that channel's commands;
  engine, storage and rendering work runs in a shared thread pool (optionally rendering in a
  process pool), so one slow render never stalls other channels.

Every refusal is returned as ``Outcome(accepted=False, error=..., code=...)`` (see
:class:`bot.outputs.Code`), logged, and changes nothing; adapters never see an exception for a
bad command.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import json
import logging
import random
import secrets
import threading
import time
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from bot.ai_seat import AiPlayer, RandomAi, UnknownAiLevel, ai_level, ai_levels, get_ai
from bot.input_guard import command_problem, id_problem
from bot.outputs import (
    Code,
    DecisionInfo,
    ImageKind,
    Outcome,
    PrivateUpdate,
    PublicUpdate,
    Reply,
)
from bot.render_procs import RenderProcess
from bot.safe_text import normalize_name
from bot.storage import (
    DEFAULT_SYNCHRONOUS,
    AlreadyProcessed,
    AlreadySeated,
    DuplicateMove,
    FinalResult,
    GameInProgress,
    GameNotActive,
    GameRecord,
    OutOfOrderMove,
    PlayerInfo,
    SeatRecord,
    SnapshotData,
    Storage,
)
from engine.core import JSON, Decision, Event, Game, GameState, IllegalMove
from engine.games import GAMES, get_game
from engine.text import excerpt

__all__ = [
    "DEFAULT_GAME",
    "HAND_DECISIONS",
    "IMAGE_DECISIONS",
    "RULE_TOPICS",
    "SNAPSHOT_EVERY",
    "ModuleRenderer",
    "PlaceholderRenderer",
    "Renderer",
    "RendererUnavailable",
    "RestoreError",
    "TableService",
    "ai_levels",
    "default_renderer",
    "rules_help",
]

log = logging.getLogger("bot.service")

T = TypeVar("T")

DEFAULT_GAME = "venezia"
#: A snapshot is stored with every move whose number is a multiple of this (and at the end).
SNAPSHOT_EVERY = 20
#: Decisions that need a look at the board: the update before them carries the board image.
IMAGE_DECISIONS = frozenset({"place", "drain"})
#: Decisions about one's own cards: with ``hand_images="settled"`` a pending hand image goes
#: out before them.
HAND_DECISIONS = frozenset({"play", "draw", "take", "discard"})
#: Safety net against a policy that never ends a game.
MAX_AI_CHAIN = 5000
#: Discord allows 25 autocomplete choices.
MAX_OPTIONS = 25
#: How many moves (in words) each table keeps in memory for ``log``.
LOG_KEEP = 200
MAX_NAME = 32


# --------------------------------------------------------------------------------------------
# Rendering
# --------------------------------------------------------------------------------------------


class Renderer(Protocol):
    """Turns views into PNG bytes: the board and the end screen (public), a hand (private)."""

    def board(self, public_view: JSON) -> bytes: ...

    def hand(self, player_view: JSON) -> bytes: ...

    def end(self, public_view: JSON) -> bytes: ...


class RendererUnavailable(RuntimeError):
    """The ``render`` package (or one of its modules) is not there yet."""


class ModuleRenderer:
    """The real renderer: ``render.board.render_board`` etc., imported on first use.

    With a ``fallback`` renderer, a kind whose module is not there yet is drawn by the
    fallback instead of failing (``missing()`` tells which kinds that are).
    """

    _MODULES: ClassVar[dict[str, tuple[str, str]]] = {
        "board": ("render.board", "render_board"),
        "hand": ("render.hand", "render_hand"),
        "end": ("render.end", "render_end"),
    }

    def __init__(self, fallback: Renderer | None = None) -> None:
        self.fallback = fallback
        self._funcs: dict[str, Callable[[JSON], bytes]] = {}

    def _import(self, kind: str) -> Callable[[JSON], bytes]:
        module_name, attr = self._MODULES[kind]
        try:
            module = importlib.import_module(module_name)
            func: Callable[[JSON], bytes] = getattr(module, attr)
        except Exception as exc:  # missing, or broken while someone edits it
            raise RendererUnavailable(
                f"the renderer is not available: {module_name}.{attr} cannot be imported "
                f"({exc}); inject a Renderer (e.g. PlaceholderRenderer) until it lands"
            ) from exc
        return func

    def _func(self, kind: str) -> Callable[[JSON], bytes]:
        func = self._funcs.get(kind)
        if func is None:
            try:
                func = self._import(kind)
            except RendererUnavailable:
                if self.fallback is None:
                    raise
                fallback = self.fallback
                func = {"board": fallback.board, "hand": fallback.hand, "end": fallback.end}[kind]
            self._funcs[kind] = func
        return func

    def missing(self) -> list[str]:
        """The kinds whose ``render`` module cannot be imported (now)."""
        out = []
        for kind in self._MODULES:
            try:
                self._import(kind)
            except RendererUnavailable:
                out.append(kind)
        return out

    def check(self) -> ModuleRenderer:
        """Import all three functions now, raising :class:`RendererUnavailable` if one is
        missing and there is no fallback (so a bot fails at start-up, not at the first move)."""
        for kind in self._MODULES:
            self._func(kind)
        return self

    def board(self, public_view: JSON) -> bytes:
        return self._func("board")(public_view)

    def hand(self, player_view: JSON) -> bytes:
        return self._func("hand")(player_view)

    def end(self, public_view: JSON) -> bytes:
        return self._func("end")(public_view)

    def __getstate__(self) -> dict[str, Any]:  # picklable for a render process pool
        return {"fallback": self.fallback}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.fallback = state.get("fallback")
        self._funcs = {}


def default_renderer() -> Renderer:
    """The real renderer; raises :class:`RendererUnavailable` with a clear message if the
    ``render`` modules are not there yet."""
    return ModuleRenderer().check()


class PlaceholderRenderer:
    """A tiny deterministic PNG per view (Pillow), for tests and benchmarks without ``render``.

    The colour is derived from a cheap fingerprint of the view (turn, phase, pending decision,
    positions, own hand and tokens), so equal views give equal bytes.
    """

    def __init__(self, size: tuple[int, int] = (8, 8)) -> None:
        self.size = size
        self.calls: dict[str, int] = {"board": 0, "hand": 0, "end": 0}

    def _png(self, kind: str, view: JSON) -> bytes:
        import hashlib
        import io

        from PIL import Image

        self.calls[kind] += 1
        me = view.get("me") or {}
        fingerprint = repr(
            (
                kind,
                view.get("turn"),
                view.get("phase"),
                view.get("pending"),
                [p.get("position") for p in view.get("players", [])],
                me.get("hand"),
                me.get("tokens"),
            )
        )
        digest = hashlib.sha256(fingerprint.encode()).digest()
        image = Image.new("RGB", self.size, (digest[0], digest[1], digest[2]))
        buf = io.BytesIO()
        image.save(buf, format="PNG")
        return buf.getvalue()

    def board(self, public_view: JSON) -> bytes:
        return self._png("board", public_view)

    def hand(self, player_view: JSON) -> bytes:
        return self._png("hand", player_view)

    def end(self, public_view: JSON) -> bytes:
        return self._png("end", public_view)


def _render_call(renderer: Renderer, kind: ImageKind, view: JSON) -> bytes:
    """Module-level so a process pool can run it."""
    if kind == "board":
        return renderer.board(view)
    if kind == "hand":
        return renderer.hand(view)
    return renderer.end(view)


# --------------------------------------------------------------------------------------------
# Internal records
# --------------------------------------------------------------------------------------------


class RestoreError(RuntimeError):
    """A stored game could not be resumed exactly (hash mismatch, replay refused a move)."""


class _Refused(Exception):
    """Raised inside the worker functions; turned into a refusal ``Outcome``/``Reply``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class _LogEntry:
    seq: int
    seat: int
    name: str
    text: str


@dataclass(slots=True)
class _Applied:
    """One committed move and what it caused."""

    seq: int
    seat: int
    user_id: str | None
    command: str
    events: list[Event]
    text: str
    #: The public view right after this move if it ended a turn (or the game), so an AI
    #: chain spanning several turns can show the board as it was at each turn's end.
    turn_view: JSON | None = None


@dataclass(slots=True)
class _Finished:
    """The last game that ended in this channel (kept for board/status/log after the end)."""

    game_id: int
    game_type: str
    players: list[PlayerInfo]
    state: GameState | None
    summary: str
    log: list[_LogEntry] = field(default_factory=list)


@dataclass(slots=True)
class _Table:
    channel_id: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    load_lock: threading.Lock = field(default_factory=threading.Lock)
    loaded: bool = False
    record: GameRecord | None = None
    state: GameState | None = None
    players: list[PlayerInfo] = field(default_factory=list)
    broken: str | None = None
    finished: _Finished | None = None
    lobby_game: str | None = None
    log: deque[_LogEntry] = field(default_factory=lambda: deque(maxlen=LOG_KEEP))
    ais: dict[int, AiPlayer] = field(default_factory=dict)
    #: Seats whose hand or tokens changed since their last hand image ("settled" policy).
    hand_dirty: set[int] = field(default_factory=set)
    #: The last image of each kind and seat (-1: public) with the (game id, move count) it
    #: shows, so /board and /hand right after a move reuse it instead of rendering again.
    images: dict[tuple[str, int], tuple[int, int, bytes]] = field(default_factory=dict)
    #: Each seat's private part (hand, tokens) with the (game id, move count) it is true at:
    #: spares building the "before" player view to tell whether it changed.
    secrets: dict[int, tuple[int, int, Any]] = field(default_factory=dict)

    @property
    def game_id(self) -> int:
        assert self.record is not None
        return self.record.id

    @property
    def next_seq(self) -> int:
        assert self.state is not None
        return len(self.state.history)

    def seat_of(self, user_id: str) -> int | None:
        for seat, p in enumerate(self.players):
            if not p.is_ai and p.user_id == user_id:
                return seat
        return None

    def host(self) -> PlayerInfo | None:
        return next((p for p in self.players if not p.is_ai), None)

    def reset_game(self) -> None:
        self.record = None
        self.state = None
        self.players = []
        self.broken = None
        self.ais = {}
        self.log.clear()


# Games whose command grammar the service knows, to tell "unknown command" and "malformed
# arguments" apart from "illegal move". Games without an entry still work: every refusal of the
# engine is then reported as an illegal move.
@dataclass(frozen=True, slots=True)
class _Grammar:
    verbs: frozenset[str]
    aliases: dict[str, str]
    anytime: frozenset[str]  # verbs the active player may send while another seat decides
    parse: Callable[[str, Any], Any]
    help: dict[str, str]
    board_attr: str = "board"


def _venezia_grammar() -> _Grammar:
    from engine.venezia import commands as vc

    return _Grammar(
        verbs=frozenset(vc.VERBS),
        aliases=dict(vc.ALIASES),
        anytime=frozenset({"exchange"}),
        parse=vc.parse,
        help=dict(vc.HELP),
    )


_GRAMMAR_FACTORIES: dict[str, Callable[[], _Grammar]] = {"venezia": _venezia_grammar}
_GRAMMARS: dict[str, _Grammar] = {}


def _grammar(game_type: str) -> _Grammar | None:
    if game_type not in _GRAMMARS:
        factory = _GRAMMAR_FACTORIES.get(game_type)
        if factory is None:
            return None
        _GRAMMARS[game_type] = factory()
    return _GRAMMARS[game_type]


def _current(table: _Table) -> GameState | None:
    """The table's state, re-read (a worker call may have ended the game meanwhile)."""
    return table.state


def _first_word(text: str) -> str:
    words = text.strip().lstrip("/!").split()
    return words[0].casefold() if words else ""


def _clean_name(name: str) -> str:
    """A display name without control/bidi characters or surrogates, at most MAX_NAME long."""
    return normalize_name(name, limit=MAX_NAME)


def _unique_names(names: Sequence[str], reserved: Iterable[str] = ()) -> list[str]:
    taken = {r.casefold() for r in reserved}
    out: list[str] = []
    for raw in names:
        base = _clean_name(raw)
        name = base
        n = 2
        while name.casefold() in taken:
            name = f"{base[: MAX_NAME - 3]} {n}"
            n += 1
        taken.add(name.casefold())
        out.append(name)
    return out


def _join_names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "nobody"


def _results(state: GameState, players: Sequence[PlayerInfo]) -> list[FinalResult]:
    pos = getattr(state, "pos", None)
    out: list[FinalResult] = []
    place = 1
    for group in state.ranking():
        for seat in group:
            score = pos[seat] if isinstance(pos, list) and seat < len(pos) else None
            p = players[seat]
            out.append(FinalResult(seat, p.name, place, score, p.user_id))
        place += len(group)
    return out


def _turn_fields(view: JSON, names: Sequence[str]) -> dict[str, Any]:
    """``turn``/``active``/``active_name`` of a :class:`DecisionInfo` from a public view that
    has a turn counter and an active seat (games without them leave the fields empty)."""
    turn, active = view.get("turn"), view.get("active")
    if not isinstance(turn, int) or not isinstance(active, int):
        return {}
    name = names[active] if 0 <= active < len(names) else None
    return {"turn": turn, "active": active, "active_name": name}


def _secret_part(view: JSON) -> Any:
    """What of a player view is private and may change: hand and tokens (Venezia), or the whole
    ``me`` block minus options for other games."""
    me = view.get("me") or {}
    if "hand" in me or "tokens" in me:
        return (me.get("hand"), me.get("tokens"))
    return {k: v for k, v in me.items() if k not in ("options", "decision", "exchanges")}


def _hand_text(view: JSON) -> str:
    me = view.get("me") or {}
    parts = []
    hand = me.get("hand")
    if hand is not None:
        parts.append("your hand: " + (", ".join(str(c) for c in hand) or "empty"))
    tokens = me.get("tokens")
    if tokens is not None:
        if tokens:
            gold = me.get("gold", sum(int(t) for t in tokens))
            parts.append(
                f"your tokens: {' '.join(str(t) for t in tokens)} ({gold} gold, "
                f"{gold // 5} step(s))"
            )
        else:
            parts.append("your tokens: none")
    return " · ".join(parts) if parts else "your private view"


# --------------------------------------------------------------------------------------------
# The service
# --------------------------------------------------------------------------------------------


class TableService:
    """See the module docstring. Every public coroutine is safe to call concurrently."""

    def __init__(
        self,
        storage: Storage,
        renderer: Renderer | None = None,
        *,
        workers: int = 4,
        executor: Executor | None = None,
        render_processes: int = 0,
        snapshot_every: int = SNAPSHOT_EVERY,
        images: bool = True,
        hand_images: bool | str = True,
        default_game: str = DEFAULT_GAME,
        owns_storage: bool = False,
        max_ai_moves: int | None = None,
    ) -> None:
        self.storage = storage
        #: How many AI moves ``start``/``command``/``resume`` play at most in a row (``None``:
        #: until a human must decide or the game ends). With a limit, an adapter drives the
        #: rest with :meth:`advance` (e.g. to show or stop an AI-only game move by move).
        self.max_ai_moves = max_ai_moves
        self.renderer: Renderer = renderer if renderer is not None else default_renderer()
        self.snapshot_every = max(1, snapshot_every)
        self.images = images
        self.default_game = get_game(default_game).name
        self._owns_storage = owns_storage
        self._owns_executor = executor is None
        self._executor: Executor = executor or ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="table"
        )
        #: Render processes; each channel always renders in the same one, so its caches
        #: (panels, PNG bands) hold that channel's last images.
        self._render_procs: list[RenderProcess] = [
            RenderProcess(self.renderer, name=f"venezia-render-{i}")
            for i in range(render_processes)
        ]
        self.hand_images: str = (
            "always" if hand_images is True else "off" if hand_images is False else hand_images
        )
        if self.hand_images not in ("always", "settled", "off"):
            raise ValueError(f"hand_images must be always, settled or off, not {hand_images!r}")
        #: Images rendered per kind, and the seconds spent (wall, including a process hop).
        self.render_stats: dict[str, int] = {}
        self.render_seconds: dict[str, float] = {}
        self._stats_lock = threading.Lock()
        self._tables: dict[str, _Table] = {}
        self._tables_guard = threading.Lock()
        #: Test hook: called (in the worker thread) after a move was validated and applied to
        #: the clone, just before the commit. If it raises, nothing is committed or swapped.
        self.before_commit: Callable[[str, int], None] | None = None

    @classmethod
    def open(
        cls,
        path: str | Path,
        renderer: Renderer | None = None,
        *,
        synchronous: str = DEFAULT_SYNCHRONOUS,
        **kwargs: Any,
    ) -> TableService:
        """Open (creating / migrating) the database at ``path`` and wrap it (``synchronous``:
        see :meth:`Storage.open`)."""
        storage = Storage.open(path, synchronous=synchronous)
        return cls(storage, renderer, owns_storage=True, **kwargs)

    def close(self) -> None:
        """Stop the worker pools (waiting for running jobs) and close owned storage."""
        if self._owns_executor:
            self._executor.shutdown(wait=True)
        for proc in self._render_procs:
            proc.close()
        if self._owns_storage:
            self.storage.close()

    async def aclose(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    # -- plumbing -----------------------------------------------------------------------------

    def _table(self, channel_id: str) -> _Table:
        problem = id_problem(channel_id, "channel id")
        if problem is not None:
            raise _Refused(Code.MALFORMED, problem)
        with self._tables_guard:
            table = self._tables.get(channel_id)
            if table is None:
                table = _Table(channel_id)
                self._tables[channel_id] = table
            return table

    def loaded_channels(self) -> list[str]:
        """Channels whose table is in memory (for tests: restarts are lazy)."""
        return sorted(ch for ch, t in self._tables.items() if t.loaded)

    async def _run(self, func: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(func, *args))

    async def _locked(self, channel_id: str | int, func: Callable[..., T], *args: Any) -> T:
        table = self._table(str(channel_id))
        async with table.lock:
            return await self._run(func, table, *args)

    async def _read(self, channel_id: str | int, func: Callable[..., T], *args: Any) -> T:
        """Run a read without waiting for the channel's lock once its table is loaded.

        Safe because a committed move *replaces* the cached state (moves are applied to a
        clone) instead of mutating it: a read sees the state before or after a move, never
        half of one. So autocomplete and /board stay fast while a long AI chain runs.
        """
        table = self._table(str(channel_id))
        if not table.loaded:
            return await self._locked(channel_id, func, *args)
        return await self._run(func, table, *args)

    def _render_proc(self, channel_id: str) -> RenderProcess | None:
        """The channel's own render process (its caches hold the channel's last images),
        unless that one is busy and another is idle: then the idle one (a cache miss costs
        less than waiting)."""
        if not self._render_procs:
            return None
        home = self._render_procs[zlib.crc32(channel_id.encode()) % len(self._render_procs)]
        if home.busy:
            idle = next((p for p in self._render_procs if not p.busy), None)
            if idle is not None:
                return idle
        return home

    def _render(self, kind: ImageKind, view: JSON, channel_id: str = "") -> bytes | None:
        """PNG bytes, or ``None`` if images are off or the renderer failed (logged): a move
        that is committed stays committed, and goes out without its picture."""
        if not self.images or (kind == "hand" and self.hand_images == "off"):
            return None
        t0 = time.perf_counter()
        try:
            proc = self._render_proc(channel_id)
            if proc is not None:
                return proc.render(kind, view)
            return _render_call(self.renderer, kind, view)
        except Exception:
            log.exception("rendering a %s image failed", kind)
            return None
        finally:
            elapsed = time.perf_counter() - t0
            with self._stats_lock:
                self.render_stats[kind] = self.render_stats.get(kind, 0) + 1
                self.render_seconds[kind] = self.render_seconds.get(kind, 0.0) + elapsed

    def render_cpu_seconds(self) -> float:
        """CPU seconds the render processes have used so far (0.0 without any): for
        benchmarks, which see only this process's own CPU time otherwise."""
        return sum(proc.cpu_seconds() for proc in self._render_procs)

    async def warm_up(self) -> None:
        """Render each image kind once for a fresh game (in every render process), so the
        renderer's one-time caches are built before the first real move."""
        game = get_game(self.default_game)
        state = game.new_state([f"P{i + 1}" for i in range(game.max_players)], 1)
        public, private = state.public_view(), state.player_view(0)
        calls: list[tuple[ImageKind, JSON]] = [("board", public), ("hand", private)]
        if self._render_procs:
            loop = asyncio.get_running_loop()
            jobs = [
                loop.run_in_executor(self._executor, functools.partial(proc.render, k, v))
                for proc in self._render_procs
                for k, v in calls
            ]
            await asyncio.gather(*jobs, return_exceptions=True)
        else:
            for kind, view in calls:
                await self._run(self._render, kind, view)

    # -- loading and restoring ----------------------------------------------------------------

    def _ensure_loaded(self, table: _Table) -> None:
        if table.loaded:
            return
        with table.load_lock:  # a lock-free read may get here while a command does too
            if not table.loaded:
                self._load(table)

    def _load(self, table: _Table) -> None:
        table.reset_game()
        record = self.storage.active_game(table.channel_id)
        if record is not None and record.status == "active":
            table.record = record
            table.players = list(record.players)
            try:
                table.state = self._restore(record, table)
            except Exception as exc:  # a broken game must not break the channel
                log.exception("channel %s: cannot restore game %s", table.channel_id, record.id)
                table.broken = str(exc)
                table.state = None
            else:
                if table.state.is_over:  # the end was stored without the finish (not expected)
                    self._store_finish(table)
        table.loaded = True

    def _restore(self, record: GameRecord, table: _Table) -> GameState:
        """Latest snapshot (hash-checked) + replay of the later moves, each checked."""
        game = get_game(record.game_type)
        state: GameState | None = None
        base = -1
        snap = self.storage.latest_snapshot(record.id)
        if snap is not None:
            try:
                candidate = game.from_json(snap.state_json)
                if candidate.state_hash() != snap.state_hash:
                    raise RestoreError(
                        f"snapshot {snap.seq} of game {record.id}: hash "
                        f"{candidate.state_hash()} != stored {snap.state_hash}"
                    )
                if len(candidate.history) != snap.seq + 1:
                    raise RestoreError(
                        f"snapshot {snap.seq} of game {record.id} holds "
                        f"{len(candidate.history)} moves"
                    )
                state, base = candidate, snap.seq
            except Exception:
                log.exception("game %s: snapshot unusable, replaying from the seed", record.id)
        if state is None:
            state = game.new_state(record.player_names, record.seed, record.options or None)
        for move in self.storage.moves(record.id, after_seq=base):
            if move.seq != len(state.history):
                raise RestoreError(
                    f"game {record.id}: move {move.seq} follows {len(state.history) - 1}"
                )
            try:
                events = state.apply(move.seat, move.command)
            except IllegalMove as exc:
                raise RestoreError(
                    f"game {record.id}: stored move {move.seq} '{move.command}' by seat "
                    f"{move.seat} is refused on replay: {exc}"
                ) from exc
            if state.history[-1] != (move.seat, move.command):
                raise RestoreError(
                    f"game {record.id}: move {move.seq} replays as {state.history[-1]!r}, "
                    f"stored {move.command!r}"
                )
            table.log.append(self._log_entry(state, move.seq, move.seat, events))
        if len(state.history) != record.last_seq + 1:
            raise RestoreError(
                f"game {record.id}: {len(state.history)} moves replayed, log ends at "
                f"{record.last_seq}"
            )
        return state

    def verify(self, game_id: int) -> str:
        """Full check of a stored game (finished ones too): replay every move from the seed,
        check each is stored canonically, and compare the engine's state hash with the latest
        stored snapshot where it was taken and, for a finished game, with its stored final
        hash (its snapshots are gone). Returns the final state hash."""
        return self._replay_checked(game_id).state_hash()

    def _replay_finished(self, game_id: int) -> tuple[GameState | None, list[_LogEntry]]:
        """A finished game's end after a restart, for /board, /hand, /log: replayed from the
        seed and checked like :meth:`verify` (``None`` if that fails: logged; the summary from
        the stored results still shows)."""
        entries: deque[_LogEntry] = deque(maxlen=LOG_KEEP)
        try:
            return self._replay_checked(game_id, entries), list(entries)
        except Exception:
            log.exception("finished game %s does not replay to its stored end", game_id)
            return None, []

    def _replay_checked(self, game_id: int, log_into: deque[_LogEntry] | None = None) -> GameState:
        record = self.storage.get_game(game_id)
        if record is None:
            raise RestoreError(f"no game {game_id}")
        game = get_game(record.game_type)
        state = game.new_state(record.player_names, record.seed, record.options or None)
        snap = self.storage.latest_snapshot(game_id)
        if snap is not None and snap.seq == -1 and state.state_hash() != snap.state_hash:
            raise RestoreError(f"game {game_id}: initial state differs from its snapshot")
        for move in self.storage.moves(game_id):
            events = state.apply(move.seat, move.command)
            if state.history[-1] != (move.seat, move.command):
                raise RestoreError(f"game {game_id}: move {move.seq} is not canonical")
            if log_into is not None:
                log_into.append(self._log_entry(state, move.seq, move.seat, events))
            if snap is not None and move.seq == snap.seq and state.state_hash() != snap.state_hash:
                raise RestoreError(f"game {game_id}: replay differs from snapshot {snap.seq}")
        if len(state.history) != record.last_seq + 1:
            raise RestoreError(
                f"game {game_id}: {len(state.history)} moves stored, log ends at {record.last_seq}"
            )
        if record.final_hash is not None and state.state_hash() != record.final_hash:
            raise RestoreError(
                f"game {game_id}: replay ends in {state.state_hash()}, stored final hash "
                f"{record.final_hash}"
            )
        if record.status == "finished" and not state.is_over:
            raise RestoreError(f"game {game_id} is stored as finished, but its replay is not over")
        return state

    # -- moves --------------------------------------------------------------------------------

    @staticmethod
    def _log_entry(state: GameState, seq: int, seat: int, events: list[Event]) -> _LogEntry:
        name = state.players[seat] if 0 <= seat < len(state.players) else f"seat {seat}"
        text = "; ".join(e.text for e in events if e.text) or "(no visible effect)"
        return _LogEntry(seq, seat, name, text)

    def _snapshot(self, state: GameState) -> SnapshotData:
        return SnapshotData(state.to_json(), state.state_hash())

    def _commit(
        self,
        table: _Table,
        seat: int,
        user_id: str | None,
        command: str,
        idempotency_key: str | None,
    ) -> _Applied:
        """Apply ``command`` (already canonical and validated) on a clone, commit, swap.

        Raises ``IllegalMove`` (nothing changed), storage errors (nothing changed) or
        :class:`_Refused` for a duplicate delivery.
        """
        state = table.state
        record = table.record
        assert state is not None and record is not None
        seq = len(state.history)
        new = state.clone()
        events = new.apply(seat, command)
        canonical = new.history[-1][1]
        finish = _results(new, table.players) if new.is_over else None
        snapshot = (
            self._snapshot(new)
            if finish is not None or (seq + 1) % self.snapshot_every == 0
            else None
        )
        if self.before_commit is not None:
            self.before_commit(table.channel_id, seq)
        try:
            self.storage.append_move(
                record.id,
                seq,
                seat,
                user_id,
                canonical,
                idempotency_key,
                snapshot,
                finish=finish,
            )
        except AlreadyProcessed as exc:
            raise _Refused(
                Code.DUPLICATE, f"already done: this was accepted as move {exc.seq}"
            ) from exc
        except (DuplicateMove, OutOfOrderMove, GameNotActive) as exc:
            # Someone else wrote to this game first (another process on the same database):
            # our cache is stale. Reload it and refuse like a stale button (nothing changed).
            raise self._lost_race(table, seq, exc) from exc
        # Committed: from here on the new state is the truth.
        table.state = new
        entry = self._log_entry(new, seq, seat, events)
        table.log.append(entry)
        turn_view = (
            new.public_view() if any(e.kind in ("turn", "game_over") for e in events) else None
        )
        if new.is_over:
            self._mark_finished(table, new, events)
        return _Applied(seq, seat, user_id, canonical, events, entry.text, turn_view)

    def _lost_race(self, table: _Table, seq: int, exc: Exception) -> _Refused:
        log.info("channel %s: move %s lost a race (%s); reloading", table.channel_id, seq, exc)
        table.loaded = False
        with table.load_lock:
            self._load(table)
        if table.state is None:
            return _Refused(
                Code.STALE, "this decision is from an earlier game: the game here ended meanwhile"
            )
        return _Refused(
            Code.STALE,
            f"this decision is from an earlier turn (move {seq + 1}); the game is at move "
            f"{len(table.state.history) + 1} now",
        )

    def _mark_finished(self, table: _Table, state: GameState, events: list[Event]) -> None:
        record = table.record
        assert record is not None
        summary = next((e.text for e in events if e.kind == "game_over"), "the game is over")
        table.finished = _Finished(
            record.id, record.game_type, list(table.players), state, summary, list(table.log)
        )
        table.reset_game()

    def _store_finish(self, table: _Table) -> None:
        state, record = table.state, table.record
        assert state is not None and record is not None
        self.storage.finish_game(record.id, _results(state, table.players), state.state_hash())
        self._mark_finished(table, state, [])

    def _ai_for(self, table: _Table, seat: int) -> AiPlayer:
        ai = table.ais.get(seat)
        if ai is None:
            level = table.players[seat].ai_level
            try:
                ai = get_ai(level)
            except Exception:
                log.exception("AI level %r is not available; seat %s plays random", level, seat)
                ai = RandomAi()
            table.ais[seat] = ai
        return ai

    def _ai_chain(self, table: _Table, limit: int | None = -1) -> list[_Applied]:
        """Let AI seats decide while one must (at most ``limit`` moves; the default is the
        ``max_ai_moves`` option, ``None`` means no limit); each move is validated and
        committed."""
        if limit == -1:
            limit = self.max_ai_moves
        count = MAX_AI_CHAIN if limit is None else max(0, min(limit, MAX_AI_CHAIN))
        done: list[_Applied] = []
        for _ in range(count):
            state = table.state
            if state is None or state.is_over or table.record is None:
                break
            decision = state.pending()
            if decision is None or not table.players[decision.seat].is_ai:
                break
            seat = decision.seat
            seq = len(state.history)
            rng = random.Random(f"{table.record.seed}/{table.record.id}/{seq}/{seat}")
            text = ""
            try:
                text = self._ai_for(table, seat).choose(state.player_view(seat), decision, rng)
                command = state.canonical(seat, text)
            except IllegalMove as exc:
                # A policy answered something the engine refuses: take one of the
                # decision's own options so the game goes on (logged).
                log.warning(
                    "channel %s: AI seat %s chose '%s' at move %s, refused (%s); playing a "
                    "random option of the decision instead",
                    table.channel_id,
                    seat,
                    text,
                    seq,
                    exc,
                )
                command = rng.choice(decision.options)
            except Exception:
                log.exception(
                    "channel %s: AI seat %s failed at move %s; playing a random option",
                    table.channel_id,
                    seat,
                    seq,
                )
                command = rng.choice(decision.options)
            try:
                done.append(self._commit(table, seat, None, command, None))
            except _Refused as refused:  # another process moved first; the table is reloaded
                log.info("channel %s: AI move %s not committed: %s", table.channel_id, seq, refused)
                break
            except Exception:
                log.exception(
                    "channel %s: AI move %s '%s' not committed", table.channel_id, seq, command
                )
                break
        return done

    # -- outputs ------------------------------------------------------------------------------

    def _decision_info(
        self, table: _Table, state: GameState | None, public_view: JSON | None = None
    ) -> DecisionInfo | None:
        if state is None or state.is_over or table.record is None:
            return None
        d = state.pending()
        if d is None:
            return None
        p = table.players[d.seat]
        view = public_view if public_view is not None else state.public_view()
        opts = view.get("public_options")
        return DecisionInfo(
            channel_id=table.channel_id,
            game_id=table.record.id,
            seq=len(state.history),
            seat=d.seat,
            user_id=p.user_id,
            name=state.players[d.seat],
            kind=d.kind,
            prompt=d.prompt,
            options=None if opts is None else tuple(str(o) for o in opts),
            is_ai=p.is_ai,
            **_turn_fields(view, state.players),
        )

    @staticmethod
    def _next_line(state: GameState, d: Decision | None) -> str:
        if d is None:
            return ""
        return f"➡ {state.players[d.seat]}: {d.prompt}"

    def _outcome(
        self,
        table: _Table,
        before: GameState,
        moves: list[_Applied],
        players: list[PlayerInfo],
        game_id: int,
        header: str | None = None,
        lead: Sequence[PublicUpdate] = (),
    ) -> Outcome:
        """The outputs of committed moves; if building them fails (a bug), the moves still
        count: the players get the texts alone rather than a false "nothing changed"."""
        try:
            return self._build_outcome(table, before, moves, players, game_id, header, lead)
        except Exception:
            log.exception("channel %s: building the outputs failed", table.channel_id)
            lines = ([header] if header else []) + [m.text for m in moves]
            state = table.state
            return Outcome(
                True,
                public=(*lead, PublicUpdate("\n".join(lines) or "(done)")),
                decision=self._decision_info(table, state) if state is not None else None,
                game_id=game_id,
                seq=moves[-1].seq if moves else None,
                game_over=state is None,
            )

    def _build_outcome(
        self,
        table: _Table,
        before: GameState,
        moves: list[_Applied],
        players: list[PlayerInfo],
        game_id: int,
        header: str | None = None,
        lead: Sequence[PublicUpdate] = (),
    ) -> Outcome:
        """Coalesce committed moves into public updates (one per turn: the first reports the
        command, later ones AI turns) and private ones; ``header`` starts the first update
        (and forces a board image and a hand update for everybody, as at the start)."""
        after = table.state
        if after is None:
            assert table.finished is not None and table.finished.state is not None
            after = table.finished.state
        publics: list[PublicUpdate] = list(lead)
        lines: list[str] = [header] if header else []
        turn_over = False
        ended = after.is_over
        for i, m in enumerate(moves):
            lines.append(m.text)
            turn_over = m.turn_view is not None
            if m.turn_view is not None and i < len(moves) - 1:
                # A turn ended inside an AI chain: one update per turn, with the board as it
                # was at that turn's end.
                image = self._render("board", m.turn_view, table.channel_id)
                publics.append(
                    PublicUpdate(
                        "\n".join(lines),
                        image,
                        "board" if image is not None else None,
                        m.seq,
                        turn_over=True,
                    )
                )
                lines = []
        d = None if ended else after.pending()
        view: JSON | None = None
        if lines or len(publics) == len(lead):
            kind: ImageKind | None = None
            if ended:
                kind = "end"
            elif (
                turn_over
                or header is not None
                or (
                    d is not None
                    and d.kind in IMAGE_DECISIONS
                    and not players[d.seat].is_ai  # an AI needs no picture
                )
            ):
                kind = "board"
            if not ended:
                lines.append(self._next_line(after, d))
            image = None
            if kind is not None:
                view = moves[-1].turn_view if moves and turn_over else after.public_view()
                assert view is not None
                image = self._render(kind, view, table.channel_id)
                if image is not None and kind == "board":
                    table.images[("board", -1)] = (game_id, len(after.history), image)
            publics.append(
                PublicUpdate(
                    "\n".join(x for x in lines if x),
                    image,
                    kind if image is not None else None,
                    seq=moves[-1].seq if moves else len(after.history) - 1,
                    turn_over=bool(moves) and (turn_over or ended),
                )
            )
        # Private: each event's private text, and a hand update for every player whose hand
        # or tokens changed. Only seats named by an event can have changed.
        texts: dict[int, list[str]] = {}
        touched: set[int] = set()
        for m in moves:
            for e in m.events:
                if e.seat is not None:
                    touched.add(e.seat)
                for seat, text in e.private.items():
                    texts.setdefault(seat, []).append(text)
                    touched.add(seat)
        privates: list[PrivateUpdate] = []
        dirty = table.hand_dirty
        nxt = None if after.is_over else after.pending()
        # A seat no event named kept its secret: its known one stays true after these moves.
        stamp_before = (game_id, len(before.history))
        for seat, known in list(table.secrets.items()):
            if seat not in touched and known[:2] == stamp_before:
                table.secrets[seat] = (game_id, len(after.history), known[2])
        for seat, p in enumerate(players):
            if p.is_ai or p.user_id is None:
                continue
            if header is None and seat not in touched and seat not in dirty:
                continue
            view_after = after.player_view(seat)
            secret_after = _secret_part(view_after)
            changed = header is not None
            if not changed and seat in touched:
                known = table.secrets.get(seat)
                secret_before = (
                    known[2]
                    if known is not None and known[:2] == (game_id, len(before.history))
                    else _secret_part(before.player_view(seat))
                )
                changed = secret_before != secret_after
            table.secrets[seat] = (game_id, len(after.history), secret_after)
            if changed and self.hand_images != "off":
                dirty.add(seat)
            # The hand image: at every change ("always"), or once the player's own run of
            # decisions has settled - the next decision is someone else's, or is about his
            # cards ("settled"; the texts still go out at every change).
            settled = (
                header is not None
                or self.hand_images == "always"
                or nxt is None
                or nxt.seat != seat
                or nxt.kind in HAND_DECISIONS
            )
            hand_image = None
            if seat in dirty and settled:
                dirty.discard(seat)
                hand_image = self._render("hand", view_after, table.channel_id)
                if hand_image is not None:
                    table.images[("hand", seat)] = (game_id, len(after.history), hand_image)
            if not changed and seat not in texts and hand_image is None:
                continue
            body = list(texts.get(seat, []))
            summary = ""
            if changed or hand_image is not None:
                summary = _hand_text(view_after)
                body.append(summary)
            privates.append(
                PrivateUpdate(
                    p.user_id,
                    seat,
                    "\n".join(body),
                    hand_image,
                    "hand" if hand_image is not None else None,
                    summary=summary,
                )
            )
        decision = None
        if table.state is not None:
            decision = self._decision_info(
                table, table.state, view if view is not None and table.state is after else None
            )
        return Outcome(
            True,
            public=tuple(publics),
            private=tuple(privates),
            decision=decision,
            game_id=game_id,
            seq=moves[-1].seq if moves else None,
            game_over=ended,
        )

    # -- commands (workers) -------------------------------------------------------------------

    def _no_game(self, table: _Table) -> _Refused:
        if table.broken is not None:
            return _Refused(
                Code.BROKEN,
                f"the game here could not be restored ({table.broken}); the host or a channel "
                "manager can /abort it",
            )
        if table.finished is not None:
            return _Refused(
                Code.GAME_OVER,
                f"the game here is over ({table.finished.summary}). /start for a rematch, or "
                "/join to sit at a new table",
            )
        last = self.storage.game_history(table.channel_id, 1)
        if last and last[0].status == "finished":
            results = self.storage.results(last[0].id)
            summary = ", ".join(f"{r.place}. {r.name} ({r.score})" for r in results)
            state, entries = self._replay_finished(last[0].id)
            table.finished = _Finished(
                last[0].id, last[0].game_type, list(last[0].players), state, summary, entries
            )
            return self._no_game(table)
        seats = self.storage.list_seats(table.channel_id)
        if seats:
            return _Refused(
                Code.NO_GAME,
                f"no game is running here yet: {len(seats)} seated "
                f"({_join_names([s.display_name for s in seats])}); /start when ready",
            )
        return _Refused(Code.NO_GAME, "no game here: /join to open a table, then /start")

    def _check_move(self, table: _Table, seat: int, text: str) -> str:
        """The canonical command, or :class:`_Refused` with the specific reason."""
        state = table.state
        record = table.record
        assert state is not None and record is not None
        grammar = _grammar(record.game_type)
        word = _first_word(text)
        if not word:
            raise _Refused(Code.MALFORMED, "empty command; /rules commands lists them")
        verb = word
        if grammar is not None:
            verb = grammar.aliases.get(word, word)
            if verb in ("help", "?", "commands"):
                raise _Refused(Code.HELP, _commands_help(grammar))
            if verb not in grammar.verbs:
                raise _Refused(
                    Code.UNKNOWN_COMMAND,
                    f"unknown command '{excerpt(word)}'; commands: "
                    f"{', '.join(sorted(grammar.verbs))} "
                    "(/rules commands explains them)",
                )
        d = state.pending()
        if d is None:
            raise _Refused(Code.GAME_OVER, "the game is over")
        active = getattr(state, "active", d.seat)
        anytime = grammar is not None and verb in grammar.anytime and seat == active
        if seat != d.seat and not anytime:
            whose = state.players[d.seat]
            if seat == active:
                msg = f"not your decision yet: {whose} must decide first ({d.prompt})"
            else:
                msg = f"not your decision: it is {whose}'s turn to decide ({d.prompt})"
            raise _Refused(Code.NOT_YOUR_DECISION, msg)
        if grammar is not None:
            try:
                grammar.parse(text, getattr(state, grammar.board_attr, None))
            except IllegalMove as exc:
                raise _Refused(Code.MALFORMED, f"cannot read '{excerpt(text)}': {exc}") from exc
        try:
            return state.canonical(seat, text)
        except IllegalMove as exc:
            raise _Refused(Code.ILLEGAL, f"illegal move: {exc}") from exc

    def _command_worker(
        self,
        table: _Table,
        user_id: str,
        text: str,
        idempotency_key: str | None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        problem = command_problem(text) or (
            None if idempotency_key is None else id_problem(idempotency_key, "idempotency key")
        )
        if problem is not None:
            raise _Refused(Code.MALFORMED, problem)
        self._ensure_loaded(table)
        if idempotency_key is not None:
            seq = self.storage.has_idempotency_key(idempotency_key)
            if seq is not None:
                return Outcome(
                    False,
                    error=f"already done: this was accepted as move {seq}",
                    code=Code.DUPLICATE,
                    duplicate=True,
                    seq=seq,
                )
        if table.state is None or table.record is None:
            raise self._no_game(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise _Refused(
                Code.NOT_SEATED,
                f"you are not playing in this game (players: {_join_names(table.state.players)})",
            )
        if expect_game is not None and expect_game != table.record.id:
            raise _Refused(Code.STALE, "this decision is from an earlier game")
        seq_now = len(table.state.history)
        if expect_seq is not None and expect_seq != seq_now:
            if not 0 <= expect_seq < 10**6:  # no move number at all (a forged button)
                raise _Refused(
                    Code.STALE,
                    f"this decision is from an earlier turn; the game is at move {seq_now + 1} now",
                )
            raise _Refused(
                Code.STALE,
                f"this decision is from an earlier turn (move {expect_seq + 1}); the game is "
                f"at move {seq_now + 1} now",
            )
        before = table.state
        players = list(table.players)
        game_id = table.record.id
        # An AI that should have moved (e.g. after a crash mid-chain) moves first.
        moves = self._ai_chain(table)
        if _current(table) is None:
            return self._outcome(table, before, moves, players, game_id)
        try:
            command = self._check_move(table, seat, text)
        except _Refused as refused:
            if not moves:
                raise
            # The refusal changed nothing, but the AI moves before it did: report both.
            caught_up = self._outcome(table, before, moves, players, game_id)
            return replace(caught_up, accepted=False, error=refused.message, code=refused.code)
        try:
            moves.append(self._commit(table, seat, user_id, command, idempotency_key))
        except _Refused as refused:
            if refused.code == Code.DUPLICATE:
                return Outcome(False, error=refused.message, code=Code.DUPLICATE, duplicate=True)
            raise
        except IllegalMove as exc:  # validated above; only a racing change could get here
            raise _Refused(Code.ILLEGAL, f"illegal move: {exc}") from exc
        moves.extend(self._ai_chain(table))
        return self._outcome(table, before, moves, players, game_id)

    def _resume_worker(self, table: _Table, limit: int | None = -1) -> Outcome:
        self._ensure_loaded(table)
        if table.state is None or table.record is None:
            raise self._no_game(table)
        before, players, game_id = table.state, list(table.players), table.record.id
        moves = self._ai_chain(table, limit)
        if not moves:
            return Outcome(True, decision=self._decision_info(table, table.state), game_id=game_id)
        return self._outcome(table, before, moves, players, game_id)

    # -- lobby (workers) ----------------------------------------------------------------------

    def _lobby_text(self, game: Game, seats: list[SeatRecord]) -> str:
        host = self._lobby_host(seats)
        names = [
            s.display_name + (" (host)" if s is host else "") + (" [AI]" if s.is_ai else "")
            for s in seats
        ]
        n = len(seats)
        ready = (
            "/start when ready"
            if game.min_players <= n <= game.max_players
            else f"{game.min_players - n} more needed"
            if n < game.min_players
            else "too many players"
        )
        return f"{game.title} table: {n}/{game.max_players} seated — {_join_names(names)}. {ready}"

    @staticmethod
    def _lobby_host(seats: list[SeatRecord]) -> SeatRecord | None:
        return next((s for s in seats if not s.is_ai), None)

    def _running_refusal(self, table: _Table, code: str, what: str) -> _Refused:
        state = table.state
        assert state is not None
        d = state.pending()
        turn = getattr(state, "turn", None)
        where = f"turn {turn}, " if turn is not None else ""
        who = f"{state.players[d.seat]} to decide" if d is not None else "ending"
        title = get_game(table.record.game_type).title if table.record else "a game"
        return _Refused(
            code,
            f"{what}: {title} is already running here ({where}{who}); it must end or be "
            "aborted (/abort, host or channel manager) first",
        )

    def _lobby_game(self, table: _Table, seats: list[SeatRecord]) -> Game:
        name = table.lobby_game if seats and table.lobby_game else self.default_game
        return get_game(name)

    def _join_worker(
        self, table: _Table, user_id: str, name: str, game: str | None, guild_id: str | None
    ) -> Outcome:
        problem = None if guild_id is None else id_problem(guild_id, "guild id")
        if problem is not None:
            raise _Refused(Code.MALFORMED, problem)
        self._ensure_loaded(table)
        if table.state is not None:
            raise self._running_refusal(table, Code.GAME_RUNNING, "you cannot join now")
        seats = self.storage.list_seats(table.channel_id)
        current = self._lobby_game(table, seats)
        chosen = current
        if game is not None:
            try:
                chosen = get_game(game)
            except IllegalMove as exc:
                raise _Refused(Code.UNKNOWN_GAME, str(exc)) from exc
            if seats and chosen.name != current.name:
                raise _Refused(
                    Code.WRONG_GAME,
                    f"this table is gathering for {current.title}, not {chosen.title}; join "
                    f"without naming a game, or /start {chosen.name} to switch",
                )
        for s in seats:
            if s.user_id == user_id:
                raise _Refused(
                    Code.ALREADY_SEATED,
                    f"you are already seated (seat {s.seat_order + 1} of {len(seats)})",
                )
        if len(seats) >= chosen.max_players:
            raise _Refused(
                Code.TABLE_FULL,
                f"the table is full: {chosen.title} seats at most {chosen.max_players}",
            )
        try:
            self.storage.join_seat(table.channel_id, _clean_name(name), user_id, guild_id=guild_id)
        except AlreadySeated as exc:
            raise _Refused(Code.ALREADY_SEATED, "you are already seated") from exc
        table.lobby_game = chosen.name
        table.finished = None
        seats = self.storage.list_seats(table.channel_id)
        text = f"{_clean_name(name)} joins. " + self._lobby_text(chosen, seats)
        return Outcome(True, public=(PublicUpdate(text),))

    def _leave_worker(self, table: _Table, user_id: str, level: str | None) -> Outcome:
        self._ensure_loaded(table)
        if table.state is not None:
            return self._replace_worker(table, user_id, user_id, level, False)
        seats = self.storage.list_seats(table.channel_id)
        if not any(s.user_id == user_id for s in seats):
            if not seats:
                raise self._no_game(table)
            raise _Refused(Code.NOT_SEATED, "you are not seated at this table")
        removed = self.storage.leave_seat(table.channel_id, user_id)
        assert removed is not None
        seats = self.storage.list_seats(table.channel_id)
        if not any(not s.is_ai for s in seats):
            if seats:
                self.storage.clear_seats(table.channel_id)
            return Outcome(
                True,
                public=(PublicUpdate(f"{removed.display_name} leaves; the table is empty now."),),
            )
        game = self._lobby_game(table, seats)
        text = f"{removed.display_name} leaves. " + self._lobby_text(game, seats)
        return Outcome(True, public=(PublicUpdate(text),))

    def _replace_worker(
        self,
        table: _Table,
        user_id: str,
        target_user_id: str,
        level: str | None,
        can_manage: bool,
    ) -> Outcome:
        """Give a running game's seat to an AI (the player left, or was replaced)."""
        self._ensure_loaded(table)
        if table.state is None or table.record is None:
            raise self._no_game(table)
        seat = table.seat_of(target_user_id)
        if seat is None:
            raise _Refused(
                Code.NOT_SEATED,
                "you are not playing in this game"
                if user_id == target_user_id
                else "that user is not playing in this game",
            )
        host = table.host()
        if (
            user_id != target_user_id
            and not can_manage
            and (host is None or host.user_id != user_id)
        ):
            raise _Refused(
                Code.NOT_ALLOWED,
                "only the player himself, the host or a channel manager can hand a seat to an AI",
            )
        try:
            lv = ai_level(level)
        except UnknownAiLevel as exc:
            raise _Refused(Code.UNKNOWN_AI, str(exc)) from exc
        before = table.state
        old = table.players[seat]
        name = table.state.players[seat]
        humans = [p for i, p in enumerate(table.players) if not p.is_ai and i != seat]
        self.storage.leave_seat(table.channel_id, target_user_id)
        if not humans:
            record = table.record
            self.storage.abort_game(record.id)
            self.storage.clear_seats(table.channel_id)
            table.reset_game()
            return Outcome(
                True,
                public=(
                    PublicUpdate(f"{name} leaves; no human player is left: the game is aborted."),
                ),
                game_id=record.id,
            )
        players = list(table.players)
        players[seat] = PlayerInfo(old.name, None, True, lv.code)
        self._save_players(table.record.id, players)
        table.players = players
        table.ais.pop(seat, None)
        table.record = replace(table.record, players=tuple(players))
        header = f"{name} leaves the game; an AI ({lv.name}) plays seat {seat + 1} from now on."
        game_id = table.record.id
        moves = self._ai_chain(table)
        if not moves:
            return Outcome(
                True,
                public=(PublicUpdate(header),),
                decision=self._decision_info(table, table.state),
                game_id=game_id,
            )
        return self._outcome(table, before, moves, players, game_id, lead=(PublicUpdate(header),))

    def _save_players(self, game_id: int, players: Sequence[PlayerInfo]) -> None:
        """Persist a changed seat list of a running game.

        ``bot.storage`` has no public method for this yet; use it if it appears, else one
        UPDATE in the storage's own write transaction (same lock, same rollback rules).
        """
        update = getattr(self.storage, "update_players", None)
        if update is not None:
            update(game_id, list(players))
            return
        payload = json.dumps(
            [p.to_json() for p in players],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )
        with self.storage._write("update_players") as conn:
            cur = conn.execute(
                "UPDATE games SET players = ? WHERE id = ? AND status = 'active'",
                (payload, game_id),
            )
            if cur.rowcount != 1:
                raise GameNotActive(game_id, None)

    def _start_worker(
        self,
        table: _Table,
        user_id: str,
        seed: int | None,
        game: str | None,
        can_manage: bool = False,
    ) -> Outcome:
        self._ensure_loaded(table)
        if table.state is not None:
            raise self._running_refusal(table, Code.ALREADY_STARTED, "cannot start a second game")
        if table.broken is not None:
            raise self._no_game(table)
        seats = self.storage.list_seats(table.channel_id)
        if not seats:
            raise _Refused(Code.NO_GAME, "nobody has joined yet: /join first, then /start")
        if not can_manage and not any(s.user_id == user_id for s in seats):
            raise _Refused(
                Code.NOT_SEATED, "only a seated player or a channel manager can start: /join first"
            )
        try:
            chosen = get_game(game) if game is not None else self._lobby_game(table, seats)
        except IllegalMove as exc:
            raise _Refused(Code.UNKNOWN_GAME, str(exc)) from exc
        n = len(seats)
        if n < chosen.min_players:
            raise _Refused(
                Code.NOT_ENOUGH_PLAYERS,
                f"{chosen.title} needs {chosen.min_players}–{chosen.max_players} players; "
                f"{n} seated ({_join_names([s.display_name for s in seats])}). /join or /ai add",
            )
        if n > chosen.max_players:
            raise _Refused(
                Code.TABLE_FULL,
                f"{chosen.title} seats at most {chosen.max_players}; {n} are seated",
            )
        reserved = ["Klaus-Jürgen"] if chosen.name == "venezia" and n == 2 else []
        names = _unique_names([s.display_name for s in seats], reserved)
        players = [
            PlayerInfo(name, s.user_id, s.is_ai, s.ai_level)
            for name, s in zip(names, seats, strict=True)
        ]
        if seed is None:
            seed = secrets.randbits(48)
        elif not 0 <= seed < 2**63:  # stored as an SQLite integer
            raise _Refused(Code.MALFORMED, "a seed is a whole number from 0 to 2^63 - 1")
        try:
            state = chosen.new_state(names, seed)
        except IllegalMove as exc:
            raise _Refused(Code.NOT_ENOUGH_PLAYERS, str(exc)) from exc
        try:
            record = self.storage.create_game(
                table.channel_id,
                chosen.name,
                seed=seed,
                players=players,
                snapshot=self._snapshot(state),
            )
        except GameInProgress as exc:
            table.loaded = False
            raise _Refused(Code.ALREADY_STARTED, "a game is already running here") from exc
        table.reset_game()
        table.hand_dirty.clear()
        table.finished = None
        table.lobby_game = chosen.name
        table.record = record
        table.players = players
        table.state = state
        starter = next((s.display_name for s in seats if s.user_id == user_id), "A channel manager")
        d = state.pending()
        first = state.players[d.seat] if d is not None else "?"
        header = (
            f"{starter} starts {chosen.title}! Seats: "
            + ", ".join(
                f"{i + 1}. {p.name}" + (" [AI]" if p.is_ai else "") for i, p in enumerate(players)
            )
            + f". {first} begins."
        )
        moves = self._ai_chain(table)
        return self._outcome(table, state, moves, players, record.id, header=header)

    def _abort_worker(self, table: _Table, user_id: str, can_manage: bool) -> Outcome:
        self._ensure_loaded(table)
        if table.record is not None:
            host = table.host()
            if not can_manage and (host is None or host.user_id != user_id):
                raise _Refused(
                    Code.NOT_ALLOWED,
                    f"only the host ({host.name if host else 'nobody'}) or a channel manager "
                    "can abort the game",
                )
            record = table.record
            self.storage.abort_game(record.id)
            self.storage.clear_seats(table.channel_id)
            who = self._display(table, user_id)
            table.reset_game()
            table.finished = None
            return Outcome(
                True,
                public=(PublicUpdate(f"The game was aborted by {who}. /join to start over."),),
                game_id=record.id,
            )
        seats = self.storage.list_seats(table.channel_id)
        if not seats:
            raise self._no_game(table)
        host_seat = self._lobby_host(seats)
        if not can_manage and (host_seat is None or host_seat.user_id != user_id):
            raise _Refused(
                Code.NOT_ALLOWED,
                f"only the host ({host_seat.display_name if host_seat else 'nobody'}) or a "
                "channel manager can close the table",
            )
        self.storage.clear_seats(table.channel_id)
        who = self._display(table, user_id, seats)
        return Outcome(True, public=(PublicUpdate(f"The table was closed by {who}."),))

    def _display(
        self, table: _Table, user_id: str, seats: Sequence[SeatRecord] | None = None
    ) -> str:
        for p in table.players:
            if p.user_id == user_id:
                return p.name
        for s in seats or self.storage.list_seats(table.channel_id):
            if s.user_id == user_id:
                return s.display_name
        return "a channel manager"

    def _add_ai_worker(
        self, table: _Table, user_id: str, level: str | None, can_manage: bool = False
    ) -> Outcome:
        self._ensure_loaded(table)
        if table.state is not None:
            raise self._running_refusal(table, Code.GAME_RUNNING, "AI seats are added in the lobby")
        seats = self.storage.list_seats(table.channel_id)
        if not can_manage and not any(s.user_id == user_id for s in seats):
            raise _Refused(Code.NOT_SEATED, "join the table first; then you can add AI seats")
        try:
            lv = ai_level(level)
        except UnknownAiLevel as exc:
            raise _Refused(Code.UNKNOWN_AI, str(exc)) from exc
        try:
            lv.create()
        except Exception as exc:
            log.exception("AI level %s cannot be created", lv.name)
            raise _Refused(Code.UNKNOWN_AI, f"the {lv.name} AI is not available ({exc})") from exc
        game = self._lobby_game(table, seats)
        if len(seats) >= game.max_players:
            raise _Refused(
                Code.TABLE_FULL, f"the table is full: {game.title} seats at most {game.max_players}"
            )
        base = f"{lv.name.capitalize()} AI"
        name = _unique_names([base], [s.display_name for s in seats])[0]
        self.storage.join_seat(table.channel_id, name, None, is_ai=True, ai_level=lv.code)
        seats = self.storage.list_seats(table.channel_id)
        return Outcome(
            True, public=(PublicUpdate(f"{name} joins. " + self._lobby_text(game, seats)),)
        )

    def _remove_ai_worker(self, table: _Table, user_id: str, seat: int | None) -> Outcome:
        self._ensure_loaded(table)
        if table.state is not None:
            raise self._running_refusal(
                table, Code.GAME_RUNNING, "AI seats are removed in the lobby"
            )
        seats = self.storage.list_seats(table.channel_id)
        if not any(s.user_id == user_id for s in seats):
            raise _Refused(Code.NOT_SEATED, "join the table first")
        ais = [s for s in seats if s.is_ai]
        if seat is not None:
            ais = [s for s in ais if s.seat_order == seat - 1]
        if not ais:
            raise _Refused(
                Code.NO_AI,
                "there is no AI seat at this table"
                if seat is None
                else f"seat {seat} is no AI"
                if 0 < seat <= len(seats)
                else f"there is no such seat; seats are 1-{len(seats)}",
            )
        target = ais[-1]
        self.storage.remove_seat(table.channel_id, target.seat_order)
        seats = self.storage.list_seats(table.channel_id)
        game = self._lobby_game(table, seats)
        return Outcome(
            True,
            public=(
                PublicUpdate(f"{target.display_name} leaves. " + self._lobby_text(game, seats)),
            ),
        )

    # -- reads (workers) ----------------------------------------------------------------------

    def _remember_last_game(self, table: _Table) -> None:
        """After a restart: the channel's last finished game (replayed) for board/hand/log."""
        if table.state is None and table.finished is None and table.broken is None:
            self._no_game(table)

    def _shown_state(self, table: _Table) -> tuple[GameState, list[PlayerInfo]]:
        self._ensure_loaded(table)
        self._remember_last_game(table)
        if table.state is not None:
            return table.state, table.players
        if table.finished is not None and table.finished.state is not None:
            return table.finished.state, table.finished.players
        raise self._no_game(table)

    def _cached_image(
        self, table: _Table, state: GameState, kind: ImageKind, seat: int, view: JSON
    ) -> bytes | None:
        game_id = (
            table.record.id
            if table.record is not None and state is table.state
            else table.finished.game_id
            if table.finished is not None
            else -1
        )
        stamp = (game_id, len(state.history))
        hit = table.images.get((kind, seat))
        if hit is not None and hit[:2] == stamp:
            return hit[2]
        image = self._render(kind, view, table.channel_id)
        if image is not None:
            table.images[(kind, seat)] = (*stamp, image)
        return image

    def _board_worker(self, table: _Table) -> Reply:
        state, _ = self._shown_state(table)
        view = state.public_view()
        kind: ImageKind = "board"
        image = self._cached_image(table, state, kind, -1, view)
        return Reply(
            self._status_lines(table, state)[0],
            image=image,
            image_kind=kind if image is not None else None,
            decision=self._decision_info(table, table.state),
        )

    def _hand_worker(self, table: _Table, user_id: str) -> Reply:
        state, players = self._shown_state(table)
        seat = next(
            (i for i, p in enumerate(players) if not p.is_ai and p.user_id == user_id), None
        )
        if seat is None:
            raise _Refused(Code.NOT_SEATED, "you are not playing in this game")
        view = state.player_view(seat)
        image = self._cached_image(table, state, "hand", seat, view)
        lines = [_hand_text(view)]
        me = view.get("me") or {}
        if me.get("decision"):
            lines.append(f"your decision: {me['decision'].get('prompt')}")
        return Reply(
            "\n".join(lines),
            image=image,
            image_kind="hand" if image is not None else None,
            private=True,
        )

    def _status_lines(self, table: _Table, state: GameState) -> list[str]:
        view = state.public_view()
        title = get_game(state.game_name).title if state.game_name in GAMES else state.game_name
        lines: list[str] = []
        if state.is_over:
            summary = table.finished.summary if table.finished else "the game is over"
            lines.append(f"{title} — {summary}")
        else:
            d = state.pending()
            turn = view.get("turn")
            active = view.get("active")
            head = f"{title} — turn {turn}" if turn is not None else title
            if isinstance(active, int):
                head += f", {state.players[active]}'s turn"
            if d is not None:
                head += f"; waiting for {state.players[d.seat]}: {d.prompt}"
            lines.append(head)
        for p in view.get("players", []):
            front = ", ".join(f"{k} {v}" for k, v in (p.get("front") or {}).items()) or "—"
            lines.append(
                f"{'▶ ' if p.get('active') else '  '}{p.get('name')}: gondola {p.get('position')}"
                f" · hand {p.get('hand_size')} · tokens {p.get('swamp_tokens', 0)} swamp / "
                f"{p.get('treasure_tokens', 0)} treasure · in front: {front}"
            )
        extra = []
        if "deck_size" in view:
            extra.append(f"deck {view['deck_size']}")
        if "pool" in view:
            extra.append("pool: " + (", ".join(view["pool"]) or "empty"))
        if "supply" in view:
            extra.append("pieces left: " + ", ".join(f"{k} {v}" for k, v in view["supply"].items()))
        if "treasure_left" in view:
            extra.append(f"treasure {view['treasure_left']}")
        if extra:
            lines.append(" · ".join(extra))
        return lines

    def _status_worker(self, table: _Table) -> Reply:
        self._ensure_loaded(table)
        if table.state is None:
            if table.broken is not None:
                raise self._no_game(table)
            seats = self.storage.list_seats(table.channel_id)
            if seats:
                text = self._lobby_text(self._lobby_game(table, seats), seats)
                if table.finished is not None:
                    text = f"Last game: {table.finished.summary}\n{text}"
                return Reply(text)
            if table.finished is not None and table.finished.state is not None:
                lines = self._status_lines(table, table.finished.state)
                return Reply("\n".join(lines), lines=tuple(lines))
            raise self._no_game(table)
        lines = self._status_lines(table, table.state)
        return Reply(
            "\n".join(lines), lines=tuple(lines), decision=self._decision_info(table, table.state)
        )

    def _log_worker(self, table: _Table, limit: int) -> Reply:
        self._ensure_loaded(table)
        self._remember_last_game(table)
        limit = max(1, min(limit, LOG_KEEP))
        if table.state is not None and table.record is not None:
            total = len(table.state.history)
            entries = list(table.log)
            want = min(limit, total)
            if len(entries) < want:
                entries = self._rebuild_log(table)
            entries = entries[-limit:]
        elif table.finished is not None and table.finished.log:
            entries = table.finished.log[-limit:]
        elif table.finished is not None or table.broken is not None:
            raise self._no_game(table)
        else:
            raise self._no_game(table)
        if not entries:
            return Reply("no moves yet")
        lines = tuple(f"#{e.seq + 1} {e.text}" for e in entries)
        return Reply("\n".join(lines), lines=lines)

    def _rebuild_log(self, table: _Table) -> list[_LogEntry]:
        """Replay the whole game from the seed to put every move back into words."""
        record = table.record
        assert record is not None
        game = get_game(record.game_type)
        state = game.new_state(record.player_names, record.seed, record.options or None)
        entries: deque[_LogEntry] = deque(maxlen=LOG_KEEP)
        for move in self.storage.moves(record.id):
            events = state.apply(move.seat, move.command)
            entries.append(self._log_entry(state, move.seq, move.seat, events))
        table.log = entries
        return list(entries)

    def _options_worker(
        self, table: _Table, user_id: str, prefix: str, limit: int | None
    ) -> list[str]:
        self._ensure_loaded(table)
        state = table.state
        if state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        options = state.legal_commands(seat)
        p = " ".join(prefix.casefold().split())
        if p:
            starts = [o for o in options if o.casefold().startswith(p)]
            inside = [o for o in options if p in o.casefold() and o not in starts]
            options = starts + inside
        return options if limit is None else options[:limit]

    def _options_reason_worker(self, table: _Table, user_id: str) -> str | None:
        self._ensure_loaded(table)
        state = table.state
        if state is None:
            return Code.GAME_OVER if table.finished is not None else Code.NO_GAME
        seat = table.seat_of(user_id)
        if seat is None:
            return Code.NOT_SEATED
        if state.is_over or state.pending() is None:
            return Code.GAME_OVER
        return None if state.legal_commands(seat) else Code.NOT_YOUR_DECISION

    def _view_worker(self, table: _Table, user_id: str | None) -> JSON | None:
        self._ensure_loaded(table)
        self._remember_last_game(table)
        if table.state is not None:
            state, players = table.state, table.players
        elif table.finished is not None and table.finished.state is not None:
            state, players = table.finished.state, table.finished.players
        else:
            return None
        if user_id is None:
            view = state.public_view()
        else:
            seat = next(
                (i for i, p in enumerate(players) if not p.is_ai and p.user_id == user_id), None
            )
            if seat is None:
                return None
            view = state.player_view(seat)
        return {**view, "seq": len(state.history)}

    def _decision_worker(self, table: _Table) -> DecisionInfo | None:
        self._ensure_loaded(table)
        return self._decision_info(table, table.state)

    # -- the async API ------------------------------------------------------------------------

    async def _guarded(
        self, what: str, channel_id: str | int, user_id: str | int | None, call: Any
    ) -> Outcome:
        problem = None if user_id is None else id_problem(user_id, "user id")
        if problem is not None:
            call.close()  # never started: nothing ran, nothing changed
            return Outcome.refuse(Code.MALFORMED, problem)
        try:
            outcome: Outcome = await call
        except _Refused as refused:
            log.info(
                "refused %s channel=%s user=%s code=%s: %s",
                what,
                channel_id,
                user_id,
                refused.code,
                refused.message,
            )
            return Outcome(False, error=refused.message, code=refused.code)
        except Exception:
            log.exception("%s failed in channel %s (user %s)", what, channel_id, user_id)
            return Outcome(
                False,
                error="internal error: nothing was changed; please try again",
                code=Code.INTERNAL,
            )
        if not outcome.accepted:
            log.info(
                "refused %s channel=%s user=%s code=%s: %s",
                what,
                channel_id,
                user_id,
                outcome.code,
                outcome.error,
            )
        return outcome

    async def _guarded_reply(
        self, what: str, channel_id: str | int, call: Any, private: bool = False
    ) -> Reply:
        try:
            reply: Reply = await call
            return reply
        except _Refused as refused:
            log.info("refused %s channel=%s code=%s", what, channel_id, refused.code)
            return Reply.refuse(refused.code, refused.message, private=private)
        except Exception:
            log.exception("%s failed in channel %s", what, channel_id)
            return Reply.refuse(Code.INTERNAL, "internal error; please try again", private=private)

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
        return await self._guarded(
            "join",
            channel_id,
            user_id,
            self._locked(channel_id, self._join_worker, str(user_id), name, game, guild),
        )

    async def leave(
        self, channel_id: str | int, user_id: str | int, ai_level: str | None = None
    ) -> Outcome:
        """Leave the lobby; during a game, an AI (``ai_level``, default random) takes the
        seat over (if no human would be left, the game is aborted)."""
        return await self._guarded(
            "leave",
            channel_id,
            user_id,
            self._locked(channel_id, self._leave_worker, str(user_id), ai_level),
        )

    async def replace_with_ai(
        self,
        channel_id: str | int,
        user_id: str | int,
        target_user_id: str | int,
        level: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """Hand ``target_user_id``'s seat in the running game to an AI (the host, a manager or
        the player himself may do this, e.g. for a player who went away)."""
        return await self._guarded(
            "replace_with_ai",
            channel_id,
            user_id,
            self._locked(
                channel_id,
                self._replace_worker,
                str(user_id),
                str(target_user_id),
                level,
                can_manage,
            ),
        )

    async def start(
        self,
        channel_id: str | int,
        user_id: str | int,
        seed: int | None = None,
        game: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """Start the game with everybody seated (a seated player may start it, or a channel
        manager - ``can_manage``, decided by the adapter - e.g. a table of AI seats only)."""
        return await self._guarded(
            "start",
            channel_id,
            user_id,
            self._locked(channel_id, self._start_worker, str(user_id), seed, game, can_manage),
        )

    async def abort(
        self, channel_id: str | int, user_id: str | int, can_manage: bool = False
    ) -> Outcome:
        """Abort the running game (or close the lobby): the host or a channel manager
        (``can_manage``, decided by the adapter) may do it."""
        return await self._guarded(
            "abort",
            channel_id,
            user_id,
            self._locked(channel_id, self._abort_worker, str(user_id), can_manage),
        )

    async def add_ai(
        self,
        channel_id: str | int,
        user_id: str | int,
        level: str | None = None,
        can_manage: bool = False,
    ) -> Outcome:
        """Add an AI seat to the lobby (``level`` from :func:`bot.ai_seat.ai_levels`): a
        seated player may, or a channel manager (``can_manage``) without being seated."""
        return await self._guarded(
            "add_ai",
            channel_id,
            user_id,
            self._locked(channel_id, self._add_ai_worker, str(user_id), level, can_manage),
        )

    async def remove_ai(
        self, channel_id: str | int, user_id: str | int, seat: int | None = None
    ) -> Outcome:
        """Remove the last AI seat (or the AI at 1-based ``seat``) from the lobby."""
        return await self._guarded(
            "remove_ai",
            channel_id,
            user_id,
            self._locked(channel_id, self._remove_ai_worker, str(user_id), seat),
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
        """A player's move for the running game, as typed (e.g. ``play 2 ponte``).

        ``expect_seq`` (and ``expect_game``): the move number (game id) the sender saw, e.g.
        from a button's :class:`DecisionInfo`; if the game has moved on, the command is
        refused with :attr:`Code.STALE` (checked under the channel's lock)."""
        key = None if idempotency_key is None else str(idempotency_key)
        return await self._guarded(
            "command",
            channel_id,
            user_id,
            self._locked(
                channel_id,
                self._command_worker,
                str(user_id),
                text,
                key,
                expect_seq,
                expect_game,
            ),
        )

    async def resume(self, channel_id: str | int) -> Outcome:
        """Let AI seats take decisions left pending (e.g. a restart interrupted an AI chain);
        an adapter may call it for each of :meth:`active_channels` at start-up. Commands do
        this on their own before handling a human's move."""
        return await self._guarded(
            "resume", channel_id, None, self._locked(channel_id, self._resume_worker)
        )

    async def advance(self, channel_id: str | int, max_moves: int | None = None) -> Outcome:
        """Play pending AI moves: at most ``max_moves`` (``None``: until a human must decide
        or the game ends). With ``max_moves=1`` an adapter can step a game of AI seats only
        (started with the ``max_ai_moves`` option) and stop it whenever it likes. Accepted
        with no updates when no AI must decide."""
        return await self._guarded(
            "advance", channel_id, None, self._locked(channel_id, self._resume_worker, max_moves)
        )

    async def view(self, channel_id: str | int, user_id: str | int | None = None) -> JSON | None:
        """The channel's game as the engine shows it: the public view, or with ``user_id``
        that seated player's own view (``None`` if he is not seated: never another seat's),
        plus ``seq``: the number of moves made. The running game, else the last finished one
        while it is remembered; ``None`` if there is none."""
        uid = None if user_id is None else str(user_id)
        try:
            return await self._read(channel_id, self._view_worker, uid)
        except _Refused:
            return None
        except Exception:
            log.exception("view failed in channel %s", channel_id)
            return None

    async def board(self, channel_id: str | int) -> Reply:
        """The board image (and a one-line status) for the channel."""
        return await self._guarded_reply(
            "board", channel_id, self._read(channel_id, self._board_worker)
        )

    async def hand(self, channel_id: str | int, user_id: str | int) -> Reply:
        """A player's hand and tokens (private)."""
        return await self._guarded_reply(
            "hand", channel_id, self._read(channel_id, self._hand_worker, str(user_id)), True
        )

    async def status(self, channel_id: str | int) -> Reply:
        """The lobby or the game in words: who is where, who must decide what."""
        return await self._guarded_reply(
            "status", channel_id, self._read(channel_id, self._status_worker)
        )

    async def log(self, channel_id: str | int, limit: int = 10) -> Reply:
        """The last ``limit`` moves in words (public texts only: no secret values)."""
        return await self._guarded_reply(
            "log", channel_id, self._read(channel_id, self._log_worker, limit)
        )

    async def rules(self, topic: str | None = None) -> Reply:
        """Short rules help per topic, citing the spec's rule IDs."""
        return rules_help(topic)

    async def options_for(
        self,
        channel_id: str | int,
        user_id: str | int,
        prefix: str = "",
        limit: int | None = MAX_OPTIONS,
    ) -> list[str]:
        """That user's legal commands now, filtered by the typed prefix (for autocomplete)."""
        try:
            return await self._read(channel_id, self._options_worker, str(user_id), prefix, limit)
        except _Refused:
            return []
        except Exception:
            log.exception("options_for failed in channel %s", channel_id)
            return []

    async def options_reason(self, channel_id: str | int, user_id: str | int) -> str | None:
        """Why :meth:`options_for` has nothing for that user: ``None`` if he has options now,
        else a :class:`Code` - ``NOT_SEATED``, ``NOT_YOUR_DECISION``, ``GAME_OVER`` or
        ``NO_GAME`` (``INTERNAL`` if the table cannot be read)."""
        try:
            return await self._read(channel_id, self._options_reason_worker, str(user_id))
        except _Refused as refused:
            return refused.code
        except Exception:
            log.exception("options_reason failed in channel %s", channel_id)
            return Code.INTERNAL

    async def decision(self, channel_id: str | int) -> DecisionInfo | None:
        """Who must decide now in the channel's game (e.g. to rebuild buttons at start-up)."""
        try:
            return await self._read(channel_id, self._decision_worker)
        except _Refused:
            return None
        except Exception:
            log.exception("decision failed in channel %s", channel_id)
            return None

    async def active_channels(self) -> list[str]:
        """Channels with an open game in storage (nothing is loaded)."""
        return await self._run(self.storage.active_channels)

    async def adapter_state(self, scope: str, key: str) -> str | None:
        """A value an adapter stored with :meth:`set_adapter_state` (e.g. the id of a
        table's current message), kept in the database across restarts."""
        return await self._run(self.storage.get_adapter_state, scope, key)

    async def set_adapter_state(self, scope: str, key: str, value: str | None) -> None:
        """Remember (``None``: forget) a small adapter value across restarts."""
        await self._run(self.storage.set_adapter_state, scope, key, value)


# --------------------------------------------------------------------------------------------
# Rules help
# --------------------------------------------------------------------------------------------

RULE_TOPICS: dict[str, str] = {
    "turn": (
        "A turn (V-0): three actions strictly in order — 1. play cards and build, 2. drain up "
        "to two swamps, 3. draw. A skipped action cannot be done later. Gold may be exchanged "
        "at any moment of your own turn (V-G1). The start player is random (V-S4); play goes "
        "clockwise."
    ),
    "play": (
        "Play (V-1.1, V-1.8): one submission of any cards, e.g. 'play 2 ponte casa' (or 'play' "
        "for none). Per type T (not casa) with c cards already in T's construction and s of "
        "them yours: you play j cards that join (0 ≤ j ≤ n−c, or ≤ n−1 if nobody started one), "
        "or n+j when s = 0 (a solo set, V-1.7). Each casa is a house built at once (V-1.9). "
        "After playing, at most two types may stay in front of you (V-1.12: 'discard <type>')."
    ),
    "architect": (
        "Architects (V-1.2–V-1.4): one construction per type; whoever has the most cards in it "
        "holds its architect pawn — on a tie, whoever reached that count first. Completing a "
        "construction: the architect scores fully, every other participant half (rounded down), "
        "V-1.10.3. Solo builds (V-1.6, V-1.7) score fully for the builder."
    ),
    "build": (
        "Building (V-1.10): while completed buildings wait, the active player picks one "
        "('build <type>'), its placer (solo builder or architect) places it ('place C3 C4') on "
        "empty hexes of its shape — basilica a triangle of 3, palazzo 2 adjacent, ponte a "
        "bridge site (then 'score <district>'), campo and casa 1. Participants bordering the "
        "district take a treasure token, then score and move (occupied spaces are skipped, "
        "V-1.10.4). No room: nothing is built. Points: casa 1, basilica 7, palazzo 1 per "
        "adjacent undeveloped hex, campo 1 per adjacent developed hex, ponte 1 per casa in the "
        "named district."
    ),
    "drain": (
        "Drain (V-2.1): take 0–2 swamp tokens ('drain C3 D5', one at a time works too, 'done' "
        "to stop). Their value (0–2 gold) is secret to you; the hex is empty at once."
    ),
    "draw": (
        "Draw (V-3): either take one card — 'draw deck' or 'draw <type>' from the pool (needs "
        "≤ 4 in hand) — or put a card into the pool ('swap <type>', a type not in it, needs "
        "≤ 3 in hand) and then take exactly 3, pool cards first. Hand limit 5 (V-3.2); with 5 "
        "cards you draw nothing. Four cards left in the pool at a turn's end are discarded "
        "(V-3.4). The discard pile is reshuffled only when the deck is empty (V-3.3)."
    ),
    "gold": (
        "Gold (V-G): during your own turn hand in tokens for ⌊sum/5⌋ steps, e.g. 'exchange 6 2 "
        "2' (token values) or 'exchange 2 steps' (the table picks the least wasteful tokens). "
        "No change is given. Swamp tokens leave the game, treasure goes back (V-G2). At the "
        "end, everyone's gold is converted automatically (V-E2)."
    ),
    "end": (
        "The end (V-E): a placement empties a type's supply, or a gondola reaches 60 (V-E1). "
        "The building being resolved finishes; otherwise the turn ends at once. Then all gold "
        "is converted (V-E2), and the farthest gondola wins (V-E3); players still on 0 share "
        "their place."
    ),
    "2p": (
        "Two players (V-T): the imaginary Klaus-Jürgen takes part. Once per turn the active "
        "player may 'flip' the top card into his area — before playing, or after drawing "
        "('done' skips). A third type for him is discarded (V-T3); when he is the architect "
        "the active player places (V-T4); a flipped casa is built at once and scores nothing "
        "(V-T5)."
    ),
    "decisions": (
        "Where the rulebooks are silent the table decides (spec 'Decision' lines): token "
        "values swamp 0×26, 1×34, 2×26 and treasure 3×5, 4×5, 5×4, 6×4 (V-C4); 15 mooring "
        "posts after 60, a move past the last free post stops there (V-C5); space 10/45 is "
        "one space (V-B4); our own board map (V-B5); a random start player (V-S4); a lost "
        "architect pawn passes by V-1.4 (V-1.12); a solo build is allowed while others have "
        "cards of that type (V-1.8); with 5 cards you draw nothing (V-3.2); short draws take "
        "what exists (V-3.3); players on 0 share their place (V-E3)."
    ),
}

RULE_ALIASES = {
    "turns": "turn",
    "cards": "play",
    "architects": "architect",
    "building": "build",
    "place": "build",
    "placing": "build",
    "score": "build",
    "scoring": "build",
    "swamp": "drain",
    "draining": "drain",
    "drawing": "draw",
    "pool": "draw",
    "exchange": "gold",
    "tokens": "gold",
    "treasure": "gold",
    "end game": "end",
    "game end": "end",
    "two players": "2p",
    "2": "2p",
    "two": "2p",
    "flip": "2p",
    "klaus-jürgen": "2p",
    "decision": "decisions",
    "help": "commands",
}


def _commands_help(grammar: _Grammar | None = None) -> str:
    known = grammar or _grammar(DEFAULT_GAME)
    lines = ["Commands (type them as a move; case and card language do not matter):"]
    if known is not None:
        lines += [f"• {text}" for text in known.help.values()]
    return "\n".join(lines)


def rules_help(topic: str | None = None) -> Reply:
    """The rules text for ``topic`` (``None``: an overview and the topic list)."""
    topics = [*RULE_TOPICS, "commands"]
    if topic is None or not topic.strip():
        text = (
            "Venezia (2–5 players): play building cards, build with others, move your gondola "
            "along the canal; the farthest gondola wins. Topics: " + ", ".join(topics) + ". "
            "The full specification names every rule by ID (V-…)."
        )
        return Reply(text)
    key = " ".join(topic.casefold().split())
    key = RULE_ALIASES.get(key, key)
    if key == "commands":
        return Reply(_commands_help())
    found = RULE_TOPICS.get(key)
    if found is None:
        return Reply.refuse(
            Code.UNKNOWN_TOPIC, f"no rules topic '{excerpt(topic)}'; topics: {', '.join(topics)}"
        )
    return Reply(found)
