"""The storage seam: one Protocol per aggregate, and the database that holds them.

Every part of the table service (and the terminal, the archive tools, the developer tools)
is given the repositories it uses, typed by these Protocols, never a whole database class:

* :class:`GameRepository`: games, their move log, snapshots and results; loading a
  channel's game (lobby choice, record, snapshot, moves) in one read transaction
* :class:`LobbyRepository`: tables, lobby seats, the lobby's choice of game and options
* :class:`TimerSettingsRepository`: each table's timer settings
* :class:`DeadlineRepository`: deadlines of open decisions, fired marks, fired-timer notices
* :class:`TimeoutVoteRepository`: votes at a pause
* :class:`TakeoverRepository`: seats an AI took over, and their return
* :class:`ArchiveClockRepository`: when a game was last touched; games left untouched too long
* :class:`StatsRepository`: per-server stats, ratings, leaderboards and their settings
* :class:`HistoryRepository`: closed games with results, importing a portable game
* :class:`AdapterStateRepository`: opaque per-scope values of a transport adapter
* :class:`LanguageRepository`: who reads which language

:class:`Repositories` is the set of them; :class:`Database` adds the unit of work
(:meth:`Database.transaction`): when one action must change several repositories - a seat
handed to an AI (the game's players, the timeout's fired mark and notice, the takeover, the
votes) - it calls them on the :class:`Repositories` the block yields, and they commit
together or not at all. A single repository call is always its own transaction (a move and
its snapshot and its game's end: :meth:`GameRepository.append_move`).

SQLite implements them today (:class:`bot.storage.store.SqliteDatabase`, one class per
Protocol, each holding the shared :class:`bot.storage.connection.SqliteConnection`). A second
backend (PostgreSQL, issue #27) implements the same Protocols and a ``Database`` with the same
``transaction()``; ``tests/test_repository_contract.py`` states what each Protocol promises
and runs against every backend listed in its ``backend`` fixture.

Errors are the backend-neutral ones of :mod:`bot.storage.errors`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from bot.storage.adapter import LeaseRound
from bot.storage.history import HistoryEntry, ImportedGame
from bot.storage.records import (
    ChannelLoad,
    FinalResult,
    GameRecord,
    MoveRecord,
    PlayerInfo,
    ResultRecord,
    SeatRecord,
    SnapshotData,
    SnapshotRecord,
    StoredGame,
    TableRecord,
)
from bot.storage.stats import LeaderRow, StatsRow, StatsSettings
from bot.storage.timers import Deadline, Notice, Takeover, TimerSettings

__all__ = [
    "AdapterStateRepository",
    "ArchiveClockRepository",
    "Database",
    "DeadlineRepository",
    "GameRepository",
    "HistoryRepository",
    "LanguageRepository",
    "LobbyRepository",
    "Repositories",
    "StatsRepository",
    "TakeoverRepository",
    "TimeoutVoteRepository",
    "TimerSettingsRepository",
    "UnitOfWork",
]


class GameRepository(Protocol):
    """Game lifecycle, the move log, snapshots and results (a game starts from the lobby's
    seats) - :class:`~bot.storage.repositories.GameRepository`."""

    def create_game(
        self,
        channel_id: str,
        game_type: str,
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        players: Sequence[PlayerInfo] | None = None,
        guild_id: str | None = None,
        snapshot: SnapshotData | None = None,
    ) -> GameRecord:
        """Start a game (status ``active``) at the channel's table.

        ``players`` defaults to the current lobby seats in seat order (the lobby is left as is,
        so a rematch can reuse it; call :meth:`clear_seats` if wanted). ``snapshot`` may hold
        the initial state, stored as seq ``-1`` in the same transaction. Raises
        :class:`GameInProgress` if the channel already has an open game."""
        ...

    def get_game(self, game_id: int) -> GameRecord | None: ...

    def active_game(self, channel_id: str) -> GameRecord | None:
        """The channel's open game, or ``None``. Finished and aborted games are never returned."""
        ...

    def channel_head(self, channel_id: str) -> tuple[int, int, str] | None:
        """The channel's open game's id, last move number and stored players text (one cheap
        read, for a service to tell whether another process moved; #27), or ``None``."""
        ...

    def active_channels(self) -> list[str]:
        """Ids of channels with an open game - cheap, for a lazy restart."""
        ...

    def finish_game(
        self, game_id: int, results: Sequence[FinalResult], final_hash: str | None = None
    ) -> GameRecord:
        """Mark an active game finished, store its results and compact it, in one transaction.

        ``final_hash`` is the engine's hash of the final state; without it the hash of a
        snapshot taken at the last move is kept, if there is one."""
        ...

    def abort_game(self, game_id: int, standings: Sequence[FinalResult] = ()) -> GameRecord:
        """Mark an active game aborted; it is compacted like a finished one (its moves stay,
        packed, for the record; its snapshots go: an aborted game is never resumed).
        ``standings``: the places at the abort, kept in its stats rows (marked aborted)."""
        ...

    def update_players(
        self, game_id: int, players: Sequence[PlayerInfo], *, takeover: bool = False
    ) -> None:
        """Store a running game's new seat list (``takeover``: an AI took a human's seat, a
        mark its stats rows keep). :class:`GameNotActive` if the game is not running."""
        ...

    def save_snapshot(self, game_id: int, seq: int, state_json: str, state_hash: str) -> None:
        """Store the state after move ``seq`` (``-1`` = initial), outside a move transaction.

        ``seq`` must be an already stored position (``-1 <= seq <= last_seq``); a snapshot
        for the same ``seq`` is replaced."""
        ...

    def latest_snapshot(self, game_id: int) -> SnapshotRecord | None:
        """The snapshot with the highest seq, or ``None`` (then replay from the seed)."""
        ...

    def results(self, game_id: int) -> list[ResultRecord]:
        """Final results by place, then seat (empty unless the game finished)."""
        ...

    def game_history(self, channel_id: str, limit: int = 10) -> list[GameRecord]:
        """The channel's finished and aborted games, newest first."""
        ...

    def has_idempotency_key(self, key: str) -> int | None:
        """The seq of the move accepted under ``key``, or ``None`` if the key is new (finished
        games included: their keys live on in ``archived_keys``)."""
        ...

    def append_move(
        self,
        game_id: int,
        seq: int,
        seat: int,
        user_id: str | None,
        command: str,
        idempotency_key: str | None = None,
        snapshot: SnapshotData | None = None,
        *,
        finish: Sequence[FinalResult] | None = None,
    ) -> MoveRecord:
        """Record one accepted canonical command - all in ONE transaction.

        Inserts the move, optionally the snapshot of the state after it (same ``seq``),
        advances ``games.last_seq``, and - if ``finish`` is given - stores the results and
        marks the game finished, so a game-ending move can never be stored without its end.
        A finished game is compacted at once: ``snapshot`` then only gives its hash as the
        game's ``final_hash``.

        Raises, in this order of checks:
        :class:`AlreadyProcessed` (the idempotency key was seen; carries the existing seq, so
        a retried delivery can be answered harmlessly), :class:`GameNotActive`,
        :class:`DuplicateMove` (``seq <= last_seq``: a double apply) and
        :class:`OutOfOrderMove` (``seq > last_seq + 1``)."""
        ...

    def moves(self, game_id: int, after_seq: int = -1) -> list[MoveRecord]:
        """Moves with ``seq > after_seq`` in order - what to replay after a snapshot (from
        the packed archive for a finished game)."""
        ...

    def load_channel(self, channel_id: str) -> ChannelLoad:
        """Everything a table service loads for a channel - the lobby's choice, the open game,
        its latest snapshot and the moves after it - in ONE read transaction, so they agree
        even while another process sharing the file commits moves (they show the file as it
        was at the first read)."""
        ...

    def load_game(self, game_id: int, *, all_moves: bool = False) -> StoredGame | None:
        """A game's record, latest snapshot and the moves after it (every move with
        ``all_moves``), read in ONE read transaction like :meth:`load_channel`; ``None`` if
        there is no such game."""
        ...

    def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The last ``limit`` moves, oldest first (for a "what happened" view)."""
        ...


class LobbyRepository(Protocol):
    """Tables, lobby seats and the lobby's choice of game (:class:`LobbyRepository`)."""

    def get_or_create_table(self, channel_id: str, guild_id: str | None = None) -> TableRecord:
        """The table for a channel, created on first use (fills in ``guild_id`` if unknown)."""
        ...

    def get_table(self, channel_id: str) -> TableRecord | None: ...

    def list_seats(self, channel_id: str) -> list[SeatRecord]:
        """The lobby in seat order (``seat_order`` is ``0..n-1``)."""
        ...

    def join_seat(
        self,
        channel_id: str,
        display_name: str,
        user_id: str | None = None,
        *,
        is_ai: bool = False,
        ai_level: int | None = None,
        guild_id: str | None = None,
    ) -> SeatRecord:
        """Add a seat at the end of the lobby. A human must have a ``user_id``; AI seats may
        share ``user_id=None``. Raises :class:`AlreadySeated` if the user is already seated."""
        ...

    def leave_seat(self, channel_id: str, user_id: str) -> SeatRecord | None:
        """Remove the user's seat; later seats move up. Returns the removed seat or ``None``."""
        ...

    def remove_seat(self, channel_id: str, seat_order: int) -> SeatRecord | None:
        """Remove the seat at ``seat_order`` (e.g. an AI); later seats move up."""
        ...

    def lobby_choice(self, channel_id: str) -> tuple[str | None, dict[str, str]]:
        """The game and option texts the channel's lobby chose (``None``: not chosen yet)."""
        ...

    def set_lobby_choice(
        self, channel_id: str, game: str | None, options: Mapping[str, str] | None = None
    ) -> None:
        """Remember the lobby's game and option texts (``None``: forget the choice)."""
        ...

    def clear_seats(self, channel_id: str) -> int:
        """Empty the lobby; returns how many seats were removed."""
        ...


