"""The portable game file: a closed game as JSON that ``canalside export`` writes and
``canalside import`` and ``canalside replay`` read - from anywhere, so every byte of it is checked
before it is believed.

The file (:data:`FORMAT`): ``format``, ``game`` (a registered game's exact name), ``options``
(texts, as the game writes them), ``seed``, ``players`` (``name``, ``ai``: a level name or
``null``), ``moves`` (``[seat, command]``), ``status``, ``started_at``/``finished_at`` (UTC),
``final_hash`` (the engine's hash of the final state), ``results`` and ``sha256``: the
SHA-256 of the canonical JSON (sorted keys, no spaces, UTF-8) of every other field. The hash
of the final state covers what the moves do; the digest covers the rest (who was an AI, the
status, the options, the names), so a file changed after export is refused. A digest is no
signature: it catches an edited file, not a forger who computes it again.

Files of :data:`LEGACY_FORMAT` (exported before the digest) still import; they are held to the
same checks, and whatever the moves decide (the status, the results) must agree with them.

Reading a file, in order, each step refusing with a sentence that says what is wrong:

* bytes to JSON by :mod:`bot.archive.untrusted_json` (size, UTF-8, nesting, repeated keys,
  odd numbers, lone surrogates);
* exactly the fields of its format, each of its type and range (:func:`check_file`);
* its digest, then its replay: every move legal and canonical, ending in ``final_hash``, over
  exactly when ``status`` says finished, with the ``results`` its final state gives.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NoReturn

from bot.archive.untrusted_json import parse, read, refuse, shown
from bot.storage.history import ARCHIVE_CHANNEL, ImportedGame
from bot.storage.records import GameRecord, GameStatus, MoveRecord, PlayerInfo, StoredGame
from bot.storage.repositories import Repositories
from bot.table.ai_seat import levels as known_ai_levels
from bot.table.history import level_name
from bot.table.input_guard import MAX_COMMAND
from bot.table.records import RestoreError, clean_name, why
from bot.table.restore import replay_stored, results
from bot.table.safe_text import MAX_NAME
from engine.core import JSON, GameState
from engine.i18n import either, listed
from engine.i18n.shared import N_, _, _n
from engine.registry import registration, registrations

__all__ = [
    "FORMAT",
    "LEGACY_FORMAT",
    "MAX_MOVES",
    "GameFile",
    "check_file",
    "content",
    "digest",
    "dumps",
    "export_game",
    "load",
]

#: The layout ``canalside export`` writes: every field covered by ``sha256``.
FORMAT = 2
#: The layout written before the digest; still read, and checked as strictly.
LEGACY_FORMAT = 1
#: The most moves a file may hold (a long five-player game has about 1,000).
MAX_MOVES = 20_000
#: The hashes an engine writes (``state_hash``: 16 hex digits for the three games).
_HASH = re.compile(r"[0-9a-f]{16,128}")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_SEED = re.compile(r"0|[1-9][0-9]{0,19}")
_UTC_DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")
_FIELDS = (
    "format",
    "game",
    "options",
    "seed",
    "players",
    "moves",
    "status",
    "started_at",
    "finished_at",
    "final_hash",
    "results",
)
_KEYS = {LEGACY_FORMAT: frozenset(_FIELDS), FORMAT: frozenset((*_FIELDS, "sha256"))}

# What a field must be ("players[1].ai must be {expected}")
WHOLE_NUMBER = N_("a whole number from {low} to {high}")
TEXT = N_("text")
A_LIST = N_("a list")
AN_OBJECT = N_("an object")
ONE_OF = N_("one of {choices}")
A_DATE = N_("a UTC date such as {example}, or null")
A_HASH = N_("{n} hexadecimal digits")


def _wrong(where: str, expected: str, value: object) -> NoReturn:
    refuse(
        _(
            "{where} must be {expected}; the file has {found}",
            where=where,
            expected=expected,
            found=shown(value),
        )
    )


# -- JSON to a checked game -------------------------------------------------------------------


def digest(data: Mapping[str, Any]) -> str:
    """The SHA-256 of every field but ``sha256``, as canonical JSON (sorted keys, no spaces,
    UTF-8)."""
    body = {k: v for k, v in data.items() if k != "sha256"}
    canonical = json.dumps(
        body, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _wrong(where, _(WHOLE_NUMBER, low=low, high=high), value)
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        _wrong(where, _(TEXT), value)
    return value


def _list(value: Any, where: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        _wrong(where, _(A_LIST), value)
    if len(value) > most:
        refuse(
            _n(
                "{where} has {n} entry; a game file has at most {limit}",
                "{where} has {n} entries; a game file has at most {limit}",
                len(value),
                where=where,
                limit=most,
            )
        )
    return value


def _object(value: Any, where: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    """An object (``where`` empty: the file itself) with exactly ``keys``, if given."""
    if not isinstance(value, dict):
        if not where:
            refuse(_("the file is not a JSON object"))
        _wrong(where, _(AN_OBJECT), value)
    allowed = frozenset(value) if keys is None else keys
    for key in value:
        if key not in allowed and where:
            refuse(_("{where} has a field no game file has: {key}", where=where, key=shown(key)))
        if key not in allowed:
            refuse(_("the file has a field no game file has: {key}", key=shown(key)))
    for key in sorted(allowed):
        if key not in value and where:
            refuse(_("{where} lacks the field {key}", where=where, key=shown(key)))
        if key not in value:
            refuse(_("the file lacks the field {key}", key=shown(key)))
    return value


def _choice(value: Any, where: str, choices: Sequence[str | None]) -> Any:
    if value not in choices or isinstance(value, bool):
        shown = listed("null" if c is None else c for c in choices)
        _wrong(where, _(ONE_OF, choices=shown), value)
    return value


def _date(value: Any, where: str) -> datetime | None:
    """A date as export writes it (UTC, to the second), or ``None``."""
    if value is None:
        return None
    example = "2026-11-29T18:05:00+00:00"  # not for players
    if not isinstance(value, str) or not _UTC_DATE.fullmatch(value):
        _wrong(where, _(A_DATE, example=example), value)
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        _wrong(where, _(A_DATE, example=example), value)
    if when.year < 2000:
        _wrong(where, _(A_DATE, example=example), value)
    return when.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class GameFile:
    """A checked game file: the game as a stored game (not stored anywhere; id 0), its final
    state (replayed) and the JSON it came from."""

    stored: StoredGame
    state: GameState
    data: Mapping[str, Any]

    def imported(self) -> ImportedGame:
        record = self.stored.record
        status: GameStatus = record.status
        return ImportedGame(
            game_type=record.game_type,
            options=record.options,
            seed=record.seed,
            players=record.players,
            moves=[(m.seat, m.command) for m in self.stored.moves],
            status=status,
            final_hash=self.state.state_hash(),
            results=results(self.state, record.players) if status == "finished" else [],
            started_at=record.started_at,
            finished_at=record.finished_at,
        )


def content(stored: StoredGame) -> JSON:
    """What makes a game the same game: type, options, seed, seats, moves, status (two
    imports of one file, or a game imported back into its own database, agree on it)."""
    record = stored.record
    return {
        "game": record.game_type,
        "options": {str(k): str(v) for k, v in (record.options or {}).items()},
        "seed": str(record.seed),
        "players": [{"name": p.name, "ai": level_name(p)} for p in record.players],
        "moves": [[m.seat, m.command] for m in stored.moves],
        "status": record.status,
    }


def _results_json(
    state: GameState, players: Sequence[PlayerInfo], status: str
) -> list[dict[str, Any]]:
    if status != "finished":
        return []
    return [
        {"seat": r.seat, "name": r.name, "place": r.place, "score": r.score}
        for r in results(state, players)
    ]


def check_file(data: Any) -> GameFile:
    """``data`` as a game, if every field is exactly what export writes and the moves replay
    to it (:class:`FileRefused` otherwise)."""
    top = _object(data, "")
    version = top.get("format")
    if type(version) is not int or version not in _KEYS:
        refuse(
            _(
                "unknown file format {format} (this version reads {known})",
                format=shown(version),
                known=either(map(str, (LEGACY_FORMAT, FORMAT))),
            )
        )
    _object(top, "", _KEYS[version])
    if version == FORMAT:
        claimed = _str(top["sha256"], "sha256")
        if not _SHA256.fullmatch(claimed):
            _wrong("sha256", _(A_HASH, n=64), claimed)
        if claimed != digest(top):
            refuse(_("the file was changed after export: its sha256 does not match its content"))
    names = [r.name for r in registrations()]
    game = _choice(top["game"], "game", names)
    reg = registration(game)
    rules = reg.parts().game
    options = {k: _str(v, f"options.{k}") for k, v in _object(top["options"], "options").items()}
    try:
        canonical = reg.check_options(options) if reg.options else {}
    except Exception as exc:
        refuse(
            _(
                "the file's options are not {game}'s: {problem}",
                game=reg.title,
                problem=why(exc),
            )
        )
    if canonical != options:
        refuse(
            _(
                "the file's options {given} are not as {game} writes them: {canonical}",
                given=shown(options),
                game=reg.title,
                canonical=shown(canonical),
            )
        )
    seed_text = _str(top["seed"], "seed")
    if not _SEED.fullmatch(seed_text) or int(seed_text) >= 2**64:
        _wrong("seed", _(WHOLE_NUMBER, low=0, high=2**64 - 1), seed_text)
    seed = int(seed_text)
    seats = _list(top["players"], "players", MAX_MOVES)
    if not rules.min_players <= len(seats) <= rules.max_players:
        refuse(
            _(
                "{game} is played by {low} to {high} players; the file has {n}",
                game=reg.title,
                low=rules.min_players,
                high=rules.max_players,
                n=len(seats),
            )
        )
    players: list[PlayerInfo] = []
    known = known_ai_levels()
    levels: list[str | None] = [None, *known]
    for seat, raw in enumerate(seats):
        where = f"players[{seat}]"
        player = _object(raw, where, frozenset(("name", "ai")))
        name = _str(player["name"], f"{where}.name")
        if len(name) > MAX_NAME or clean_name(name) != name:
            refuse(
                _(
                    "{where}.name is not a name a table keeps (at most {limit} characters, "
                    "no control or bidi characters): {name}",
                    where=where,
                    limit=MAX_NAME,
                    name=shown(name),
                )
            )
        if name.casefold() in (p.name.casefold() for p in players):
            refuse(_("two players of the file are named {name}", name=shown(name)))
        level = _choice(player["ai"], f"{where}.ai", levels)
        code = None if level is None else known[level].code
        players.append(PlayerInfo(name, None, level is not None, code))
    moves: list[MoveRecord] = []
    for seq, raw in enumerate(_list(top["moves"], "moves", MAX_MOVES)):
        where = f"moves[{seq}]"
        move = _list(raw, where, 2)
        if len(move) != 2:
            _wrong(where, "[seat, command]", move)  # not for players
        seat = _int(move[0], f"{where}[0]", 0, len(players) - 1)
        command = _str(move[1], f"{where}[1]")
        if not 0 < len(command) <= MAX_COMMAND or not command.isprintable():
            _wrong(f"{where}[1]", _(TEXT), command)
        moves.append(MoveRecord(0, seq, seat, None, command, datetime.now(UTC), None))
    status = _choice(top["status"], "status", ["finished", "aborted"])
    started = _date(top["started_at"], "started_at")
    finished = _date(top["finished_at"], "finished_at")
    if started is not None and finished is not None and finished < started:
        refuse(
            _(
                "the file's game finishes ({finished}) before it starts ({started})",
                finished=top["finished_at"],
                started=top["started_at"],
            )
        )
    final_hash = _str(top["final_hash"], "final_hash")
    if not _HASH.fullmatch(final_hash):
        _wrong("final_hash", _(A_HASH, n="16-128"), final_hash)
    claimed_results = _list(top["results"], "results", len(players))
    now = datetime.now(UTC)
    record = GameRecord(
        id=0,
        channel_id=ARCHIVE_CHANNEL,
        game_type=reg.name,
        options=dict(options),
        seed=seed,
        players=tuple(players),
        status="aborted",  # its replay decides whether it is over (checked below)
        last_seq=len(moves) - 1,
        created_at=started or now,
        started_at=started,
        finished_at=finished,
        final_hash=None,  # compared below, in words
    )
    state = _replay(StoredGame(record, None, moves), final_hash)
    if state.is_over and status != "finished":
        refuse(_("the file says the game was aborted, but its moves finish it"))
    if not state.is_over and status == "finished":
        refuse(_("the file says the game finished, but its moves do not finish it"))
    expected = _results_json(state, players, status)
    if _canonical(claimed_results) != _canonical(expected):
        refuse(
            _(
                "the file's results are not what its moves give: {results}",
                results=shown(expected),
            )
        )
    stored = StoredGame(dataclasses.replace(record, status=status), None, moves)
    return GameFile(stored, state, top)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _replay(stored: StoredGame, final_hash: str) -> GameState:
    """The file's moves replayed (:func:`replay_stored`, the one replayer), each refusal said
    in words: which move, and why."""
    done = -1

    def count(state: GameState, seq: int, seat: int, events: object) -> None:
        nonlocal done
        done = seq

    try:
        state = replay_stored(stored, count)
    except Exception as exc:
        cause = exc.__cause__
        if isinstance(exc, RestoreError) and done + 1 < len(stored.moves):
            move = stored.moves[done + 1]
            problem = why(cause) if cause is not None else _("not as the game writes it")
            refuse(
                _(
                    "move {seq} of the file ({command}, seat {seat}) does not replay: {problem}",
                    seq=move.seq,
                    command=shown(move.command),
                    seat=move.seat,
                    problem=problem,
                )
            )
        refuse(_("the file does not replay: {problem}", problem=why(exc)))
    if state.state_hash() != final_hash:
        refuse(
            _(
                "the file's moves end in the state {actual}, not in its final_hash {claimed}",
                actual=state.state_hash(),
                claimed=final_hash,
            )
        )
    return state


def load(path: Path) -> GameFile:
    """A game file read from ``path`` and checked (:class:`FileRefused` if not)."""
    return check_file(parse(read(path)))


# -- a stored game to JSON --------------------------------------------------------------------


def _ts(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat(timespec="seconds")


def export_game(storage: Repositories, game_id: int, missing: Callable[[int], str]) -> JSON:
    """The file of the closed game ``game_id`` (replayed and checked first); ``missing``
    says there is no such closed game."""
    stored = storage.games.load_game(game_id, all_moves=True)
    if storage.history.closed_game(game_id) is None or stored is None:
        refuse(missing(game_id))
    state = replay_stored(stored)
    record = stored.record
    data: dict[str, Any] = {
        "format": FORMAT,
        **content(stored),
        "started_at": _ts(record.started_at),
        "finished_at": _ts(record.finished_at),
        "final_hash": state.state_hash(),
        "results": _results_json(state, record.players, record.status),
    }
    data = {key: data[key] for key in _FIELDS}
    data["sha256"] = digest(data)
    return data


def dumps(data: JSON) -> str:
    """The file's text (UTF-8, one field a line at the top)."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
