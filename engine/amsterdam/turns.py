"""Steps 4–7 of a player's turn (ship, placement, warehouses, income and draw), money from
the bank, the end of a round, the start of the next one and the end of the game (AM-3, AM-7,
AM-8, AM-11, AM-13, AM-G13). :mod:`engine.amsterdam.rounds` builds on this module.
"""

from __future__ import annotations

from typing import Any

from engine.amsterdam import board as bd
from engine.amsterdam import events as evt
from engine.amsterdam.cards import Card
from engine.amsterdam.events import EndReason
from engine.amsterdam.scoring import end_scoring, score_closed, three_in_a_row, winning_row
from engine.amsterdam.state_fields import AmsterdamFields
from engine.core import Event

IDLE_ROUNDS = 3  # AM-G22: rounds in a row without a card placed or money moved
STALL_ROUNDS = 6  # AM-G24: rounds in a row without a new card beyond the port's peak


# ---------------------------------------------------------------- money (AM-G13)
def bank_pay(st: AmsterdamFields, seats: list[int], ev: list[Event], why: str) -> None:
    """Pay 1 gulden from the bank to each seat; with too little money, AM-G13 decides.
    ``why``: what the gulden is for (:data:`~engine.amsterdam.events.PAY_REASONS`)."""
    if st.bank >= len(seats):
        paid = seats
    elif st.bank == 1 and len(seats) == 2 and st.gulden[0] != st.gulden[1]:
        paid = [0 if st.gulden[0] < st.gulden[1] else 1]
    else:
        paid = []
    for s in paid:
        st.bank -= 1
        st.gulden[s] += 1
        st.activity = True
    if paid:
        ev.append(evt.Income(seats=paid, why=why, names=st.players, cs=st.cs))
    unpaid = [s for s in seats if s not in paid]
    if unpaid:
        ev.append(
            evt.NoIncome(seats=unpaid, why=why, empty=st.bank == 0, names=st.players, cs=st.cs)
        )


# ---------------------------------------------------------------- steps 4–7
def continue_round(st: AmsterdamFields, ev: list[Event]) -> None:
    """Open the next actor's step 4 or 5; end the round when nobody is left."""
    while st.order:
        s = st.order[0]
        card = st.cs.cards[st.revealed[s]]  # type: ignore[index]
        if card.ship:  # AM-7.1
            st.phase = "ship"
            return
        if enter_place(st, ev, advance=False):
            return
    end_round(st, ev)


def enter_place(st: AmsterdamFields, ev: list[Event], advance: bool = True) -> bool:
    """Step 5 opens if the card has a legal cell; otherwise AM-G16 / AM-G36 end the turn."""
    s = st.order[0]
    card = st.cs.cards[st.revealed[s]]  # type: ignore[index]
    cells = bd.legal_cells(st, s, card)
    if cells:
        st.phase = "place"
        st._place_cells = cells
        return True
    st.revealed[s] = None
    st.order.pop(0)
    if card.special:  # AM-G36
        st.special_pile.insert(0, card.id)
        st.must_play[s] = None
        ev.append(evt.NoPlace(seat=s, card=card.public, special=True, names=st.players, cs=st.cs))
    else:  # AM-G16, AM-V5.3
        st.hands[s].append(card.id)
        st.sort_hand(st.hands[s])
        ev.append(evt.NoPlace(seat=s, card=card.public, special=False, names=st.players, cs=st.cs))
    if advance:
        continue_round(st, ev)
    return False


def remove_card(st: AmsterdamFields, seat: int, cell: int, ev: list[Event]) -> None:
    """AM-7.4–7.12: the card goes under its owner's deck; warehouses and depots follow."""
    card = st.cs.cards[bd.take(st, cell)]
    assert card.owner is not None
    st.harbor_decks[card.owner].insert(0, card.id)  # AM-7.9
    st.depots.discard(card.id)
    bd.update_depots(st)
    ev.append(
        evt.Removed(
            seat=seat,
            card=card.public,
            cell=st.layout.label(cell),
            owner=card.owner,
            names=st.players,
            cs=st.cs,
        )
    )


def place_card(st: AmsterdamFields, s: int, cell: int, ev: list[Event]) -> None:
    card = st.cs.cards[st.revealed[s]]  # type: ignore[index]
    st._place_cells = None
    bd.put(st, cell, card.id)
    st.revealed[s] = None
    st.activity = True
    if card.special:
        st.must_play[s] = None
    ev.append(
        evt.Placed(seat=s, card=card.public, cell=st.layout.label(cell), names=st.players, cs=st.cs)
    )
    bd.update_depots(st, card.id)  # step 6 (AM-G9)
    for cells in bd.touching_areas(st, cell):  # AM-10.1, AM-G10
        if bd.is_closed(st, cells):
            score_closed(st, cells, ev, "closed")
            if st.variant.gomoku:
                w = three_in_a_row(st)
                if w is not None:  # AM-V6.4, AM-V6.6
                    st.winner = w
                    finish(st, ev, EndReason("row", w))  # AM-V6.4
                    return
    if len(st.top) >= st.variant.cells:  # AM-13.1, AM-G17
        finish(st, ev, EndReason("full"))  # AM-13.1
        return
    # step 7 (AM-11)
    if card.kind == "water":
        bank_pay(st, [s], ev, "dredging")  # AM-11.1
    draw(st, s, card, ev)
    st.order.pop(0)
    continue_round(st, ev)