class TimerSettingsRepository(Protocol):
    """Each table's timer settings (turn time, reminder, what a timeout does, AI level, archive
    days) (#26)."""

    def get_timer_settings(self, channel_id: str) -> TimerSettings: ...

    def set_timer_settings(self, channel_id: str, settings: TimerSettings) -> None: ...


class DeadlineRepository(Protocol):
    """The deadlines of open human decisions, their fired marks (each reminder and timeout fires
    exactly once) and the notices of fired timers not yet announced (#26)."""

    def deadlines(self, game_id: int) -> list[Deadline]: ...

    def sync_deadlines(
        self,
        channel_id: str,
        game_id: int,
        open_seats: dict[int, str | None],
        now: float,
        settings: TimerSettings | None,
        restart: frozenset[int] = frozenset(),
    ) -> None:
        """Keep one row per open human seat: a seat no longer open (or in ``restart``: it
        just moved) loses its row; a newly open seat gets one timed from ``now``. Also notes
        that the game was touched (at most every :data:`TOUCH_EVERY` seconds). Reads first
        and writes only when something changes: no extra commit for most moves.
        ``settings`` ``None``: the channel's stored timer settings, read with the deadlines
        (one query, #27)."""
        ...

    def clear_deadlines(self, game_id: int) -> None: ...

    def drop_deadline(self, game_id: int, seat: int) -> None:
        """Forget one seat's deadline (the next sync times its decision afresh)."""
        ...

    def due_channels(self, now: float) -> list[str]:
        """Channels with a reminder or a timeout due at ``now`` that has not fired."""
        ...

    def next_due(self) -> float | None:
        """The earliest unfired reminder or timeout (for a scheduler that sleeps until then)."""
        ...

    def mark_fired(self, game_id: int, seat: int, what: str) -> bool:
        """Mark a seat's reminder (``what="reminded"``) or timeout (``"timed_out"``) fired;
        false if it already was (so each fires exactly once). A reminder's notice is stored
        with its mark (see :meth:`notices`)."""
        ...

    def notices(self, channel_id: str) -> list[Notice]:
        """The fired timers of a channel whose announcement no adapter confirmed
        (:meth:`clear_notice`): a reminder's, a takeover's or a pause's notice is stored in
        the transaction that fires it, so a process that dies before its adapter posted the
        announcement leaves it here, and the next one announces it."""
        ...

    def notice_channels(self) -> list[str]:
        """Channels with an unconfirmed notice."""
        ...

    def clear_notice(self, game_id: int, seat: int, kind: str) -> None:
        """The announcement of a fired timer was posted (or is no use any more)."""
        ...

    def pause_seat(self, game_id: int, seat: int) -> bool:
        """A seat's time ran out and the game waits for it: its timeout is marked fired and
        the votes of an earlier pause on it are forgotten, in one transaction; false if the
        timeout had fired already (nothing changed)."""
        ...

    def fire_timeout(self, game_id: int, seat: int, notice: str) -> bool:
        """Mark a seat's timeout fired (its reminder too) and store its ``notice`` (``takeover``
        or ``pause``); false if it had fired already (nothing changed). Called inside the
        transaction that stores the timeout's effect, so both happen exactly once."""
        ...


