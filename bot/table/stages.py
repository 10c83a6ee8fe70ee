"""Stages with several deciding seats (simultaneous, possibly sealed answers).

A turn-based stage is a stage with one seat. In a simultaneous stage every open decision is
asked at once; each answer is its own move, and a seat that has answered waits for the others.
Nothing here knows a game: it reads ``GameState.pending_all`` and ``Decision.opened_at``.
"""

from __future__ import annotations

import threading

from bot.table.grammar import texts_of
from engine.core import Decision, GameState, stale_guard
from engine.i18n import listed
from engine.i18n.shared import _

#: The last state each worker thread asked about and its open decisions: a command, its
#: checks, its outcome and the timers all ask about the same state; it is computed once.
_last = threading.local()


def open_decisions(state: GameState | None) -> tuple[Decision, ...]:
    """Every open decision (empty at the end). Computed once per state and move: asked
    again about the same state (the same object, no move since), the answer is kept."""
    if state is None or state.is_over:
        return ()
    moves = len(state.history)
    if getattr(_last, "state", None) is state and _last.moves == moves:
        kept: tuple[Decision, ...] = _last.decisions
        return kept
    decisions = state.pending_all()
    _last.state, _last.moves, _last.decisions = state, moves, decisions
    return decisions


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


def waiting_for(state: GameState) -> tuple[str, str | None]:
    """Whom the open stage waits for, and what they are doing as the others read it (a noun
    phrase, ``None`` when the game has none): never the decision's prompt, which asks the
    decider himself ("choose a card": Hungarian and Italian would address the reader)."""
    open_now = open_decisions(state)
    if not open_now:
        return "", None
    return names_text(deciders(state)), texts_of(state.game_name).task(open_now[0].kind)


def waiting_line(state: GameState) -> str:
    """``waiting for A and B (the secret choice of a card)`` for the open stage."""
    names, task = waiting_for(state)
    if not names:
        return ""
    if task:
        # Translators: {task} is what they are doing, a noun phrase ("drawing cards")
        return _("waiting for {names} ({task})", names=names, task=task)
    return _("waiting for {names}", names=names)