def draw(st: AmsterdamFields, s: int, card: Card, ev: list[Event]) -> None:
    """AM-11.3, AM-11.6 (a crane draws water, AM-G5), AM-V4.6, AM-G21."""
    if card.special:
        return
    from_water = card.kind == "water" or card.crane
    deck = st.water_deck if from_water else st.harbor_decks[s]
    if not deck:
        ev.append(evt.CannotDraw(seat=s, water=from_water, names=st.players, cs=st.cs))  # AM-G21
        return
    new = deck.pop()
    st.hands[s].append(new)
    st.sort_hand(st.hands[s])
    # The deck lies face up (AM-2.6, AM-2.9): the card drawn was the visible top card.
    ev.append(
        evt.Drew(seat=s, card=st.cs.cards[new].public, water=from_water, names=st.players, cs=st.cs)
    )


def end_round(st: AmsterdamFields, ev: list[Event]) -> None:
    st.idle = 0 if st.activity else st.idle + 1
    if len(st.top) > st.peak:
        st.peak = len(st.top)
        st.stall = 0
    else:
        st.stall += 1
    # the reserved round-end event the table relies on (engine.core.TURN_END)
    ev.append(evt.RoundEnds(round=st.round, names=st.players, cs=st.cs))
    if st.idle >= IDLE_ROUNDS:  # AM-G22
        finish(st, ev, EndReason("idle"))
        return
    if st.stall >= STALL_ROUNDS:  # AM-G24
        finish(st, ev, EndReason("stall"))
        return
    start_round(st, ev)


#: Each end reason's English and rule (:class:`~engine.amsterdam.events.EndReason` keys): the
#: state keeps the reason in English with its rule ID, as before #25 took the IDs out of the
#: players' texts, so stored games, their exports and their hashes stay the same. Filled from
#: the messages' source text without the catalogs (applying a move makes no text);
#: :func:`engine.amsterdam.event_texts.end_reason` says it in the reader's language, without the ID.
_STORED_ENDS: dict[str, tuple[str, str]] = {  # not for players
    "full": ("the port is full", "AM-13.1"),  # not for players
    "idle": ("three rounds without a card placed or money moved", "AM-G22"),  # not for players
    "stall": ("{n} rounds without the port growing", "AM-G24"),  # not for players
    "no_cards": ("neither player holds a card", "AM-G21"),  # not for players
    "row": ("{name} has three areas in a row", "AM-V6.4"),  # not for players
    "bankrupt": ("{name} went bankrupt", "AM-V3.3"),  # not for players
}


def stored_end(reason: EndReason, players: list[str]) -> str:
    """``reason`` as the state keeps it: English, with its rule ID."""
    english, rule = _STORED_ENDS[reason.key]
    name = players[reason.seat] if reason.seat is not None else ""
    return f"{english.format(n=STALL_ROUNDS, name=name)} ({rule})"


def finish(st: AmsterdamFields, ev: list[Event], reason: EndReason) -> None:
    """End the game now (AM-13, AM-G17): unplaced cards go back to hand, then end scoring.
    The state keeps ``reason`` in English (data, hashed); views say it in the reader's
    language (:func:`engine.amsterdam.event_texts.end_reason`)."""
    for s in (0, 1):
        if st.revealed[s] is not None:
            card = st.revealed[s]
            st.revealed[s] = None
            st.hands[s].append(card)  # type: ignore[arg-type]
            st.sort_hand(st.hands[s])
    st.order = []
    st.removable = []
    st.asked = [False, False]
    st.sealed = [None, None]
    st.phase = "over"
    st.over = True
    details: dict[str, Any] = {"reason": stored_end(reason, st.players), "scoring": None}
    if st.winner is None:
        details["scoring"] = end_scoring(st, ev)
    elif st.variant.gomoku:
        row = winning_row(st)
        if row is not None:  # AM-V6.4: the three areas and the run through them, for the view
            label = st.layout.label
            details["row"] = {
                "seat": row[0],
                "areas": [[label(c) for c in cells] for cells in row[1]],
                "line": [label(c) for c in row[2]],
            }
    st.end = details
    ev.append(
        evt.GameOver(
            reason=reason,
            ranking=st.ranking(),
            vp=list(st.vp),
            gulden=list(st.gulden),
            names=st.players,
            cs=st.cs,
        )
    )


def can_buy(st: AmsterdamFields, s: int) -> bool:
    """AM-G34: at least 2 gulden, a card in the pile, no special card already held."""
    return st.gulden[s] >= 2 and bool(st.special_pile) and st.must_play[s] is None


def open_sealed(st: AmsterdamFields, phase: str, asked: list[bool]) -> None:
    st.phase = phase
    st.asked = list(asked)
    st.sealed = [None, None]


def open_choose(st: AmsterdamFields) -> None:
    open_sealed(st, "choose", [True, True])
    for s in (0, 1):
        if not st.hands[s]:  # AM-G21: an empty hand must pass; nothing secret about it
            st.asked[s] = False
            st.sealed[s] = "pass"


# ---------------------------------------------------------------- round start
def start_round(st: AmsterdamFields, ev: list[Event]) -> None:
    st.round += 1
    st.revealed = [None, None]
    st.passed = [False, False]
    st.order = []
    st.removable = []
    st.activity = False
    if not st.hands[0] and not st.hands[1]:  # AM-G21
        finish(st, ev, EndReason("no_cards"))  # AM-G21
        return
    if st.variant.specials:
        eligible = [can_buy(st, s) for s in (0, 1)]
        if any(eligible):
            open_sealed(st, "buy", eligible)
            return
    open_choose(st)
