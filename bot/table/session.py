"""A running game's moves: parse, check whose decision it is, validate, commit, refuse."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bot.storage.repositories import GameRepository, LobbyRepository, TakeoverRepository
from bot.storage.store import PlayerInfo
from bot.table import stages
from bot.table.ai_driving import AiDriver
from bot.table.commit import ENDED_MEANWHILE, Committer, stale_text
from bot.table.handover import taken_over
from bot.table.input_guard import command_problem, id_problem, normal_command
from bot.table.move_check import Pick, check_move, pick_option
from bot.table.outputs import Code, Outcome
from bot.table.presentation import Presenter, decisions_info
from bot.table.records import (
    Applied,
    Finished,
    LostRace,
    Refused,
    Table,
    current,
    first_word,
    join_names,
    why,
)
from bot.table.restore import Restore
from chat.controls import compose_multi
from chat.registry import controls_of
from engine.core import Decision, GameState, IllegalMove, Option, stale_guard
from engine.i18n import counted
from engine.i18n.shared import _, _n

log = logging.getLogger("bot.service")


#: Refusals that depend on the game's position: when the game in memory turns out to be behind
#: the database, the command is checked again against the fresh game before it is refused.
POSITIONAL = frozenset(
    {Code.STALE, Code.ALREADY_CHOSEN, Code.NOT_YOUR_DECISION, Code.ILLEGAL, Code.GAME_OVER}
)


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


class Session:
    """A running game's moves: a human's command (the AI moves due before and after it)
    and resuming the AI seats, committed through ``committer``."""

    def __init__(
        self,
        games: GameRepository,
        lobby: LobbyRepository,
        takeovers: TakeoverRepository,
        restore: Restore,
        committer: Committer,
        ai: AiDriver,
        presenter: Presenter,
    ) -> None:
        self.games = games
        self.lobby = lobby
        self.takeovers = takeovers
        self.restore = restore
        self.committer = committer
        self.ai = ai
        self.presenter = presenter

    def no_game(self, table: Table) -> Refused:
        if table.broken is not None:
            return Refused(
                Code.BROKEN,
                _(
                    "the game here could not be restored ({problem}); the host or a channel "
                    "manager can /abort it",
                    problem=table.broken,
                ),
            )
        if table.finished is not None:
            return Refused(
                Code.GAME_OVER,
                _(
                    "the game here is over ({results}). /start for a rematch, or "
                    "/join to sit at a new table",
                    results=table.finished.summary,
                ),
            )
        last = self.games.game_history(table.channel_id, 1)
        if last and last[0].status == "finished":
            results = self.games.results(last[0].id)
            summary = counted(f"{r.place}. {r.name} ({r.score})" for r in results)
            state, entries = self.restore.replay_finished(last[0].id)
            table.finished = Finished(
                last[0].id,
                last[0].game_type,
                list(last[0].players),
                state,
                summary,
                entries,
                {str(k): str(v) for k, v in (last[0].options or {}).items()},
            )
            return self.no_game(table)
        seats = self.lobby.list_seats(table.channel_id)
        if seats:
            return Refused(
                Code.NO_GAME,
                _n(
                    "no game is running here yet: {n} seated ({names}); /start when ready",
                    "no game is running here yet: {n} seated ({names}); /start when ready",
                    len(seats),
                    names=join_names([s.display_name for s in seats]),
                ),
            )
        return Refused(Code.NO_GAME, _("no game here: /join to open a table, then /start"))

    def command(
        self,
        table: Table,
        user_id: str,
        text: str,
        idempotency_key: str | None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        problem = command_problem(text) or (
            None
            if idempotency_key is None
            else id_problem(idempotency_key, "idempotency key")  # not for players
        )
        if problem is None:
            text = normal_command(text)
            problem = command_problem(text)  # NFKC may lengthen a few characters a lot
        if problem is not None:
            raise Refused(Code.MALFORMED, problem)

        def typed(table: Table, seat: int, _mine: list[Decision]) -> str:
            return check_move(table, seat, text)

        return self.attempts(table, user_id, typed, idempotency_key, expect_seq, expect_game)

    def choose(
        self,
        table: Table,
        user_id: str,
        choice: Option | int,
        idempotency_key: str | None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        """A player's choice of an option his adapter showed him (a button, a menu): the
        :class:`Option` itself, or its place in the list of his options (``#i`` on a
        control), checked against his open decision and committed as the option's canonical
        command - the text is not read again (:func:`pick_option`). A refusal carries the
        open decisions, so an adapter can say why without asking again."""
        problem = (
            None
            if idempotency_key is None
            else id_problem(idempotency_key, "idempotency key")  # not for players
        )
        if problem is None and isinstance(choice, Option):
            problem = command_problem(choice.command)
        if problem is not None:
            raise Refused(Code.MALFORMED, problem)

        def shown(table: Table, seat: int, mine: list[Decision]) -> str:
            return pick_option(table, seat, mine, choice)

        try:
            out = self.attempts(table, user_id, shown, idempotency_key, expect_seq, expect_game)
        except Refused as refused:
            out = Outcome(False, error=refused.message, code=refused.code)
        if not out.accepted and not out.decisions and table.state is not None:
            out = replace(out, decisions=decisions_info(table, table.state))
        return out

    def choose_many(
        self,
        table: Table,
        user_id: str,
        verb: str,
        values: Sequence[str],
        idempotency_key: str | None,
        expect_seq: int | None = None,
        expect_game: int | None = None,
    ) -> Outcome:
        """A player's multi-select choice (several values of one ``verb``, e.g. the cards a
        divide puts aside), composed here into one command by the table's game (the
        composer its presentation declares for the verb, else :func:`multi_command`) at the
        decision the select belongs to, and checked like a typed move: a refused combination
        changes nothing. Nothing chosen is refused (:attr:`Code.MALFORMED`). A refusal
        carries the open decisions, as :meth:`choose`'s."""
        problem = (
            None
            if idempotency_key is None
            else id_problem(idempotency_key, "idempotency key")  # not for players
        )
        if problem is None:
            problem = command_problem(verb) or command_problem(" ".join(values))
        if problem is not None:
            raise Refused(Code.MALFORMED, problem)
        chosen = [v for v in (normal_command(v) for v in values) if v]

        def composed(table: Table, seat: int, _mine: list[Decision]) -> str:
            if not first_word(verb) or not chosen:
                raise Refused(Code.MALFORMED, _("Nothing was chosen."))
            text = normal_command(compose_multi(controls_of(table.game), verb, chosen))
            problem = command_problem(text)
            if problem is not None:
                raise Refused(Code.MALFORMED, problem)
            return check_move(table, seat, text)

        try:
            out = self.attempts(table, user_id, composed, idempotency_key, expect_seq, expect_game)
        except Refused as refused:
            out = Outcome(False, error=refused.message, code=refused.code)
        if not out.accepted and not out.decisions and table.state is not None:
            out = replace(out, decisions=decisions_info(table, table.state))
        return out

    def attempts(
        self,
        table: Table,
        user_id: str,
        pick: Pick,
        idempotency_key: str | None,
        expect_seq: int | None,
        expect_game: int | None,
    ) -> Outcome:
        """A command's tries (see :meth:`attempt_command`): another process that moved first
        reloads the game, and the command is checked once more against the fresh one."""
        self.restore.ensure_loaded(table)
        run = Attempt()
        for attempt in range(RACE_RETRIES + 1):
            try:
                return self.attempt_command(
                    table, run, user_id, pick, idempotency_key, expect_seq, expect_game
                )
            except LostRace as lost:
                if attempt == RACE_RETRIES:
                    return self.refused_after(table, run, lost)
            except Refused as refused:
                # Refused by the game in memory: is it the game the database holds?
                if attempt == RACE_RETRIES or refused.code not in POSITIONAL or run.moves:
                    raise
                if not self.committer.behind(table):
                    raise
                log.info(
                    "channel %s: the game in memory is behind the database; reloading",
                    table.channel_id,
                )
                self.committer.reload(table)
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

    def refused_after(self, table: Table, run: Attempt, refused: Refused) -> Outcome:
        """The refusal, with the moves committed before it (AI moves), which still count."""
        if not run.moves or run.before is None or run.game_id is None:
            raise refused
        caught_up = self.presenter.outcome(table, run.before, run.moves, run.players, run.game_id)
        return replace(
            caught_up,
            accepted=False,
            error=refused.message,
            code=refused.code,
            duplicate=refused.code == Code.DUPLICATE,
        )

    def attempt_command(
        self,
        table: Table,
        run: Attempt,
        user_id: str,
        pick: Pick,
        idempotency_key: str | None,
        expect_seq: int | None,
        expect_game: int | None,
    ) -> Outcome:
        """One try of :func:`command_worker`: every check against the table's current state, the
        AI moves that are due, then the commit (:class:`LostRace` if another process was first)."""
        if idempotency_key is not None:
            seq = self.games.has_idempotency_key(idempotency_key)
            if seq is not None:
                if run.moves:
                    return self.refused_after(
                        table,
                        run,
                        Refused(
                            Code.DUPLICATE,
                            _("already done: this was accepted as move {move}", move=seq),
                        ),
                    )
                self.ai.note_pending(table)
                return Outcome(
                    False,
                    error=_("already done: this was accepted as move {move}", move=seq),
                    code=Code.DUPLICATE,
                    duplicate=True,
                    seq=seq,
                )
        if table.state is None or table.record is None:
            if run.retry:
                return self.refused_after(table, run, Refused(Code.STALE, _(ENDED_MEANWHILE)))
            raise self.no_game(table)
        seat = table.seat_of(user_id)
        taken = None if seat is not None else taken_over(self.takeovers, table, user_id)
        if taken is Code.TAKEN_OVER:
            raise Refused(taken, _("an AI plays your seat for now: take it back with /resume"))
        if taken is Code.MOVED_OUT:
            raise Refused(
                taken,
                _("you were moved out of this game by the host; ask them to /replace the seat"),
            )
        if seat is None:
            raise Refused(
                Code.NOT_SEATED,
                _(
                    "you are not playing in this game (players: {names})",
                    names=join_names(table.state.players),
                ),
            )
        if expect_game is not None and expect_game != table.record.id:
            message = (
                _(ENDED_MEANWHILE) if run.retry else _("this decision is from an earlier game")
            )
            return self.refused_after(table, run, Refused(Code.STALE, message))
        seq_now = len(table.state.history)
        chosen = stages.already_chosen(table.state, seat)
        if chosen is not None:
            return self.refused_after(table, run, Refused(Code.ALREADY_CHOSEN, chosen))
        mine = [d for d in stages.open_decisions(table.state) if d.seat == seat]
        guard = stale_guard(table.state, mine[0]) if mine else seq_now
        if expect_seq is not None and expect_seq != guard:
            if not 0 <= expect_seq < 10**6:  # no move number at all (a forged button)
                raise Refused(
                    Code.STALE,
                    _(
                        "this decision is from an earlier turn; the game is at move {now} now",
                        now=seq_now + 1,
                    ),
                )
            return self.refused_after(
                table, run, Refused(Code.STALE, stale_text(expect_seq, seq_now))
            )
        if run.before is None:
            run.before, run.players, run.game_id = table.state, list(table.players), table.record.id
        # An AI that should have moved (e.g. after a crash mid-chain) moves first.
        races, moved = table.races, len(run.moves)
        run.moves.extend(self.ai.ai_chain(table))
        if table.races != races:  # an AI move lost a race: the checks above saw an older game
            if table.state is None:
                raise LostRace(Code.STALE, _(ENDED_MEANWHILE))
            raise LostRace(Code.STALE, stale_text(guard, len(table.state.history)))
        assert run.before is not None and run.game_id is not None
        if current(table) is None:
            return self.presenter.outcome(table, run.before, run.moves, run.players, run.game_id)
        state = table.state
        if len(run.moves) != moved:  # AI seats moved first: the seat's decisions are new
            mine = [d for d in stages.open_decisions(state) if d.seat == seat]
        try:
            command = pick(table, seat, mine)
        except Refused as refused:
            # The refusal changed nothing, but the AI moves before it did: report both.
            return self.refused_after(table, run, refused)
        if run.guard is None:  # the decision this command answers, should a retry need it
            run.guard = stale_guard(state, mine[0]) if mine else len(state.history)
        try:
            run.moves.append(self.committer.commit(table, seat, user_id, command, idempotency_key))
        except LostRace:
            raise
        except Refused as refused:
            if refused.code == Code.DUPLICATE and not run.moves:
                return Outcome(False, error=refused.message, code=Code.DUPLICATE, duplicate=True)
            return self.refused_after(table, run, refused)
        except IllegalMove as exc:  # validated above; only a racing change could get here
            illegal = _("illegal move: {problem}", problem=why(exc))
            return self.refused_after(table, run, Refused(Code.ILLEGAL, illegal))
        run.moves.extend(self.ai.ai_chain(table))
        out = self.presenter.outcome(table, run.before, run.moves, run.players, run.game_id)
        return replace(out, command=command)

    def resume(self, table: Table, limit: int | None = -1) -> Outcome:
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise self.no_game(table)
        before, players, game_id = table.state, list(table.players), table.record.id
        moves = self.ai.ai_chain(table, limit)
        if not moves:
            decisions = decisions_info(table, table.state)
            return Outcome(
                True,
                decision=decisions[0] if decisions else None,
                decisions=decisions,
                game_id=game_id,
            )
        return self.presenter.outcome(table, before, moves, players, game_id)
