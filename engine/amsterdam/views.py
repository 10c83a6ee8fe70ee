"""What each audience may see (AM-G23): the public view and one private view per seat.

Views are JSON-safe dicts, the only thing a renderer, the bot and the AI read.

Public view (``public_view``)::

    game        "amsterdam"
    variant     {name, title, rule, rows, cols}     rule: "AM-V1"…"AM-V6", "" for the base game
    goods       ["tea", "wine", "spice"]: the order of every [tea, wine, spice] triple below
    round       round number (1-based)
    stage       buy | contest | choose | order | ship | remove | place | over
    bank        gulden in the city treasury
    players     [{seat, name, color ("red"/"black"), gulden, vp, areas_won, guards_left,
                  hand_size, answered (sealed stage: true/false; null when not asked),
                  to_decide, revealed (card or null), passed, owes_special (must reveal a
                  bought special card), taken_back ([card, …]: cards he revealed or showed
                  and took back into his hand, public until played, AM-G23)}]
    grid        {rows: ["A", …], cols: [1, …], center: "E5", frame: [rows, cols],
                 span: {rows: [first, last], cols: [first, last]} (occupied extent, labels),
                 cells: [{cell: "E5", row, col (0-based indexes into rows/cols), card,
                          covered: [card, …] (under a tide/bridge, bottom first),
                          area (index into areas or null), ship (bool),
                          depot (seat whose central depot this card is, or null),
                          warehouses ([tea, wine, spice] on that depot, or null),
                          guard (seat whose guard stands here, or null)}]}
    ship        cell label of the ship
    areas       [{index, cells, size, closed, scored, winner (seat/null), value (VP),
                  warehouses: [[tea, wine, spice] red, [..] black], depots: [cell|null, cell|null],
                  customs}]
    decks       {water: {size, top (card or null)}, harbor: [{size, top}, {size, top}],
                 special: {size}}
    pending     [{seat, kind, prompt, sealed, optional, options (null when not public)}]
    order       seats still to do steps 4–7 this round, the current one first
    last_reveal {round, cards: [label|null, label|null], faces: [card|null, card|null],
                 passed: [bool, bool]} or null (``faces`` absent in games saved before it)
    over, ranking (best first, groups share a place), end ({reason, scoring} or null;
                 scoring {mode, areas}: "largest5" areas {cells, size, distance, vp, scorers},
                 "all" (AM-G31) areas {cells, size, winner, vp, why, warehouses}, "gomoku"
                 areas [] and won [n, n]; after three in a row (AM-V6.4) scoring is null and
                 end.row = {seat, areas: [[cell…]×3], line: [cell…]}),
    history_length
    stall       {rounds, limit, peak} (AM-G24): rounds in a row ended without the port holding
                more cards than its peak; at ``limit`` such rounds the game ends
    idle        {rounds, limit, active} (AM-G22): rounds in a row ended with no card placed and
                no money moved, and whether this round has had either; at ``limit`` such
                rounds the game ends

A card is ``{id, label, kind (harbor/water/center/tide/bridge/customs), number, owner (seat or
null), goods {tea, wine, spice}, ship, gulden, crane, text}``. ``id`` is the card's *public*
id: the two identical copies of a special card (AM-1.6, AM-G35) share one, the lowest id of
their kind, wherever they lie (which copy is where is nobody's knowledge); every other card is
unique and shown by its own id.

Player view (``player_view(seat)``) is the public view plus ``me``: ``{seat, color, hand:
[card, …], options: [canonical commands], decision_kind, sealed_answer}``; ``sealed_answer``
is this seat's own still-secret answer. Nothing else differs, so before a reveal the other
seat's secret answer appears nowhere.
"""

from __future__ import annotations

from typing import Any

