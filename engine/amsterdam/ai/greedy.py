"""Amsterdam's ``random`` and ``greedy`` AI levels (``strong`` is in ``strong.py``).

Both follow the project's AI interface (``engine.ai.base.AiPlayer``): ``choose(view, decision,
rng)`` with ``view = state.player_view(seat)``. They never see the state, so they cannot read
the other hand or the other seat's sealed answer (which is in no view before the reveal).

``greedy`` rebuilds the public port from the view (every card on the table is public) into a
shadow state and tries each option one ply deep: where a card goes, whether the ship moves and
what it removes. It scores a board by VP, by who would win each open area now (AM-10), by its
presence in large areas (AM-13.4) and a little by money.
"""

from __future__ import annotations

import random

from engine.amsterdam import board as bd
from engine.amsterdam.grid import NEIGHBOURS, OFFSET, WIDTH, key
from engine.amsterdam.scoring import area_decision
from engine.amsterdam.state import AmsterdamState
from engine.amsterdam.variants import VARIANTS
from engine.core import JSON, Decision

_SHADOWS: dict[str, AmsterdamState] = {}


class RandomAi:
    """Uniform over the decision's options (the baseline)."""

    level = "random"

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        options: list[str] = [str(o) for o in view["me"]["options"] or decision.options]
        return rng.choice(options)


def shadow(view: JSON, taken: set[int] | None = None) -> AmsterdamState:
    """The public port of ``view`` as a state the board functions accept (hands: mine only).

    A view names identical copies by one public id (AM-1.6); each card of the port gets its own
    copy again (:meth:`~engine.amsterdam.cards.CardSet.copy_for`), recorded in ``taken`` so a
    caller can give the copies of further cards (a hand) the same way."""
    name = view["variant"]["name"]
    base = _SHADOWS.get(name)
    if base is None:
        base = AmsterdamState.new(["a", "b"], 0, VARIANTS[name])
        _SHADOWS[name] = base
    st = base.clone()
    lay = st.layout
    st.top = {}
    st.under = {}
    copy_for = st.cs.copy_for
    taken = set() if taken is None else taken
    for c in view["grid"]["cells"]:
        cell = key(c["row"] + lay.row_min, c["col"] + lay.col_min)
        st.top[cell] = copy_for(int(c["card"]["id"]), taken)
        if c["covered"]:
            st.under[cell] = [copy_for(int(u["id"]), taken) for u in c["covered"]]
    span = view["grid"]["span"]
    rows = view["grid"]["rows"]
    st.span = [
        rows.index(span["rows"][0]) + lay.row_min,
        rows.index(span["rows"][1]) + lay.row_min,
        span["cols"][0] - 1 + lay.col_min,
        span["cols"][1] - 1 + lay.col_min,
    ]
    parse = lay.parse
    st.ship = parse(view["ship"]) or st.center_cell
    st.scored = []
    st.scored_cells = set()
    for a in view["areas"]:
        if a["scored"]:
            cells = sorted(parse(x) or 0 for x in a["cells"])
            st.scored.append({"cells": cells, "winner": a["winner"], "value": a["value"]})
            st.scored_cells.update(cells)
    st.vp = [p["vp"] for p in view["players"]]
    st.gulden = [p["gulden"] for p in view["players"]]
    st._areas = None
    st._place_cells = None
    st._decisions = None
    return st


def money_weight(st: AmsterdamState) -> float:
    """Money decides Penniless (bankruptcy), and with few VP (Gomoku, Gulliver) the tie-break."""
    if st.variant.bankruptcy:
        return 0.5
    if st.variant.gomoku or st.variant.cells <= 25:  # few VP: the money tie-break decides often
        return 1.0
    return 0.3


def evaluate(st: AmsterdamState, me: int) -> float:
    """How good the port is for ``me``: VP, areas I would win now, presence, money."""
    return _plain(st, me) + area_terms(st, me)[1]


def _plain(st: AmsterdamState, me: int) -> float:
    money = money_weight(st)
    return 10.0 * (st.vp[me] - st.vp[1 - me]) + money * (st.gulden[me] - st.gulden[1 - me])


AreaTerms = tuple[list[float], float]


