"""The table service's in-memory records: one channel's table, committed moves, refusals.

Shared by every module of :mod:`bot.table`; nothing here knows a game.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from bot.storage.store import GameRecord, PlayerInfo
from bot.table.ai_seat import AiPlayer
from bot.table.input_guard import id_problem
from bot.table.outputs import Code
from bot.table.safe_text import normalize_name
from engine.core import JSON, Event, GameState
from engine.i18n import listed
from engine.i18n.shared import _
from engine.registry import GameParts, GameRegistration, registration

#: A snapshot is stored with every move whose number is a multiple of this (and at the end).
SNAPSHOT_EVERY = 20
#: Safety net against a policy that never ends a game.
MAX_AI_CHAIN = 5000
#: Discord allows 25 autocomplete choices.
MAX_OPTIONS = 25
#: How many moves (in words) each table keeps in memory for ``log``.
LOG_KEEP = 200
MAX_NAME = 32


class RestoreError(RuntimeError):
    """A stored game could not be resumed exactly (hash mismatch, replay refused a move)."""


class Refused(Exception):
    """Raised inside the worker functions; turned into a refusal ``Outcome``/``Reply``."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


#: How the running worker call holds its channel (#27): ``"locked"`` under the channel's lock
#: (a local commit cannot be under way, so the table may catch up with the database in
#: place), ``"read"`` a lock-free read (a table found behind raises :class:`Behind`, and the
#: read runs again under the lock), ``None`` a direct call (tests, tools: catches up in place).
ACCESS: contextvars.ContextVar[str | None] = contextvars.ContextVar("table_access", default=None)
#: The channels one worker call has already compared with the database (#27): the check costs
#: one query per channel and call, however often the call's parts make sure the table is loaded.
CHECKED: contextvars.ContextVar[set[str] | None] = contextvars.ContextVar(
    "table_checked", default=None
)


class Behind(Exception):
    """A lock-free read found the table in memory behind the database (another process sharing
    it moved): the read runs again under the channel's lock, which catches the table up."""


class LostRace(Refused):
    """A commit found the game moved on by another process sharing the database (the table
    has been reloaded meanwhile); the command may be checked again against the fresh state."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    seat: int
    name: str
    text: str


@dataclass(slots=True)
class Applied:
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
class Finished:
    """The last game that ended in this channel (kept for board/status/log after the end)."""

    game_id: int
    game_type: str
    players: list[PlayerInfo]
    state: GameState | None
    summary: str
    log: list[LogEntry] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class Table:
    channel_id: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    load_lock: threading.Lock = field(default_factory=threading.Lock)
    loaded: bool = False
    record: GameRecord | None = None
    state: GameState | None = None
    players: list[PlayerInfo] = field(default_factory=list)
    broken: str | None = None
    finished: Finished | None = None
    lobby_game: str | None = None
    #: the lobby's option texts (canonical, every option of ``lobby_game``); also in SQLite
    lobby_options: dict[str, str] = field(default_factory=dict)
    log: deque[LogEntry] = field(default_factory=lambda: deque(maxlen=LOG_KEEP))
    ais: dict[int, AiPlayer] = field(default_factory=dict)
    #: Seats whose private part changed since their last hand image ("settled" policy).
    hand_dirty: set[int] = field(default_factory=set)
    #: The last image of each kind and seat (-1: public) with the (game id, move count) it
    #: shows, keyed by (kind, seat, language), so /board and /hand right after a move reuse
    #: it instead of rendering again (an image drawn in Japanese is not an English one).
    images: dict[tuple[str, int, str], tuple[int, int, bytes]] = field(default_factory=dict)
    #: Each seat's secret part (``GameTexts.secret_part``) with the (game id, move count) it
    #: is true at:
    #: spares building the "before" player view to tell whether it changed.
    secrets: dict[int, tuple[int, int, object]] = field(default_factory=dict)
    #: How often the table was (re)loaded from the database.
    loads: int = 0
    #: How many moves of this process lost a race to another one (each caught the table up):
    #: a worker tells by it that a race lost on the way (e.g. by an AI move) replaced the
    #: state it checked a command against.
    races: int = 0
    #: The registration of the game on the table (running, or the one that just ended), held
    #: once its name is known: read through :attr:`game` and :attr:`parts`, never looked up
    #: by name again while the game is the same.
    held: GameRegistration | None = None
    #: The stored players text of the game in memory when it was last compared with the
    #: database (#27): a cheap check tells a re-seat by another process by it.
    players_text: str | None = None

    @property
    def game(self) -> GameRegistration:
        """The registration of the game on the table: the running one, else the one that just
        ended (``finished``). A table with neither has no game (an AssertionError)."""
        if self.record is not None:
            name = self.record.game_type
        else:
            assert self.finished is not None, "the table has no game"  # not for players
            name = self.finished.game_type
        held = self.held
        if held is None or name not in (held.name, *held.aliases):
            held = self.held = registration(name)
        return held

    @property
    def parts(self) -> GameParts:
        """The parts of the table's :attr:`game` (engine, grammar, texts, scores, ...)."""
        return self.game.parts()

    def reseat(self, seat: int, players: list[PlayerInfo]) -> None:
        """A running game's new seat list after ``seat`` changed hands (to an AI, or back to
        its person): the seat's cached AI goes, and the record carries the list."""
        assert self.record is not None
        self.players = players
        self.ais.pop(seat, None)
        self.record = replace(self.record, players=tuple(players))

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