class TimeoutVoteRepository(Protocol):
    """The votes on what to do with a paused seat (#26)."""

    def set_timeout_vote(
        self, game_id: int, seat: int, voter_id: str, choice: str, now: float
    ) -> None:
        """Store (or change) ``voter_id``'s vote on what to do with paused ``seat``."""
        ...

    def timeout_votes(self, game_id: int, seat: int) -> dict[str, str]:
        """Voter id -> choice (``ai``, ``wait`` or ``end``) for paused ``seat``."""
        ...

    def clear_timeout_votes(self, game_id: int, seat: int | None = None) -> None:
        """Forget the votes on ``seat`` (``None``: on every seat of the game)."""
        ...


class TakeoverRepository(Protocol):
    """The seats an AI took over from a human (a timeout or a kick), and their return (#26)."""

    def add_takeover(
        self, game_id: int, seat: int, user_id: str, name: str, kind: str, now: float
    ) -> None: ...

    def open_takeover(self, game_id: int, user_id: str) -> Takeover | None: ...

    def seat_takeover(self, game_id: int, seat: int) -> Takeover | None:
        """The open takeover of ``seat`` (an AI plays it; its player may come back)."""
        ...

    def end_takeover(self, game_id: int, seat: int, now: float) -> None: ...

    def had_takeover(self, game_id: int) -> bool:
        """Whether an AI took a human's seat over at some point of the game (for ratings)."""
        ...


