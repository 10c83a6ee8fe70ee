"""A seat an AI took over at a timeout at the terminal: the AI plays it one decision at a time
(the terminal paces it), and never the decision that would end the game unless the person
lets it (``finish``).

The service's AI driver commits whatever the seat's policy answers; to know beforehand where
that answer leads, the terminal asks the policy itself (:func:`plan_move`), applies the answer
to a clone of the state (the engine is pure) and hands the driver exactly that answer
(:class:`PlannedAi`), so the move looked at is the move made (a strong AI searches against a
clock: asked twice it may answer differently). Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from bot.table.ai_seat import AiPlayer
from bot.table.service import TableService
from engine.core import JSON, Decision, IllegalMove

log = logging.getLogger("bot.terminal")

#: Seconds of the terminal's clock between two decisions of the AI playing a person's seat
#: after a timeout: a human pace, so the person can follow it and take the seat back.
TAKEOVER_PACE = 8.0


def _key(decision: Decision) -> tuple[object, ...]:
    return (decision.seat, decision.kind, decision.prompt, decision.options)


class PlannedAi:
    """A seat's policy whose next answer was worked out beforehand (:func:`plan_move`): the
    driver gets exactly that answer for that decision, any other decision the policy's own."""

    def __init__(self, inner: AiPlayer) -> None:
        self.inner = inner
        self.level = inner.level
        self.planned: tuple[tuple[object, ...], str] | None = None

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        planned, self.planned = self.planned, None
        if planned is not None and planned[0] == _key(decision):
            return planned[1]
        return self.inner.choose(view, decision, rng)


@dataclass(frozen=True, slots=True)
class Plan:
    """The next AI move of a table: its seat, its command, whether it ends the game."""

    seat: int
    command: str
    ends: bool


def next_ai_seat(service: TableService, channel: str) -> int | None:
    """The seat whose decision the service's AI driver takes next (``None``: no AI decides)."""
    table = service.tables.get(channel)
    state = table.state
    if state is None or state.is_over or table.record is None:
        return None
    decision = next((d for d in state.pending_all() if table.players[d.seat].is_ai), None)
    return None if decision is None else decision.seat


def plan_move(service: TableService, channel: str) -> Plan | None:
    """Ask the next deciding AI seat's policy (as the driver would, with the same random
    stream) and apply its answer to a clone: the move and whether it ends the game. The
    answer is kept for the driver (:class:`PlannedAi`). ``None`` if no AI must decide."""
    table = service.tables.get(channel)
    state, record = table.state, table.record
    if state is None or record is None or state.is_over:
        return None
    decision = next((d for d in state.pending_all() if table.players[d.seat].is_ai), None)
    if decision is None:
        return None
    seat = decision.seat
    held = service.ai.ai_for(table, seat)
    ai = held if isinstance(held, PlannedAi) else PlannedAi(held)
    table.ais[seat] = ai
    rng = random.Random(f"{record.seed}/{record.id}/{len(state.history)}/{seat}")
    try:
        command = state.canonical(seat, ai.inner.choose(state.player_view(seat), decision, rng))
    except IllegalMove:
        command = rng.choice(decision.options)  # as the driver does with a refused answer
    except Exception:
        log.exception("channel %s: AI seat %s failed; planning a random option", channel, seat)
        command = rng.choice(decision.options)  # as the driver does when a policy fails
    clone = state.clone()
    clone.apply(seat, command)
    ai.planned = (_key(decision), command)
    return Plan(seat, command, clone.is_over)


def forget_plans(service: TableService, channel: str) -> None:
    """Drop the answers planned and not made (the person took his seat back meanwhile)."""
    for ai in service.tables.get(channel).ais.values():
        if isinstance(ai, PlannedAi):
            ai.planned = None
