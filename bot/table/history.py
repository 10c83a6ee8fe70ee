"""History and replays of finished games, for every registered game and every transport.

* :class:`History` - the table service's collaborator: a channel's closed games
  (``listing``), one game (``card``: result, final board, and the graph of each seat's
  progress over the turns - the game's ``parts().progress``, else its scores), its animated
  replay
  (``replay``), and a game's portable file (``export_game`` / ``import_game``).
* Everything is rebuilt from the stored seed and moves through
  :func:`bot.table.restore.replay_stored` (the one replayer), so a game stored by any earlier
  version replays exactly; frames are drawn by the game's registered board renderer, the
  animation and the graph by :mod:`render.common.replay` (imported when first needed).
* A frame is taken at the start, after every move that ends a turn (the reserved ``turn`` or
  ``game_over`` event, or a change of the view header's counter) and at the end, so a replay
  has ``turns + 1`` frames and its last frame is the final board.

The portable file (JSON, :data:`PORTABLE_FORMAT`): ``format``, ``game``, ``options`` (texts),
``seed``, ``players`` (name, ``ai`` level name or ``null``), ``moves`` (``[seat, command]``),
``status``, ``started_at``/``finished_at``, ``final_hash`` (the engine's hash of the final
state) and ``results``. Import replays it and refuses it, changing nothing, unless it ends in
that hash.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.storage.history import ARCHIVE_CHANNEL, HistoryEntry, ImportedGame
from bot.storage.records import GameRecord, GameStatus, MoveRecord, PlayerInfo, StoredGame
from bot.storage.store import Storage
from bot.table.ai_seat import LEVELS, ai_level
from bot.table.outputs import Code
from bot.table.records import Refused, why
from bot.table.restore import fresh_state, replay_stored, results
from engine.core import GAME_OVER, JSON, TURN_END, Event, GameState, counter_count, counter_word
from engine.i18n import counted, listed
from engine.i18n.shared import _, _n
from engine.registry import registration

__all__ = [
    "PORTABLE_FORMAT",
    "GameCard",
    "History",
    "ImportRefused",
    "Replay",
    "Track",
    "build_replay",
    "portable_game",
    "stored_from_portable",
    "track",
]

#: The version of the portable file's layout; import refuses others.
PORTABLE_FORMAT = 1
#: How many games ``/history`` lists at most.
HISTORY_LIMIT = 10

BoardFunc = Callable[[JSON], bytes | None]


class ImportRefused(ValueError):
    """A portable file that cannot be imported (nothing was stored)."""


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
    """An animated replay: the image (``extension``: its file type), its frame count, the
    final board (PNG), and what building it cost."""

    data: bytes
    extension: str
    frames: int
    turns: int
    final_board: bytes
    seconds: float
    scale: float


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
    from render.common.replay import DISCORD_UPLOAD_LIMIT, animate

    t0 = time.perf_counter()
    tracked = track(stored)
    frames: list[bytes] = []
    for view in tracked.views:
        image = board(view)
        if image is None:
            raise Refused(Code.INTERNAL, _("the board pictures cannot be drawn now"))
        frames.append(image)
    animation = animate(frames, limit=DISCORD_UPLOAD_LIMIT if limit is None else limit)
    assert len(animation.data) <= (DISCORD_UPLOAD_LIMIT if limit is None else limit)
    return Replay(
        animation.data,
        animation.extension,
        animation.frames,
        tracked.turns,
        frames[-1],
        time.perf_counter() - t0,
        animation.scale,
    )


# -- the portable file ------------------------------------------------------------------------


def _ts(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat(timespec="seconds")


def _level_name(player: PlayerInfo) -> str | None:
    if not player.is_ai:
        return None
    try:
        return ai_level(player.ai_level).name
    except LookupError:
        return "random"


def portable_game(entry: HistoryEntry, stored: StoredGame, state: GameState) -> JSON:
    """The portable JSON of a closed game (``state``: its replayed end)."""
    record = stored.record
    return {
        "format": PORTABLE_FORMAT,
        "game": record.game_type,
        "options": {str(k): str(v) for k, v in (record.options or {}).items()},
        "seed": str(record.seed),
        "players": [{"name": p.name, "ai": _level_name(p)} for p in record.players],
        "moves": [[m.seat, m.command] for m in stored.moves],
        "status": record.status,
        "started_at": _ts(record.started_at),
        "finished_at": _ts(record.finished_at),
        "final_hash": state.state_hash(),
        "results": [
            {"seat": r.seat, "name": r.name, "place": r.place, "score": r.score}
            for r in entry.results
        ],
    }


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(name)
    if not isinstance(value, kind):
        raise ImportRefused(_("the file's '{field}' is missing or malformed", field=name))
    return value


def _when(text: Any) -> datetime | None:
    if text is None:
        return None
    try:
        return datetime.fromisoformat(str(text))
    except ValueError as exc:
        raise ImportRefused(
            _("the file has a malformed date: {date}", date=repr(str(text)[:40]))
        ) from exc


def stored_from_portable(data: Mapping[str, Any]) -> tuple[StoredGame, str]:
    """The file as a stored game (not stored anywhere; id 0) and its claimed final hash,
    checked in shape only: :func:`replay_stored` checks the rest."""
    if not isinstance(data, Mapping):
        raise ImportRefused(_("the file is not a JSON object"))
    if data.get("format") != PORTABLE_FORMAT:
        raise ImportRefused(
            _(
                "unknown file format {format} (this version reads {known})",
                format=repr(str(data.get("format"))[:20]),
                known=PORTABLE_FORMAT,
            )
        )
    game = _field(data, "game", str)
    try:
        reg = registration(game)
    except (KeyError, ValueError, LookupError) as exc:
        raise ImportRefused(_("unknown game {game}", game=repr(game[:40]))) from exc
    options = {str(k): str(v) for k, v in _field(data, "options", dict).items()}
    try:
        options = reg.check_options(options) if reg.options else {}
    except Exception as exc:
        raise ImportRefused(
            _("the file's options are not {game}'s: {problem}", game=reg.title, problem=why(exc))
        ) from exc
    try:
        seed = int(_field(data, "seed", (str, int)))
    except ValueError as exc:
        raise ImportRefused(_("the file's seed is not a number")) from exc
    players: list[PlayerInfo] = []
    for p in _field(data, "players", list):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise ImportRefused(_("a player of the file has no name"))
        level = p.get("ai")
        if level is not None and level not in LEVELS:
            raise ImportRefused(_("unknown AI level {level}", level=repr(str(level)[:20])))
        code = None if level is None else LEVELS[level].code
        players.append(PlayerInfo(p["name"], None, level is not None, code))
    moves: list[MoveRecord] = []
    for seq, m in enumerate(_field(data, "moves", list)):
        ok = isinstance(m, list) and len(m) == 2
        if not ok or not isinstance(m[0], int) or not isinstance(m[1], str):
            raise ImportRefused(_("move {seq} of the file is malformed", seq=seq))
        if not 0 <= m[0] < len(players):
            raise ImportRefused(_("move {seq} of the file names no player", seq=seq))
        moves.append(MoveRecord(0, seq, m[0], None, m[1], datetime.now(UTC), None))
    status = data.get("status")
    if status not in ("finished", "aborted"):
        raise ImportRefused(_("the file's game is neither finished nor aborted"))
    final_hash = _field(data, "final_hash", str)
    now = datetime.now(UTC)
    record = GameRecord(
        id=0,
        channel_id=ARCHIVE_CHANNEL,
        game_type=reg.name,
        options=dict(options),
        seed=seed,
        players=tuple(players),
        status=status,
        last_seq=len(moves) - 1,
        created_at=_when(data.get("started_at")) or now,
        started_at=_when(data.get("started_at")),
        finished_at=_when(data.get("finished_at")),
        final_hash=final_hash,
    )
    return StoredGame(record, None, moves), final_hash


def replay_portable(data: Mapping[str, Any]) -> tuple[StoredGame, GameState]:
    """The file replayed and checked against its final hash (:class:`ImportRefused` if not)."""
    stored, final_hash = stored_from_portable(data)
    try:
        state = replay_stored(stored)
    except ImportRefused:
        raise
    except Exception as exc:
        raise ImportRefused(
            _("the file does not replay to its final hash: {problem}", problem=why(exc))
        ) from exc
    if state.state_hash() != final_hash:  # replay_stored checks it too; say it plainly
        raise ImportRefused(_("the file does not replay to its final hash"))
    return stored, state


# -- the collaborator -------------------------------------------------------------------------


def _date(value: datetime | None) -> str:
    return "?" if value is None else value.astimezone(UTC).strftime("%Y-%m-%d")


def _seat_label(p: PlayerInfo) -> str:
    return _("{name} (AI {level})", name=p.name, level=_level_name(p)) if p.is_ai else p.name


def _result_text(entry: HistoryEntry) -> str:
    if entry.record.status == "aborted":
        return _("aborted")
    by_place = sorted(entry.results, key=lambda r: (r.place, r.seat))
    parts = []
    for r in by_place:
        score = "" if r.score is None else f" {r.score}"
        parts.append(f"{r.place}. {r.name}{score}")
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

    def __init__(self, storage: Storage, board: BoardFunc) -> None:
        self.storage = storage
        self.board = board

    def listing(self, channel_id: str, limit: int = HISTORY_LIMIT) -> list[str]:
        """The channel's closed games, newest first, one line each (empty: none)."""
        return [entry_line(e) for e in self.storage.closed_games(channel_id, limit)]

    def _entry(self, channel_id: str | None, game_id: int) -> HistoryEntry:
        entry = self.storage.closed_game(game_id)
        if entry is None or (channel_id is not None and entry.record.channel_id != channel_id):
            if channel_id is None:
                missing = _("No finished game #{id} (see /history).", id=game_id)
            else:
                missing = _("No finished game #{id} in this channel (see /history).", id=game_id)
            raise Refused(Code.NO_GAME, missing)
        return entry

    def _stored(self, game_id: int) -> StoredGame:
        stored = self.storage.load_game(game_id, all_moves=True)
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
        games = self.storage.closed_games(channel_id, 1)
        return games[0].record.id if games else None

    def export_game(self, game_id: int) -> JSON:
        """The portable file of a closed game (replayed and checked first)."""
        entry = self._entry(None, game_id)
        stored = self._stored(game_id)
        return portable_game(entry, stored, replay_stored(stored))

    def import_game(self, data: Mapping[str, Any]) -> GameRecord:
        """Store a portable file as a closed game of the archive, if it replays to its final
        hash (:class:`ImportRefused` otherwise; nothing is stored)."""
        stored, state = replay_portable(data)
        record = stored.record
        status: GameStatus = record.status
        finished = results(state, record.players) if status == "finished" else []
        return self.storage.import_game(
            ImportedGame(
                game_type=record.game_type,
                options=record.options,
                seed=record.seed,
                players=record.players,
                moves=[(m.seat, m.command) for m in stored.moves],
                status=status,
                final_hash=state.state_hash(),
                results=finished,
                started_at=record.started_at,
                finished_at=record.finished_at,
            )
        )


def dumps_portable(data: JSON) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
