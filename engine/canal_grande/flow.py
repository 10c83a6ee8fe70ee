"""Canal Grande's automatic flow between decisions: votes started by doges (CG-6), the turn's
end and the next turn's reveal (CG-7, CG-8), the safety cap (CG-G20) and the game end (CG-10).

Plain functions of the state (like :mod:`engine.canal_grande.resolve`); ``CanalGrandeState``
keeps its methods (``_continue``, ``start_vote``, ``_end_turn``, ``_start_turn``, ``finish``)
as the entry points, each calling the function here.
"""

from __future__ import annotations

from engine.canal_grande import events as evt
from engine.canal_grande import resolve
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.canal_grande.votes import fresh_vote
from engine.core import Event


def continue_play(state: CanalGrandeFields, ev: list[Event]) -> None:
    """Run everything automatic until somebody must decide (or the game is over)."""
    while not state.over:
        if state.vote is not None:
            return
        seat = state.resolver
        if state.doges[seat] > 0:
            state.start_vote(seat, ev)  # CG-5.12, CG-6.2, CG-G7
            continue
        if state.stage == "chooser":
            state.stage = "divider"  # CG-7.1
            other = "B" if state.taken == "A" else "A"
            cards = [state.revealed[p - 1] for p in state.offer_positions(other)]
            ev.append(
                evt.DividerResolves(
                    seat=state.divider, offer=other, names=state.players, comp=state.comp
                )
            )
            resolve.resolve_offer(state, state.divider, cards, ev)
            continue
        state._end_turn(ev)
        return


def start_vote(state: CanalGrandeFields, owner: int, ev: list[Event]) -> None:
    other = 1 - owner
    if state.eligible_districts(owner):
        challenger = owner
    elif state.eligible_districts(other):
        challenger = other  # CG-6.5, CG-G8, CG-G22
        ev.append(
            evt.ChallengerPasses(seat=owner, other=other, names=state.players, comp=state.comp)
        )
    else:
        state.doges[owner] -= 1
        state.discard.append("doge")  # CG-6.6
        ev.append(evt.DogeDiscarded(seat=owner, names=state.players, comp=state.comp))
        return
    state.vote = fresh_vote(owner, challenger)
    state.phase = "district"


def end_turn(state: CanalGrandeFields, ev: list[Event]) -> None:
    state.revealed = []
    state.offer_a = None
    state.taken = None
    state.voted = []
    c = state.comp
    totals = [state.total(0), state.total(1)]
    if max(totals) >= c.round_end_total:  # CG-8.1
        resolve.end_round(state, totals, ev)
    else:
        state.divider = state.chooser  # CG-3.3, CG-7.3
    if state.turn >= state.turn_limit:
        state.over = True  # CG-G20: a safety cap, not a rule
        state.draw = True
        state.phase = "over"
        ev.append(
            evt.CapReached(
                limit=state.turn_limit,
                ranking=state.ranking(),
                names=state.players,
                comp=state.comp,
            )
        )
        return
    state._start_turn(ev)


def start_turn(state: CanalGrandeFields, ev: list[Event]) -> None:
    # The table's reserved turn-end event (engine.core.TURN_END): the previous turn is over.
    ev.append(
        evt.TurnEnds(seat=state.divider, turn=state.turn + 1, names=state.players, comp=state.comp)
    )
    state.turn += 1
    state.stage = "chooser"
    state.taken = None
    state.offer_a = None
    state.voted = []
    state.revealed = resolve.reveal(state, ev)
    state.phase = "divide"
    ev.append(
        evt.Revealed(
            seat=state.divider,
            turn=state.turn,
            round=state.round,
            revealed=list(state.revealed),
            names=state.players,
            comp=state.comp,
        )
    )


def finish(state: CanalGrandeFields, winner: int, ev: list[Event]) -> None:
    state.over = True
    state.winner = winner
    state.phase = "over"
    state.vote = None
    ev.append(
        evt.DogeWins(seat=winner, ranking=state.ranking(), names=state.players, comp=state.comp)
    )
