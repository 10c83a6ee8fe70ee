"""The data of a Venezia game and the read-only questions about it.

Constants, the component counts (V-C), the slots of a state and simple queries (names, turn
order, architects, fronts, gold, the track). The rules are plain functions of this data:
:mod:`engine.venezia.decisions` (who decides what), :mod:`engine.venezia.checks` (validation)
and :mod:`engine.venezia.turns` (execution); :class:`engine.venezia.state.VeneziaState` adds
setup, serialization and the engine interface on top.
"""

from __future__ import annotations

from typing import Any

from engine.core import JSON, Decision
from engine.rng import Rng
from engine.venezia.board import Board, load_components
from engine.venezia.cards import ARCHITECT_TYPES
from engine.venezia.shapes import Footprints

IMAGINARY_NAME = "Klaus-Jürgen"


class _Components:
    """Component counts read once from data (V-C)."""

    def __init__(self, data: JSON) -> None:
        self.cards: dict[str, int] = dict(data["cards"])
        self.needed: dict[str, int] = dict(data["cards_needed"])
        self.pieces: dict[str, int] = dict(data["pieces"])
        self.swamp_values: list[int] = [
            int(v) for v, k in sorted(data["swamp_tokens"].items()) for _ in range(k)
        ]
        self.treasure_values: list[int] = [
            int(v) for v, k in sorted(data["treasure_tokens"].items()) for _ in range(k)
        ]
        self.hand_start: int = int(data["hand_size_start"])
        self.hand_limit: int = int(data["hand_limit"])
        self.track_end: int = int(data["track_end"])
        self.last_space: int = self.track_end + int(data["mooring_posts"])


_COMPONENTS: _Components | None = None


def components() -> _Components:
    global _COMPONENTS
    if _COMPONENTS is None:
        _COMPONENTS = _Components(load_components())
    return _COMPONENTS


class StateBasics:
    """The slots of a Venezia state and the questions every rule function asks of them."""

    __slots__ = (
        "_decision",
        "_places",
        "active",
        "after_res",
        "board",
        "building_at",
        "buildings",
        "comp",
        "cons",
        "deck",
        "discard",
        "drained",
        "end_triggered",
        "flipped",
        "fp",
        "hands",
        "history",
        "imag",
        "last_turn",
        "n",
        "over",
        "pending_builds",
        "phase",
        "players",
        "pool",
        "pos",
        "recent",
        "res",
        "rng",
        "seed",
        "seq",
        "supply",
        "swamp",
        "swamp_removed",
        "swapped",
        "take_left",
        "tokens",
        "track_history",
        "treasure",
        "turn",
    )

    _decision: Decision | None
    _places: list[tuple[str, ...]] | None
    active: int
    after_res: str
    board: Board
    building_at: dict[str, int]
    buildings: list[dict[str, Any]]
    comp: _Components
    cons: dict[str, list[list[int]]]
    deck: list[str]
    discard: list[str]
    drained: int
    end_triggered: bool
    flipped: bool
    fp: Footprints
    hands: list[list[str]]
    history: list[tuple[int, str]]
    imag: int
    last_turn: dict[str, Any] | None
    n: int
    over: bool
    pending_builds: list[dict[str, Any]]
    phase: str
    players: list[str]
    pool: list[str]
    pos: list[int]
    recent: dict[str, Any]
    res: dict[str, Any] | None
    rng: Rng
    seed: int
    seq: int
    supply: dict[str, int]
    swamp: dict[str, int]
    swamp_removed: int
    swapped: str | None
    take_left: int
    tokens: list[list[int]]
    track_history: list[list[int]]
    treasure: list[int]
    turn: int

    # ------------------------------------------------------------------ basics
    @property
    def is_over(self) -> bool:
        return self.over

    def name(self, seat: int) -> str:
        return IMAGINARY_NAME if seat == self.imag else self.players[seat]

    def seats_clockwise_from(self, start: int) -> list[int]:
        """Seats in turn order starting at ``start``; the imaginary player sits last (V-S5)."""
        count = self.n + (1 if self.imag >= 0 else 0)
        return [(start + i) % count for i in range(count)]

    def architect(self, building: str) -> int | None:
        """V-1.4: most cards; among ties, whoever reached that count first."""
        entries = self.cons.get(building)
        if not entries:
            return None
        best = entries[0]
        for e in entries[1:]:
            if e[1] > best[1] or (e[1] == best[1] and e[2] < best[2]):
                best = e
        return best[0]

    def front(self, seat: int) -> dict[str, int]:
        """Cards of each type lying in front of a seat (its open constructions)."""
        result = {}
        for t in ARCHITECT_TYPES:
            for e in self.cons[t]:
                if e[0] == seat:
                    result[t] = e[1]
        return result

    def gold(self, seat: int) -> int:
        return sum(self.tokens[seat])

    def is_empty(self, label: str) -> bool:
        """V-B6: no building and no swamp token."""
        return label not in self.building_at and label not in self.swamp

    def _occupied(self, space: int, mover: int) -> bool:
        if space == 0:
            return False
        twin = 45 if space == 10 else 10 if space == 45 else space
        return any(s != mover and p in (space, twin) for s, p in enumerate(self.pos))

    def destination(self, seat: int, steps: int) -> int:
        """V-1.10.4: the k-th free space ahead; occupied spaces are skipped, not counted.

        Beyond the last mooring post the gondola stops on the last free post (V-C5).
        """
        here = self.pos[seat]
        last_free = here
        left = steps
        space = here
        # the others' spaces (as _occupied finds them: space 10 and 45 are one)
        taken = {p for s, p in enumerate(self.pos) if s != seat}
        if 10 in taken or 45 in taken:
            taken.update((10, 45))
        last = self.comp.last_space
        while left > 0 and space < last:
            space += 1
            if space not in taken:
                last_free = space
                left -= 1
        return last_free

    @staticmethod
    def comp_hexes(building: str) -> int:
        return {"basilica": 3, "palazzo": 2, "ponte": 2}.get(building, 1)

    def _cards_available(self) -> int:
        return len(self.deck) + len(self.discard)

    def _can_flip(self) -> bool:
        return self.imag >= 0 and not self.flipped and self._cards_available() > 0

    def _has_cards(self, seat: int, building: str) -> bool:
        return any(e[0] == seat for e in self.cons[building])

    def _put_building(self, building: str, hexes: tuple[str, ...], builder: int) -> int:
        """Record a building on ``hexes`` and take its piece from the supply; its index."""
        self._places = None
        index = len(self.buildings)
        districts = sorted({self.board.hexes[h].district for h in hexes})
        self.buildings.append(
            {"type": building, "hexes": list(hexes), "districts": districts, "builder": builder}
        )
        # a new dict, never changed in place: an open decision's notes read the old one
        old = self.building_at
        built = dict(old)
        for h in hexes:
            built[h] = index
        self.building_at = built
        self.fp.derive_mask(built, old, hexes)
        self.supply[building] -= 1
        return index

    def ranking(self) -> list[list[int]]:
        """V-E3: farthest first; only gondolas still on 0 can share a place."""
        groups: dict[int, list[int]] = {}
        for s, p in enumerate(self.pos):
            groups.setdefault(p, []).append(s)
        return [groups[p] for p in sorted(groups, reverse=True)]


def _fresh_recent(active: int) -> dict[str, Any]:
    return {"active": active, "buildings": [], "drained": [], "moved": {}}


def _build_label(pb: dict[str, Any]) -> str:
    return f"{pb['type']} solo" if pb["kind"] == "solo" else str(pb["type"])
