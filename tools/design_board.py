"""Design tool: builds ``data/venezia/board.json`` from the hand-drawn maps below (spec V-B5).

The committed JSON is the source of truth (``engine/venezia/board.py`` loads and validates it);
this script documents how it was made and lets a designer change the map and regenerate it:

    uv run python tools/design_board.py            # validate, write data/venezia/board.json
    uv run python tools/design_board.py --check    # exit 1 if the JSON is not what this makes
    uv run python tools/preview_board.py           # look at it: docs/board_preview.png

Conventions (the same as ``engine/venezia/board.py``):

* Pointy-top hexes, axial coordinates (q, r): r is the row (grows downward, "south"), q grows to
  the east along a row. Neighbours: (+1, 0) E, (+1, -1) NE, (0, -1) NW, (-1, 0) W, (-1, +1) SW,
  (0, +1) SE.
* The maps below are drawn in "odd-r" offset layout: one character per hex, separated by spaces;
  odd rows are indented by one character (shifted half a hex east), so the text looks like the
  board. Offset (col, row) -> axial q = col - (row - (row & 1)) // 2, r = row.
* Hexes are labelled district letter + number, numbered in reading order (row, then west to east).
* Track spaces are points in *fractional* axial coordinates, stored as ``x`` (= q) and ``y``
  (= r), so a renderer draws hexes and the track with the same axial->pixel transform.
* A space borders a district iff a hex centre of that district lies within 1.4 hex-centre
  spacings of it (the loader checks this). The track is routed along chains of adjacent water
  hexes (so it never comes closer than 0.87 to a land hex centre), sampled at even steps, and a
  space whose distances come within 0.05 of the 1.4 limit is nudged along the route.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "venezia" / "board.json"
BORDER = 1.4  # engine.venezia.board.BORDER_DISTANCE
SAFETY = 0.05  # keep every hex-centre distance this far from BORDER
SHORE = 0.85  # minimal distance from a track space to a land hex centre

DISTRICTS = [
    ("C", "Cannaregio"),
    ("K", "Castello"),
    ("P", "San Polo"),
    ("M", "San Marco"),
    ("D", "Dorsoduro"),
]

# District map: a district letter per land hex, '.' for water (canals and lagoon).
# Canals: row 8 (west arm C|D,P and east arm K|M) and column 12 (north arm C|K, south arm P|M)
# cross between C11/K28/P4/M1: the 10/45 track space sits there, bordering all four islands.
LAND = """
. . . . . . . . . . . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . C C C . . . . . . . . . . . . . . .
 . . . . . . C C C C C . . . K K K K K . . . . . . .
. . . . . . C C C C C C . K K K K K K K K . . . . .
 . . . . . C C C C C C . . K K K K K K K K . . . . .
. . . . . C C C . C C C . K K K . K K K . . . . . .
 . . . . . C C C . C C C . K K . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . . . . . .
 . . . D D D . . P P P P . M M M M . . . . . . . . .
. . D D D D D . P P P P . M M M M . . . . . . . . .
 . . D D D D . . P P P P . M M M . . . . . . . . . .
. . . D D D . . . P P . . M M . . . . . . . . . . .
 . . . . D D . . . . . . . . . . . . . . . . . . . .
. . . . . D D D D D . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . . . . . .
"""
# Feature overlay, same layout: s = stone site; pre-placed buildings: b = basilica, p = palazzo,
# c = campo, h = casa; a digit or capital letter marks the two ends of one bridge site.
FEATURES = """
. . . . . . . . . . . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . s . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . s . . . . . . . . . .
. . . . . . s . h . . 1 . 1 . . . . s . . . . . . .
 . . . . . . . . . . s . . . s . . . . . . . . . . .
. . . . . s . . . . . 2 . 2 . . . . . s . . . . . .
 . . . . . 5 . . . . 3 . . 9 6 . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . . . . . .
 . . . . 5 . . . . s 3 . . . 9 6 s . . . . . . . . .
. . s . . . 7 . 7 c . 0 . 0 b b . . . . . . . . . .
 . . . p p . . . . . . A . A b . . . . . . . . . . .
. . . . . s . . . 8 s . . s . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . s . 8 . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . . . . . .
 . . . . . . . . . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . . . . . . . . .
