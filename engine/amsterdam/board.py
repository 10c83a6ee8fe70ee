"""The port as a grid of cards: areas, closure, warehouses and depots, legal cells, the ship.

Functions here read and change only the board part of a state (``top``, ``under``, ``span``,
``ship``, ``depots``, the scored areas); the round flow lives in ``rounds.py``.
"""

from __future__ import annotations

from engine.amsterdam.cards import Card, color_name
from engine.amsterdam.grid import NEIGHBOURS, OFFSET, WIDTH, row_col, span_allows
from engine.amsterdam.language import _
from engine.amsterdam.state_fields import AmsterdamFields
from engine.i18n import Text


# ---------------------------------------------------------------- areas (AM-0.5, AM-G6)
def areas(st: AmsterdamFields) -> tuple[list[list[int]], dict[int, int]]:
    """Every harbor area (cells, sorted) and the area index of every harbor-type cell; cached."""
    if st._areas is not None:
        return st._areas
    harborish = st.cs_harbor_type
    top = st.top
    area_of: dict[int, int] = {}
    result: list[list[int]] = []
    for cell in sorted(top):
        if cell in area_of or not harborish[top[cell]]:
            continue
        idx = len(result)
        members = [cell]
        area_of[cell] = idx
        i = 0
        while i < len(members):
            here = members[i]
            i += 1
            for d in NEIGHBOURS:
                n = here + d
                if n not in area_of:
                    card = top.get(n)
                    if card is not None and harborish[card]:
                        area_of[n] = idx
                        members.append(n)
        members.sort()
        result.append(members)
    st._areas = (result, area_of)
    return st._areas


def is_closed(st: AmsterdamFields, cells: list[int]) -> bool:
    """AM-G7: every neighbour outside the area holds a card (it is then water-type, or it
    would belong to the area); an empty cell, also one beyond the frame, keeps it open."""
    top = st.top
    for cell in cells:
        for d in NEIGHBOURS:
            if cell + d not in top:
                return False
    return True


def warehouses(st: AmsterdamFields, cells: list[int]) -> list[list[int]]:
    """AM-G9: each player's goods on his own uncovered harbor cards ([tea, wine, spice])."""
    counts = [[0, 0, 0], [0, 0, 0]]
    cards = st.cs.cards
    for cell in cells:
        card = cards[st.top[cell]]
        if card.owner is not None:
            g = card.goods
            row = counts[card.owner]
            row[0] += g[0]
            row[1] += g[1]
            row[2] += g[2]
    return counts


def customs_in(st: AmsterdamFields, cells: list[int]) -> int:
    cards = st.cs.cards
    return sum(1 for cell in cells if cards[st.top[cell]].kind == "customs")


def update_depots(st: AmsterdamFields, placed: int | None = None) -> None:
    """AM-G9: one depot per player and open area, on one of his cards with goods. An existing
    depot stays (the lowest-numbered when areas joined); a new one is the card just placed,
    else his lowest-numbered card there."""
    cards = st.cs.cards
    old = st.depots
    top = st.top
    scored = st.scored_cells
    new: set[int] = set()
    area_list, _index = areas(st)
    for cells in area_list:
        if cells[0] in scored:
            continue
        # per seat: (best kept depot, its number), (lowest card, its number), placed here?
        kept: list[tuple[int, int] | None] = [None, None]
        low: list[tuple[int, int] | None] = [None, None]
        has_placed = [False, False]
        for cell in cells:
            cid = top[cell]
            card = cards[cid]
            owner = card.owner
            if owner is None or not (card.goods[0] or card.goods[1] or card.goods[2]):
                continue
            number = card.number or 0
            if cid in old and (kept[owner] is None or number < kept[owner][1]):  # type: ignore[index]
                kept[owner] = (cid, number)
            if low[owner] is None or number < low[owner][1]:  # type: ignore[index]
                low[owner] = (cid, number)
            if cid == placed:
                has_placed[owner] = True
        for seat in (0, 1):
            k, lo = kept[seat], low[seat]
            if k is not None:
                new.add(k[0])
            elif has_placed[seat]:
                new.add(placed)  # type: ignore[arg-type]
            elif lo is not None:
                new.add(lo[0])
    st.depots = new


# ---------------------------------------------------------------- placing (AM-8, AM-12, AM-V4/5)
def put(st: AmsterdamFields, cell: int, card_id: int) -> None:
    """Lay a card into an empty cell or on top of another (tide, bridge) and grow the span."""
    old = st.top.get(cell)
    if old is not None:
        st.under.setdefault(cell, []).append(old)
    st.top[cell] = card_id
    r, c = row_col(cell)
    span = st.span
    if r < span[0]:
        span[0] = r
    if r > span[1]:
        span[1] = r
    if c < span[2]:
        span[2] = c
    if c > span[3]:
        span[3] = c
    st._areas = None


