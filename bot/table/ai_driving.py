"""AI seats: one policy per seat, asked with that seat's view; answers go through commit."""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from bot.ai_seat import AiPlayer, RandomAi, get_ai
from bot.table import session
from bot.table.records import MAX_AI_CHAIN, Applied, Refused, Table
from engine.core import IllegalMove

if TYPE_CHECKING:
    from bot.service import TableService

log = logging.getLogger("bot.service")


def ai_for(svc: TableService, table: Table, seat: int) -> AiPlayer:
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


def ai_chain(svc: TableService, table: Table, limit: int | None = -1) -> list[Applied]:
    """Let AI seats decide while one must (at most ``limit`` moves; the default is the
    ``max_ai_moves`` option, ``None`` means no limit); each move is validated and
    committed."""
    if limit == -1:
        limit = svc.max_ai_moves
    count = MAX_AI_CHAIN if limit is None else max(0, min(limit, MAX_AI_CHAIN))
    done: list[Applied] = []
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
            text = ai_for(svc, table, seat).choose(state.player_view(seat), decision, rng)
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
            done.append(session.commit(svc, table, seat, None, command, None))
        except Refused as refused:  # another process moved first; the table is reloaded
            log.info("channel %s: AI move %s not committed: %s", table.channel_id, seq, refused)
            break
        except Exception:
            log.exception(
                "channel %s: AI move %s '%s' not committed", table.channel_id, seq, command
            )
            break
    return done
