"""The Venezia board's immutable objects (hexes, bridge sites, pre-built buildings, track
spaces, the board) and the axial/cartesian geometry; see :mod:`engine.venezia.board` for the
coordinate conventions.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

HEX_KINDS: tuple[str, ...] = ("plain", "stone", "building")
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
BORDER_DISTANCE = 1.4
JUNCTION_SPACES: tuple[int, int] = (10, 45)
DISTRICT_COUNT = 5
MIN_BRIDGE_SITES = 8


_INPUT_RE = re.compile(r"^([A-Z])0*([1-9][0-9]*)$")


class BoardError(ValueError):
    """The board data breaks a board rule; the message names the item and the rule (V-B id)."""


@dataclass(frozen=True, slots=True)
class Hex:
    label: str
    district: str
    q: int
    r: int
    kind: str  # "plain" (gets a swamp at setup), "stone" (stays empty) or "building" (pre-placed)

    @property
    def coords(self) -> tuple[int, int]:
        return (self.q, self.r)


@dataclass(frozen=True, slots=True)
class BridgeSite:
    hexes: tuple[str, str]

    @property
    def districts(self) -> tuple[str, str]:
        """The districts of the two hexes, in the order of :attr:`hexes` (labels start with it)."""
        return self.hexes[0][0], self.hexes[1][0]


@dataclass(frozen=True, slots=True)
class Prebuilt:
    type: str
    hexes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrackSpace:
    space: int
    x: float  # fractional axial q
    y: float  # fractional axial r
    borders: frozenset[str]


@dataclass(frozen=True)
class Board:
    name: str
    districts: dict[str, str]  # id -> name, in file order
    hexes: dict[str, Hex]  # label -> Hex, in file order
    neighbors: dict[str, tuple[str, ...]]  # label -> adjacent labels of the same district
    bridges: tuple[BridgeSite, ...]
    prebuilt: tuple[Prebuilt, ...]
    track: tuple[TrackSpace, ...]  # index == space number
    _by_coords: dict[tuple[int, int], str] = field(init=False, repr=False, compare=False)
    _bridge_by_hex: dict[str, BridgeSite] = field(init=False, repr=False, compare=False)
    _by_district: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_coords", {h.coords: h.label for h in self.hexes.values()})
        by_hex = {label: site for site in self.bridges for label in site.hexes}
        object.__setattr__(self, "_bridge_by_hex", by_hex)
        by_district = {
            d: tuple(h.label for h in self.hexes.values() if h.district == d)
            for d in self.districts
        }
        object.__setattr__(self, "_by_district", by_district)

    def district_hexes(self, district: str) -> tuple[str, ...]:
        """Labels of one district's hexes, in board (file) order (empty for an unknown id)."""
        return self._by_district.get(district, ())

    def hex_at(self, q: int, r: int) -> Hex | None:
        label = self._by_coords.get((q, r))
        return None if label is None else self.hexes[label]

    def find_hex(self, text: str) -> Hex | None:
        """The hex a player typed: case-insensitive, spaces and leading zeros ignored (``c07``)."""
        m = _INPUT_RE.match("".join(text.split()).upper())
        return None if m is None else self.hexes.get(m.group(1) + m.group(2))

    def bridge_at(self, label: str) -> BridgeSite | None:
        """The bridge site the hex belongs to, if any."""
        return self._bridge_by_hex.get(label)

    def space_borders(self, space: int) -> frozenset[str]:
        """Districts bordered by a track space (V-B4); empty for 0, 57.. and the mooring posts."""
        return self.track[space].borders

    def adjacent(self, a: str, b: str) -> bool:
        """True if the two labelled hexes are neighbours (only same-district hexes can be)."""
        return b in self.neighbors[a]

    @property
    def last_space(self) -> int:
        return len(self.track) - 1


# --- geometry ---------------------------------------------------------------------------------


def cartesian(q: float, r: float) -> tuple[float, float]:
    """Axial (possibly fractional) -> cartesian, adjacent hex centres 1 apart, y grows down."""
    return q + r / 2, r * math.sqrt(3) / 2


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of hex steps between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def axial_round(q: float, r: float) -> tuple[int, int]:
    """The hex whose area contains the fractional axial point (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def _point_distance(x: float, y: float, h: Hex) -> float:
    px, py = cartesian(x, y)
    hx, hy = cartesian(h.q, h.r)
    return math.hypot(px - hx, py - hy)
