"""Stages with several deciding seats (simultaneous, possibly sealed answers).

A turn-based stage is a stage with one seat. In a simultaneous stage every open decision is
asked at once; each answer is its own move, and a seat that has answered waits for the others.
Nothing here knows a game: it reads ``GameState.pending_all`` and ``Decision.opened_at``.
"""

from __future__ import annotations

from bot.table.outputs import question
from engine.core import Decision, GameState, stale_guard
from engine.i18n import listed
from engine.i18n.shared import _


def open_decisions(state: GameState | None) -> tuple[Decision, ...]:
    """Every open decision (empty at the end)."""
    if state is None or state.is_over:
        return ()
    return state.pending_all()


def deciders(state: GameState) -> list[str]:
    """The names of every seat still to decide, in seat order."""
    return [state.players[d.seat] for d in open_decisions(state)]


def names_text(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return listed(names)


def has_answered(state: GameState, seat: int) -> bool:
    """``seat`` already answered the open simultaneous stage (every open decision is sealed
    or simultaneous, opened before now, and ``seat`` moved since it opened)."""
    open_now = open_decisions(state)
    if not open_now or any(d.seat == seat for d in open_now):
        return False
    opened = {d.opened_at for d in open_now}
    if len(opened) != 1 or None in opened:
        return False
    start = stale_guard(state, open_now[0])
    return any(s == seat for s, _ in state.history[start:])


def already_chosen(state: GameState, seat: int) -> str | None:
    """The refusal for a second answer of ``seat`` in one stage (``None``: not the case)."""
    if not has_answered(state, seat):
        return None
    return _("You have already chosen; waiting for {names}.", names=names_text(deciders(state)))


def waiting_line(state: GameState) -> str:
    """``A and B: <prompt>`` for the open stage (the first decision's prompt)."""
    open_now = open_decisions(state)
    if not open_now:
        return ""
    return f"{names_text(deciders(state))}: {question(open_now[0].prompt)}"
