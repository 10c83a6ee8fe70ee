"""Amsterdam rule scenarios: a set-up position, commands, and what must hold afterwards.

Same interface as ``engine.venezia.scenario`` (``run_scenario(spec, name) -> ScenarioResult``,
``ScenarioError`` for a broken file); the TOML carries ``game = "amsterdam"``. Format::

    game = "amsterdam"
    name = "AM-T8: B cannot pay the tax"
    rules = ["AM-5.2"]
    players = ["Anna", "Ben"]          # seat 0 red, seat 1 black
    seed = 1
    variant = "base"                   # optional, any Game option value

    [setup]                            # every key optional; the round starts afresh (step 1)
    board = ['. . . ~ . . . . .', …]   # the whole labelled grid, row A first, cells split by
                                       # spaces: '.' empty, '@' center, '~' any plain water
                                       # card, '61' / '12' that card, 'tide/12' a tide on 12,
                                       # 'bridge/~' a bridge on water, 'customs'
    cells = { F5 = "12", E7 = "." }    # changes to the board (or to the starting layout)
    ship = "E5"
    hands = { Anna = [12, 61, 3], Ben = [] }       # exact hands (cards by token)
    water_deck = [61, 62]              # top first; the rest lies beneath
    harbor_decks = { Anna = [14] }     # top first
    special_pile = ["tide"]            # the exact pile, top first (AM-V4); other specials
                                       # leave the game
    gulden = { Anna = 0 }              # the bank holds the rest of the money
    vp = { Anna = 2 }
    scored = [{ cells = ["F5"], winner = "Anna" }]  # areas already scored ("none": no winner)
    stall = 5                          # rounds already ended without the port growing (AM-G24)

    [[steps]]
    player = "Anna"
    command = "play 12"
    expect = "ok"                      # or "reject" (then the state must be unchanged)
    reject_contains = "AM-8.6"
    then = { … }                       # expectations right after this step

    [expect]                           # gulden, bank, vp, won, hands, hand_sizes, cells,
                                       # under, ship, pending, options, options_include,
                                       # options_exclude, game_over, ranking, revealed, order,
                                       # stage, round, deck_bottom, deck_sizes, water_deck_size,
                                       # areas, scored_count, events_include, events_exclude,
                                       # end_areas, end_reason

``pending`` is ``{player, kind}`` (the first open decision) or a list of them (all open
decisions); ``options`` and friends take a list (first open decision) or ``{player = [...]}``.
``areas`` is a list of ``{cell, size, scored, winner, closed, warehouses = {Anna = [tea, wine,
spice]}, depot = {Anna = "F5"}}`` checks of the area holding ``cell``. Event checks look at the
public texts of all events of all steps.
"""

from __future__ import annotations

from typing import Any

from engine.amsterdam import GAME
from engine.amsterdam import board as bd
from engine.amsterdam.grid import row_col
from engine.amsterdam.state import AmsterdamState
from engine.amsterdam.turns import start_round
from engine.core import Event, IllegalMove
from engine.scenario_base import (
    Expectations,
    ScenarioError,
    ScenarioResult,
    play_steps,
    player_seat,
    refuse_unknown,
)

TOP_KEYS = {
    "game",
    "name",
    "rules",
    "description",
    "players",
    "seed",
    "variant",
    "setup",
    "steps",
    "expect",
}
SETUP_KEYS = {
    "board",
    "cells",
    "ship",
    "hands",
    "water_deck",
    "harbor_decks",
    "special_pile",
    "gulden",
    "vp",
    "scored",
    "stall",
}
EXPECT_KEYS = {
    "gulden",
    "bank",
    "vp",
    "won",
    "hands",
    "hand_sizes",
    "cells",
    "under",
    "ship",
    "pending",
    "options",
    "options_include",
    "options_exclude",
    "game_over",
    "ranking",
    "revealed",
    "order",
    "stage",
    "round",
    "deck_bottom",
    "deck_sizes",
    "water_deck_size",
    "areas",
    "scored_count",
    "events_include",
    "events_exclude",
    "end_areas",
    "end_reason",
}


def run_scenario(spec: dict[str, Any], name: str = "scenario") -> ScenarioResult:
    refuse_unknown(spec, TOP_KEYS, f"{name}: unknown top-level keys")
    if spec.get("game", "amsterdam") != "amsterdam":
        raise ScenarioError(f"{name}: not an Amsterdam scenario (game = {spec.get('game')!r})")
    players = [str(p) for p in spec.get("players", ["Red", "Black"])]
    options = {"variant": spec["variant"]} if "variant" in spec else None
    try:
        state = GAME.new_state(players, int(spec.get("seed", 1)), options)
    except IllegalMove as exc:
        raise ScenarioError(f"{name}: {exc}") from None
    texts: list[str] = [e.text for e in apply_setup(state, spec.get("setup", {}), name)]
    return play_steps(
        state,
        spec,
        name,
        lambda who, where: _seat(state, who, where),
        lambda expect: check_expect(state, expect, texts),
        texts,
    )