class Tables:
    """The tables in memory, one per channel, each made on first use (thread-safe)."""

    def __init__(self) -> None:
        self._tables: dict[str, Table] = {}
        self._guard = threading.Lock()

    def get(self, channel_id: str) -> Table:
        """The channel's table (:class:`Refused` for a malformed channel id)."""
        problem = id_problem(channel_id, "channel id")  # not for players
        if problem is not None:
            raise Refused(Code.MALFORMED, problem)
        with self._guard:
            table = self._tables.get(channel_id)
            if table is None:
                table = Table(channel_id)
                self._tables[channel_id] = table
            return table

    def loaded_channels(self) -> list[str]:
        """Channels whose table is in memory (restarts are lazy)."""
        return sorted(ch for ch, t in self._tables.items() if t.loaded)

    def live_count(self) -> int:
        """Tables in memory with a game running (a metric, #27)."""
        return sum(
            1
            for t in list(self._tables.values())
            if t.loaded and t.state is not None and t.finished is None
        )


def current(table: Table) -> GameState | None:
    """The table's state, re-read (a worker call may have ended the game meanwhile)."""
    return table.state


def first_word(text: str) -> str:
    words = text.strip().lstrip("/!").split()
    return words[0].casefold() if words else ""


def clean_name(name: str) -> str:
    """A display name without control/bidi characters or surrogates, at most MAX_NAME long."""
    return normalize_name(name, limit=MAX_NAME)


def unique_names(names: Sequence[str], reserved: Iterable[str] = ()) -> list[str]:
    taken = {r.casefold() for r in reserved}
    out: list[str] = []
    for raw in names:
        base = clean_name(raw)
        name = base
        n = 2
        while name.casefold() in taken:
            name = f"{base[: MAX_NAME - 3]} {n}"
            n += 1
        taken.add(name.casefold())
        out.append(name)
    return out


def join_names(names: Sequence[str]) -> str:
    return listed(names) if names else _("nobody")


def why(exc: BaseException) -> str:
    """An exception's message as it was made (a :class:`~engine.i18n.Text` stays one, so a
    refusal built around it can still be said in the sender's language)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)


def join_texts(texts: Sequence[str]) -> str:
    """Texts joined with ``; `` into one that can still be said in another language (each
    part is said again): a move's log line from its events' texts."""
    if not texts:
        return ""
    joined = texts[0]
    for text in texts[1:]:
        # Translators: two sentences of a move's log line, joined
        joined = _("{first}; {second}", first=joined, second=text)
    return joined