def area_terms(st: AmsterdamState, me: int) -> AreaTerms:
    """Each area's part of :func:`evaluate` (index as in ``board.areas``) and their sum."""
    area_list, _ = bd.areas(st)
    terms = [area_term(st, cells, me) for cells in area_list]
    return terms, sum(terms)


#: The chance that an open area is closed (and scored) soon, by its empty neighbour cells
#: (1, 2, 3, 4 or more): a closure scores it at once (AM-10.1), worth a VP (10 here).
CLOSE_CHANCE = (1.0, 0.8, 0.4, 0.15, 0.05)
#: How much of that an open lead is worth: the other can still contest it (AM-10.2-10.5)
LEAD_TRUST = 0.4


def area_term(st: AmsterdamState, cells: list[int], me: int) -> float:
    """What one open area is worth to ``me`` now (0 for a scored one): the VP its leader would
    get from a closure, times the chance of one (fewer empty sides, none beyond the port's
    frame: such an area never closes, AM-G7), plus presence at the end where it counts."""
    if cells[0] in st.scored_cells:
        return 0.0
    score = 0.0
    # bd.warehouses and bd.customs_in in one pass: this runs for every area of every try
    top = st.top
    cards = st.cs.cards
    first0 = first1 = first2 = second0 = second1 = second2 = customs = 0
    for cell in cells:
        card = cards[top[cell]]
        if card.owner is not None:
            g = card.goods
            if card.owner == 0:
                first0 += g[0]
                first1 += g[1]
                first2 += g[2]
            else:
                second0 += g[0]
                second1 += g[1]
                second2 += g[2]
        if card.kind == "customs":
            customs += 1
    counts = [[first0, first1, first2], [second0, second1, second2]]
    winner = _winner(counts)
    size = len(cells)
    v = st.variant
    if winner is not None:
        sign = 1.0 if winner == me else -1.0
        sides, framed = _open_sides(st, cells)
        chance = 0.0 if framed else CLOSE_CHANCE[min(sides, len(CLOSE_CHANCE) - 1)] * LEAD_TRUST
        value = 10.0 * (1 + customs)
        if v.gomoku:  # Gomoku never scores open areas (AM-G43): a closure is all
            score += sign * chance * value
        elif v.end_scoring == "all":  # the lead scores at the end too (AM-V1.2)
            score += sign * (4.0 / sides + 3.0 + 0.2 * size)
        else:  # the five largest count presence only (AM-13.4): a lead is worth its closure
            score += sign * (chance * value + 0.2 + 0.05 * size)
    if v.end_scoring == "largest5":
        mine, theirs = sum(counts[me]), sum(counts[1 - me])
        weight = min(size, 6) / 3.0
        score += weight * ((1.0 if mine else 0.0) - (1.0 if theirs else 0.0))
    return score


def _winner(counts: list[list[int]]) -> int | None:
    """``area_decision(counts)[0]``, the usual cases without building its reasons."""
    a, b = counts
    d0, d1, d2 = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    lead0 = max(d0, d1, d2, 0)
    lead1 = max(-d0, -d1, -d2, 0)
    if lead0 != lead1:
        return 0 if lead0 > lead1 else 1
    if lead0 == 0:
        return None
    return area_decision(counts)[0]


def _open_sides(st: AmsterdamState, cells: list[int]) -> tuple[int, bool]:
    """Empty cells around an area (the fewer, the nearer its closure), and whether one of
    them lies beyond the port's frame (it can never be filled: the area never closes)."""
    top = st.top
    empty = {n for c in cells for d in NEIGHBOURS if (n := c + d) not in top}
    v = st.variant
    rows, cols = v.rows, v.cols
    r0, r1, c0, c1 = st.span
    framed = False
    for cell in empty:  # span_allows, inlined: this runs for every area of every try
        r, c = divmod(cell, WIDTH)
        r -= OFFSET
        c -= OFFSET
        if not (max(r1, r) - min(r0, r) < rows and max(c1, c) - min(c0, c) < cols):
            framed = True
            break
    return max(1, len(empty)), framed