def _seat(state: AmsterdamState, who: Any, where: str) -> int:
    return player_seat(state.players, who, where)


# ---------------------------------------------------------------- setup
class _Cards:
    """Hands out cards by token so that every card is used at most once."""

    def __init__(self, state: AmsterdamState, name: str) -> None:
        self.st = state
        self.name = name
        self.used: set[int] = set()
        self.boxed = set(state.boxed) - (set(state.cs.special) if state.variant.specials else set())

    def take(self, token: Any) -> int:
        cs = self.st.cs
        text = str(token).strip().casefold()
        if text == "@":
            ident = cs.center
        elif text == "~":
            free = [i for i in cs.water if i not in self.used]
            plain = [i for i in free if not cs.cards[i].ship and not cs.cards[i].gulden]
            if not (plain or free):
                raise ScenarioError(f"{self.name}: no water card left for '~'")
            ident = (plain or free)[0]
        elif text in ("tide", "bridge", "customs"):
            free = [i for i in cs.special if cs.cards[i].kind == text and i not in self.used]
            if not free:
                raise ScenarioError(f"{self.name}: no {text} card left")
            ident = free[0]
        else:
            found = cs.find(text.lstrip("~"))
            if found is None:
                raise ScenarioError(f"{self.name}: {token!r} is not a card")
            ident = found
        if ident in self.used:
            raise ScenarioError(f"{self.name}: card {token!r} is used twice")
        if ident in self.boxed:
            raise ScenarioError(f"{self.name}: card {token!r} is out of the game in this variant")
        self.used.add(ident)
        return ident


def apply_setup(state: AmsterdamState, setup: dict[str, Any], name: str) -> list[Event]:
    """Rebuild the position with every card accounted for, then start a fresh round (whose
    events, e.g. an immediate game end, are returned)."""
    refuse_unknown(setup, SETUP_KEYS, f"{name}: unknown setup keys")
    if not setup:
        return []
    cs = state.cs
    pick = _Cards(state, name)
    lay = state.layout
    grid: dict[int, list[Any]] = {}
    if "board" in setup:
        rows = setup["board"]
        for r, line in enumerate(rows):
            for c, token in enumerate(str(line).split()):
                if token != ".":
                    grid[_cell_at(state, r, c, name)] = token.split("/")[::-1]
    else:
        for cell, card in state.top.items():  # the starting layout, its water anonymous
            grid[cell] = ["@" if card == cs.center else "~"]
    for label, token in setup.get("cells", {}).items():
        at = lay.parse(str(label))
        if at is None:
            raise ScenarioError(f"{name}: {label!r} is not a cell ({lay.describe()})")
        if str(token) == ".":
            grid.pop(at, None)
        else:
            grid[at] = str(token).split("/")[::-1]
    # explicit cards first (board, hands, decks), anonymous water '~' last
    named = [(cell, i, t) for cell, stack in grid.items() for i, t in enumerate(stack)]
    ids: dict[tuple[int, int], int] = {}
    for cell, i, t in named:
        if t != "~":
            ids[(cell, i)] = pick.take(t)
    hands: list[list[int] | None] = [None, None]
    for who, cards in setup.get("hands", {}).items():
        hands[_seat(state, who, name)] = [pick.take(t) for t in cards]
    water_top = [pick.take(t) for t in setup.get("water_deck", [])]
    harbor_top: list[list[int]] = [[], []]
    for who, cards in setup.get("harbor_decks", {}).items():
        harbor_top[_seat(state, who, name)] = [pick.take(t) for t in cards]
    special_top = [pick.take(t) for t in setup.get("special_pile", [])]
    for cell, i, t in named:
        if t == "~":
            ids[(cell, i)] = pick.take(t)
    free_water = [i for i in cs.water if i not in pick.used]
    free_harbor = [
        [i for i in cs.harbor[s] if i not in pick.used and i not in pick.boxed] for s in (0, 1)
    ]
    for s in (0, 1):
        if hands[s] is None:
            hands[s] = [free_water.pop(0), free_water.pop(0)] + [
                free_harbor[s].pop(0) for _ in range(3)
            ]
    state.top = {}
    state.under = {}
    state.span = [0, 0, 0, 0]
    first = True
    for cell in sorted(grid):
        stack = [ids[(cell, i)] for i in range(len(grid[cell]))]  # bottom first
        r, c = row_col(cell)
        if first:
            state.span = [r, r, c, c]
            first = False
        for card in stack:
            bd.put(state, cell, card)
    v = state.variant
    if state.span[1] - state.span[0] >= v.rows or state.span[3] - state.span[2] >= v.cols:
        raise ScenarioError(f"{name}: the board is larger than {v.rows} × {v.cols} (AM-G8)")
    ship = setup.get("ship")
    if ship is not None:
        at = lay.parse(str(ship))
        if at is None or at not in state.top or not state.cs_water_type[state.top[at]]:
            raise ScenarioError(f"{name}: the ship must stand on a water card, not {ship!r}")
        state.ship = at
    elif state.center_cell in state.top:
        state.ship = state.center_cell
    else:
        state.ship = min(c for c, t in state.top.items() if state.cs_water_type[t])
    state.hands = [list(h or []) for h in hands]
    for h in state.hands:
        state.sort_hand(h)
    state.water_deck = free_water[::-1] + water_top[::-1]
    state.harbor_decks = [free_harbor[s][::-1] + harbor_top[s][::-1] for s in (0, 1)]
    if v.specials and "special_pile" in setup:  # the exact pile; other specials leave the game
        state.special_pile = special_top[::-1]
        state.boxed = sorted(set(state.boxed) | (set(cs.special) - pick.used))
    elif v.specials:
        state.special_pile = [i for i in cs.special if i not in pick.used][::-1]
    gulden = setup.get("gulden", {})
    for who, k in gulden.items():
        state.gulden[_seat(state, who, name)] = int(k)
    state.bank = v.money_total - sum(state.gulden)
    if state.bank < 0:
        raise ScenarioError(f"{name}: more gulden than the game has ({v.money_total})")
    for who, k in setup.get("vp", {}).items():
        state.vp[_seat(state, who, name)] = int(k)
    state._areas = None
    area_list, area_of = bd.areas(state)
    for entry in setup.get("scored", []):
        cells = sorted(lay.parse(str(x)) or -1 for x in entry["cells"])
        if -1 in cells or cells[0] not in area_of or area_list[area_of[cells[0]]] != cells:
            raise ScenarioError(f"{name}: scored cells {entry['cells']} are not one whole area")
        winner_name = entry.get("winner", "none")
        winner = None if winner_name == "none" else _seat(state, winner_name, name)
        state.scored.append(
            {"cells": cells, "winner": winner, "value": 1, "counts": bd.warehouses(state, cells)}
        )
        state.scored_cells.update(cells)
        if winner is not None:
            state.won[winner] += 1
            state.guards[winner] -= 1
    bd.update_depots(state)
    state.peak = len(state.top)  # AM-G24 counts from the set-up port
    state.stall = int(setup.get("stall", 0))
    state.round = 0
    state.must_play = [None, None]
    state._decisions = None
    state._place_cells = None
    events: list[Event] = []
    start_round(state, events)
    return events


