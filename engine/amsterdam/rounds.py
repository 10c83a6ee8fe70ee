"""The round of AM-3: secret choice and reveal, tax, start player; steps 4–7 and the round's
start and end are in turns.py.

``open_decisions`` says who must decide what; ``execute`` carries out one already validated
canonical command and moves the game on until the next decision (or the end).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.amsterdam import board as bd
from engine.amsterdam import events as evt
from engine.amsterdam.events import EndReason
from engine.amsterdam.language import _
from engine.amsterdam.state_fields import SEALED_PHASES, AmsterdamFields
from engine.amsterdam.turns import (
    bank_pay,
    continue_round,
    enter_place,
    finish,
    open_choose,
    open_sealed,
    place_card,
    remove_card,
)
from engine.core import Decision, Event
from engine.i18n import SOURCE, Text


def prompt(phase: str) -> Text:
    """What the decision of ``phase`` asks, in the language in force."""
    if phase == "buy":
        # rule: AM-V4.2
        return _("buy a special card for 2 gulden? (secret)")
    if phase == "contest":
        # rule: AM-V4.4
        return _("both want the last special card: show a card, the higher number buys")
    if phase == "choose":
        # rule: AM-4.2
        return _("choose a card to reveal, or pass (secret)")
    if phase == "order":
        # rule: AM-G35
        return _("both revealed special cards: show a card, the higher number starts")
    if phase == "ship":
        # rule: AM-7.1
        return _("move the ship to a water card, or stay")
    if phase == "remove":
        # rule: AM-7.4
        return _("remove a harbor card with a ship symbol next to the ship, or none")
    if phase == "place":
        # rule: AM-8.1
        return _("place your revealed card")
    raise KeyError(phase)


# ---------------------------------------------------------------- decisions
def open_decisions(st: AmsterdamFields) -> list[Decision]:
    if st.over:
        return []
    phase = st.phase
    if phase in SEALED_PHASES:
        # The stage opened before its answers so far (consecutive moves: nothing else can
        # happen while it is open), so one seat's answer leaves the other's guard unchanged.
        answered = sum(1 for s in (0, 1) if st.asked[s] and st.sealed[s] is not None)
        opened_at = len(st.history) - answered
        out = []
        for s in (0, 1):
            if st.asked[s] and st.sealed[s] is None:
                opts = seat_options(st, s, phase)
                out.append(
                    Decision(
                        s,
                        phase,
                        partial(prompt, phase),  # said when read
                        tuple(opts),
                        sealed=True,
                        optional=phase in ("buy", "choose") and len(opts) > 1,
                        public_options=phase == "buy",
                        opened_at=opened_at,
                    )
                )
        return out
    seat = st.order[0]
    opts = seat_options(st, seat, phase)
    said = partial(prompt, phase)  # said when read
    return [Decision(seat, phase, said, tuple(opts), optional=phase != "place")]


def seat_options(st: AmsterdamFields, s: int, phase: str) -> list[str]:
    cards = st.cs.cards
    label = st.layout.label
    if phase == "choose":
        forced = st.must_play[s]
        if forced is not None:
            return [f"play {cards[forced].label}"]  # AM-V4.3, AM-G36
        return [f"play {cards[i].label}" for i in st.hands[s]] + ["pass"]
    if phase == "buy":
        return ["buy", "buy no"]  # not for players
    if phase in ("contest", "order"):
        return [f"show {cards[i].number}" for i in st.hands[s] if cards[i].number is not None]
    if phase == "ship":
        return [f"ship {label(c)}" for c in bd.ship_targets(st)] + ["ship stay"]  # not for players
    if phase == "remove":
        return [f"remove {label(c)}" for c in st.removable] + ["remove none"]  # not for players
    cells = st._place_cells
    if cells is None:
        cells = bd.legal_cells(st, s, cards[st.revealed[s]])  # type: ignore[index]
    return [f"place {label(c)}" for c in cells]


# ---------------------------------------------------------------- execute
def execute(st: AmsterdamFields, seat: int, text: str, ev: list[Event]) -> None:
    phase = st.phase
    if phase in SEALED_PHASES:
        st.sealed[seat] = text
        ev.append(evt.Sealed(seat=seat, stage=phase, answer=text, names=st.players, cs=st.cs))
        if all(not st.asked[s] or st.sealed[s] is not None for s in (0, 1)):
            {
                "buy": resolve_buy,
                "contest": resolve_contest,
                "choose": resolve_choose,
                "order": resolve_order,
            }[phase](st, ev)
            if st.phase not in SEALED_PHASES:
                st.sealed = [None, None]
                st.asked = [False, False]
        return
    arg = text.split()[1]
    if phase == "ship":
        if arg == "stay":
            ev.append(evt.ShipStays(seat=seat, names=st.players, cs=st.cs))
            enter_place(st, ev)
            return
        cell = _cell(st, arg)
        st.ship = cell
        ev.append(evt.ShipMoved(seat=seat, cell=arg, names=st.players, cs=st.cs))
        st.removable = bd.removable(st, cell)
        if st.removable:
            st.phase = "remove"
        else:
            enter_place(st, ev)
        return
    if phase == "remove":
        st.removable = []
        if arg != "none":
            remove_card(st, seat, _cell(st, arg), ev)
        enter_place(st, ev)
        return
    place_card(st, seat, _cell(st, arg), ev)


def _cell(st: AmsterdamFields, label: str) -> int:
    cell = st.layout.parse(label)
    assert cell is not None
    return cell


# ---------------------------------------------------------------- sealed stages
def resolve_buy(st: AmsterdamFields, ev: list[Event]) -> None:
    wants = [s for s in (0, 1) if st.sealed[s] == "buy"]
    asked = [s for s in (0, 1) if st.asked[s]]
    ev.append(evt.BuysRevealed(asked=asked, wants=wants, names=st.players, cs=st.cs))
    if len(wants) == 2 and len(st.special_pile) == 1:  # AM-V4.4
        show = [any(st.cs.cards[i].number is not None for i in st.hands[s]) for s in (0, 1)]
        if all(show):
            open_sealed(st, "contest", show)
            return
        wants = [_forced_pick(st, show, ev, "buy")]
    for s in wants:
        buy(st, s, ev)
    open_choose(st)


def _forced_pick(st: AmsterdamFields, show: list[bool], ev: list[Event], what: str) -> int:
    """Only one (or neither) player can show a numbered card: he (or the seeded RNG) wins.
    ``what``: ``buy`` (the last special card) or ``start`` (the first turn)."""
    if show[0] != show[1]:
        s = 0 if show[0] else 1
        ev.append(evt.ForcedPick(seat=s, what=what, drawn=False, names=st.players, cs=st.cs))
        return s
    s = st.rng.below(2)
    ev.append(evt.ForcedPick(seat=s, what=what, drawn=True, names=st.players, cs=st.cs))
    return s


def _shown(st: AmsterdamFields, ev: list[Event], what: str) -> int:
    nums = [int(str(st.sealed[s]).split()[1]) for s in (0, 1)]
    for seat in (0, 1):  # shown, and back into the hand: public (AM-V4.4, AM-G35, AM-G23)
        remember_taken_back(st, seat, st.cs.by_number[nums[seat]])
    s = 0 if nums[0] > nums[1] else 1
    ev.append(evt.Shown(seat=s, what=what, shown=nums, names=st.players, cs=st.cs))
    return s


def resolve_contest(st: AmsterdamFields, ev: list[Event]) -> None:
    buy(st, _shown(st, ev, "buy"), ev)
    open_choose(st)


def buy(st: AmsterdamFields, s: int, ev: list[Event]) -> None:
    """AM-V4.2: pay 2 gulden, take the top special card; it must be played this round."""
    st.gulden[s] -= 2
    st.bank += 2
    st.activity = True
    card = st.special_pile.pop()
    st.hands[s].append(card)
    st.must_play[s] = card
    ev.append(evt.Bought(seat=s, card=st.cs.cards[card].public, names=st.players, cs=st.cs))


def resolve_choose(st: AmsterdamFields, ev: list[Event]) -> None:
    cards = st.cs.cards
    for s in (0, 1):
        answer = str(st.sealed[s])
        if answer == "pass":
            st.passed[s] = True
            continue
        label = answer.split()[1]
        card_id = next(i for i in st.hands[s] if cards[i].label == label)
        st.hands[s].remove(card_id)
        if card_id in st.taken_back[s]:
            st.taken_back[s].remove(card_id)
        st.revealed[s] = card_id
    st.last_reveal = {
        "round": st.round,
        "cards": [None if r is None else cards[r].label for r in st.revealed],
        # the faces too: a revealed card is public (AM-4.3, AM-G23) even once it is placed,
        # covered, removed or taken back into hand (AM-5.2), so the reveal can always be drawn
        # (the state keeps them in English: it is data, said in the reader's language in views)
        # (the engine's own ids, as it always kept them: the state's JSON and hash stay)
        "faces": [
            None if r is None else cards[r].to_view(SOURCE, internal=True) for r in st.revealed
        ],
        "passed": list(st.passed),
    }
    # the event, like the views, names an identical copy by its public id (AM-1.6)
    ev.append(
        evt.ChoicesRevealed(
            round=st.round,
            cards=[None if r is None else cards[r].public for r in st.revealed],
            passed=list(st.passed),
            names=st.players,
            cs=st.cs,
        )
    )
    passers = [s for s in (0, 1) if st.passed[s]]
    if passers:
        # rule: AM-4.4
        bank_pay(st, passers, ev, "passing")
    pay_tax(st, ev)
    if st.over:
        return
    choose_start_player(st, ev)


def public_reveal(st: AmsterdamFields, last: dict[str, Any]) -> dict[str, Any]:
    """The last reveal as shown: each face names its card by the public id (one for the
    identical copies of a special card, AM-1.6), never by which copy it was."""
    faces = last.get("faces")
    if not faces:
        return dict(last)
    cards = st.cs.cards
    shown = [None if f is None else {**f, "id": cards[int(f["id"])].public} for f in faces]
    return {**last, "faces": shown}


def pay_tax(st: AmsterdamFields, ev: list[Event]) -> None:
    """AM-5.6 in its order (a)–(e); AM-G33 bankruptcy in Penniless."""
    cards = st.cs.cards
    debt = [0, 0]
    for s in (0, 1):  # (a): a passer owes nothing (AM-4.6)
        other = st.revealed[1 - s]
        if not st.passed[s] and other is not None and cards[other].gulden:
            debt[s] = 1
    unable = [s for s in (0, 1) if debt[s] and st.gulden[s] == 0]  # (b)
    if st.variant.bankruptcy and st.bank == 0 and len(unable) == 1:  # AM-V3.3, AM-G33
        loser = unable[0]
        ev.append(evt.Bankrupt(seat=loser, names=st.players, cs=st.cs))
        st.winner = 1 - loser
        finish(st, ev, EndReason("bankrupt", loser))
        return
    if len(unable) == 2:  # (c) AM-5.4
        for s in (0, 1):
            withdraw(st, s, ev)  # AM-5.4
        bank_pay(st, [0, 1], ev, "no_tax")  # AM-5.4
        return
    if len(unable) == 1:  # (d) AM-5.2, AM-5.3
        u = unable[0]
        withdraw(st, u, ev)  # AM-5.2
        debt[1 - u] = 0
        debt[u] = 0
    for s in (0, 1):  # (e) AM-5.1
        if debt[s]:
            st.gulden[s] -= 1
            st.bank += 1
            st.activity = True
            ev.append(evt.TaxPaid(seat=s, names=st.players, cs=st.cs))  # AM-5.1


def withdraw(st: AmsterdamFields, s: int, ev: list[Event]) -> None:
    """He cannot pay the harbor tax: his revealed card goes back to hand (AM-5.2, AM-5.4)."""
    card = st.revealed[s]
    if card is None:
        return
    st.revealed[s] = None
    st.hands[s].append(card)
    st.sort_hand(st.hands[s])
    remember_taken_back(st, s, card)
    ev.append(evt.Withdrawn(seat=s, card=st.cs.cards[card].public, names=st.players, cs=st.cs))


def remember_taken_back(st: AmsterdamFields, s: int, card: int) -> None:
    """AM-G23: a card revealed (or shown) and taken back into the hand is public until it is
    played; both players' views show it (``players[].taken_back``)."""
    if card not in st.taken_back[s]:
        st.taken_back[s].append(card)
        st.sort_hand(st.taken_back[s])


def choose_start_player(st: AmsterdamFields, ev: list[Event]) -> None:
    """AM-6.1/6.2, AM-G35."""
    actors = [s for s in (0, 1) if st.revealed[s] is not None]
    if len(actors) == 2:
        nums = [st.cs.cards[st.revealed[s]].number for s in (0, 1)]  # type: ignore[index]
        if nums[0] is None and nums[1] is None:  # AM-G35: both special cards
            show = [any(st.cs.cards[i].number is not None for i in st.hands[s]) for s in (0, 1)]
            if all(show):
                open_sealed(st, "order", show)
                return
            first = _forced_pick(st, show, ev, "start")
        elif nums[1] is None or (nums[0] is not None and nums[0] > nums[1]):
            first = 0
        else:
            first = 1
        st.order = [first, 1 - first]
        ev.append(evt.StartPlayer(seat=first, names=st.players, cs=st.cs))  # AM-6.1
    else:
        st.order = actors
    continue_round(st, ev)


def resolve_order(st: AmsterdamFields, ev: list[Event]) -> None:
    first = _shown(st, ev, "start")
    st.order = [first, 1 - first]
    continue_round(st, ev)
