"""Identical copies (AM-1.6, AM-G35): the same game with the copies exchanged where they lie.

The special cards come in identical pairs (2 tide, 2 bridge, 2 customs house). The engine
keeps one id per copy, but nothing a player may know tells the two apart: the views and events
name both by one public id (:attr:`engine.amsterdam.cards.Card.public`). :func:`swap_copies`
builds the world that differs from a real one only in which copy lies where (a hand, another
hand, the special pile, the port, a revealed card, the box): every view and event of the two
must be the same, now and after the same moves (the twin tests use it; the twin maker of the
registration adds it to every twin).
"""

from __future__ import annotations

import random
from typing import Any

from engine.amsterdam.state import AmsterdamState


def swap_copies(state: AmsterdamState, rng: random.Random) -> AmsterdamState:
    """``state`` with the identical copies of each special card permuted at random (``rng``)
    wherever they lie; everything else (the RNG and the history too) is kept."""
    perm: dict[int, int] = {}
    for group in state.cs.copies.values():
        shuffled = list(group)
        rng.shuffle(shuffled)
        perm.update(zip(group, shuffled, strict=True))

    def m(i: Any) -> Any:
        return perm.get(i, i) if isinstance(i, int) else i

    data = state.to_dict()
    data["board"] = [[c, m(t), [m(u) for u in under]] for c, t, under in data["board"]]
    for key in ("hands", "harbor_decks", "taken_back"):
        if key in data:
            data[key] = [[m(i) for i in part] for part in data[key]]
    for key in ("water_deck", "special_pile", "boxed", "depots", "revealed", "must_play"):
        data[key] = [m(i) for i in data[key]]
    last = data["last_reveal"]
    if last and last.get("faces"):
        faces = [None if f is None else {**f, "id": m(f["id"])} for f in last["faces"]]
        data["last_reveal"] = {**last, "faces": faces}
    other = AmsterdamState.from_dict(data, state.cs)
    for cards in (*other.hands, *other.taken_back):
        other.sort_hand(cards)  # the engine's order (a kind's copies by id)
    other.boxed.sort()
    return other