"""
BUILDING_MARKS = {"b": "basilica", "p": "palazzo", "c": "campo", "h": "casa"}
PREBUILT_PONTE = "0"  # the Rialto: the pre-placed ponte's bridge site, San Polo - San Marco

# The track. Routes are chains of adjacent water hexes, given as offset (col, row); JUNCTION is
# the 10/45 space, the point between the water hexes (12, 8) and (13, 8).
JUNCTION = "J"
Point = tuple[int, int] | str
START: Point = (1, 8)  # space 0, in the open lagoon west of the islands
ENTRY: list[Point] = [(c, 8) for c in range(3, 12)] + [JUNCTION]  # spaces 1..9 along the west arm
LOOP: list[Point] = [  # spaces 11..44: up the north arm, clockwise around Castello, back to 45
    JUNCTION,
    *[(12, r) for r in range(7, 2, -1)],
    (13, 3),
    *[(c, 2) for c in range(14, 20)],
    (19, 3),
    (20, 3),
    (21, 4),
    (21, 5),
    (21, 6),
    (20, 6),
    *[(c, 7) for c in range(19, 14, -1)],
    (15, 8),
    (14, 8),
    JUNCTION,
]
EXIT: list[Point] = [  # spaces 46..56: down the south arm, around San Marco
    JUNCTION,
    *[(12, r) for r in range(9, 14)],
    (13, 13),
    (14, 13),
    (15, 12),
    (16, 12),
    (16, 11),
    (17, 10),
]
FINISH: list[Point] = [(c, 10) for c in range(18, 22)]  # spaces 57..60, open lagoon
POSTS: list[Point] = [(22, 10), (23, 12), (22, 14), (13, 15)]  # mooring posts 61..75 (polyline)


def parse_map(text: str) -> dict[tuple[int, int], str]:
    """(col, row) -> character, for every non-'.' cell of a map drawn in odd-r layout."""
    cells: dict[tuple[int, int], str] = {}
    rows = [line for line in text.split("\n") if line.strip()]
    for row, line in enumerate(rows):
        body = line[1:] if row % 2 else line
        for col, ch in enumerate(body[::2]):
            if ch not in ". ":
                cells[(col, row)] = ch
    return cells


def axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def cart(q: float, r: float) -> tuple[float, float]:
    """Axial -> cartesian, adjacent hex centres 1 apart (y grows downward)."""
    return q + r / 2, r * math.sqrt(3) / 2


def to_axial(x: float, y: float) -> tuple[float, float]:
    r = y / (math.sqrt(3) / 2)
    return x - r / 2, r


def point(p: Point) -> tuple[float, float]:
    if p == JUNCTION:
        (ax, ay), (bx, by) = cart(*axial(12, 8)), cart(*axial(13, 8))
        return (ax + bx) / 2, (ay + by) / 2
    assert isinstance(p, tuple)
    return cart(*axial(*p))


Route = Callable[[float, float], tuple[float, float]]


def route(line: list[Point], *, chain: bool = True) -> Route:
    """The polyline as a function of the fraction 0..1 of its length."""
    if chain:
        for a, b in itertools.pairwise(line):
            if JUNCTION not in (a, b) and abs(math.dist(point(a), point(b)) - 1) > 1e-9:
                raise SystemExit(f"route {a} -> {b}: not adjacent hexes")
    pts = [point(p) for p in line]
    lengths = [math.dist(a, b) for a, b in itertools.pairwise(pts)]
    total = sum(lengths)

    def at(f: float, shift: float = 0.0) -> tuple[float, float]:
        """The point at fraction f of the route, moved on by shift length units."""
        t = min(max(f * total + shift, 0.0), total)
        i = 0
        while i < len(lengths) - 1 and t > lengths[i]:
            t -= lengths[i]
            i += 1
        g = t / lengths[i]
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        return ax + (bx - ax) * g, ay + (by - ay) * g

    return at


def build() -> dict[str, Any]:
    land = parse_map(LAND)
    feats = parse_map(FEATURES)
    order = [d for d, _ in DISTRICTS]
    for cell, mark in feats.items():
        if cell not in land:
            raise SystemExit(f"feature {mark!r} at {cell} is in the water")
    labels: dict[tuple[int, int], str] = {}
    for did in order:
        cells = sorted((c for c, d in land.items() if d == did), key=lambda c: (c[1], c[0]))
        for n, cell in enumerate(cells, start=1):
            labels[cell] = f"{did}{n}"
    hexes = []
    for cell in sorted(land, key=lambda c: (order.index(land[c]), c[1], c[0])):
        mark = feats.get(cell, ".")
        kind = "stone" if mark == "s" else "plain"
        if mark in BUILDING_MARKS or mark == PREBUILT_PONTE:
            kind = "building"
        q, r = axial(*cell)
        hexes.append({"label": labels[cell], "district": land[cell], "q": q, "r": r, "kind": kind})

    sites: dict[str, list[str]] = {}
    for cell, mark in sorted(feats.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if mark.isdigit() or mark.isupper():
            sites.setdefault(mark, []).append(labels[cell])
    bridges = [{"hexes": sites[m]} for m in sorted(sites)]
    prebuilt = []
    for mark, btype in BUILDING_MARKS.items():
        cells = sorted((c for c, m in feats.items() if m == mark), key=lambda c: (c[1], c[0]))
        prebuilt.append({"type": btype, "hexes": [labels[c] for c in cells]})
    prebuilt.insert(3, {"type": "ponte", "hexes": sites[PREBUILT_PONTE]})

    centres = [(land[c], cart(*axial(*c))) for c in land]

    def place(space: int, xy: tuple[float, float]) -> dict[str, Any] | None:
        q, r = to_axial(*xy)
        q, r = round(q, 3), round(r, 3)
        p = cart(q, r)
        dists = [(d, math.dist(p, c)) for d, c in centres]
        if any(abs(dist - BORDER) < SAFETY for _, dist in dists):
            return None
        if min(dist for _, dist in dists) < SHORE:
            return None
        borders = {d for d, dist in dists if dist <= BORDER}
        want = {0: 0, 10: 4, 45: 4}.get(space, 0 if space > 56 else 2)
        if len(borders) > want or (want and not borders) or (want == 4 and len(borders) < 4):
            return None
        return {"space": space, "x": q, "y": r, "borders": [d for d in order if d in borders]}

    def walk(line: list[Point], first: int, count: int, skip: tuple[bool, bool]) -> None:
        """Spaces first..first+count-1 at even steps along the route; skip = (leave out the
        route's first point, leave out its last point)."""
        at = route(line, chain=line is not POSTS)
        steps = count - 1 + skip[0] + skip[1]
        for k in range(count):
            f = (k + skip[0]) / steps
            for nudge in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8):
                entry = place(first + k, at(f, nudge * 0.03))
                if entry is not None:
                    track.append(entry)
                    break
            else:
                raise SystemExit(f"no valid place for track space {first + k}")

    track: list[dict[str, Any]] = []
    start = place(0, point(START))
    assert start is not None
    track.append(start)
    walk(ENTRY, 1, 10, (False, False))  # 1..9 and the junction (10)
    walk(LOOP, 11, 34, (True, True))  # 11..44
    track.append(dict(track[10], space=45))
    walk(EXIT, 46, 11, (True, False))  # 46..56
    walk(FINISH, 57, 4, (False, False))  # 57..60
    walk(POSTS, 61, 15, (False, False))  # 61..75
    return {
        "_comment": (
            "Venezia board (spec V-B5, a project design made by tools/design_board.py)."
            " Pointy-top hexes in axial (q, r): r = row, grows south; q grows east; neighbours"
            " (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1). Labels: district letter + number in"
            " reading order. Track x, y are fractional axial q, r (same transform as hexes); a"
            " space borders a district iff a hex centre of it is within 1.4 hex spacings."
            " Spaces 10 and 45 are one physical space. Keys starting with '_' are comments."
        ),
        "name": "Venezia",
        "orientation": "pointy",
        "districts": [{"id": d, "name": n} for d, n in DISTRICTS],
        "hexes": hexes,
        "prebuilt": prebuilt,
        "bridges": bridges,
        "track": track,
    }