def place_value(
    st: AmsterdamState,
    seat: int,
    card_id: int,
    cell: int,
    me: int,
    base: AreaTerms | None = None,
    exact: AreaTerms | None = None,
) -> float:
    """``evaluate`` for ``me`` after ``seat`` lays ``card_id`` at ``cell`` (closed areas scored,
    dredging income), computed in place and undone: no copy of the state. With ``base`` (the
    :func:`area_terms` of the state for ``me``) a card in an empty cell re-evaluates only the
    areas next to it: nothing else changes. With ``exact`` (the same terms) the value is
    :func:`evaluate`'s to the last bit: only the areas next to the cell are evaluated again
    unless an area closes or the span grows (then all are), and the terms are added in
    ``evaluate``'s order."""
    old_top = st.top.get(cell)
    span, areas_cache, scored, scored_cells = list(st.span), st._areas, st.scored, st.scored_cells
    vp, gulden = list(st.vp), list(st.gulden)
    grown = None if old_top is not None else _grown_areas(st, cell, card_id)
    near: list[int] = []
    if grown is not None and (base is not None or exact is not None):
        _, old_of = bd.areas(st)
        near = list({old_of[n] for d in NEIGHBOURS if (n := cell + d) in old_of})
    bd.put(st, cell, card_id)
    if grown is not None:
        st._areas = grown
    closed = False
    try:
        for cells in bd.touching_areas(st, cell):
            if bd.is_closed(st, cells):
                closed = True
                winner = area_decision(bd.warehouses(st, cells))[0]
                st.scored = [*st.scored, {"cells": cells, "winner": winner, "value": 1}]
                st.scored_cells = st.scored_cells | set(cells)
                if winner is not None:
                    st.vp[winner] += 1 + bd.customs_in(st, cells)
        if st.cs.cards[card_id].kind == "water":
            st.gulden[seat] += 1
        if exact is not None and grown is not None and not closed and st.span == span:
            old_terms = exact[0]
            if st.cs_harbor_type[card_id]:  # the areas next to it merged into the last one
                merged = set(near)
                terms = [t for i, t in enumerate(old_terms) if i not in merged]
                terms.append(area_term(st, grown[0][-1], me))
            else:
                terms = list(old_terms)
                for i in near:
                    terms[i] = area_term(st, grown[0][i], me)
            return _plain(st, me) + sum(terms)
        if grown is None or base is None:
            return evaluate(st, me)
        terms, total = base
        total -= sum(terms[i] for i in near)
        new_list = grown[0]
        changed = [len(new_list) - 1] if st.cs_harbor_type[card_id] else near
        total += sum(area_term(st, new_list[i], me) for i in changed)
        return _plain(st, me) + total
    finally:
        if old_top is None:
            del st.top[cell]
        else:
            st.top[cell] = old_top
            under = st.under[cell]
            under.pop()
            if not under:
                del st.under[cell]
        st.span, st._areas, st.scored, st.scored_cells = span, areas_cache, scored, scored_cells
        st.vp, st.gulden = vp, gulden


def _grown_areas(
    st: AmsterdamState, cell: int, card_id: int
) -> tuple[list[list[int]], dict[int, int]]:
    """The areas once ``card_id`` lies in the empty ``cell``, from the current ones (faster than
    finding them all again): a water-type card joins none, a harbor-type card merges those
    around it. The order of the list differs from ``board.areas``; nothing here depends on it."""
    area_list, area_of = bd.areas(st)
    if not st.cs_harbor_type[card_id]:
        return area_list, area_of
    idxs = {area_of[n] for d in NEIGHBOURS if (n := cell + d) in area_of}
    merged = sorted([cell, *(c for i in idxs for c in area_list[i])])
    new_list = [a for i, a in enumerate(area_list) if i not in idxs]
    new_list.append(merged)
    new_of = {c: k for k, a in enumerate(new_list) for c in a}
    return new_list, new_of


def best_cell(st: AmsterdamState, seat: int, card_id: int) -> tuple[float, int | None]:
    card = st.cs.cards[card_id]
    best: tuple[float, int | None] = (float("-inf"), None)
    base = area_terms(st, seat)
    for cell in bd.legal_cells(st, seat, card):
        value = place_value(st, seat, card_id, cell, seat, base)
        if value > best[0]:
            best = (value, cell)
    return best