def take(st: AmsterdamFields, cell: int) -> int:
    """Remove the top card of a cell (ship removal, AM-7.9); the span never shrinks (AM-G8)."""
    card_id = st.top.pop(cell)
    st._areas = None
    return card_id


def blocked_by_crane(st: AmsterdamFields, seat: int, cell: int) -> int | None:
    """AM-8.6 / AM-12.2: an opponent's crane next to ``cell`` (its cell), or None."""
    cards = st.cs.cards
    for d in NEIGHBOURS:
        other = st.top.get(cell + d)
        if other is not None:
            card = cards[other]
            if card.crane and card.owner != seat:
                return cell + d
    return None


def next_to_water(st: AmsterdamFields, cell: int) -> bool:
    water = st.cs_water_type
    return any((n := st.top.get(cell + d)) is not None and water[n] for d in NEIGHBOURS)


def growth_cells(st: AmsterdamFields) -> list[int]:
    """Empty cells next to a card inside the frame (AM-8.1, AM-G8)."""
    top = st.top
    v = st.variant
    span = st.span
    # AM-G8: rows (columns) a new card may use keep the span within the frame.
    r_lo, r_hi = span[1] - v.rows + 1 + OFFSET, span[0] + v.rows - 1 + OFFSET
    c_lo, c_hi = span[3] - v.cols + 1 + OFFSET, span[2] + v.cols - 1 + OFFSET
    seen: set[int] = set()
    out: list[int] = []
    for cell in top:
        for d in NEIGHBOURS:
            n = cell + d
            if n not in top and n not in seen:
                seen.add(n)
                r, c = divmod(n, WIDTH)
                if r_lo <= r <= r_hi and c_lo <= c <= c_hi:
                    out.append(n)
    out.sort()
    return out


def would_close(st: AmsterdamFields, cell: int) -> bool:
    """AM-V4.13: would a harbor-type card in the empty ``cell`` close the area it joins?"""
    top = st.top
    area_list, area_of = areas(st)
    members = {cell}
    for d in NEIGHBOURS:
        idx = area_of.get(cell + d)
        if idx is not None:
            members.update(area_list[idx])
    for m in members:
        for d in NEIGHBOURS:
            n = m + d
            if n not in top and n != cell:
                return False
    return True


def place_problem(
    st: AmsterdamFields, seat: int, card: Card, cell: int
) -> tuple[str, int | None] | None:
    """Why ``card`` may not go to ``cell``, as data: a key and the card or cell it names (the
    target card, the crane's cell), or None when it may. No text: the legal cells of every
    decision a play-out makes are found with it (:func:`place_reason` says it)."""
    v = st.variant
    top = st.top
    if card.kind == "tide":
        target = top.get(cell)
        if target is None:
            return ("tide_target", None)
        t = st.cs.cards[target]
        if cell in st.scored_cells:
            return ("closed_area", None)
        if t.kind == "bridge" or (t.kind == "harbor" and not t.crane and t.goods_count == 1):
            return None
        return ("not_one_goods", target)
    if card.kind == "bridge":
        target = top.get(cell)
        if target is None:
            return ("bridge_target", None)
        t = st.cs.cards[target]
        if t.kind not in ("water", "center", "tide"):  # the center is a water card (AM-G2)
            return ("not_water", target)
        if cell == st.ship:
            return ("ship", None)
        if any(cell + d in st.scored_cells for d in NEIGHBOURS):
            return ("next_to_closed", None)
        crane = blocked_by_crane(st, seat, cell)
        if crane is not None:
            return ("bridge_crane", crane)
        return None
    if cell in top:
        return ("occupied", None)
    if not any(cell + d in top for d in NEIGHBOURS):
        return ("not_adjacent", None)
    if not span_allows(st.span, cell, v.rows, v.cols):
        return ("span", None)
    if card.kind == "customs":
        if would_close(st, cell):
            return ("customs_closes", None)
        return None
    if card.kind == "harbor":
        crane = blocked_by_crane(st, seat, cell)
        if crane is not None:
            return ("harbor_crane", crane)
        if v.water_play and not next_to_water(st, cell):
            return ("water_play", None)
    return None


