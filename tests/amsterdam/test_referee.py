"""An independent referee: legal cells (AM-8.1, AM-8.4/AM-G8, AM-8.6, AM-V4.13, AM-V5.2),
removable cards (AM-7.4, AM-7.8, AM-7.14) and the money of step 1-2 (AM-4.4, AM-5.6,
AM-G13, AM-G33) are recomputed here straight from the spec, without the engine's board
helpers, and compared with the engine's options and results over random games."""

from __future__ import annotations

import random

import pytest

from engine.amsterdam import GAME
from engine.amsterdam.cards import Card
from engine.amsterdam.grid import key, row_col
from engine.amsterdam.state import AmsterdamState

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _neighbours(cell: int) -> list[int]:
    r, c = row_col(cell)
    return [key(r + dr, c + dc) for dr, dc in STEPS]


def _harbor_type(card: Card) -> bool:
    return card.kind in ("harbor", "bridge", "customs")


def _closes(st: AmsterdamState, cell: int, card: Card) -> bool:
    """Would ``card`` in the empty ``cell`` leave its area with no empty neighbour (AM-G7)?"""
    occupied = dict(st.top)
    occupied[cell] = card.id
    area, stack = {cell}, [cell]
    while stack:
        for n in _neighbours(stack.pop()):
            if n in occupied and n not in area and _harbor_type(st.cs.cards[occupied[n]]):
                area.add(n)
                stack.append(n)
    return all(n in occupied for a in area for n in _neighbours(a))


def referee_cells(st: AmsterdamState, seat: int, card: Card) -> set[int]:
    v, top, cards = st.variant, st.top, st.cs.cards
    span = st.span
    out: set[int] = set()
    for cell in {n for c in top for n in _neighbours(c) if n not in top}:
        r, c = row_col(cell)
        if max(span[1], r) - min(span[0], r) >= v.rows:
            continue
        if max(span[3], c) - min(span[2], c) >= v.cols:
            continue
        around = [cards[top[n]] for n in _neighbours(cell) if n in top]
        if card.kind == "harbor":
            if any(a.crane and a.owner != seat for a in around):
                continue
            if v.water_play and not any(a.kind in ("water", "center", "tide") for a in around):
                continue
        if card.kind == "customs" and _closes(st, cell, card):
            continue
        out.add(cell)
    return out


def referee_removable(st: AmsterdamState) -> set[int]:
    cards = st.cs.cards
    return {
        n
        for n in _neighbours(st.ship)
        if n in st.top
        and cards[st.top[n]].kind == "harbor"
        and cards[st.top[n]].ship
        and n not in st.scored_cells
    }


def _options_cells(st: AmsterdamState, options: tuple[str, ...]) -> set[int]:
    cells = {st.layout.parse(o.split()[1]) for o in options if not o.endswith(" none")}
    return {c for c in cells if c is not None}


@pytest.mark.parametrize(
    "variant", ["base", "canale_grande", "gulliver", "special_cards", "water_play", "gomoku"]
)
def test_legal_cells_and_removals_match_the_referee(variant: str) -> None:
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
        for _ in range(300):
            if st.is_over:
                break
            d = rng.choice(st.pending_all())
            if d.kind == "place":
                card = st.cs.cards[st.revealed[d.seat]]  # type: ignore[index]
                if card.kind not in ("tide", "bridge"):
                    assert _options_cells(st, d.options) == referee_cells(st, d.seat, card)
                    checked += 1
            if d.kind == "remove" and not st.variant.gomoku:
                assert _options_cells(st, d.options) == referee_removable(st)
            options = [o for o in d.options if o != "pass"] or list(d.options)
            st.apply(d.seat, rng.choice(options))
    assert checked >= 20


def _bank_pays(gulden: list[int], bank: int, seats: list[int]) -> tuple[list[int], int]:
    """AM-4.4/AM-5.4 payments with AM-G13's rule for a bank too poor for both."""
    gulden = list(gulden)
    if bank >= len(seats):
        for s in seats:
            gulden[s] += 1
            bank -= 1
    elif bank == 1 and len(seats) == 2 and gulden[0] != gulden[1]:
        gulden[0 if gulden[0] < gulden[1] else 1] += 1
        bank -= 1
    return gulden, bank


def referee_money(st: AmsterdamState, answers: list[str]) -> tuple[list[int], int, bool]:
    """Gulden and bank after steps 1-2 (AM-4.4, AM-5.6 (a)-(e), AM-G33), and bankruptcy."""
    cards = st.cs.cards
    passed = [a == "pass" for a in answers]
    revealed = [
        None
        if passed[s]
        else next(i for i in st.hands[s] if cards[i].label == answers[s].split()[1])
        for s in (0, 1)
    ]
    gulden, bank = _bank_pays(st.gulden, st.bank, [s for s in (0, 1) if passed[s]])
    debt = [
        int(not passed[s] and revealed[1 - s] is not None and cards[revealed[1 - s]].gulden)  # type: ignore[index]
        for s in (0, 1)
    ]
    unable = [s for s in (0, 1) if debt[s] and gulden[s] == 0]
    if st.variant.bankruptcy and bank == 0 and len(unable) == 1:
        return gulden, bank, True
    if len(unable) == 2:
        gulden, bank = _bank_pays(gulden, bank, [0, 1])
        return gulden, bank, False
    if len(unable) == 1:
        debt = [0, 0]
    for s in (0, 1):
        gulden[s] -= debt[s]
        bank += debt[s]
    return gulden, bank, False


