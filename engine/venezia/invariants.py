"""Conservation laws a Venezia state must obey after every move (used by self-play and tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.venezia.cards import TYPES

if TYPE_CHECKING:
    from engine.venezia.state import VeneziaState


def card_locations(state: VeneziaState) -> dict[str, int]:
    """Where every card is: hands, deck, pool, discard, fronts (imaginary included), builds."""
    where = {
        "hands": sum(len(h) for h in state.hands),
        "deck": len(state.deck),
        "pool": len(state.pool),
        "discard": len(state.discard),
        "fronts": sum(e[1] for entries in state.cons.values() for e in entries),
        "waiting": 0,
    }
    needed = state.comp.needed
    for pb in state.pending_builds:
        if pb["kind"] == "solo":
            where["waiting"] += needed[pb["type"]]
        elif pb["kind"] == "casa":
            where["waiting"] += 1
    if state.res is not None and state.res["kind"] != "construction":
        where["waiting"] += state.res["cards"]
    return where


def violations(state: VeneziaState) -> list[str]:
    """Every broken invariant, in words; an empty list means the state is sound."""
    problems: list[str] = []
    comp = state.comp
    total_cards = sum(comp.cards.values())
    cards = card_locations(state)
    if sum(cards.values()) != total_cards:
        problems.append(f"cards: {sum(cards.values())} accounted for, not {total_cards}: {cards}")
    for t in TYPES:
        on_board = sum(1 for b in state.buildings if b["type"] == t)
        if on_board + state.supply[t] != comp.pieces[t]:
            problems.append(
                f"pieces: {t} on board {on_board} + supply {state.supply[t]} != {comp.pieces[t]}"
            )
    held_swamp = sum(1 for tokens in state.tokens for v in tokens if v <= 2)
    held_treasure = sum(1 for tokens in state.tokens for v in tokens if v >= 3)
    swamps = len(state.swamp) + held_swamp + state.swamp_removed
    if swamps != len(comp.swamp_values):
        problems.append(
            f"swamp tokens: board {len(state.swamp)} + held {held_swamp} + removed "
            f"{state.swamp_removed} != {len(comp.swamp_values)}"
        )
    if len(state.treasure) + held_treasure != len(comp.treasure_values):
        problems.append(
            f"treasure tokens: pile {len(state.treasure)} + held {held_treasure} != "
            f"{len(comp.treasure_values)}"
        )
    seen: dict[int, int] = {}
    for s, p in enumerate(state.pos):
        if p == 0:
            continue
        key = 10 if p == 45 else p
        if key in seen:
            problems.append(f"gondolas of seats {seen[key]} and {s} share space {p}")
        seen[key] = s
    for h in state.swamp:
        if h in state.building_at:
            problems.append(f"{h} has both a swamp and a building")
    for hand in state.hands:
        if len(hand) > comp.hand_limit:
            problems.append(f"a hand holds {len(hand)} cards (limit {comp.hand_limit})")
    return problems
