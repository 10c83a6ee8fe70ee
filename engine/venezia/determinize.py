"""Determinization: a full Venezia state rebuilt from one seat's player view.

An AI must never read hidden information. What it may do is *imagine* it: take everything the
seat can see (the player view, including the public part of the engine's bookkeeping in
``view["engine"]``), keep it exactly, and sample what it cannot see uniformly among the
possibilities consistent with what it saw:

* the other players' hands (their sizes are public) and the deck order (its size is public), from
  the cards not accounted for by the viewer's hand, the pool, the discard pile, the cards in front
  of players and the cards of completed buildings waiting to be resolved;
* the values of the swamp tokens still on the board, of the other players' swamp tokens and of
  the swamp tokens handed in (left the game), from the swamp distribution minus the viewer's own
  tokens (and those he is known to have handed in, ``own_spent``);
* the order of the treasure pile and the values of the other players' treasure tokens, from the
  treasure distribution minus the viewer's own treasure tokens;
* the state's RNG seed (future reshuffles), drawn from ``rng``.

The result is an ordinary :class:`VeneziaState` (built with ``from_dict``), so search code can
clone it and play on. It depends on the view and ``rng`` only: two real states that differ only
in what the viewer cannot see give the very same determinizations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core import JSON
from engine.venezia.board import Board, load_board
from engine.venezia.cards import TYPES
from engine.venezia.state import VeneziaState
from engine.venezia.state_basics import components


def unseen_cards(view: JSON) -> list[str]:
    """The cards the viewer cannot locate: in other hands or in the deck, in type order."""
    comp = components()
    eng = view["engine"]
    known = {t: 0 for t in TYPES}
    for c in view["me"]["hand"]:
        known[c] += 1
    for c in view["pool"]:
        known[c] += 1
    for c in eng["discard"]:
        known[c] += 1
    for t, entries in eng["cons"].items():
        known[t] += sum(int(e[1]) for e in entries)
    for pb in eng["pending_builds"]:
        if pb["kind"] == "solo":
            known[pb["type"]] += comp.needed[pb["type"]]
        elif pb["kind"] == "casa":
            known[pb["type"]] += 1
    res = eng["res"]
    if res is not None and res["kind"] != "construction":
        known[res["type"]] += int(res["cards"])
    cards: list[str] = []
    for t in TYPES:
        missing = comp.cards[t] - known[t]
        if missing < 0:
            raise ValueError(
                f"the view accounts for {known[t]} {t} cards, more than exist"  # not for players
            )
        cards.extend([t] * missing)
    return cards


def _minus(values: list[int], remove: Sequence[int]) -> list[int]:
    rest = list(values)
    for v in remove:
        if v in rest:
            rest.remove(v)
    return rest


def _seat_index(ref: Any, players: int) -> int:
    """A view's seat reference back to the state's seat number (-1: pre-printed, nobody)."""
    if ref is None:
        return -1
    if ref == "imaginary":
        return 2 if players == 2 else -1
    return int(ref)


def determinize(
    view: JSON,
    rng: random.Random,
    own_spent: Sequence[int] = (),
    board: Board | None = None,
) -> VeneziaState:
    """A full state consistent with ``view`` (one seat's ``player_view``); hidden parts sampled.

    ``own_spent``: token values the viewer handed in earlier (an AI may remember its own
    exchanges); those swamp values are then known to have left the game.
    """
    comp = components()
    eng = view["engine"]
    me = view["me"]
    seat = int(me["seat"])
    players = view["players"]
    board = board or load_board()

    # Cards: other hands and the deck.
    cards = unseen_cards(view)
    rng.shuffle(cards)
    hands: list[list[str]] = []
    for p in players:
        s = int(p["seat"])
        if s == seat:
            hands.append(list(me["hand"]))
            continue
        k = int(p["hand_size"])
        hand = sorted(cards[:k], key=TYPES.index)
        del cards[:k]
        hands.append(hand)
    deck = cards
    if len(deck) != int(view["deck_size"]):
        raise ValueError(
            f"{len(deck)} unseen cards left for a deck of {view['deck_size']}: the view is "
            "inconsistent"  # not for players
        )

    # Swamp tokens: board, other players' hands, handed in.
    own_tokens = [int(v) for v in me["tokens"]]
    own_swamp = [v for v in own_tokens if v <= 2]
    # at most as many as left the game (a wrong memory must not make the view inconsistent)
    spent_swamp = [int(v) for v in own_spent if int(v) <= 2][: int(eng["swamp_removed"])]
    swamp_pool = _minus(comp.swamp_values, own_swamp + spent_swamp)
    rng.shuffle(swamp_pool)
    swamp_hexes = list(eng["swamp_hexes"])
    swamp = {h: swamp_pool.pop() for h in swamp_hexes}

    # Treasure tokens: other players' hands and the pile.
    treasure_pool = _minus(comp.treasure_values, [v for v in own_tokens if v >= 3])
    rng.shuffle(treasure_pool)
    tokens: list[list[int]] = []
    for p in players:
        s = int(p["seat"])
        if s == seat:
            tokens.append(sorted(own_tokens))
            continue
        held = [swamp_pool.pop() for _ in range(int(p["swamp_tokens"]))]
        held += [treasure_pool.pop() for _ in range(int(p["treasure_tokens"]))]
        tokens.append(held)
    if len(treasure_pool) != int(view["treasure_left"]):
        raise ValueError(
            "treasure tokens do not add up: the view is inconsistent"  # not for players
        )
    treasure = treasure_pool  # already in random order

    buildings = [
        {
            "type": b["type"],
            "hexes": list(b["hexes"]),
            "districts": sorted({board.hexes[h].district for h in b["hexes"]}),
            "builder": _seat_index(b["builder"], len(players)),
        }
        for b in view["buildings"]
    ]
    res: Any = eng["res"]
    data: JSON = {
        "game": "venezia",
        "version": 1,
        "players": [p["name"] for p in players],
        "seed": 0,
        "rng": rng.getrandbits(64),
        "hands": hands,
        "deck": deck,
        "discard": list(eng["discard"]),
        "pool": list(view["pool"]),
        "cons": {t: [list(e) for e in v] for t, v in eng["cons"].items()},
        "seq": eng["seq"],
        "buildings": buildings,
        "swamp": swamp,
        "swamp_removed": eng["swamp_removed"],
        "treasure": treasure,
        "tokens": tokens,
        "pos": list(eng["positions"]),
        "supply": dict(eng["supply"]),
        "active": view["active"],
        "turn": view["turn"],
        "phase": eng["phase"],
        "flipped": view["flipped"],
        "drained": eng["drained"],
        "swapped": eng["swapped"],
        "take_left": eng["take_left"],
        "pending_builds": [dict(pb) for pb in eng["pending_builds"]],
        "res": res,
        "after_res": eng["after_res"],
        "end_triggered": view["end_triggered"],
        "over": view["game_over"],
        "recent": view["recent"],
        "last_turn": view.get("last_turn"),
        "track_history": view["track_history"],
        "history": [[-1, "?"]] * int(eng["history_length"]),
    }
    return VeneziaState.from_dict(data, board)