def _cell_at(state: AmsterdamState, r: int, c: int, name: str) -> int:
    lay = state.layout
    letters = lay.row_letters
    if r >= len(letters) or c >= len(lay.col_numbers):
        raise ScenarioError(
            f"{name}: the board picture is larger than the grid "
            f"({len(letters)} rows × {len(lay.col_numbers)} columns)"
        )
    cell = lay.parse(f"{letters[r]}{c + 1}")
    assert cell is not None
    return cell


# ---------------------------------------------------------------- expectations
def check_expect(state: AmsterdamState, expect: dict[str, Any], texts: list[str]) -> list[str]:
    exp = Expectations(expect, EXPECT_KEYS)
    fails, check = exp.fails, exp.check
    cards = state.cs.cards
    lay = state.layout

    def seat(who: Any) -> int:
        return _seat(state, who, "expect")

    def labels(ids: list[int]) -> list[str]:
        return sorted(cards[i].label for i in ids)

    for key_, attr in (("gulden", "gulden"), ("vp", "vp"), ("won", "won")):
        for who, k in expect.get(key_, {}).items():
            check(f"{key_} of {who}", getattr(state, attr)[seat(who)], int(k))
    if "bank" in expect:
        check("bank", state.bank, int(expect["bank"]))
    for who, hand in expect.get("hands", {}).items():
        check(f"hand of {who}", labels(state.hands[seat(who)]), sorted(str(x) for x in hand))
    for who, k in expect.get("hand_sizes", {}).items():
        check(f"hand size of {who}", len(state.hands[seat(who)]), int(k))
    for label, want in expect.get("cells", {}).items():
        cell = lay.parse(str(label))
        card = state.top.get(cell) if cell is not None else None
        got = "." if card is None else cards[card].label
        w = str(want)
        if w == "water" and card is not None and cards[card].kind == "water":
            continue
        check(f"cell {label}", got, "anchor" if w == "@" else w)
    for label, want in expect.get("under", {}).items():
        cell = lay.parse(str(label))
        check(
            f"under {label}",
            [cards[i].label for i in state.under.get(cell or -1, [])],
            [str(x) for x in want],
        )
    if "ship" in expect:
        check("ship", lay.label(state.ship), str(expect["ship"]).upper())
    if "pending" in expect:
        want_p = expect["pending"]
        got_p: list[dict[str, str]] = [
            {"player": state.players[d.seat], "kind": d.kind} for d in state.pending_all()
        ]
        if isinstance(want_p, list):
            check("pending", got_p, [dict(w) for w in want_p])
        else:
            got1 = got_p[0] if got_p else None
            check("pending", {k: got1[k] for k in want_p} if got1 else None, dict(want_p))
    for key_ in ("options", "options_include", "options_exclude"):
        if key_ not in expect:
            continue
        want = expect[key_]
        items = want.items() if isinstance(want, dict) else [(None, want)]
        for who, opts in items:
            d = state.pending() if who is None else state.decision_for(seat(who))
            have = list(d.options) if d else []
            if key_ == "options":
                check(f"options{'' if who is None else ' of ' + who}", sorted(have), sorted(opts))
            elif key_ == "options_include":
                fails.extend(
                    f"option {o!r} missing; options: {have}" for o in opts if o not in have
                )
            else:
                fails.extend(f"option {o!r} should not be offered" for o in opts if o in have)
    exp.game_over(state.over)
    exp.ranking(state.ranking, state.players)
    for who, want in expect.get("revealed", {}).items():
        r = state.revealed[seat(who)]
        check(f"revealed card of {who}", "none" if r is None else cards[r].label, str(want))
    if "order" in expect:
        check("order", [state.players[s] for s in state.order], list(expect["order"]))
    if "stage" in expect:
        check("stage", state.phase, expect["stage"])
    if "round" in expect:
        check("round", state.round, int(expect["round"]))
    for who, want in expect.get("deck_bottom", {}).items():
        deck = state.harbor_decks[seat(who)]
        check(f"bottom of {who}'s deck", cards[deck[0]].label if deck else None, str(want))
    for who, k in expect.get("deck_sizes", {}).items():
        check(f"deck size of {who}", len(state.harbor_decks[seat(who)]), int(k))
    if "water_deck_size" in expect:
        check("water deck size", len(state.water_deck), int(expect["water_deck_size"]))
    if "scored_count" in expect:
        check("scored areas", len(state.scored), int(expect["scored_count"]))
    area_list, area_of = bd.areas(state)
    for want in expect.get("areas", []):
        cell = lay.parse(str(want["cell"]))
        if cell is None or cell not in area_of:
            fails.append(f"area at {want['cell']}: no harbor area there")
            continue
        cells = area_list[area_of[cell]]
        entry = next((e for e in state.scored if e["cells"][0] == cells[0]), None)
        tag = f"area at {want['cell']}"
        if "size" in want:
            check(f"{tag} size", len(cells), int(want["size"]))
        if "scored" in want:
            check(f"{tag} scored", entry is not None, bool(want["scored"]))
        if "closed" in want:
            check(f"{tag} closed", bd.is_closed(state, cells), bool(want["closed"]))
        if "winner" in want:
            winner = (
                None if entry is None or entry["winner"] is None else state.players[entry["winner"]]
            )
            check(f"{tag} winner", winner or "none", want["winner"])
        for who, counts in want.get("warehouses", {}).items():
            got_counts = [0, 0, 0] if entry else bd.warehouses(state, cells)[seat(who)]
            check(f"{tag} warehouses of {who}", got_counts, [int(x) for x in counts])
        for who, dep in want.get("depot", {}).items():
            mine = [
                lay.label(c)
                for c in cells
                if state.top[c] in state.depots and cards[state.top[c]].owner == seat(who)
            ]
            check(f"{tag} depot of {who}", mine[0] if mine else "none", str(dep).upper())
    for needle in expect.get("events_include", []):
        if not any(needle.casefold() in t.casefold() for t in texts):
            fails.append(f"no event text contains {needle!r}; events: {texts}")
    for needle in expect.get("events_exclude", []):
        if any(needle.casefold() in t.casefold() for t in texts):
            fails.append(f"an event text contains {needle!r}")
    if "end_areas" in expect:
        scoring = (state.end or {}).get("scoring") or {}
        counted = sorted(a["cells"][0] for a in scoring.get("areas", []))
        check(
            "areas counted at the end", counted, sorted(str(x).upper() for x in expect["end_areas"])
        )
    if "end_reason" in expect:
        reason = (state.end or {}).get("reason", "")
        if str(expect["end_reason"]).casefold() not in reason.casefold():
            fails.append(f"end reason {reason!r} lacks {expect['end_reason']!r}")
    return fails
