"""Every footprint a building can take on the board, computed once per board.

Placement options are then a cheap filter over these lists ("are all hexes empty?"), which keeps
decision generation fast enough for self-play and search.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.venezia.board import Board


@dataclass(frozen=True, slots=True)
class Footprints:
    order: dict[str, int]
    singles: tuple[tuple[str, ...], ...]
    pairs: tuple[tuple[str, ...], ...]
    triangles: tuple[tuple[str, ...], ...]
    bridges: tuple[tuple[str, ...], ...]
    place_text: dict[tuple[str, ...], str]
    drain_text: dict[str, str]
    bit: dict[str, int]
    masks: dict[str, tuple[tuple[int, tuple[str, ...]], ...]]

    def blocked_mask(self, *label_groups: object) -> int:
        """One bit per hex named in the given collections of labels."""
        bit = self.bit
        mask = 0
        for labels in label_groups:
            for label in labels:  # type: ignore[attr-defined]
                mask |= bit[label]
        return mask

    def for_type(self, building: str) -> tuple[tuple[str, ...], ...]:
        if building == "basilica":
            return self.triangles
        if building == "palazzo":
            return self.pairs
        if building == "ponte":
            return self.bridges
        return self.singles


_CACHE: dict[int, tuple[Board, Footprints]] = {}


def footprints(board: Board) -> Footprints:
    hit = _CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    order = {label: i for i, label in enumerate(board.hexes)}
    singles = tuple((label,) for label in board.hexes)
    pairs: list[tuple[str, ...]] = []
    triangles: list[tuple[str, ...]] = []
    for a in board.hexes:
        na = set(board.neighbors[a])
        for b in board.neighbors[a]:
            if order[b] <= order[a]:
                continue
            pairs.append((a, b))
            for c in board.neighbors[b]:
                if order[c] > order[b] and c in na:
                    triangles.append((a, b, c))
    bridges = tuple(tuple(sorted(site.hexes, key=order.__getitem__)) for site in board.bridges)
    every = (*singles, *pairs, *triangles, *bridges)
    place_text = {fp: "place " + " ".join(fp) for fp in every}
    drain_text = {label: f"drain {label}" for label in board.hexes}
    bit = {label: 1 << i for i, label in enumerate(board.hexes)}
    by_type = {"basilica": tuple(triangles), "palazzo": tuple(pairs), "ponte": bridges}
    masks = {
        t: tuple((sum(bit[h] for h in fp), fp) for fp in by_type.get(t, singles))
        for t in ("basilica", "palazzo", "campo", "ponte", "casa")
    }
    result = Footprints(
        order,
        singles,
        tuple(pairs),
        tuple(triangles),
        bridges,
        place_text,
        drain_text,
        bit,
        masks,
    )
    _CACHE[id(board)] = (board, result)
    return result