class ArchiveClockRepository(Protocol):
    """When each active game was last touched, and the games left untouched past their table's
    archive time (#26)."""

    def touch_game(self, game_id: int, now: float) -> None: ...

    def stale_games(self, now: float, default_days: int) -> list[tuple[str, int]]:
        """``(channel, game id)`` of active games untouched for their table's archive time."""
        ...


class StatsRepository(Protocol):
    """Per-server stats and leaderboards (:class:`StatsRepository`)."""

    def stats(self, guild_id: str, player: str) -> list[StatsRow]:
        """``player``'s games, wins (rank 1, ties included), average rank and how many were
        aborted / had an AI takeover, per game type, counted as the server's setting says."""
        ...

    def leaderboard(self, guild_id: str, game_type: str, limit: int = 10) -> list[LeaderRow]:
        """The server's best rated players of a game type, by ordinal (``mu - 3 sigma``)."""
        ...

    def rated_games(self, guild_id: str) -> list[str]:
        """The game types the server has ratings for, most rated players first."""
        ...

    def stats_settings(self, guild_id: str) -> StatsSettings: ...

    def set_stats_settings(self, guild_id: str, new: StatsSettings) -> None:
        """Change which games the server counts and recompute its ratings accordingly."""
        ...

    def mark_takeover(self, game_id: int) -> None:
        """Mark a game as one where an AI took over a seat: while it runs (its seat rows
        will carry the mark), or once closed (then that server's ratings are recomputed)."""
        ...

    def rebuild_ratings(self, guild_id: str | None = None) -> int:
        """Recompute ratings from the seat rows (one server, or all); games rated."""
        ...


