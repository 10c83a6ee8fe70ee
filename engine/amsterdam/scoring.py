"""Scoring: a closed area (AM-10), the five largest areas at game end (AM-13.4–13.7, AM-G18–G20),
"every area" scoring of the variants (AM-G31), Gomoku's three in a row (AM-G42, AM-G43).

The pure parts (:func:`area_decision`, :func:`five_largest`) take plain numbers so tests can
check the source's worked examples directly.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.amsterdam import events as evt
from engine.amsterdam.board import areas, customs_in, warehouses
from engine.amsterdam.cards import good_beats
from engine.amsterdam.events import AreaReason
from engine.amsterdam.grid import NEIGHBOURS, WIDTH, row_col
from engine.amsterdam.state_fields import AmsterdamFields
from engine.core import Event


def area_decision(counts: list[list[int]]) -> tuple[int | None, str, int, int]:
    """The winner of :func:`area_winner` without words (the AI's fast path): the winner, the
    rule that decided (``difference``, ``majorities``, ``value``, ``equal``, ``tie``) and its
    two numbers (the winner's and the other's; for ``value`` the two goods)."""
    diff = [counts[0][g] - counts[1][g] for g in range(3)]
    best = [max(max(d, 0) for d in diff), max(max(-d, 0) for d in diff)]
    if best[0] != best[1]:
        w = 0 if best[0] > best[1] else 1
        return w, "difference", best[w], best[1 - w]
    if best[0] == 0:
        return None, "equal", 0, 0
    majorities = [sum(1 for d in diff if d > 0), sum(1 for d in diff if d < 0)]
    if majorities[0] != majorities[1]:
        w = 0 if majorities[0] > majorities[1] else 1
        return w, "majorities", majorities[w], majorities[1 - w]
    # Equal majorities with equal largest differences leave one majority each (3 goods).
    g0 = next(g for g in range(3) if diff[g] == best[0])
    g1 = next(g for g in range(3) if -diff[g] == best[1])
    if good_beats(g0, g1):
        return 0, "value", g0, g1
    if good_beats(g1, g0):
        return 1, "value", g1, g0
    return None, "tie", 0, 0  # pragma: no cover - unreachable


def five_largest(candidates: list[tuple[int, int]]) -> list[int]:
    """AM-13.6/13.7, AM-G19: indexes of the counted areas among ``(size, distance)`` candidates.

    Groups of equal size and distance are taken whole while they fit the places left; a group
    that does not fit is dropped with every other area of its size, and smaller areas go on.
    """
    if len(candidates) <= 5:
        return list(range(len(candidates)))
    order = sorted(range(len(candidates)), key=lambda i: (-candidates[i][0], candidates[i][1]))
    chosen: list[int] = []
    places = 5
    dropped_size: int | None = None
    i = 0
    while i < len(order) and places > 0:
        size, dist = candidates[order[i]]
        j = i
        while j < len(order) and candidates[order[j]] == (size, dist):
            j += 1
        group = order[i:j]
        i = j
        if size == dropped_size:
            continue
        if len(group) <= places:
            chosen.extend(group)
            places -= len(group)
        else:
            dropped_size = size
    return sorted(chosen)


def distances(st: AmsterdamFields) -> dict[int, int]:
    """AM-G20: cards strictly between each occupied cell and the center (BFS through cards)."""
    center = st.center_cell
    depth = {center: 0}
    queue = deque([center])
    top = st.top
    while queue:
        here = queue.popleft()
        for d in NEIGHBOURS:
            n = here + d
            if n in top and n not in depth:
                depth[n] = depth[here] + 1
                queue.append(n)
    # a bridge on the center card (AM-G38) puts the center itself in an area: distance 0
    return {c: max(k - 1, 0) for c, k in depth.items()}


def area_distance(st: AmsterdamFields, cells: list[int], dist: dict[int, int]) -> int:
    reached = [dist[c] for c in cells if c in dist]
    if reached:
        return min(reached)
    cr, cc = row_col(st.center_cell)
    return min(abs(r - cr) + abs(c - cc) - 1 for r, c in map(row_col, cells))


def score_closed(
    st: AmsterdamFields, cells: list[int], ev: list[Event], why: str
) -> tuple[int | None, AreaReason]:
    """AM-10: score one area, mark it scored (AM-G11) and put a guard (AM-10.8, AM-G12).
    Returns the winner (None: nobody) and the tie-break that decided."""
    counts = warehouses(st, cells)
    winner, rule, a, b = area_decision(counts)
    reason = AreaReason(rule, a, b)
    value = 1 + customs_in(st, cells)  # AM-V4.14
    st.scored.append({"cells": list(cells), "winner": winner, "value": value, "counts": counts})
    st.scored_cells.update(cells)
    st.depots.difference_update(st.top[c] for c in cells)
    if winner is not None:
        st.vp[winner] += value
        st.won[winner] += 1
        if st.guards[winner] > 0:
            st.guards[winner] -= 1
    ev.append(
        evt.AreaScored(
            seat=winner,
            cells=[st.layout.label(c) for c in cells],
            counts=[list(c) for c in counts],
            reason=reason,
            closing=why == "closed",
            vp=value if winner is not None else 0,
            names=st.players,
            cs=st.cs,
        )
    )
    return winner, reason


#: The goods' English names (the source text of :func:`~engine.amsterdam.cards.good_name`).
_GOODS_ENGLISH = ("tea", "wine", "spice")  # not for players


def area_reason_english(reason: AreaReason) -> str:
    """``reason`` in English as the state keeps it (an area's ``why`` in "every area" end
    scoring, AM-G31): the messages' source text, filled without the catalogs."""
    rule, a, b = reason.rule, reason.a, reason.b
    if rule == "difference":
        return f"largest difference {a} against {b}"  # not for players
    if rule == "majorities":
        return f"more majorities, {a} against {b}"  # not for players
    if rule == "value":
        return f"{_GOODS_ENGLISH[a]} beats {_GOODS_ENGLISH[b]}"  # not for players
    if rule == "equal":
        return "equal goods: nobody scores"  # not for players
    return "complete tie: nobody scores"  # not for players


def end_scoring(st: AmsterdamFields, ev: list[Event]) -> dict[str, Any]:
    """Game-end scoring of the variant: five largest (AM-13.4), every area (AM-G31), or none
    (Gomoku, AM-G43). Returns what was counted for the view."""
    area_list, _index = areas(st)
    open_areas = [a for a in area_list if a[0] not in st.scored_cells]
    mode = st.variant.end_scoring
    if mode == "gomoku":  # AM-G43: open areas are not scored; areas won decide
        return {"mode": mode, "areas": [], "won": list(st.won)}
    if mode == "all":  # AM-G31: every open area with a warehouse, as a closed one is
        scored = []
        for cells in open_areas:
            counts = warehouses(st, cells)
            if any(sum(c) for c in counts):
                winner, reason = score_closed(st, cells, ev, "game end")  # not for players
                scored.append(
                    {
                        "cells": [st.layout.label(c) for c in cells],
                        "size": len(cells),
                        "winner": winner,
                        "vp": st.scored[-1]["value"] if winner is not None else 0,
                        "why": area_reason_english(reason),  # data: English (views say it)
                        "warehouses": counts,
                    }
                )
        return {"mode": mode, "areas": scored}
    dist = distances(st)
    cands = [(len(a), area_distance(st, a, dist)) for a in open_areas]
    counted = five_largest(cands)
    summary = []
    for i in counted:
        cells = open_areas[i]
        counts = warehouses(st, cells)
        value = 1 + customs_in(st, cells)
        scorers = [s for s in (0, 1) if sum(counts[s])]
        for s in scorers:
            st.vp[s] += value
        labels = [st.layout.label(c) for c in cells]
        summary.append(
            {
                "cells": labels,
                "size": cands[i][0],
                "distance": cands[i][1],
                "vp": value,
                "scorers": scorers,
            }
        )
        ev.append(
            evt.EndArea(
                cells=labels,
                size=cands[i][0],
                scorers=scorers,
                vp=value,
                names=st.players,
                cs=st.cs,
            )
        )
    return {"mode": mode, "areas": summary}


_LINES = (1, WIDTH, WIDTH + 1, WIDTH - 1)


def three_in_a_row(st: AmsterdamFields) -> int | None:
    """AM-V6.4/6.5, AM-G42: a player owning three scored areas in a row, or None."""
    row = winning_row(st)
    return None if row is None else row[0]


def winning_row(st: AmsterdamFields) -> tuple[int, list[list[int]], list[int]] | None:
    """AM-G42: (the player, the three areas' cells, the run of cells from the first area to the
    third along the row) of the first three-in-a-row found, or None."""
    winner_of: dict[int, tuple[int, int]] = {}
    for i, entry in enumerate(st.scored):
        if entry["winner"] is not None:
            for c in entry["cells"]:
                winner_of[c] = (i, entry["winner"])
    if len(st.scored) < 3:
        return None
    top = st.top
    water = st.cs_water_type
    for step in _LINES:
        for start in top:
            if start - step in top:
                continue  # not the first cell of its run
            # compressed area ids of the run, each with its first and last cell
            seq: list[tuple[tuple[int, int] | None, int, int]] = []
            cell = start
            while cell in top:
                if not water[top[cell]]:
                    tag = winner_of.get(cell)
                    if not seq or seq[-1][0] != tag:
                        seq.append((tag, cell, cell))
                    else:
                        seq[-1] = (tag, seq[-1][1], cell)
                cell += step
            for k in range(len(seq) - 2):
                a, b, c = seq[k][0], seq[k + 1][0], seq[k + 2][0]
                if a and b and c and a[1] == b[1] == c[1] and len({a[0], b[0], c[0]}) == 3:
                    line = list(range(seq[k][1], seq[k + 2][2] + 1, step))
                    return a[1], [list(st.scored[t[0]]["cells"]) for t in (a, b, c)], line
    return None
