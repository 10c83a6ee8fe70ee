"""A running game's moves: parse, check whose decision it is, validate, commit, refuse."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.storage.store import (
    AlreadyProcessed,
    DuplicateMove,
    GameNotActive,
    OutOfOrderMove,
    PlayerInfo,
)
from bot.table import ai_driving, presentation, restore, stages
from bot.table.grammar import commands_help, grammar_of, texts_of
from bot.table.input_guard import command_problem, id_problem, normal_command
from bot.table.outputs import Code, Outcome
from bot.table.records import (
    Applied,
    Finished,
    LostRace,
    Refused,
    Table,
    current,
    first_word,
    join_names,
)
from bot.table.restore import results
from engine.core import GAME_OVER, TURN_END, GameState, IllegalMove, stale_guard
from engine.text import excerpt

if TYPE_CHECKING:
    from bot.table.service import TableService

log = logging.getLogger("bot.service")


def commit(
    svc: TableService,
    table: Table,
    seat: int,
    user_id: str | None,
    command: str,
    idempotency_key: str | None,
) -> Applied:
    """Apply ``command`` (already canonical and validated) on a clone, commit, swap.

    Raises ``IllegalMove`` (nothing changed), storage errors (nothing changed) or
    :class:`Refused` for a duplicate delivery.
    """
    state = table.state
    record = table.record
    assert state is not None and record is not None
    seq = len(state.history)
    new = state.clone()
    events = new.apply(seat, command)
    canonical = new.history[-1][1]
    finish = results(new, table.players) if new.is_over else None
    snapshot = (
        restore.snapshot(svc, new)
        if finish is not None or (seq + 1) % svc.snapshot_every == 0
        else None
    )
    if svc.before_commit is not None:
        svc.before_commit(table.channel_id, seq)
    try:
        svc.storage.append_move(
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
        raise Refused(Code.DUPLICATE, f"already done: this was accepted as move {exc.seq}") from exc
    except (DuplicateMove, OutOfOrderMove, GameNotActive) as exc:
        # Someone else wrote to this game first (another process on the same database):
        # our cache is stale. Reload it and refuse like a stale button (nothing changed).
        raise lost_race(svc, table, seq, exc) from exc
    # Committed: from here on the new state is the truth.
    table.state = new
    entry = restore.log_entry(new, seq, seat, events)
    table.log.append(entry)
    turn_view = new.public_view() if any(e.kind in (TURN_END, GAME_OVER) for e in events) else None
    if new.is_over:
        restore.mark_finished(svc, table, new, events)
    return Applied(seq, seat, user_id, canonical, events, entry.text, turn_view)


def lost_race(svc: TableService, table: Table, seq: int, exc: Exception) -> LostRace:
    log.info("channel %s: move %s lost a race (%s); reloading", table.channel_id, seq, exc)
    reload(svc, table)
    if table.state is None:
        return LostRace(Code.STALE, ENDED_MEANWHILE)
    return LostRace(Code.STALE, stale_text(seq, len(table.state.history)))


def reload(svc: TableService, table: Table) -> None:
    """Read the channel's game again: another process sharing the database moved."""
    table.loaded = False
    table.secrets.clear()  # a cache of positions; the other process's moves passed ours by
    with table.load_lock:
        restore.load(svc, table)


def behind(svc: TableService, table: Table) -> bool:
    """The game in memory is behind the database: another process sharing it moved (or
    ended the game) since we last wrote or loaded it."""
    record, state = table.record, table.state
    if record is None or state is None:
        return False
    stored = svc.storage.get_game(record.id)
    return stored is None or stored.status != "active" or stored.last_seq != len(state.history) - 1


#: Refusals that depend on the game's position: when the game in memory turns out to be behind
#: the database, the command is checked again against the fresh game before it is refused.
POSITIONAL = frozenset(
    {Code.STALE, Code.ALREADY_CHOSEN, Code.NOT_YOUR_DECISION, Code.ILLEGAL, Code.GAME_OVER}
)


ENDED_MEANWHILE = "this decision is from an earlier game: the game here ended meanwhile"


def stale_text(expected: int, seq_now: int) -> str:
    return (
        f"this decision is from an earlier turn (move {expected + 1}); the game is at move "
        f"{seq_now + 1} now"
    )


def no_game(svc: TableService, table: Table) -> Refused:
    if table.broken is not None:
        return Refused(
            Code.BROKEN,
            f"the game here could not be restored ({table.broken}); the host or a channel "
            "manager can /abort it",
        )
    if table.finished is not None:
        return Refused(
            Code.GAME_OVER,
            f"the game here is over ({table.finished.summary}). /start for a rematch, or "
            "/join to sit at a new table",
        )
    last = svc.storage.game_history(table.channel_id, 1)
    if last and last[0].status == "finished":
        results = svc.storage.results(last[0].id)
        summary = ", ".join(f"{r.place}. {r.name} ({r.score})" for r in results)
        state, entries = restore.replay_finished(svc, last[0].id)
        table.finished = Finished(
            last[0].id,
            last[0].game_type,
            list(last[0].players),
            state,
            summary,
            entries,
            {str(k): str(v) for k, v in (last[0].options or {}).items()},
        )
        return no_game(svc, table)
    seats = svc.storage.list_seats(table.channel_id)
    if seats:
        return Refused(
            Code.NO_GAME,
            f"no game is running here yet: {len(seats)} seated "
            f"({join_names([s.display_name for s in seats])}); /start when ready",
        )
    return Refused(Code.NO_GAME, "no game here: /join to open a table, then /start")


