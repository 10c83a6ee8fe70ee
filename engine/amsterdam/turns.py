"""Steps 4–7 of a player's turn (ship, placement, warehouses, income and draw), money from
the bank, the end of a round, the start of the next one and the end of the game (AM-3, AM-7,
AM-8, AM-11, AM-13, AM-G13). :mod:`engine.amsterdam.rounds` builds on this module.
"""

from __future__ import annotations

from typing import Any

from engine.amsterdam import board as bd
from engine.amsterdam.cards import Card, color_name
from engine.amsterdam.language import _, _n, joined
from engine.amsterdam.scoring import end_scoring, score_closed, three_in_a_row, winning_row
from engine.amsterdam.state_fields import AmsterdamFields
from engine.core import TURN_END, Event
from engine.i18n import SOURCE, Text, say

IDLE_ROUNDS = 3  # AM-G22: rounds in a row without a card placed or money moved
STALL_ROUNDS = 6  # AM-G24: rounds in a row without a new card beyond the port's peak


# ---------------------------------------------------------------- money (AM-G13)
def bank_pay(st: AmsterdamFields, seats: list[int], ev: list[Event], why: Text) -> None:
    """Pay 1 gulden from the bank to each seat; with too little money, AM-G13 decides."""
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
        names = _names(st, paid)
        # Translators: {why} says what the gulden is for ("dredging, AM-11.1").
        text = _("{names} +1 gulden ({why})", names=names, why=why)
        ev.append(Event("income", text, None, {"seats": paid}))
    unpaid = [s for s in seats if s not in paid]
    if unpaid:
        names = _names(st, unpaid)
        if st.bank == 0:
            # rule: AM-G13
            text = _("{names}: the bank is empty, no gulden ({why})", names=names, why=why)
        else:
            text = _(
                # rule: AM-G13
                "{names}: one gulden in the bank, equal money, no gulden ({why})",
                names=names,
                why=why,
            )
        ev.append(Event("no_income", text))


def _names(st: AmsterdamFields, seats: list[int]) -> Text | str:
    """One player's name, or both joined ("Anna and Ben")."""
    if len(seats) == 1:
        return st.players[seats[0]]
    return _("{first} and {second}", first=st.players[seats[0]], second=st.players[seats[1]])


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
        ev.append(
            Event(
                "no_place",
                _(
                    # rule: AM-G36
                    "{name}'s {card} has no legal place: it goes under the special pile",
                    name=st.players[s],
                    card=card.describe(),
                ),
                s,
            )
        )
    else:  # AM-G16, AM-V5.3
        st.hands[s].append(card.id)
        st.sort_hand(st.hands[s])
        ev.append(
            Event(
                "no_place",
                _(
                    # rule: AM-G16
                    "{name}'s {card} has no legal cell: back to hand, the turn ends",
                    name=st.players[s],
                    card=card.describe(),
                ),
                s,
            )
        )
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
        Event(
            "remove",
            _(
                # rule: AM-7.9
                "{name} removes {card} at {cell}: under {owner}'s deck",
                name=st.players[seat],
                card=card.describe(),
                cell=st.layout.label(cell),
                owner=st.players[card.owner],
            ),
            seat,
            {"cell": st.layout.label(cell)},
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
        Event(
            "place",
            _(
                "{name} places {card} at {cell}",
                name=st.players[s],
                card=card.describe(),
                cell=st.layout.label(cell),
            ),
            s,
            {"cell": st.layout.label(cell)},
        )
    )
    bd.update_depots(st, card.id)  # step 6 (AM-G9)
    for cells in bd.touching_areas(st, cell):  # AM-10.1, AM-G10
        if bd.is_closed(st, cells):
            score_closed(st, cells, ev, "closed")
            if st.variant.gomoku:
                w = three_in_a_row(st)
                if w is not None:  # AM-V6.4, AM-V6.6
                    st.winner = w
                    finish(
                        # rule: AM-V6.4
                        st,
                        ev,
                        _("{name} has three areas in a row", name=st.players[w]),
                    )
                    return
    if len(st.top) >= st.variant.cells:  # AM-13.1, AM-G17
        # rule: AM-13.1
        finish(st, ev, _("the port is full"))
        return
    # step 7 (AM-11)
    if card.kind == "water":
        # rule: AM-11.1
        bank_pay(st, [s], ev, _("dredging"))
    draw(st, s, card, ev)
    st.order.pop(0)
    continue_round(st, ev)


def draw(st: AmsterdamFields, s: int, card: Card, ev: list[Event]) -> None:
    """AM-11.3, AM-11.6 (a crane draws water, AM-G5), AM-V4.6, AM-G21."""
    if card.special:
        return
    from_water = card.kind == "water" or card.crane
    deck = st.water_deck if from_water else st.harbor_decks[s]
    name = st.players[s]
    if not deck:
        if from_water:
            # rule: AM-G21
            text = _("{name} cannot draw: the water deck is empty", name=name)
        else:
            # rule: AM-G21
            text = _("{name} cannot draw: the harbor deck is empty", name=name)
        ev.append(Event("draw", text, s))
        return
    new = deck.pop()
    st.hands[s].append(new)
    st.sort_hand(st.hands[s])
    # The deck lies face up (AM-2.6, AM-2.9): the card drawn was the visible top card.
    card_text = st.cs.cards[new].describe()
    if from_water:
        text = _("{name} draws {card} from the water deck", name=name, card=card_text)
    else:
        text = _("{name} draws {card} from the harbor deck", name=name, card=card_text)
    ev.append(Event("draw", text, s))


