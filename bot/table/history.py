"""History and replays of finished games, for every registered game and every transport.

* :class:`History` - the table service's collaborator: a channel's closed games
  (``listing``), one game (``card``: result, final board, and the graph of each seat's
  progress over the turns - the game's ``parts().progress``, else its scores), its animated
  replay
  (``replay``); a game's portable file is :mod:`bot.archive.portable`'s.
* :class:`HistoryCommands` - the table service's ``history`` part: ``/history``, a game's
  card and its replay as adapters call them (run by the channel runner, refusals as data).
* Everything is rebuilt from the stored seed and moves through
  :func:`bot.table.restore.replay_stored` (the one replayer), so a game stored by any earlier
  version replays exactly; frames are drawn by the game's registered board renderer, the
  animation and the graph by :mod:`render.common.replay` (imported when first needed).
* A frame is taken at the start, after every move that ends a turn (the reserved ``turn`` or
  ``game_over`` event, or a change of the view header's counter) and at the end, so a replay
  has ``turns + 1`` frames and its last frame is the final board.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage.history import HistoryEntry
from bot.storage.records import PlayerInfo, StoredGame
from bot.storage.repositories import GameRepository, HistoryRepository
from bot.table import guard
from bot.table.ai_seat import ai_level, ai_seat_name
from bot.table.outputs import Answer, Code
from bot.table.records import Refused
from bot.table.restore import fresh_state, replay_stored
from bot.table.runner import ChannelRunner
from engine.core import GAME_OVER, JSON, TURN_END, Event, GameState, counter_count, counter_word
from engine.i18n import counted, listed
from engine.i18n.shared import _, _n
from engine.registry import registration

__all__ = [
    "GameCard",
    "History",
    "HistoryCommands",
    "Replay",
    "Track",
    "build_replay",
    "draw_replay",
    "entry_line",
    "level_name",
    "track",
]

#: How many games ``/history`` lists at most.
HISTORY_LIMIT = 10

BoardFunc = Callable[[JSON], bytes | None]


@dataclass(frozen=True, slots=True)
class Track:
    """A replayed game: the public views to draw (start, each turn's end, the end), each
    seat's progress at each of them (``parts().progress_at``: the game's measure, else its
    scores) and what it measures (``label``), the final state and the number of turns."""

    views: list[JSON]
    progress: list[list[float | None]]
    state: GameState
    turns: int
    label: str


@dataclass(frozen=True, slots=True)
class Replay:
    """An animated replay: the image (``extension``: its file type, ``webp``), its frame
    count (one per board), the final board (PNG), what building it cost, the frames' pixel
    ``size``, their ``scale`` (1.0: the boards as drawn) and whether they are lossless."""

    data: bytes
    extension: str
    frames: int
    turns: int
    final_board: bytes
    seconds: float
    scale: float
    size: tuple[int, int]
    lossless: bool


@dataclass(frozen=True, slots=True)
class GameCard:
    """One closed game: its text, the final board and the score graph (PNG, ``None`` if a
    picture could not be drawn)."""

    game_id: int
    text: str
    board: bytes | None
    graph: bytes | None


def track(stored: StoredGame) -> Track:
    """Replay ``stored`` (checked, :func:`replay_stored`) and keep a view per turn."""
    reg = registration(stored.record.game_type)
    parts = reg.parts()
    header = parts.header
    views: list[JSON] = []
    progress: list[list[float | None]] = []
    counter: list[int] = []
    turns = 0

    def keep(state: GameState) -> None:
        view = state.public_view()
        views.append(view)
        progress.append(parts.progress_at(state))
        counter.append(header(view).number)

    last_ended = False

    def on_move(state: GameState, seq: int, seat: int, events: list[Event]) -> None:
        nonlocal turns, last_ended
        # a turn ends with the reserved events, or when the view header's counter moves on
        last_ended = any(e.kind in (TURN_END, GAME_OVER) for e in events)
        last_ended = last_ended or state.turn != counter[-1]
        if last_ended:
            turns += 1
            keep(state)

    keep(fresh_state(stored.record))
    state = replay_stored(stored, on_move)
    if stored.moves and not last_ended:  # an aborted game's unfinished turn: its end
        turns += 1
        keep(state)
    return Track(views, progress, state, turns, parts.progress_label(state))


def build_replay(stored: StoredGame, board: BoardFunc, *, limit: int | None = None) -> Replay:
    """The animated replay of ``stored``: one frame per view of :func:`track`, drawn by
    ``board``, animated under ``limit`` bytes (Discord's upload limit by default)."""
    t0 = time.perf_counter()
    tracked = track(stored)
    return draw_replay(tracked.views, board, tracked.turns, limit=limit, started=t0)


def draw_replay(
    views: Sequence[JSON],
    board: BoardFunc,
    turns: int,
    *,
    limit: int | None = None,
    started: float | None = None,
) -> Replay:
    """``views`` drawn by ``board`` and animated (:func:`render.common.replay.animate`) under
    ``limit`` bytes; ``seconds`` counts from ``started`` (default: now)."""
    from render.common.replay import DISCORD_UPLOAD_LIMIT, animate

    t0 = time.perf_counter() if started is None else started
    limit = DISCORD_UPLOAD_LIMIT if limit is None else limit
    frames: list[bytes] = []
    for view in views:
        image = board(view)
        if image is None:
            raise Refused(Code.INTERNAL, _("the board pictures cannot be drawn now"))
        frames.append(image)
    animation = animate(frames, limit=limit)
    assert len(animation.data) <= limit
    return Replay(
        animation.data,
        animation.extension,
        animation.frames,
        turns,
        frames[-1],
        time.perf_counter() - t0,
        animation.scale,
        animation.size,
        animation.lossless,
    )


# -- the collaborator -------------------------------------------------------------------------


def _date(value: datetime | None) -> str:
    return "?" if value is None else value.astimezone(UTC).strftime("%Y-%m-%d")


def level_name(player: PlayerInfo) -> str | None:
    """A seat's AI level by name (``None``: a person; an unknown stored code: random)."""
    if not player.is_ai:
        return None
    try:
        return ai_level(player.ai_level).name
    except LookupError:
        return "random"


def _seat_label(p: PlayerInfo) -> str:
    return ai_seat_name(p.name, p.ai_level) if p.is_ai else p.name


def _result_text(entry: HistoryEntry) -> str:
    if entry.record.status == "aborted":
        return _("aborted")
    by_place = sorted(entry.results, key=lambda r: (r.place, r.seat))
    players = entry.record.players
    parts = []
    for r in by_place:
        score = "" if r.score is None else f" {r.score}"
        seat = players[r.seat] if 0 <= r.seat < len(players) else None
        name = _seat_label(seat) if seat is not None and seat.name == r.name else r.name
        parts.append(f"{r.place}. {name}{score}")
    return counted(parts) or _("finished")


def entry_line(entry: HistoryEntry) -> str:
    """One line of ``/history``: id, date, game and options, seats, result."""
    record = entry.record
    reg = registration(record.game_type)
    options = ""
    if reg.options:
        options = f" ({reg.describe_options({str(k): str(v) for k, v in record.options.items()})})"
    seats = listed(_seat_label(p) for p in record.players)
    when = _date(record.finished_at or record.started_at)
    return f"#{record.id} · {when} · {reg.title}{options} · {seats} · {_result_text(entry)}"


class History:
    """The reads of closed games for one table service: ``storage``, and ``board`` (a public
    view -> the game's board PNG, ``None`` when pictures are off)."""

    def __init__(self, history: HistoryRepository, games: GameRepository, board: BoardFunc) -> None:
        self.history = history
        self.games = games
        self.board = board

    def listing(self, channel_id: str, limit: int = HISTORY_LIMIT) -> list[str]:
        """The channel's closed games, newest first, one line each (empty: none)."""
        return [entry_line(e) for e in self.history.closed_games(channel_id, limit)]

    def _entry(self, channel_id: str | None, game_id: int) -> HistoryEntry:
        entry = self.history.closed_game(game_id)
        if entry is None or (channel_id is not None and entry.record.channel_id != channel_id):
            if channel_id is None:
                missing = _("No finished game #{id} (see /history).", id=game_id)
            else:
                missing = _("No finished game #{id} in this channel (see /history).", id=game_id)
            raise Refused(Code.NO_GAME, missing)
        return entry

    def _stored(self, game_id: int) -> StoredGame:
        stored = self.games.load_game(game_id, all_moves=True)
        if stored is None:
            raise Refused(Code.NO_GAME, _("No game #{id}.", id=game_id))
        return stored

    def card(self, channel_id: str | None, game_id: int) -> GameCard:
        """One closed game: result, seats, the final board and the graph of each seat's
        progress over the turns (axis: the game's :meth:`GameParts.progress_label`)."""
        from render.common.replay import score_graph

        entry = self._entry(channel_id, game_id)
        tracked = track(self._stored(game_id))
        reg = registration(entry.record.game_type)
        lines = [entry_line(entry)]
        header = reg.parts().header(tracked.views[-1])
        lines.append(
            _(
                "{counted}, {moves}",
                counted=counter_count(header.counter, tracked.turns),
                moves=_n("{n} move", "{n} moves", len(tracked.state.history)),
            )
        )
        names = [p.name for p in entry.record.players]
        has_numbers = any(v is not None for row in tracked.progress for v in row)
        counter = reg.parts().header(tracked.views[-1]).counter
        graph = None
        if has_numbers:
            graph = score_graph(names, tracked.progress, counter=counter, label=tracked.label)
            lines.append(
                _(
                    "Graph: {label} after each {counter}.",
                    label=tracked.label,
                    counter=counter_word(counter),
                )
            )
        else:
            lines.append(_("No scores to draw: this game ranks by places only."))
        return GameCard(game_id, "\n".join(lines), self.board(tracked.views[-1]), graph)

    def replay(self, channel_id: str | None, game_id: int) -> Replay:
        """The closed game's animated replay (``channel_id``: it must be that channel's)."""
        self._entry(channel_id, game_id)
        return build_replay(self._stored(game_id), self.board)

    def last_closed(self, channel_id: str) -> int | None:
        """The channel's newest closed game (``/replay`` without a game)."""
        games = self.history.closed_games(channel_id, 1)
        return games[0].record.id if games else None


class HistoryCommands:
    """The closed games of a channel as adapters call them (``service.history``): the work is
    ``history``'s, run in the worker pool by ``runner``; a refusal or failure is an
    :class:`~bot.table.outputs.Answer` (the service's error contract)."""

    def __init__(self, runner: ChannelRunner, history: History) -> None:
        self.runner = runner
        self.history = history

    async def lines(self, channel_id: str | int) -> list[str]:
        """The channel's finished and aborted games, newest first, one line each."""
        return await self.runner.run(self.history.listing, str(channel_id))

    async def card(self, channel_id: str | int, game_id: int) -> Answer[GameCard]:
        """One closed game of the channel: result, final board, score graph (refused with
        :attr:`Code.NO_GAME` if the channel has no such game)."""
        card = self.runner.run(self.history.card, str(channel_id), game_id)
        return await guard.guarded_answer("game_card", channel_id, card)

    async def replay(self, channel_id: str | int, game_id: int | None = None) -> Answer[Replay]:
        """The animated replay of one closed game of the channel (``None``: its newest);
        refused with :attr:`Code.NO_GAME` if there is none."""
        replay = self._replay(str(channel_id), game_id)
        return await guard.guarded_answer("replay", channel_id, replay)

    async def _replay(self, channel_id: str, game_id: int | None) -> Replay:
        if game_id is None:
            game_id = await self.runner.run(self.history.last_closed, channel_id)
            if game_id is None:
                raise Refused(Code.NO_GAME, _("No finished game in this channel yet."))
        return await self.runner.run(self.history.replay, channel_id, game_id)