from engine.amsterdam.board import areas, customs_in, is_closed, warehouses
from engine.amsterdam.cards import COLORS, GOODS
from engine.amsterdam.event_texts import area_winner, end_reason
from engine.amsterdam.grid import row_col
from engine.amsterdam.rounds import public_reveal
from engine.amsterdam.state_fields import SEALED_PHASES, AmsterdamFields
from engine.amsterdam.turns import IDLE_ROUNDS, STALL_ROUNDS
from engine.amsterdam.variants import variant_title
from engine.core import JSON, ViewHeader, ranking_part
from engine.i18n import say


def public_view(st: AmsterdamFields) -> JSON:
    cards = st.cs.cards
    lay = st.layout
    label = lay.label
    pending = st.pending_all()
    deciding = {d.seat for d in pending}
    sealed_stage = st.phase in SEALED_PHASES and not st.over
    players = []
    for s in (0, 1):
        rev = st.revealed[s]
        players.append(
            {
                "seat": s,
                "name": st.players[s],
                "color": COLORS[s],
                "gulden": st.gulden[s],
                "vp": st.vp[s],
                "areas_won": st.won[s],
                "guards_left": st.guards[s],
                "hand_size": len(st.hands[s]),
                "answered": (st.sealed[s] is not None) if sealed_stage and st.asked[s] else None,
                "to_decide": s in deciding,
                "revealed": None if rev is None else cards[rev].to_view(),
                "passed": st.passed[s],
                "owes_special": st.must_play[s] is not None,
                # AM-G23: revealed (or shown), then taken back (AM-5.2, AM-V4.4): public
                "taken_back": [cards[i].to_view() for i in st.taken_back[s]],
            }
        )
    area_list, area_of = areas(st)
    scored_winner = {e["cells"][0]: e for e in st.scored}
    area_views: list[dict[str, Any]] = []
    depot_info: dict[int, tuple[int, list[int]]] = {}
    for i, cells in enumerate(area_list):
        entry = scored_winner.get(cells[0])
        counts = [[0, 0, 0], [0, 0, 0]] if entry else warehouses(st, cells)
        depots: list[str | None] = [None, None]
        for c in cells:
            cid = st.top[c]
            if cid in st.depots:
                owner = cards[cid].owner
                assert owner is not None
                depots[owner] = label(c)
                depot_info[c] = (owner, counts[owner])
        area_views.append(
            {
                "index": i,
                "cells": [label(c) for c in cells],
                "size": len(cells),
                "closed": bool(entry) or is_closed(st, cells),
                "scored": bool(entry),
                "winner": entry["winner"] if entry else None,
                "value": entry["value"] if entry else 1 + customs_in(st, cells),
                "warehouses": counts,
                "depots": depots,
                "customs": customs_in(st, cells),
            }
        )
    cell_views = []
    for c in sorted(st.top):
        r, col = row_col(c)
        dep = depot_info.get(c)
        entry = scored_winner.get(c)
        cell_views.append(
            {
                "cell": label(c),
                "row": r - lay.row_min,
                "col": col - lay.col_min,
                "card": cards[st.top[c]].to_view(),
                "covered": [cards[u].to_view() for u in st.under.get(c, [])],
                "area": area_of.get(c),
                "ship": c == st.ship,
                "depot": dep[0] if dep else None,
                "warehouses": list(dep[1]) if dep else None,
                "guard": entry["winner"] if entry else None,
            }
        )
    span = st.span
    rows = lay.row_letters
    return {
        "game": "amsterdam",
        "variant": {
            "name": st.variant.name,
            "title": variant_title(st.variant),
            "rule": st.variant.rule,
            "rows": st.variant.rows,
            "cols": st.variant.cols,
        },
        "goods": list(GOODS),
        "round": st.round,
        "stage": st.phase,
        "bank": st.bank,
        "players": players,
        "grid": {
            "rows": rows,
            "cols": lay.col_numbers,
            "center": label(st.center_cell),
            "frame": [st.variant.rows, st.variant.cols],
            "span": {
                "rows": [rows[span[0] - lay.row_min], rows[span[1] - lay.row_min]],
                "cols": [span[2] - lay.col_min + 1, span[3] - lay.col_min + 1],
            },
            "cells": cell_views,
        },
        "ship": label(st.ship),
        "areas": area_views,
        "decks": {
            "water": {"size": len(st.water_deck), "top": _top(st, st.water_deck)},
            "harbor": [{"size": len(d), "top": _top(st, d)} for d in st.harbor_decks],
            "special": {"size": len(st.special_pile)},
        },
        "pending": [
            {
                "seat": d.seat,
                "kind": d.kind,
                "prompt": say(d.prompt),
                "sealed": d.sealed,
                "optional": d.optional,
                "options": list(d.options) if d.public_options else None,
            }
            for d in pending
        ],
        # the table's generic field: the first pending decision's options when they are public
        "public_options": (
            list(pending[0].options) if pending and pending[0].public_options else None
        ),
        "order": list(st.order),
        "last_reveal": _last_reveal(st),
        "over": st.over,
        "ranking": st.ranking() if st.over else None,
        "end": _end(st),
        "history_length": len(st.history),
        # AM-G24: public facts (derivable from the move list), shown so the end is no surprise
        "stall": {"rounds": st.stall, "limit": STALL_ROUNDS, "peak": st.peak},
        # AM-G22: public too (placements, tax, income and revealed purchases are all public)
        "idle": {"rounds": st.idle, "limit": IDLE_ROUNDS, "active": st.activity},
    }


