"""AI seats: one policy per seat, asked with that seat's view; answers go through commit."""

from __future__ import annotations

import logging
import random

from bot.storage.errors import StorageUnavailable
from bot.table.ai_seat import AiPlayer, UnknownAiLevel, ai_level, ai_levels, get_ai
from bot.table.commit import Committer
from bot.table.outputs import Code
from bot.table.records import MAX_AI_CHAIN, Applied, Refused, Table
from bot.table.stages import open_decisions
from engine.core import IllegalMove
from engine.i18n import either
from engine.i18n.shared import _
from engine.registry import registration

log = logging.getLogger("bot.service")


def check_level(game: str, level: str | int | None, who: str) -> None:
    """:class:`Refused` if ``game`` has no such AI level (never a silent random player)."""
    try:
        lv = ai_level(level)
    except UnknownAiLevel as exc:
        raise Refused(
            Code.UNKNOWN_AI,
            _("{who}: {problem}", who=who, problem=exc.args[0] if exc.args else str(exc)),
        ) from exc
    if lv.name not in ai_levels(game):
        raise Refused(
            Code.UNKNOWN_AI,
            _(
                "{who}: {game} has no {level} AI; levels: {levels}",
                who=who,
                game=registration(game).title,
                level=lv.name,
                levels=either(ai_levels(game)),
            ),
        )


class AiDriver:
    """Plays the AI seats' decisions through ``committer`` (at most ``max_ai_moves`` in a row
    by default; ``None``: until a human must decide or the game ends)."""

    def __init__(self, committer: Committer, max_ai_moves: int | None) -> None:
        self.committer = committer
        self.max_ai_moves = max_ai_moves
        #: Channels whose AI seats must move but whose chain stopped (#27): the database
        #: away, a race lost to another process, a retried command's chain that never ran.
        #: No human can move them on (it is not his decision), so an adapter's scheduler
        #: resumes them (:meth:`bot.table.play.Play.stalled`).
        self.stalled: set[str] = set()

    def ai_for(self, table: Table, seat: int) -> AiPlayer:
        """The seat's policy (made on first use; a level the game lacks raises)."""
        ai = table.ais.get(seat)
        if ai is None:
            assert table.record is not None
            ai = get_ai(table.players[seat].ai_level, table.record.game_type)
            table.ais[seat] = ai
        return ai

    def note_pending(self, table: Table) -> None:
        """An AI seat must move and nothing here will move it now (a command answered
        "already done": the chain after the first send never ran, its answer lost with the
        connection; a chain that lost a race to another process): the scheduler resumes the
        channel (:attr:`stalled`)."""
        state = table.state
        if state is None or state.is_over:
            return
        if any(table.players[d.seat].is_ai for d in open_decisions(state)):
            self.stalled.add(table.channel_id)

    def ai_chain(self, table: Table, limit: int | None = -1) -> list[Applied]:
        """Let AI seats decide while one must (at most ``limit`` moves; the default is the
        ``max_ai_moves`` option, ``None`` means no limit); each move is validated and
        committed."""
        if limit == -1:
            limit = self.max_ai_moves
        count = MAX_AI_CHAIN if limit is None else max(0, min(limit, MAX_AI_CHAIN))
        done: list[Applied] = []
        self.stalled.discard(table.channel_id)
        for _step in range(count):
            state = table.state
            if state is None or state.is_over or table.record is None:
                break
            # Every open decision an AI seat holds (one in a turn-based stage; in a simultaneous
            # stage each AI seat answers while humans still think).
            decision = next((d for d in open_decisions(state) if table.players[d.seat].is_ai), None)
            if decision is None:
                break
            seat = decision.seat
            seq = len(state.history)
            rng = random.Random(f"{table.record.seed}/{table.record.id}/{seq}/{seat}")
            text = ""
            try:
                text = self.ai_for(table, seat).choose(state.player_view(seat), decision, rng)
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
                done.append(self.committer.commit(table, seat, None, command, None))
            except Refused as refused:  # another process moved first; the table caught up
                log.info("channel %s: AI move %s not committed: %s", table.channel_id, seq, refused)
                # its chain may have ended where an AI must move on (a seat it handed over
                # after its last move): left to the scheduler, never to nobody (#27)
                self.note_pending(table)
                break
            except StorageUnavailable:  # nothing changed; the scheduler resumes it (#27)
                self.stalled.add(table.channel_id)
                log.warning(
                    "channel %s: AI move %s not committed: the database is unavailable",
                    table.channel_id,
                    seq,
                )
                break
            except Exception:
                log.exception(
                    "channel %s: AI move %s '%s' not committed", table.channel_id, seq, command
                )
                break
        return done