class GreedyAi:
    """One-ply search over the public port (see the module docstring)."""

    level = "greedy"

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        options: list[str] = [str(o) for o in view["me"]["options"] or decision.options]
        if len(options) == 1:
            return options[0]
        me = int(view["me"]["seat"])
        taken: set[int] = set()
        st = shadow(view, taken)
        mine = view["players"][me]["revealed"]
        st.revealed[me] = None if mine is None else st.cs.copy_for(int(mine["id"]), taken)
        st.hands[me] = [st.cs.copy_for(int(c["id"]), taken) for c in view["me"]["hand"]]
        st.bank = int(view["bank"])
        return greedy_command(st, me, decision.kind, options, rng)


def greedy_command(
    st: AmsterdamState, me: int, kind: str, options: list[str], rng: random.Random
) -> str:
    """The greedy answer of seat ``me`` on a state. It reads only what that seat may know: the
    port, money, the bank, its own hand and revealed card (never the other hand or answer), so
    it serves both the view-based ``greedy`` level and play-outs on imagined worlds."""
    if len(options) == 1:
        return options[0]
    if kind == "buy":
        return "buy no"  # not for players
    if kind in ("contest", "order"):
        return max(options, key=lambda o: int(o.split()[1]))
    parse = st.layout.parse
    if kind == "choose":
        return _choose_card(st, options, me)
    if kind == "place":
        card_id = st.revealed[me]
        assert card_id is not None
        exact = area_terms(st, me)
        scored = [
            (place_value(st, me, card_id, parse(o.split()[1]) or 0, me, exact=exact), o)
            for o in options
        ]
        return max(scored, key=lambda x: (x[0], -options.index(x[1])))[1]
    if kind == "remove":
        return max(options, key=lambda o: remove_value(st, me, o))
    if kind == "ship":
        return max(ship_values(st, me, options), key=lambda x: x[0])[1]
    return rng.choice(options)


def remove_value(st: AmsterdamState, me: int, option: str) -> float:
    arg = option.split()[1]
    if arg == "none":
        return evaluate(st, me)
    cell = st.layout.parse(arg)
    assert cell is not None
    return _without(st, cell, me)


def _without(st: AmsterdamState, cell: int, me: int) -> float:
    """``evaluate`` with the card at ``cell`` taken away (undone afterwards)."""
    areas_cache = st._areas
    card = bd.take(st, cell)
    try:
        return evaluate(st, me)
    finally:
        st.top[cell] = card
        st._areas = areas_cache


#: How much a removal must gain over staying: small gains only start remove-and-replace loops
#: that end the game without growth (AM-G24)
REMOVE_MARGIN = 1.5


def ship_values(st: AmsterdamState, me: int, options: list[str]) -> list[tuple[float, str]]:
    """Each ship option with the value of its best removal (staying gets a small bonus, and
    a move that removes nothing worth it counts as staying)."""
    base = evaluate(st, me) + REMOVE_MARGIN
    out: list[tuple[float, str]] = []
    for o in options:
        arg = o.split()[1]
        if arg == "stay":
            out.append((base, o))
            continue
        cell = st.layout.parse(arg)
        assert cell is not None
        best = float("-inf")
        for target in bd.removable(st, cell):
            best = max(best, _without(st, target, me))
        out.append((best if best > base else base - 0.005, o))
    return out


def _choose_card(st: AmsterdamState, options: list[str], me: int) -> str:
    cards = st.cs.cards
    hand = {cards[i].label: i for i in st.hands[me]}
    base = evaluate(st, me)
    opp_gulden, my_gulden = st.gulden[1 - me], st.gulden[me]
    broke_bank = st.variant.bankruptcy and st.bank == 0
    if broke_bank and my_gulden == 0 and "pass" in options:
        return "pass"  # AM-V3.3: a passer owes no tax, so he cannot go bankrupt
    # passing earns 1 gulden when the bank has one (AM-4.4)
    best = base + (money_weight(st) if st.bank > 0 else 0.0)
    choice = "pass"
    for o in options:
        if o == "pass":
            continue
        card_id = hand[o.split()[1]]
        card = cards[card_id]
        value, cell = best_cell(st, me, card_id)
        if cell is None:
            continue
        if card.gulden and opp_gulden > 0:
            value += 0.2 + money_weight(st)  # AM-5.1: the opponent pays 1 gulden
        if card.gulden and broke_bank and opp_gulden == 0:
            value += 50.0  # the opponent cannot pay and the bank is empty: bankrupt
        if card.ship:
            value += 0.3
        if value > best:
            best, choice = value, o
    return choice