def check_move(svc: TableService, table: Table, seat: int, text: str) -> str:
    """The canonical command, or :class:`Refused` with the specific reason."""
    state = table.state
    record = table.record
    assert state is not None and record is not None
    grammar = grammar_of(record.game_type)
    word = first_word(text)
    if not word:
        raise Refused(Code.MALFORMED, "empty command; /rules commands lists them")
    verb = grammar.aliases.get(word, word)
    if verb in ("help", "?", "commands"):
        raise Refused(Code.HELP, commands_help(record.game_type))
    if verb not in grammar.verbs:
        raise Refused(
            Code.UNKNOWN_COMMAND,
            f"unknown command '{excerpt(word)}'; commands: "
            f"{', '.join(sorted(grammar.verbs))} "
            "(/rules commands explains them)",
        )
    open_now = state.pending_all()
    if not open_now:
        raise Refused(Code.GAME_OVER, "the game is over")
    if all(d.seat != seat for d in open_now):
        chosen = stages.already_chosen(state, seat)
        if chosen is not None:
            raise Refused(Code.ALREADY_CHOSEN, chosen)
        d = open_now[0]
        active = texts_of(record.game_type).active_seat(state.public_view())
        if not (verb in grammar.anytime and seat == active):
            whose = state.players[d.seat]
            if seat == active:
                msg = f"not your decision yet: {whose} must decide first ({d.prompt})"
            else:
                msg = f"not your decision: it is {whose}'s turn to decide ({d.prompt})"
            raise Refused(Code.NOT_YOUR_DECISION, msg)
    try:
        grammar.parse(text, state)
    except IllegalMove as exc:
        raise Refused(Code.MALFORMED, f"cannot read '{excerpt(text)}': {exc}") from exc
    try:
        return state.canonical(seat, text)
    except IllegalMove as exc:
        raise Refused(Code.ILLEGAL, f"illegal move: {exc}") from exc


#: How often a command whose commit lost a race to another process (sharing the database) is
#: checked again against the reloaded game before it is refused as stale.
RACE_RETRIES = 3


@dataclass(slots=True)
class Attempt:
    """What one command's attempts share: the game as the first one found it (the outputs
    report from there), the moves committed so far (AI moves before a lost race count), and
    the decision the command answered (its stale guard), to check a retry against."""

    before: GameState | None = None
    players: list[PlayerInfo] = field(default_factory=list)
    game_id: int | None = None
    moves: list[Applied] = field(default_factory=list)
    guard: int | None = None
    retry: bool = False


def command_worker(
    svc: TableService,
    table: Table,
    user_id: str,
    text: str,
    idempotency_key: str | None,
    expect_seq: int | None = None,
    expect_game: int | None = None,
) -> Outcome:
    problem = command_problem(text) or (
        None if idempotency_key is None else id_problem(idempotency_key, "idempotency key")
    )
    if problem is None:
        text = normal_command(text)
        problem = command_problem(text)  # NFKC may lengthen a few characters a lot
    if problem is not None:
        raise Refused(Code.MALFORMED, problem)
    restore.ensure_loaded(svc, table)
    run = Attempt()
    for attempt in range(RACE_RETRIES + 1):
        try:
            return attempt_command(
                svc, table, run, user_id, text, idempotency_key, expect_seq, expect_game
            )
        except LostRace as lost:
            if attempt == RACE_RETRIES:
                return refused_after(svc, table, run, lost)
        except Refused as refused:
            # Refused by the game in memory: is it the game the database holds?
            if attempt == RACE_RETRIES or refused.code not in POSITIONAL or run.moves:
                raise
            if not behind(svc, table):
                raise
            log.info(
                "channel %s: the game in memory is behind the database; reloading",
                table.channel_id,
            )
            reload(svc, table)
        # Another process moved and the table is reloaded. The command may well still answer
        # an open decision (e.g. the other seat's answer of a simultaneous stage was that
        # move): check it once more against the fresh state, as an answer to the decision it
        # was sent for - refused as stale only if that one is gone.
        run.retry = True
        if expect_seq is None:
            expect_seq = run.guard
        if expect_game is None:
            expect_game = run.game_id
    raise AssertionError("unreachable")  # pragma: no cover


