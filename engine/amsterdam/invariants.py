"""Laws an Amsterdam state must obey after every move (used by tests and random play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.amsterdam.board import areas, is_closed, warehouses
from engine.amsterdam.grid import row_col
from engine.amsterdam.turns import IDLE_ROUNDS, STALL_ROUNDS

if TYPE_CHECKING:
    from engine.amsterdam.state import AmsterdamState


def violations(st: AmsterdamState) -> list[str]:
    """Every broken invariant, in words; an empty list means the state is sound."""
    problems: list[str] = []
    cs = st.cs
    places: dict[int, str] = {}

    def put(card: int, where: str) -> None:
        if card in places:
            problems.append(f"card {cs.cards[card].label} is both in {places[card]} and {where}")
        places[card] = where

    for s in (0, 1):
        for c in st.hands[s]:
            put(c, f"hand {s}")
        for c in st.harbor_decks[s]:
            put(c, f"harbor deck {s}")
            if cs.cards[c].owner != s:
                problems.append(f"card {cs.cards[c].label} is in the wrong harbor deck")
        if st.revealed[s] is not None:
            put(st.revealed[s], f"revealed {s}")  # type: ignore[arg-type]
        for c in st.taken_back[s]:  # AM-G23: public until played, so still in the hand
            if c not in st.hands[s]:
                problems.append(f"card {cs.cards[c].label} taken back by {s} is not in his hand")
    for c in st.water_deck:
        put(c, "water deck")
    for c in st.special_pile:
        put(c, "special pile")
    for c in st.boxed:
        put(c, "box")
    for cell, c in st.top.items():
        put(c, f"cell {st.layout.label(cell)}")
        for u in st.under.get(cell, []):
            put(u, f"under {st.layout.label(cell)}")
    if len(places) != len(cs.cards):
        problems.append(f"{len(places)} cards accounted for, not {len(cs.cards)} (AM-1.1)")
    money = st.gulden[0] + st.gulden[1] + st.bank
    if money != st.variant.money_total or min([*st.gulden, st.bank]) < 0:
        problems.append(f"money: {st.gulden} + bank {st.bank} != {st.variant.money_total}")
    v = st.variant
    rows = [row_col(c)[0] for c in st.top]
    cols = [row_col(c)[1] for c in st.top]
    if max(rows) - min(rows) >= v.rows or max(cols) - min(cols) >= v.cols:
        problems.append("the port is larger than its frame (AM-G8)")
    if st.span[1] - st.span[0] >= v.rows or st.span[3] - st.span[2] >= v.cols:
        problems.append(f"span {st.span} exceeds the frame (AM-G8)")
    if st.ship not in st.top or not st.cs_water_type[st.top[st.ship]]:
        problems.append("the ship is not on a water card (AM-7.2)")
    area_list, _ = areas(st)
    scored_first = {e["cells"][0]: e for e in st.scored}
    for cells in area_list:
        if cells[0] in scored_first:
            if sorted(scored_first[cells[0]]["cells"]) != cells:
                problems.append(f"scored area at {st.layout.label(cells[0])} changed (AM-G11)")
            continue
        if is_closed(st, cells) and not st.over:
            problems.append(f"closed area at {st.layout.label(cells[0])} was not scored (AM-10.1)")
        counts = warehouses(st, cells)
        for s in (0, 1):
            deps = [c for c in cells if st.top[c] in st.depots and cs.cards[st.top[c]].owner == s]
            if sum(counts[s]) and len(deps) != 1:
                problems.append(
                    f"seat {s} has {len(deps)} depots in area {st.layout.label(cells[0])} (AM-G9)"
                )
            if not sum(counts[s]) and deps:
                problems.append(f"seat {s} has a depot without warehouses (AM-G9)")
    if sum(st.won) > len(st.scored):
        problems.append("more areas won than scored")
    if st.guards[0] < 0 or st.guards[1] < 0:
        problems.append("negative guards")
    if st.peak > v.cells:  # the peak is taken at each round's end (AM-G24)
        problems.append(f"peak {st.peak} is more cards than the port holds (AM-G24)")
    if st.stall < 0 or (st.stall >= STALL_ROUNDS and not st.over):
        problems.append(f"{st.stall} rounds without growth and the game goes on (AM-G24)")
    if st.idle < 0 or (st.idle >= IDLE_ROUNDS and not st.over):
        problems.append(f"{st.idle} idle rounds and the game goes on (AM-G22)")
    if not st.over:
        hands = [len(h) for h in st.hands]
        if max(hands) > 6:
            problems.append(f"a hand holds {max(hands)} cards (AM-4.1)")
    return problems