def dump(data: dict[str, Any]) -> str:
    """Readable JSON: one district / hex / building / bridge / track space per line."""
    parts = ["{"]
    keys = list(data)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = data[key]
        if isinstance(value, list):
            parts.append(f"  {json.dumps(key)}: [")
            for j, item in enumerate(value):
                sep = "," if j < len(value) - 1 else ""
                parts.append(f"    {json.dumps(item, ensure_ascii=False)}{sep}")
            parts.append(f"  ]{comma}")
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    parts.append("}")
    return "\n".join(parts) + "\n"


def report(data: dict[str, Any]) -> None:
    """Design statistics: sizes, kinds, track spacing and distance margins."""
    for did, name in DISTRICTS:
        kinds = [h["kind"] for h in data["hexes"] if h["district"] == did]
        print(
            f"{did} {name:11} {len(kinds):3} hexes: {kinds.count('plain')} plain,"
            f" {kinds.count('stone')} stone, {kinds.count('building')} building"
        )
    print("plain total:", sum(h["kind"] == "plain" for h in data["hexes"]))
    print("bridge sites:", len(data["bridges"]))
    centres = [cart(h["q"], h["r"]) for h in data["hexes"]]
    pts = [cart(t["x"], t["y"]) for t in data["track"]]
    gaps = [math.dist(a, b) for a, b in itertools.pairwise(pts[1:57])]
    print(f"track steps 1..56: min {min(gaps):.2f} max {max(gaps):.2f}")
    margin = min(abs(math.dist(p, c) - BORDER) for p in pts for c in centres)
    print(f"closest hex-centre distance to the {BORDER} border limit: +-{margin:.3f}")
    shore = min(math.dist(p, c) for p in pts for c in centres)
    print(f"track: nearest land-hex centre {shore:.2f}")
    free = [min(math.dist(pts[n], c) for c in centres) for n in [0, *range(57, len(pts))]]
    print(f"start / 57.. / posts: nearest land-hex centre {min(free):.2f}")


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from engine.venezia.board import load_components, parse_board

    data = build()
    parse_board(data, load_components())  # raises BoardError if the design breaks a rule
    text = dump(data)
    if "--check" in sys.argv:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is out of date; run tools/design_board.py")
            return 1
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    report(data)
    print("wrote", OUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