def refused_after(svc: TableService, table: Table, run: Attempt, refused: Refused) -> Outcome:
    """The refusal, with the moves committed before it (AI moves), which still count."""
    if not run.moves or run.before is None or run.game_id is None:
        raise refused
    caught_up = presentation.outcome(svc, table, run.before, run.moves, run.players, run.game_id)
    return replace(
        caught_up,
        accepted=False,
        error=refused.message,
        code=refused.code,
        duplicate=refused.code == Code.DUPLICATE,
    )


def attempt_command(
    svc: TableService,
    table: Table,
    run: Attempt,
    user_id: str,
    text: str,
    idempotency_key: str | None,
    expect_seq: int | None,
    expect_game: int | None,
) -> Outcome:
    """One try of :func:`command_worker`: every check against the table's current state, the
    AI moves that are due, then the commit (:class:`LostRace` if another process was first)."""
    if idempotency_key is not None:
        seq = svc.storage.has_idempotency_key(idempotency_key)
        if seq is not None:
            if run.moves:
                return refused_after(
                    svc,
                    table,
                    run,
                    Refused(Code.DUPLICATE, f"already done: this was accepted as move {seq}"),
                )
            return Outcome(
                False,
                error=f"already done: this was accepted as move {seq}",
                code=Code.DUPLICATE,
                duplicate=True,
                seq=seq,
            )
    if table.state is None or table.record is None:
        if run.retry:
            return refused_after(svc, table, run, Refused(Code.STALE, ENDED_MEANWHILE))
        raise no_game(svc, table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refused(
            Code.NOT_SEATED,
            f"you are not playing in this game (players: {join_names(table.state.players)})",
        )
    if expect_game is not None and expect_game != table.record.id:
        message = ENDED_MEANWHILE if run.retry else "this decision is from an earlier game"
        return refused_after(svc, table, run, Refused(Code.STALE, message))
    seq_now = len(table.state.history)
    chosen = stages.already_chosen(table.state, seat)
    if chosen is not None:
        return refused_after(svc, table, run, Refused(Code.ALREADY_CHOSEN, chosen))
    mine = [d for d in table.state.pending_all() if d.seat == seat]
    guard = stale_guard(table.state, mine[0]) if mine else seq_now
    if expect_seq is not None and expect_seq != guard:
        if not 0 <= expect_seq < 10**6:  # no move number at all (a forged button)
            raise Refused(
                Code.STALE,
                f"this decision is from an earlier turn; the game is at move {seq_now + 1} now",
            )
        return refused_after(svc, table, run, Refused(Code.STALE, stale_text(expect_seq, seq_now)))
    if run.before is None:
        run.before, run.players, run.game_id = table.state, list(table.players), table.record.id
    # An AI that should have moved (e.g. after a crash mid-chain) moves first.
    loads = table.loads
    run.moves.extend(ai_driving.ai_chain(svc, table))
    if table.loads != loads:  # an AI move lost a race: the checks above saw an older game
        if table.state is None:
            raise LostRace(Code.STALE, ENDED_MEANWHILE)
        raise LostRace(Code.STALE, stale_text(guard, len(table.state.history)))
    assert run.before is not None and run.game_id is not None
    if current(table) is None:
        return presentation.outcome(svc, table, run.before, run.moves, run.players, run.game_id)
    try:
        command = check_move(svc, table, seat, text)
    except Refused as refused:
        # The refusal changed nothing, but the AI moves before it did: report both.
        return refused_after(svc, table, run, refused)
    if run.guard is None:  # the decision this command answers, should a retry need it
        state = table.state
        mine = [d for d in state.pending_all() if d.seat == seat]
        run.guard = stale_guard(state, mine[0]) if mine else len(state.history)
    try:
        run.moves.append(commit(svc, table, seat, user_id, command, idempotency_key))
    except LostRace:
        raise
    except Refused as refused:
        if refused.code == Code.DUPLICATE and not run.moves:
            return Outcome(False, error=refused.message, code=Code.DUPLICATE, duplicate=True)
        return refused_after(svc, table, run, refused)
    except IllegalMove as exc:  # validated above; only a racing change could get here
        return refused_after(svc, table, run, Refused(Code.ILLEGAL, f"illegal move: {exc}"))
    run.moves.extend(ai_driving.ai_chain(svc, table))
    return presentation.outcome(svc, table, run.before, run.moves, run.players, run.game_id)


def resume_worker(svc: TableService, table: Table, limit: int | None = -1) -> Outcome:
    restore.ensure_loaded(svc, table)
    if table.state is None or table.record is None:
        raise no_game(svc, table)
    before, players, game_id = table.state, list(table.players), table.record.id
    moves = ai_driving.ai_chain(svc, table, limit)
    if not moves:
        decisions = presentation.decisions_info(svc, table, table.state)
        return Outcome(
            True,
            decision=decisions[0] if decisions else None,
            decisions=decisions,
            game_id=game_id,
        )
    return presentation.outcome(svc, table, before, moves, players, game_id)