def place_reason(st: AmsterdamFields, seat: int, card: Card, cell: int) -> Text | None:
    """Why ``card`` may not go to ``cell`` (rule cited), or None when it may."""
    problem = place_problem(st, seat, card, cell)
    if problem is None:
        return None
    key, ref = problem
    if key == "tide_target":
        # rule: AM-V4.7
        return _("a tide goes on top of a bridge or a one-goods harbor card")
    if key == "closed_area":
        # rule: AM-V4.5
        return _("that card belongs to a closed area")
    if key == "not_one_goods":
        assert ref is not None
        return _(
            # rule: AM-V4.7, AM-V4.8
            "{card} is not a bridge or a harbor card with one goods",
            card=st.cs.cards[ref].describe(),
        )
    if key == "bridge_target":
        # rule: AM-V4.10
        return _("a bridge goes on top of a water card or a tide")
    if key == "not_water":
        assert ref is not None
        # rule: AM-V4.10, AM-G38
        return _("{card} is not a water card or a tide", card=st.cs.cards[ref].describe())
    if key == "ship":
        # rule: AM-G38
        return _("the ship is on that card")
    if key == "next_to_closed":
        # rule: AM-V4.5, AM-G38
        return _("it is next to a closed area")
    if key == "bridge_crane":
        assert ref is not None
        return _(
            # Translators: {color} is the other player's colour (red or black).
            # rule: AM-8.6
            "it is next to {color}'s crane at {cell}",
            color=color_name(1 - seat),
            cell=st.layout.label(ref),
        )
    if key == "occupied":
        # rule: AM-8.1
        return _("that cell already holds a card")
    if key == "not_adjacent":
        # rule: AM-8.1
        return _("a card must be placed next to a card already in the port")
    if key == "span":
        v = st.variant
        return _(
            # rule: AM-8.4, AM-G8
            "the port may span at most {rows} rows × {cols} columns",
            rows=v.rows,
            cols=v.cols,
        )
    if key == "customs_closes":
        # rule: AM-V4.13
        return _("a customs house may not close an area")
    if key == "harbor_crane":
        assert ref is not None
        return _(
            # rule: AM-8.6, AM-12.2
            "a harbor card may not go next to the opponent's crane at {cell}",
            cell=st.layout.label(ref),
        )
    # rule: AM-V5.2
    return _("in Water Play a harbor card must touch a water card")


def legal_cells(st: AmsterdamFields, seat: int, card: Card) -> list[int]:
    """Every cell where ``seat`` may place ``card`` (AM-8, AM-12, AM-V4, AM-V5)."""
    if card.kind in ("tide", "bridge"):
        cells = sorted(st.top)
        return [c for c in cells if place_problem(st, seat, card, c) is None]
    cells = growth_cells(st)
    if card.kind == "water":
        return cells
    if card.kind == "customs":
        return [c for c in cells if not would_close(st, c)]
    out = []
    for c in cells:
        if blocked_by_crane(st, seat, c) is not None:
            continue
        if st.variant.water_play and not next_to_water(st, c):
            continue
        out.append(c)
    return out


# ---------------------------------------------------------------- the ship (AM-7)
def ship_targets(st: AmsterdamFields) -> list[int]:
    """AM-7.2 / AM-G15: every water-type card except the one the ship is on."""
    water = st.cs_water_type
    return sorted(c for c, card in st.top.items() if water[card] and c != st.ship)


def removable(st: AmsterdamFields, at: int) -> list[int]:
    """AM-7.4–7.8, AM-7.14, AM-G41: harbor cards with a ship symbol next to ``at`` that are
    not in a scored area (and, in Gomoku, whose removal splits no area)."""
    cards = st.cs.cards
    out = []
    for d in NEIGHBOURS:
        cell = at + d
        card_id = st.top.get(cell)
        if card_id is None or cell in st.scored_cells:
            continue
        card = cards[card_id]
        if card.kind == "harbor" and card.ship:
            if st.variant.gomoku and splits_area(st, cell):
                continue
            out.append(cell)
    out.sort()
    return out


def splits_area(st: AmsterdamFields, cell: int) -> bool:
    """Would taking the card at ``cell`` cut its area into two or more (AM-G41)?"""
    area_list, area_of = areas(st)
    members = set(area_list[area_of[cell]])
    members.discard(cell)
    if not members:
        return False
    start = next(iter(members))
    seen = {start}
    stack = [start]
    while stack:
        here = stack.pop()
        for d in NEIGHBOURS:
            n = here + d
            if n in members and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) != len(members)


def touching_areas(st: AmsterdamFields, cell: int) -> list[list[int]]:
    """The open areas that contain ``cell`` or touch it: the only ones a change there can close."""
    area_list, area_of = areas(st)
    found: list[int] = []
    for c in (cell, cell - WIDTH, cell + WIDTH, cell - 1, cell + 1):
        idx = area_of.get(c)
        if idx is not None and idx not in found and c not in st.scored_cells:
            found.append(idx)
    return [area_list[i] for i in sorted(found)]
