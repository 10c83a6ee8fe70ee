"""Every footprint a building can take on the board, computed once per board.

Placement options are then a cheap filter over these lists ("are all hexes empty?"), which keeps
decision generation fast enough for self-play and search.
"""

from __future__ import annotations

from collections.abc import Collection
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

    def labels_mask(self, labels: Collection[str]) -> int:
        """One bit per hex in ``labels``: a state's swamps or built hexes, dicts the state
        replaces and never changes in place (copies of a state share them), so the mask is
        remembered by the dict's identity."""
        hit = _MASKS.get(id(labels))
        if hit is not None and hit[0] is labels and hit[1] is self:
            return hit[2]
        bit = self.bit
        mask = 0
        for label in labels:
            mask |= bit[label]
        if len(_MASKS) > 4096:
            _MASKS.clear()
        _MASKS[id(labels)] = (labels, self, mask)
        return mask

    def derive_mask(
        self, new: Collection[str], old: Collection[str], added: Collection[str], removed: str = ""
    ) -> None:
        """Remember ``new``'s mask when it is ``old`` with the ``added`` labels (or without
        ``removed``) and ``old``'s is known: a move's new dict of built hexes or swamps costs no
        walk over the board (see :meth:`labels_mask`)."""
        hit = _MASKS.get(id(old))
        if hit is None or hit[0] is not old or hit[1] is not self:
            return
        bit = self.bit
        mask = hit[2]
        for label in added:
            mask |= bit[label]
        if removed:
            mask &= ~bit[removed]
        if len(_MASKS) > 4096:
            _MASKS.clear()
        _MASKS[id(new)] = (new, self, mask)

    def free_places(self, building: str, blocked: int) -> list[tuple[str, ...]]:
        """The footprints of ``building`` clear of the ``blocked`` hexes, in footprint order
        (remembered per board situation; the list is shared: never change it)."""
        key = (building, blocked)
        hit = _FREE.get(key)
        if hit is not None and hit[0] is self:
            return hit[1]
        places = [fp for mask, fp in self.masks[building] if not mask & blocked]
        if len(_FREE) > 4096:
            _FREE.clear()
        _FREE[key] = (self, places)
        return places

    def for_type(self, building: str) -> tuple[tuple[str, ...], ...]:
        if building == "basilica":
            return self.triangles
        if building == "palazzo":
            return self.pairs
        if building == "ponte":
            return self.bridges
        return self.singles


_CACHE: dict[int, tuple[Board, Footprints]] = {}
#: id of a label collection -> (the collection, the footprints, its mask): see labels_mask
_MASKS: dict[int, tuple[Collection[str], Footprints, int]] = {}
#: (building, blocked mask) -> (the footprints, the free places): see free_places
_FREE: dict[tuple[str, int], tuple[Footprints, list[tuple[str, ...]]]] = {}


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