class HistoryRepository(Protocol):
    """Reads of closed games and the import of one (:class:`HistoryRepository`)."""

    def closed_games(
        self, channel_id: str, limit: int = 10, before_id: int | None = None
    ) -> list[HistoryEntry]:
        """The channel's finished and aborted games with their results, newest first
        (``before_id``: older than that game, for paging)."""
        ...

    def closed_game(self, game_id: int) -> HistoryEntry | None:
        """One finished or aborted game with its results (``None``: no such closed game)."""
        ...

    def every_closed_game(self, limit: int, before_id: int | None = None) -> list[HistoryEntry]:
        """The finished and aborted games of every channel (the archive's too), newest
        first, with their results (``before_id``: older than that game)."""
        ...

    def import_game(
        self, game: ImportedGame, same: Callable[[StoredGame], bool] | None = None
    ) -> GameRecord:
        """Store ``game`` as a closed game of :data:`ARCHIVE_CHANNEL` in one transaction,
        compacted; its id is new (the file's id is not kept). ``same``: whether a closed game
        of the same type and seed, in any channel, is this one; if one is,
        :class:`AlreadyStored` names it and nothing is stored."""
        ...


class AdapterStateRepository(Protocol):
    """``(scope, key) -> value`` text, opaque to everybody but the adapter that wrote it
    (:class:`AdapterStateRepository`)."""

    def get_adapter_state(self, scope: str, key: str) -> str | None:
        """The value an adapter stored under ``(scope, key)``, or ``None``."""
        ...

    def set_adapter_state(self, scope: str, key: str, value: str | None) -> None:
        """Store (``None``: forget) an adapter's value under ``(scope, key)``."""
        ...

    def renew_leases(
        self,
        scope: str,
        home: Collection[str],
        every: Collection[str],
        owner: str,
        now: float,
        until: float,
    ) -> LeaseRound:
        """One process's round of leases over the keys of ``scope`` (#27: Discord's shards):
        its ``home`` keys, the ones it adopted, and the others' whose lease ran out
        (:meth:`bot.storage.adapter.SqlAdapterStateRepository.renew_leases`)."""
        ...


class LanguageRepository(Protocol):
    """Who reads which language (:mod:`bot.table.languages`): ``(kind, key) -> language``,
    ``kind`` ``table`` (a channel's chosen language), ``server`` (the locale its server
    prefers) or ``person`` (a user's client locale) (:class:`LanguageRepository`)."""

    def languages(self) -> list[tuple[str, str, str]]:
        """Every stored ``(kind, key, language)``."""
        ...

    def set_language(self, kind: str, key: str, language: str) -> None:
        """Store one language choice (replacing the earlier one)."""
        ...


class Repositories(Protocol):
    """The repositories of one database (or of one open transaction on it)."""

    @property
    def games(self) -> GameRepository: ...

    @property
    def lobby(self) -> LobbyRepository: ...

    @property
    def timer_settings(self) -> TimerSettingsRepository: ...

    @property
    def deadlines(self) -> DeadlineRepository: ...

    @property
    def timeout_votes(self) -> TimeoutVoteRepository: ...

    @property
    def takeovers(self) -> TakeoverRepository: ...

    @property
    def archive_clock(self) -> ArchiveClockRepository: ...

    @property
    def stats(self) -> StatsRepository: ...

    @property
    def history(self) -> HistoryRepository: ...

    @property
    def adapter_state(self) -> AdapterStateRepository: ...

    @property
    def languages(self) -> LanguageRepository: ...


class UnitOfWork(Protocol):
    """Opens the transaction that spans several repositories."""

    def transaction(
        self, operation: str, *, table: str | None = None, game: int | None = None
    ) -> AbstractContextManager[Repositories]:
        """One write transaction: the repositories yielded commit together when the block
        ends, or not at all if an exception leaves it (``operation`` names it in logs and
        test hooks). Use them from the thread that opened the block. ``table`` (a channel
        id) or ``game`` (a game id): the one table the block is about, so a backend may let
        other tables' writers run meanwhile (#27); without, it serialises with every writer."""
        ...


class Database(Repositories, Protocol):
    """An open database: its repositories and the unit of work that spans them (a
    :class:`UnitOfWork` too)."""

    def transaction(
        self, operation: str, *, table: str | None = None, game: int | None = None
    ) -> AbstractContextManager[Repositories]:
        """See :meth:`UnitOfWork.transaction`."""
        ...

    def close(self) -> None:
        """Close the database (idempotent)."""
        ...