def end_round(st: AmsterdamFields, ev: list[Event]) -> None:
    st.idle = 0 if st.activity else st.idle + 1
    if len(st.top) > st.peak:
        st.peak = len(st.top)
        st.stall = 0
    else:
        st.stall += 1
    # the reserved round-end event the table relies on (engine.core.TURN_END)
    ev.append(Event(TURN_END, _("round {round} ends", round=st.round), None, {"round": st.round}))
    if st.idle >= IDLE_ROUNDS:  # AM-G22
        # rule: AM-G22
        finish(st, ev, _("three rounds without a card placed or money moved"))
        return
    if st.stall >= STALL_ROUNDS:  # AM-G24
        finish(
            st,
            ev,
            _n(
                # rule: AM-G24
                "{n} round without the port growing",
                # rule: AM-G24
                "{n} rounds without the port growing",
                STALL_ROUNDS,
            ),
        )
        return
    start_round(st, ev)


#: The rule of each end reason: the state keeps the reason in English with its rule ID, as
#: before #25 took the IDs out of the players' texts, so stored games, their exports and their
#: hashes stay the same; :func:`end_reason` says it in the reader's language, without the ID.
END_RULES: dict[str, str] = {  # not for players
    "the port is full": "AM-13.1",  # not for players
    "three rounds without a card placed or money moved": "AM-G22",  # not for players
    "{n} round without the port growing": "AM-G24",  # not for players
    "neither player holds a card": "AM-G21",  # not for players
    "{name} has three areas in a row": "AM-V6.4",  # not for players
    "{name} went bankrupt": "AM-V3.3",  # not for players
}


def stored_reason(reason: Text) -> str:
    """``reason`` as the state keeps it: English, with its rule ID (:data:`END_RULES`)."""
    english = str(say(reason, SOURCE))
    message = reason._message  # the message id names its rule
    rule = END_RULES.get(message.msgid) if message is not None else None
    return f"{english} ({rule})" if rule else english


def finish(st: AmsterdamFields, ev: list[Event], reason: Text) -> None:
    """End the game now (AM-13, AM-G17): unplaced cards go back to hand, then end scoring.
    The state keeps ``reason`` in English (data, hashed); views say it in the reader's
    language (:func:`end_reason`)."""
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
    details: dict[str, Any] = {"reason": stored_reason(reason), "scoring": None}
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
    ranking = st.ranking()
    if len(ranking) == 1:
        result = _("a draw")
    else:
        first = ranking[0][0]
        result = _("{name} ({color}) wins", name=st.players[first], color=color_name(first))
    score = joined(
        ", ",
        [
            _(
                "{name} {vp} VP / {gulden} gulden",
                name=st.players[s],
                vp=st.vp[s],
                gulden=st.gulden[s],
            )
            for s in (0, 1)
        ],
    )
    text = _(
        # Translators: {reason} why the game ended; {score} both players' VP and gulden;
        # {result} who wins ("Anna (red) wins") or "a draw".
        "game over: {reason}; {score}; {result}",
        reason=reason,
        score=score,
        result=result,
    )
    ev.append(Event("game_over", text, None, {"ranking": ranking}))


def end_reason(st: AmsterdamFields) -> Text | str:
    """Why the game ended, in the language in force (the state keeps it in English)."""
    stored = str((st.end or {}).get("reason", ""))
    candidates = [
        # rule: AM-13.1
        _("the port is full"),
        # rule: AM-G22
        _("three rounds without a card placed or money moved"),
        _n(
            # rule: AM-G24
            "{n} round without the port growing",
            # rule: AM-G24
            "{n} rounds without the port growing",
            STALL_ROUNDS,
        ),
        # rule: AM-G21
        _("neither player holds a card"),
    ]
    for name in st.players:
        # rule: AM-V6.4
        candidates.append(_("{name} has three areas in a row", name=name))
        # rule: AM-V3.3
        candidates.append(_("{name} went bankrupt", name=name))
    for text in candidates:
        if stored_reason(text) == stored:
            return text
    return stored


# ---------------------------------------------------------------- round start
def start_round(st: AmsterdamFields, ev: list[Event]) -> None:
    st.round += 1
    st.revealed = [None, None]
    st.passed = [False, False]
    st.order = []
    st.removable = []
    st.activity = False
    if not st.hands[0] and not st.hands[1]:  # AM-G21
        # rule: AM-G21
        finish(st, ev, _("neither player holds a card"))
        return
    if st.variant.specials:
        eligible = [can_buy(st, s) for s in (0, 1)]
        if any(eligible):
            open_sealed(st, "buy", eligible)
            return
    open_choose(st)


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