def _is_gulden_card(st: AmsterdamState, seat: int, option: str) -> bool:
    label = option.split()[1]
    return any(st.cs.cards[i].gulden for i in st.hands[seat] if st.cs.cards[i].label == label)


@pytest.mark.parametrize("variant", ["base", "penniless", "special_cards"])
def test_pass_and_tax_money_match_the_referee(variant: str) -> None:
    checked = 0
    for seed in range(25):
        rng = random.Random(seed)
        st = GAME.new_state(["Anna", "Ben"], seed, {"variant": variant})
        for _ in range(300):
            if st.is_over:
                break
            ds = st.pending_all()
            if st.phase == "choose" and all(d.kind == "choose" for d in ds):
                answers = [str(st.sealed[s]) if st.sealed[s] is not None else "" for s in (0, 1)]
                for d in ds:
                    plays = [o for o in d.options if o != "pass"]
                    passing = "pass" in d.options and (not plays or rng.random() < 0.2)
                    taxing = [o for o in plays if _is_gulden_card(st, d.seat, o)]
                    pick = rng.choice(taxing if taxing and rng.random() < 0.6 else plays or [""])
                    answers[d.seat] = "pass" if passing else pick
                gulden, bank, bankrupt = referee_money(st, answers)
                for d in ds:
                    st.apply(d.seat, answers[d.seat])
                assert (st.gulden, st.bank) == (gulden, bank)
                assert not bankrupt or st.is_over
                checked += 1
                continue
            d = rng.choice(ds)
            st.apply(d.seat, rng.choice(list(d.options)))
    assert checked >= 50


def _areas(st: AmsterdamState) -> list[set[int]]:
    cards, seen, found = st.cs.cards, set(), []
    for cell in st.top:
        if cell in seen or not _harbor_type(cards[st.top[cell]]):
            continue
        area, stack = {cell}, [cell]
        seen.add(cell)
        while stack:
            for n in _neighbours(stack.pop()):
                if n in st.top and n not in seen and _harbor_type(cards[st.top[n]]):
                    seen.add(n)
                    area.add(n)
                    stack.append(n)
        found.append(area)
    return found


def referee_five_largest(cands: list[tuple[int, int]]) -> set[int]:
    """AM-13.5-13.7 with AM-G19, written out as groups of equal (size, distance)."""
    if len(cands) <= 5:
        return set(range(len(cands)))
    groups: dict[tuple[int, int], list[int]] = {}
    for i, c in enumerate(cands):
        groups.setdefault(c, []).append(i)
    places, chosen, dropped = 5, set(), set()
    for size, dist in sorted(groups, key=lambda g: (-g[0], g[1])):
        if places == 0:
            break
        if size in dropped:
            continue
        members = groups[(size, dist)]
        if len(members) <= places:
            chosen.update(members)
            places -= len(members)
        else:
            dropped.add(size)
    return chosen


def test_end_scoring_matches_the_referee() -> None:
    """AM-13.4-13.8, AM-G18-G20 on full ports: the counted areas and every VP."""
    games = 0
    for seed in range(10):
        rng = random.Random(seed)
        st = GAME.new_state(["Anna", "Ben"], seed)
        while not st.is_over:
            d = rng.choice(st.pending_all())
            options = [o for o in d.options if o != "pass"] or list(d.options)
            st.apply(d.seat, rng.choice(options))
        if "full" not in st.end["reason"]:
            continue
        games += 1
        cards = st.cs.cards
        open_areas = [a for a in _areas(st) if not a & st.scored_cells]
        # a full port: the distance is the Manhattan distance minus 1 (AM-G20)
        cands = [
            (len(a), min(abs(row_col(x)[0]) + abs(row_col(x)[1]) - 1 for x in a))
            for a in open_areas
        ]
        counted = [open_areas[i] for i in referee_five_largest(cands)]
        got = {frozenset(a["cells"]) for a in st.end["scoring"]["areas"]}
        assert got == {frozenset(st.layout.label(x) for x in a) for a in counted}
        vp = [0, 0]
        for entry in st.scored:
            if entry["winner"] is not None:
                vp[entry["winner"]] += entry["value"]
        for area in counted:
            value = 1 + sum(1 for x in area if cards[st.top[x]].kind == "customs")
            for s in (0, 1):
                if any(cards[st.top[x]].owner == s and sum(cards[st.top[x]].goods) for x in area):
                    vp[s] += value
        assert st.vp == vp
        best = sorted((0, 1), key=lambda s: (st.vp[s], st.gulden[s]), reverse=True)
        if (st.vp[0], st.gulden[0]) == (st.vp[1], st.gulden[1]):
            assert st.ranking() == [[0, 1]]
        else:
            assert st.ranking() == [[best[0]], [best[1]]]
    assert games >= 5