def _last_reveal(st: AmsterdamFields) -> dict[str, Any] | None:
    """The last reveal, its faces' texts in the language in force (the state keeps English)
    and each face named by its public id (the state keeps the engine's own: AM-1.6)."""
    last = st.last_reveal
    if not last or not last.get("faces"):
        return last
    shown = public_reveal(st, last)
    faces = [
        None if face is None else {**face, "text": st.cs.cards[int(face["id"])].describe()}
        for face in shown["faces"]
    ]
    return {**shown, "faces": faces}


def _end(st: AmsterdamFields) -> dict[str, Any] | None:
    """The end details, their reason and each area's tie-break in the language in force (the
    state keeps them in English)."""
    end = st.end
    if end is None:
        return None
    out = {**end, "reason": end_reason(st)}
    scoring = end.get("scoring")
    if isinstance(scoring, dict) and scoring.get("areas"):
        areas_out = []
        for area in scoring["areas"]:
            if isinstance(area, dict) and "why" in area and "warehouses" in area:
                area = {**area, "why": area_winner(area["warehouses"])[1]}
            areas_out.append(area)
        out["scoring"] = {**scoring, "areas": areas_out}
    return out


def _top(st: AmsterdamFields, deck: list[int]) -> dict[str, Any] | None:
    """AM-2.6, AM-2.9: the decks lie face up, so their top card is public."""
    return st.cs.cards[deck[-1]].to_view() if deck else None


def player_view(st: AmsterdamFields, seat: int) -> JSON:
    if seat not in (0, 1):
        raise ValueError(f"there is no seat {seat}")  # not for players
    view = public_view(st)
    d = st.decision_for(seat)
    view["me"] = {
        "seat": seat,
        "color": COLORS[seat],
        "hand": [st.cs.cards[i].to_view() for i in st.hands[seat]],
        "options": list(d.options) if d else [],
        "decision_kind": d.kind if d else None,
        "sealed_answer": st.sealed[seat] if st.asked[seat] else None,
    }
    return view


def view_header(view: JSON) -> ViewHeader:
    """The typed header of a public or player view (engine.core.ViewHeader): Amsterdam counts
    rounds (both players' sealed choice and its actions); no seat "has the turn"."""
    pending = [p for p in view.get("pending") or [] if p]
    return ViewHeader(
        game=str(view["game"]),
        counter="round",
        number=int(view["round"]),
        players=tuple(str(p["name"]) for p in view["players"]),
        active=None,
        deciding=tuple(int(p["seat"]) for p in pending),
        prompt=str(pending[0]["prompt"]) if pending else None,
        over=bool(view.get("over")),
        ranking=ranking_part(view.get("ranking")),
    )
