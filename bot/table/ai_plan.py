"""The next AI move of a table, worked out before it is made: an adapter that paces an AI
playing a person's seat (the terminal, after a timeout: one decision at a time, and never the
decision that would end the game unless the person lets it) asks where the next AI answer
leads before letting the service make it (``service.plans``).

The service's AI driver commits whatever the seat's policy answers; to know beforehand where
that answer leads, :meth:`AiPlans.plan` asks the policy itself, applies the answer to a clone
of the state (the engine is pure) and hands the driver exactly that answer
(:class:`PlannedAi`), so the move looked at is the move made (a strong AI searches against a
clock: asked twice it may answer differently). Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass

from bot.table import guard
from bot.table.ai_driving import AiDriver
from bot.table.ai_seat import AiPlayer
from bot.table.records import Tables
from bot.table.runner import ChannelRunner
from engine.core import JSON, Decision, IllegalMove

log = logging.getLogger("bot.service")


def _key(decision: Decision) -> tuple[object, ...]:
    return (decision.seat, decision.kind, decision.prompt, decision.options)


class PlannedAi:
    """A seat's policy whose next answer was worked out beforehand (:meth:`AiPlans.plan`): the
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


class AiPlans:
    """The next AI move of a channel's table (``tables``), planned with the ``ai`` driver's
    policies in the ``runner``'s worker pool. An unusable channel or a failure (logged) answers
    ``None`` (nothing to plan) and forgets nothing: the service's error contract."""

    def __init__(self, tables: Tables, ai: AiDriver, runner: ChannelRunner) -> None:
        self.tables = tables
        self.ai = ai
        self.runner = runner

    async def next_seat(self, channel_id: str | int) -> int | None:
        """The seat whose decision the service's AI driver takes next (``None``: no AI
        decides)."""
        read = self.runner.run(self._next_seat, str(channel_id))
        return await guard.neutral("next_seat", channel_id, read, None)

    def _next_seat(self, channel: str) -> int | None:
        table = self.tables.get(channel)
        state = table.state
        if state is None or state.is_over or table.record is None:
            return None
        decision = next((d for d in state.pending_all() if table.players[d.seat].is_ai), None)
        return None if decision is None else decision.seat

    async def plan(self, channel_id: str | int) -> Plan | None:
        """Ask the next deciding AI seat's policy (as the driver would, with the same random
        stream) and apply its answer to a clone: the move and whether it ends the game. The
        answer is kept for the driver (:class:`PlannedAi`). ``None`` if no AI must decide."""
        read = self.runner.run(self._plan, str(channel_id))
        return await guard.neutral("plan", channel_id, read, None)

    def _plan(self, channel: str) -> Plan | None:
        table = self.tables.get(channel)
        state, record = table.state, table.record
        if state is None or record is None or state.is_over:
            return None
        decision = next((d for d in state.pending_all() if table.players[d.seat].is_ai), None)
        if decision is None:
            return None
        seat = decision.seat
        held = self.ai.ai_for(table, seat)
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

    async def forget(self, channel_id: str | int) -> None:
        """Drop the answers planned and not made (the person took his seat back meanwhile)."""
        await guard.neutral(
            "forget", channel_id, self.runner.run(self._forget, str(channel_id)), None
        )

    def _forget(self, channel: str) -> None:
        for ai in self.tables.get(channel).ais.values():
            if isinstance(ai, PlannedAi):
                ai.planned = None
