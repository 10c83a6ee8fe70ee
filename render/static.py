"""The cached, state-independent artwork of the Venezia images.

* :class:`Layout` -- where everything goes: board pixel geometry (hex centres, track points) and
  the image frame. Built from the engine's board data (``load_board()``), never hard-coded.
* The static board layer: water with a canal texture, islands, hex outlines and labels, stone
  sites, swamps, bridge sites, the canal track with its numbers and the mooring posts. It is drawn
  once per board, supersampled and downscaled, in two variants (every plain hex as a swamp, and
  every plain hex drained) so a render only pastes the drained hexes' tiles.
* Sprites: building pieces (one piece per building, multi-hex ones drawn as a single shape),
  gondolas, highlight rings and small icons (cards, architects, tokens), each drawn supersampled
  once and cached.

Nothing here reads a game state: the functions take the board and plain values only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.venezia.board import Board, cartesian, load_board, load_components
from render import theme as T
from render.common import SS as SS
from render.common import downscale as _downscale
from render.common import flattened as flattened
from render.common import marker as marker
from render.common import paste as paste
from render.common import paste_flat as paste_flat
from render.common import rounded_box as rounded_box
from render.common import wrap_words as wrap_words
from render.text import draw_text, text_width

Point = tuple[float, float]
Box = tuple[int, int, int, int]

SQRT3: Final = math.sqrt(3)
#: The track's last scoring space (60); the mooring posts follow it (V-C5).
TRACK_END: Final = int(load_components()["track_end"])


# =========================================================================== geometry


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of the board image, derived from the board data.

    The board area starts at ``(0, T.HEADER_H)``; the side column of panels is to its right.
    """

    board: Board
    unit: float
    min_x: float
    min_y: float
    board_w: int
    board_h: int
    width: int
    height: int
    hex_px: dict[str, Point] = field(repr=False)
    track_px: tuple[Point, ...] = field(repr=False)

    @property
    def size(self) -> float:
        """Hex size: centre to corner, in pixels."""
        return self.unit / SQRT3

    @property
    def side_x(self) -> int:
        return self.board_w

    def px(self, q: float, r: float) -> Point:
        """Axial (fractional) board coordinates -> image pixels."""
        x, y = cartesian(q, r)
        return (
            (x - self.min_x) * self.unit,
            T.HEADER_H + (y - self.min_y) * self.unit,
        )

    def hex_center(self, label: str) -> Point:
        return self.hex_px[label]

    def track_point(self, space: int) -> Point:
        return self.track_px[space]

    def hex_corners(self, label: str, scale: float = 1.0, inset: float = 0.0) -> list[Point]:
        cx, cy = self.hex_px[label]
        return hex_corners(cx, cy, self.size * scale - inset)


def hex_corners(cx: float, cy: float, size: float) -> list[Point]:
    """The six corners of a pointy-top hexagon, clockwise from the upper right."""
    return [
        (
            cx + size * math.cos(math.radians(60 * i - 30)),
            cy + size * math.sin(math.radians(60 * i - 30)),
        )
        for i in range(6)
    ]


def side_height(panels: int) -> int:
    """Height the side column needs for ``panels`` player panels and the builds box."""
    return T.PAD + panels * (T.PLAYER_PANEL_H + T.PANEL_GAP) + T.BUILDS_H + T.PAD


_LAYOUTS: dict[int, tuple[Board, Layout]] = {}


def layout(board: Board | None = None) -> Layout:
    """The layout of ``board`` (default: the shipped board), cached per board object."""
    board = board if board is not None else load_board()
    hit = _LAYOUTS.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    unit = float(T.UNIT)
    pts = [cartesian(h.q, h.r) for h in board.hexes.values()]
    pts += [cartesian(t.x, t.y) for t in board.track]
    m = T.BOARD_MARGIN
    min_x = min(p[0] for p in pts) - m
    min_y = min(p[1] for p in pts) - m
    max_x = max(p[0] for p in pts) + m
    max_y = max(p[1] for p in pts) + m
    board_w = math.ceil((max_x - min_x) * unit)
    board_h = math.ceil((max_y - min_y) * unit)
    width = board_w + T.SIDE_W
    height = T.HEADER_H + max(board_h + T.STRIP_H, side_height(5))

    def px(q: float, r: float) -> Point:
        x, y = cartesian(q, r)
        return ((x - min_x) * unit, T.HEADER_H + (y - min_y) * unit)

    lay = Layout(
        board=board,
        unit=unit,
        min_x=min_x,
        min_y=min_y,
        board_w=board_w,
        board_h=board_h,
        width=width,
        height=height,
        hex_px={label: px(h.q, h.r) for label, h in board.hexes.items()},
        track_px=tuple(px(t.x, t.y) for t in board.track),
    )
    _LAYOUTS[id(board)] = (board, lay)
    return lay


def track_radius(lay: Layout, space: int) -> float:
    """Radius of a track space's disc."""
    if space in (0, 10, 45):
        return 0.42 * lay.unit
    return 0.3 * lay.unit


def is_post(space: int) -> bool:
    return space > TRACK_END


# =========================================================================== small drawing aids


def _scaled(points: Iterable[Point], ox: float, oy: float, k: float = SS) -> list[Point]:
    return [((x - ox) * k, (y - oy) * k) for x, y in points]


def _halo_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: int,
    fill: T.RGB,
    halo: T.RGB | tuple[int, int, int, int],
    bold: bool = True,
    anchor: str = "mm",
    max_width: int | None = None,
) -> tuple[int, int, int, int]:
    """Text with a 1-pixel halo around it, for labels on busy backgrounds."""
    x, y = xy
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        draw_text(
            draw, (x + dx, y + dy), text, size, halo, bold=bold, anchor=anchor, max_width=max_width
        )
    return draw_text(draw, (x, y), text, size, fill, bold=bold, anchor=anchor, max_width=max_width)


# =========================================================================== the static layer


@dataclass(frozen=True)
class HexTile:
    """A hex's pixels in the drained variant, pasted over the swamp variant when drained."""

    box: Box
    tile: Image.Image
    mask: Image.Image


@dataclass(frozen=True)
class StaticBoard:
    layout: Layout
    base: Image.Image  # RGB, the full image frame with every plain hex a swamp
    empty: Image.Image  # RGB, the same with every plain hex drained
    drained: dict[str, HexTile]  # plain hex label -> its drained (empty) tile


_STATIC: dict[int, tuple[Board, StaticBoard]] = {}


def static_board(board: Board | None = None) -> StaticBoard:
    """The static layer of ``board`` (default: the shipped board), drawn once and cached."""
    lay = layout(board)
    hit = _STATIC.get(id(lay.board))
    if hit is not None and hit[0] is lay.board:
        return hit[1]
    obstacles = _obstacles(lay)
    names = district_name_spots(lay, obstacles)
    swamp_v = _draw_board_area(lay, True, names)
    empty_v = _draw_board_area(lay, False, names)
    base = Image.new("RGB", (lay.width, lay.height), T.BACKGROUND)
    base.paste(swamp_v, (0, T.HEADER_H))
    spot = legend_spot(lay, obstacles, *LEGEND_SIZE)
    if spot is not None:
        _draw_legend(base, spot)
    base.paste(T.HEADER, (0, 0, lay.width, T.HEADER_H))
    tiles: dict[str, HexTile] = {}
    for label, h in lay.board.hexes.items():
        if h.kind != "plain":
            continue
        box, mask = hex_mask(lay, label)
        shifted = (box[0], box[1] - T.HEADER_H, box[2], box[3] - T.HEADER_H)
        tiles[label] = HexTile(box, empty_v.crop(shifted), mask)
    empty = base.copy()
    empty.paste(empty_v, (0, T.HEADER_H))
    sb = StaticBoard(lay, base, empty, tiles)
    _STATIC[id(lay.board)] = (lay.board, sb)
    return sb


def hex_mask(lay: Layout, label: str, scale: float = 1.0) -> tuple[Box, Image.Image]:
    """Bounding box (image pixels) and an antialiased L mask of one hex."""
    return _hex_mask_at(lay, *lay.hex_px[label], scale)


def _hex_mask_at(lay: Layout, cx: float, cy: float, scale: float) -> tuple[Box, Image.Image]:
    s = lay.size * scale
    x0, y0 = math.floor(cx - s) - 1, math.floor(cy - s) - 1
    x1, y1 = math.ceil(cx + s) + 2, math.ceil(cy + s) + 2
    big = Image.new("L", ((x1 - x0) * SS, (y1 - y0) * SS), 0)
    ImageDraw.Draw(big).polygon(_scaled(hex_corners(cx, cy, s), x0, y0), fill=255)
    return (x0, y0, x1, y1), _downscale(big, (x1 - x0, y1 - y0))


def _draw_board_area(lay: Layout, swamps: bool, names: dict[str, tuple[str, Point]]) -> Image.Image:
    """The board area (without header), plain hexes as swamps or as drained sand."""
    w, h = lay.board_w, lay.board_h
    oy = T.HEADER_H  # board-area pixel = image pixel - (0, oy)
    u = lay.unit
    board = lay.board

    # --- water: deep colour, light shallows around the islands, soft wave texture
    water = Image.new("RGB", (w, h), T.WATER_DEEP)
    shallow = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(shallow)
    for label in board.hexes:
        cx, cy = lay.hex_px[label]
        sd.polygon(hex_corners(cx, cy - oy, lay.size * 1.55), fill=150)
        sd.polygon(hex_corners(cx, cy - oy, lay.size * 1.2), fill=255)
    shallow = shallow.filter(ImageFilter.GaussianBlur(u * 0.35))
    water.paste(T.WATER, (0, 0, w, h), shallow.point(lambda v: min(255, v * 3)))
    water.paste(T.WATER_SHALLOW, (0, 0, w, h), shallow.point(lambda v: max(0, v - 150) * 2))

    img = water.resize((w * SS, h * SS), Image.Resampling.NEAREST)
    d = ImageDraw.Draw(img)
    k = SS

    def P(x: float, y: float) -> Point:  # image pixel -> supersampled board-area pixel
        return (x * k, (y - oy) * k)

    # canal texture: short staggered wave strokes on a whole-pixel grid, so every stroke has
    # the same pixels (cheaper to compress than strokes at fractional positions)
    step_x, step_y = round(u * 0.92), round(u * 0.42)
    for row in range(h // step_y + 2):
        wy = row * step_y + step_y // 2
        wx0 = (row % 2) * (step_x // 2)
        for col in range(w // step_x + 2):
            wx = wx0 + col * step_x
            d.arc(
                ((wx - 6) * k, (wy - 2) * k, (wx + 6) * k, (wy + 4) * k),
                200,
                340,
                fill=T.WATER_WAVE,
                width=max(1, round(k * 1.2)),
            )

    # --- islands: a quay edge under each island, then the hexes
    for label in board.hexes:
        cx, cy = lay.hex_px[label]
        d.polygon([P(x, y) for x, y in hex_corners(cx, cy, lay.size + 2.2)], fill=T.SHORE)
    edge_w = max(1, round(k * 1.3))
    for label, hx in board.hexes.items():
        cx, cy = lay.hex_px[label]
        kind = hx.kind
        state = "stone" if kind == "stone" else ("swamp" if kind == "plain" and swamps else "empty")
        corners = [P(x, y) for x, y in hex_corners(cx, cy, lay.size)]
        d.polygon(corners, fill=T.hex_fill(state), outline=T.HEX_EDGE, width=edge_w)
        if state == "swamp":
            _draw_swamp(d, P(cx, cy), u * k)
        elif state == "stone":
            _draw_bricks(d, P(cx, cy), u * k)

    # --- bridge sites: dashed lines across the canal, with abutment ticks at both ends
    for site in board.bridges:
        a, b = (lay.hex_px[x] for x in site.hexes)
        _dashed_bridge(d, P(*a), P(*b), u * k)

    # --- the canal route (a darker lane) and the mooring-post rope
    pts = [P(*lay.track_px[s]) for s in range(len(board.track))]
    lane_w = round(u * k * 0.36)
    end = TRACK_END
    d.line(pts[: end + 1], fill=T.TRACK_LANE, width=lane_w, joint="curve")
    for p in pts[: end + 1]:
        r = lane_w / 2
        d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=T.TRACK_LANE)
    d.line(pts[end:], fill=T.POST_ROPE, width=max(1, round(k * 1.6)))

    # --- track spaces
    for s, p in enumerate(pts):
        if s == 45:
            continue  # drawn as 10/45
        r = track_radius(lay, s) * k
        box = (p[0] - r, p[1] - r, p[0] + r, p[1] + r)
        if is_post(s):
            d.ellipse(box, fill=T.POST_FILL, outline=T.POST_STRIPE, width=round(k * 1.5))
        elif s == end:
            d.ellipse(box, fill=T.TRACK_FINISH, outline=T.TRACK_EDGE, width=round(k * 2))
        else:
            ring = T.TRACK_TEN if s % 10 == 0 and s > 0 else T.TRACK_EDGE
            d.ellipse(
                box,
                fill=T.TRACK_FILL,
                outline=ring,
                width=round(k * (2.2 if ring == T.TRACK_TEN else 1.4)),
            )

    img = _downscale(img, (w, h))
    d = ImageDraw.Draw(img)

    # --- text at final resolution: hex labels, track numbers, district names
    for label, hx in board.hexes.items():
        cx, cy = lay.hex_px[label]
        swampy = hx.kind == "plain" and swamps
        colour = T.HEX_LABEL_ON_SWAMP if swampy else T.HEX_LABEL
        dy = -0.04 * u
        draw_text(d, (cx, cy - oy + dy), label, T.FONT_HEX, colour, bold=True, anchor="mm")
    for s, (x, y) in enumerate(lay.track_px):
        if s == 45:
            continue
        text = "10/45" if s == 10 else str(s)
        colour = T.POST_NUM if is_post(s) else T.TRACK_NUM
        size = T.FONT_TRACK - (1 if s == 10 else 0)
        draw_text(d, (x, y - oy), text, size, colour, bold=True, anchor="mm")
    for text, (x, y) in names.values():
        draw_text(d, (x, y - oy), text, T.FONT_DISTRICT, T.DISTRICT_NAME, bold=True, anchor="mm")
    return img


def _draw_swamp(d: ImageDraw.ImageDraw, c: Point, u: float) -> None:
    """Marsh: a still pool and reed tufts, clear of the label in the middle."""
    cx, cy = c
    d.ellipse(
        (cx - 0.2 * u, cy + 0.17 * u, cx + 0.06 * u, cy + 0.27 * u),
        fill=T.SWAMP_POOL,
    )
    lw = max(1, round(u * 0.028))
    for tx, ty, scale in ((-0.27, 0.3, 1.0), (0.22, 0.33, 0.9), (0.04, -0.3, 0.85)):
        bx, by = cx + tx * u, cy + ty * u
        ln = 0.17 * u * scale
        for ang in (-28, -8, 14, 32):
            a = math.radians(ang)
            d.line(
                (bx, by, bx + math.sin(a) * ln, by - math.cos(a) * ln),
                fill=T.SWAMP_REED,
                width=lw,
            )
        hx, hy = bx + math.sin(math.radians(-8)) * ln, by - math.cos(math.radians(-8)) * ln
        d.ellipse((hx - 0.022 * u, hy - 0.05 * u, hx + 0.022 * u, hy + 0.02 * u), fill=T.SWAMP_HEAD)


def _draw_bricks(d: ImageDraw.ImageDraw, c: Point, u: float) -> None:
    """A stone site: a pile of bricks under the label, paving marks above it."""
    cx, cy = c
    bw, bh, gap = 0.15 * u, 0.075 * u, 0.014 * u
    lw = max(1, round(u * 0.014))
    for row, cols in enumerate(((-1.5, -0.5, 0.5), (-1.0, 0.0), (-0.5,))):
        y1 = cy + 0.43 * u - row * (bh + gap)
        for col in cols:
            x0 = cx + col * (bw + gap) - gap / 2
            d.rectangle(
                (x0, y1 - bh, x0 + bw, y1), fill=T.STONE_BRICK, outline=T.STONE_MORTAR, width=lw
            )
    for sx in (-1, 1):
        x, y = cx + sx * 0.24 * u, cy - 0.3 * u
        d.rectangle(
            (x - 0.07 * u, y - 0.04 * u, x + 0.07 * u, y + 0.04 * u), outline=T.STONE_LINE, width=lw
        )


def _dashed_bridge(d: ImageDraw.ImageDraw, a: Point, b: Point, u: float) -> None:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    start, stop = 0.42 * u, length - 0.42 * u
    dash, gap = 0.13 * u, 0.09 * u
    w = round(0.075 * u)
    t = start
    while t < stop - 1:
        t1 = min(t + dash, stop)
        d.line((ax + ux * t, ay + uy * t, ax + ux * t1, ay + uy * t1), fill=T.BRIDGE_SITE, width=w)
        t = t1 + gap
    for t in (start, stop):
        px, py = ax + ux * t, ay + uy * t
        e = 0.14 * u
        d.line((px - nx * e, py - ny * e, px + nx * e, py + ny * e), fill=T.BRIDGE_SITE, width=w)


_OBSTACLE_SCALE: Final = 0.5
#: Distance (in units) between the gondolas queued on the start space.
START_STEP: Final = 0.66


def _obstacles(lay: Layout) -> Image.Image:
    """A half-resolution map of the board area: 255 where land, track or labels are."""
    u = lay.unit
    k = _OBSTACLE_SCALE
    w, h = math.ceil(lay.board_w * k), math.ceil(lay.board_h * k)
    obstacles = Image.new("L", (w, h), 0)
    od = ImageDraw.Draw(obstacles)
    oy = T.HEADER_H
    for label in lay.board.hexes:
        cx, cy = lay.hex_px[label]
        od.polygon(hex_corners(cx * k, (cy - oy) * k, lay.size * k * 1.3), fill=255)
    for x, y in lay.track_px:
        r = 0.5 * u * k
        od.ellipse((x * k - r, (y - oy) * k - r, x * k + r, (y - oy) * k + r), fill=255)
    # the queue of gondolas still on the start space (render.board.gondola_point)
    x, y = lay.track_px[0]
    dx, dy = 0.85 * u * k, (2 * START_STEP + 0.5) * u * k
    od.rectangle((x * k - dx, (y - oy) * k - dy, x * k + dx, (y - oy) * k + dy), fill=255)
    return obstacles


def district_name_spots(
    lay: Layout, obstacles: Image.Image | None = None
) -> dict[str, tuple[str, Point]]:
    """For each district, its name and a free spot in the water next to it (if any).

    The chosen boxes are marked in ``obstacles`` when given."""
    u = lay.unit
    k = _OBSTACLE_SCALE
    if obstacles is None:
        obstacles = _obstacles(lay)
    w, h = obstacles.size
    oy = T.HEADER_H

    def Q(p: Point) -> Point:
        return (p[0] * k, (p[1] - oy) * k)

    spots: dict[str, tuple[str, Point]] = {}
    for did, name in lay.board.districts.items():
        text = f"{name} · {did}"
        tw = (text_width(text, T.FONT_DISTRICT, bold=True) + 8) * k
        th = (T.FONT_DISTRICT + 6) * k
        own = [Q(lay.hex_px[x]) for x in lay.board.district_hexes(did)]
        others = [Q(p) for x, p in lay.hex_px.items() if not x.startswith(did)]
        xs, ys = [p[0] for p in own], [p[1] for p in own]
        best: tuple[float, Point] | None = None
        step = u * k / 4
        reach = 2.6 * u * k
        y = min(ys) - reach
        while y <= max(ys) + reach:
            x = min(xs) - reach
            while x <= max(xs) + reach:
                box = (round(x - tw / 2), round(y - th / 2), round(x + tw / 2), round(y + th / 2))
                x += step
                if box[0] < 2 or box[1] < 2 or box[2] > w - 2 or box[3] > h - 2:
                    continue
                if obstacles.crop(box).getbbox() is not None:
                    continue
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                near_own = min(math.dist((cx, cy), p) for p in own)
                near_other = min((math.dist((cx, cy), p) for p in others), default=1e9)
                if near_other < near_own + 0.4 * u * k:
                    continue
                if best is None or near_own < best[0]:
                    best = (near_own, (cx / k, cy / k + oy))
            y += step
        if best is not None:
            spots[did] = (text, best[1])
            bx, by = best[1]
            ImageDraw.Draw(obstacles).rectangle(
                (bx * k - tw / 2, (by - oy) * k - th / 2, bx * k + tw / 2, (by - oy) * k + th / 2),
                fill=255,
            )
    return spots


LEGEND_SIZE: Final = (176, 166)


def legend_spot(lay: Layout, obstacles: Image.Image, w: int, h: int) -> tuple[int, int] | None:
    """Top-left corner (image pixels) of a free ``w`` x ``h`` box in the water, nearest to a
    corner of the board (top left first), or None."""
    k = _OBSTACLE_SCALE
    ow, oh = obstacles.size
    bw, bh = math.ceil(w * k), math.ceil(h * k)
    m = 5
    corners = [(m, m, 1, 1), (m, oh - m - bh, 1, -1), (ow - m - bw, oh - m - bh, -1, -1)]
    corners.append((ow - m - bw, m, -1, 1))
    step = 4
    for x0, y0, sx, sy in corners:
        for dist in range(0, max(ow, oh) // 3, step):
            for i in range(0, dist + 1, step):
                for x, y in ((x0 + sx * i, y0 + sy * dist), (x0 + sx * dist, y0 + sy * i)):
                    if x < m or y < m or x + bw > ow - m or y + bh > oh - m:
                        continue
                    if obstacles.crop((x, y, x + bw, y + bh)).getbbox() is None:
                        return round(x / k), round(y / k) + T.HEADER_H
    return None


def _draw_legend(img: Image.Image, xy: tuple[int, int]) -> None:
    """The key of the board's marks, in a free corner of the water."""
    x0, y0 = xy
    w, h = LEGEND_SIZE
    paste(img, rounded_box(w, h, T.LEGEND_BG, T.PANEL_EDGE, 10), (x0, y0))
    d = ImageDraw.Draw(img)
    draw_text(d, (x0 + 12, y0 + 20), "KEY", T.FONT_TINY, T.TEXT_SOFT, bold=True, anchor="ls")
    rows = [
        ("swamp", "swamp (0–2 gold)"),
        ("stone", "stone site (empty)"),
        ("empty", "empty site"),
        ("bridge", "bridge site"),
        ("post", "mooring posts 61+"),
    ]
    k = SS
    icon = 26
    for i, (kind, text) in enumerate(rows):
        cy = y0 + 41 + i * 27
        cx = x0 + 24
        big = Image.new("RGBA", (icon * k, icon * k), (0, 0, 0, 0))
        bd = ImageDraw.Draw(big)
        c = icon * k / 2
        if kind in ("swamp", "stone", "empty"):
            s = icon * k / 2
            bd.polygon(hex_corners(c, c, s), fill=T.hex_fill(kind), outline=T.HEX_EDGE, width=k)
            mini = s * SQRT3
            if kind == "swamp":
                _draw_swamp(bd, (c, c - 0.1 * mini), mini)
            elif kind == "stone":
                _draw_bricks(bd, (c, c - 0.12 * mini), mini)
        elif kind == "bridge":
            for j in range(3):
                xx = j * icon * k * 0.38
                bd.line((xx, c, xx + icon * k * 0.24, c), fill=T.BRIDGE_SITE, width=round(k * 3.5))
        else:
            r = icon * k * 0.42
            box = (c - r, c - r, c + r, c + r)
            bd.ellipse(box, fill=T.POST_FILL, outline=T.POST_STRIPE, width=k)
        small = _downscale(big, (icon, icon))
        img.paste(small, (cx - icon // 2, cy - icon // 2), small)
        draw_text(d, (cx + 20, cy), text, T.FONT_SMALL, T.TEXT, anchor="lm")


# =========================================================================== building pieces


@dataclass(frozen=True)
class Sprite:
    """An RGBA image to paste at ``(x, y)`` (image pixels, top-left)."""

    image: Image.Image
    x: int
    y: int

    def paste_on(self, canvas: Image.Image) -> None:
        canvas.paste(self.image, (self.x, self.y), self.image)


def _piece_edges(lay: Layout, labels: Sequence[str]) -> list[tuple[Point, Point]]:
    """Outer edges of the union of ``labels`` (edges not shared by two of them)."""
    inside = {lay.board.hexes[x].coords for x in labels}
    # corner i..i+1 of a pointy-top hex faces direction (E, SE, SW, W, NW, NE)[i]
    faces = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    edges: list[tuple[Point, Point]] = []
    for x in labels:
        h = lay.board.hexes[x]
        cs = lay.hex_corners(x)
        for i, (dq, dr) in enumerate(faces):
            if (h.q + dq, h.r + dr) not in inside:
                edges.append((cs[i], cs[(i + 1) % 6]))
    return edges


@lru_cache(maxsize=256)
def building_sprite(btype: str, hexes: tuple[str, ...], highlight: bool = False) -> Sprite:
    """One building piece covering ``hexes``: one shape in the type's colour, a white icon,
    the hexes' labels. ``highlight`` adds a glowing outline (built during the last turn)."""
    lay = layout()
    u = lay.unit
    centres = [lay.hex_px[x] for x in hexes]
    span: tuple[Point, Point] | None = None
    if btype == "ponte" and len(centres) == 2:
        span = (centres[0], centres[1])
    pad = 0.75 * u if highlight else 0.68 * u
    x0 = math.floor(min(c[0] for c in centres) - pad)
    y0 = math.floor(min(c[1] for c in centres) - pad)
    x1 = math.ceil(max(c[0] for c in centres) + pad)
    y1 = math.ceil(max(c[1] for c in centres) + pad)
    W, H = x1 - x0, y1 - y0
    k = SS

    def P(p: Point) -> Point:
        return ((p[0] - x0) * k, (p[1] - y0) * k)

    colour, edge = T.BUILDING[btype], T.BUILDING_EDGE[btype]
    # shape mask: the union of the hexes (plus the ponte's span over the water)
    mask = Image.new("L", (W * k, H * k), 0)
    md = ImageDraw.Draw(mask)
    for x in hexes:
        md.polygon([P(p) for p in lay.hex_corners(x)], fill=255)
    if span is not None:
        md.line((P(span[0]), P(span[1])), fill=255, width=round(0.46 * u * k))

    # a darker rim inside the outline gives the piece some relief; the body is the type colour
    rim = T.blend(colour, edge, 0.4)
    body = Image.new("RGBA", (W * k, H * k), (*rim, 255))
    bd = ImageDraw.Draw(body)
    light = colour
    for x in hexes:
        bd.polygon([P(p) for p in lay.hex_corners(x, inset=0.11 * u)], fill=colour)
    for i, a in enumerate(hexes):
        for b in hexes[i + 1 :]:
            if lay.board.adjacent(a, b):
                bd.line((P(lay.hex_px[a]), P(lay.hex_px[b])), fill=colour, width=round(0.5 * u * k))
    if span is not None:
        _draw_span(bd, P(span[0]), P(span[1]), u * k, colour, light, edge)
    ew = round(0.07 * u * k)
    for p, q in _piece_edges(lay, hexes):
        bd.line((P(p), P(q)), fill=edge, width=ew * 2)
    if span is not None:
        ax, ay = P(span[0])
        bx, by = P(span[1])
        ln = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / ln, (bx - ax) / ln
        off = 0.23 * u * k
        for sgn in (-1, 1):
            d0 = (ax + nx * off * sgn, ay + ny * off * sgn)
            d1 = (bx + nx * off * sgn, by + ny * off * sgn)
            bd.line((d0, d1), fill=edge, width=ew)
    for x in hexes:  # the hexes' own outlines, faint, so the labels' hexes stay countable
        cs = [P(p) for p in lay.hex_corners(x)]
        bd.line([*cs, cs[0]], fill=(*edge, 255), width=max(1, round(k * 0.8)))
    for p, q in _piece_edges(lay, hexes):
        bd.line((P(p), P(q)), fill=edge, width=ew * 2)

    # white icon, upright, at the piece's centre (ponte: one arch per hex)
    icon_at: list[tuple[Point, float]] = []
    if btype == "ponte":
        icon_at = [((c[0], c[1] + 0.12 * u), 0.42 * u) for c in centres]
    elif len(centres) == 1:
        icon_at = [((centres[0][0], centres[0][1] + 0.12 * u), 0.44 * u)]
    else:
        gx = sum(c[0] for c in centres) / len(centres)
        gy = sum(c[1] for c in centres) / len(centres)
        icon_at = [((gx, gy), 0.62 * u if btype == "basilica" else 0.6 * u)]
    for (ix, iy), size in icon_at:
        draw_icon(bd, btype, P((ix, iy)), size * k, T.BUILDING_INK, colour)

    if span is not None:  # the track runs under the bridge: cut out the spaces' discs
        for s, tp in enumerate(lay.track_px):
            if math.dist(tp, span[0]) < 2.5 * u or math.dist(tp, span[1]) < 2.5 * u:
                r = (track_radius(lay, s) + 1.5) * k
                px_, py_ = P(tp)
                md.ellipse((px_ - r, py_ - r, px_ + r, py_ + r), fill=0)

    body.putalpha(mask)
    if highlight:
        glow = Image.new("L", (W * k, H * k), 0)
        gd = ImageDraw.Draw(glow)
        for p, q in _piece_edges(lay, hexes):
            gd.line((P(p), P(q)), fill=255, width=round(0.16 * u * k))
        for p, q in _piece_edges(lay, hexes):
            r = 0.08 * u * k
            for c in (P(p), P(q)):
                gd.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=255)
        ring = Image.new("RGBA", (W * k, H * k), (*T.HIGHLIGHT, 0))
        ring.putalpha(glow)
        out = Image.alpha_composite(ring, body)
        inner = Image.new("RGBA", (W * k, H * k), (0, 0, 0, 0))
        inner.paste(
            Image.new("RGBA", inner.size, (*T.HIGHLIGHT, 255)),
            (0, 0),
            ImageChops.multiply(glow, mask),
        )
        body = Image.alpha_composite(out, inner)
    img = _downscale(body, (W, H))

    # labels, at final resolution, pushed away from the icon
    d = ImageDraw.Draw(img)
    gx = sum(c[0] for c in centres) / len(centres)
    gy = sum(c[1] for c in centres) / len(centres)
    for x, (cx, cy) in zip(hexes, centres, strict=True):
        if btype == "ponte" or len(centres) == 1:
            lx, ly = cx, cy - 0.27 * u
        else:
            dx, dy = cx - gx, cy - gy
            n = math.hypot(dx, dy) or 1.0
            lx, ly = cx + dx / n * 0.2 * u, cy + dy / n * 0.2 * u
        _halo_text(d, (lx - x0, ly - y0), x, T.FONT_HEX - 1, T.BUILT_LABEL, (*edge, 255))
    return Sprite(img, x0, y0)


def _draw_span(
    d: ImageDraw.ImageDraw, a: Point, b: Point, u: float, colour: T.RGB, light: T.RGB, edge: T.RGB
) -> None:
    """The ponte's deck over the water: planks between two parapets."""
    ax, ay = a
    bx, by = b
    ln = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / ln, (by - ay) / ln
    nx, ny = -uy, ux
    d.line((a, b), fill=light, width=round(0.34 * u))
    plank = T.blend(colour, edge, 0.5)
    t = 0.45 * u
    while t < ln - 0.45 * u:
        px, py = ax + ux * t, ay + uy * t
        e = 0.15 * u
        d.line(
            (px - nx * e, py - ny * e, px + nx * e, py + ny * e), fill=plank, width=round(0.02 * u)
        )
        t += 0.09 * u


# =========================================================================== icons


def draw_icon(
    d: ImageDraw.ImageDraw, btype: str, c: Point, size: float, ink: T.RGB, bg: T.RGB
) -> None:
    """The upright line-art icon of a building type, ``size`` wide, centred on ``c``."""
    cx, cy = c
    s = size
    lw = max(1, round(s * 0.085))
    if btype == "basilica":  # a domed church: drum, dome, lantern with a cross
        d.rectangle((cx - 0.42 * s, cy + 0.05 * s, cx + 0.42 * s, cy + 0.36 * s), fill=ink)
        d.pieslice((cx - 0.3 * s, cy - 0.26 * s, cx + 0.3 * s, cy + 0.34 * s), 180, 360, fill=ink)
        d.rectangle((cx - 0.035 * s, cy - 0.42 * s, cx + 0.035 * s, cy - 0.2 * s), fill=ink)
        d.rectangle((cx - 0.1 * s, cy - 0.36 * s, cx + 0.1 * s, cy - 0.3 * s), fill=ink)
        for fx in (-0.26, 0.0, 0.26):
            d.rounded_rectangle(
                (cx + (fx - 0.06) * s, cy + 0.13 * s, cx + (fx + 0.06) * s, cy + 0.36 * s),
                radius=0.06 * s,
                fill=bg,
            )
    elif btype == "palazzo":  # a long arcaded facade
        d.rectangle((cx - 0.5 * s, cy - 0.22 * s, cx + 0.5 * s, cy + 0.24 * s), fill=ink)
        d.rectangle((cx - 0.56 * s, cy - 0.3 * s, cx + 0.56 * s, cy - 0.2 * s), fill=ink)
        for i in range(4):
            fx = -0.36 + i * 0.24
            d.rounded_rectangle(
                (cx + (fx - 0.07) * s, cy - 0.1 * s, cx + (fx + 0.07) * s, cy + 0.24 * s),
                radius=0.07 * s,
                fill=bg,
            )
    elif btype == "campo":  # an open square with a tree in the middle
        h = 0.4 * s
        d.rectangle((cx - h, cy - h, cx + h, cy + h), outline=ink, width=lw)
        for fx in (-1, 1):
            for fy in (-1, 1):
                r = 0.06 * s
                px, py = cx + fx * h * 0.62, cy + fy * h * 0.62
                d.ellipse((px - r, py - r, px + r, py + r), fill=ink)
        r = 0.2 * s
        d.rectangle((cx - 0.03 * s, cy, cx + 0.03 * s, cy + 0.24 * s), fill=ink)
        d.ellipse((cx - r, cy - r - 0.06 * s, cx + r, cy + r - 0.06 * s), fill=ink)
    elif btype == "ponte":  # an arch
        d.rectangle((cx - 0.5 * s, cy - 0.22 * s, cx + 0.5 * s, cy - 0.08 * s), fill=ink)
        d.pieslice((cx - 0.5 * s, cy - 0.2 * s, cx + 0.5 * s, cy + 0.8 * s), 180, 360, fill=ink)
        d.pieslice((cx - 0.3 * s, cy + 0.02 * s, cx + 0.3 * s, cy + 0.62 * s), 180, 360, fill=bg)
        d.rectangle((cx - 0.5 * s, cy + 0.3 * s, cx + 0.5 * s, cy + 0.42 * s), fill=bg)
        d.rectangle((cx - 0.5 * s, cy + 0.22 * s, cx - 0.3 * s, cy + 0.3 * s), fill=ink)
        d.rectangle((cx + 0.3 * s, cy + 0.22 * s, cx + 0.5 * s, cy + 0.3 * s), fill=ink)
    elif btype == "casa":  # a little house: walls, roof, door
        d.rectangle((cx - 0.3 * s, cy - 0.06 * s, cx + 0.3 * s, cy + 0.4 * s), fill=ink)
        d.polygon(
            [(cx - 0.44 * s, cy - 0.02 * s), (cx, cy - 0.42 * s), (cx + 0.44 * s, cy - 0.02 * s)],
            fill=ink,
        )
        d.rectangle((cx + 0.16 * s, cy - 0.38 * s, cx + 0.28 * s, cy - 0.16 * s), fill=ink)
        d.rectangle((cx - 0.08 * s, cy + 0.14 * s, cx + 0.08 * s, cy + 0.4 * s), fill=bg)


@lru_cache(maxsize=256)
def card_icon(btype: str, w: int, h: int) -> Image.Image:
    """A small face-up building card: type colour, white icon, rounded corners (RGBA)."""
    k = SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour = T.BUILDING[btype]
    r = max(2, round(min(w, h) * 0.16)) * k
    d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=r, fill=T.BUILDING_EDGE[btype])
    d.rounded_rectangle((k, k, w * k - 1 - k, h * k - 1 - k), radius=r - k, fill=colour)
    draw_icon(d, btype, (w * k / 2, h * k / 2), min(w, h) * k * 0.72, T.BUILDING_INK, colour)
    return _downscale(img, (w, h))


def _footprint(d: ImageDraw.ImageDraw, btype: str, c: Point, s: float, ink: T.RGB) -> None:
    """The hexes a building needs, as on the cards: triangle, pair, single, bridged pair."""
    cx, cy = c
    u = s * SQRT3  # centre spacing
    if btype == "basilica":
        cs = [(cx - u / 2, cy + 0.43 * u), (cx + u / 2, cy + 0.43 * u), (cx, cy - 0.43 * u)]
    elif btype == "palazzo":
        cs = [(cx - u / 2, cy), (cx + u / 2, cy)]
    elif btype == "ponte":
        cs = [(cx - u, cy), (cx + u, cy)]
    else:
        cs = [(cx, cy)]
    for x, y in cs:
        d.polygon(hex_corners(x, y, s * 0.9), fill=ink)
    if btype == "ponte":
        w = max(1, round(s * 0.22))
        for i in range(3):
            x0 = cx - u * 0.42 + i * u * 0.32
            d.line((x0, cy, x0 + u * 0.18, cy), fill=ink, width=w)


@lru_cache(maxsize=32)
def big_card(btype: str, w: int, h: int) -> Image.Image:
    """A face-up building card for the hand image: colour, needed count, footprint, icon, name."""
    k = SS
    W, H = w * k, h * k
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    colour, edge = T.BUILDING[btype], T.BUILDING_EDGE[btype]
    r = round(w * 0.09) * k
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=r, fill=edge)
    d.rounded_rectangle((2 * k, 2 * k, W - 1 - 2 * k, H - 1 - 2 * k), radius=r - k, fill=colour)
    inner = T.blend(colour, (255, 255, 255), 0.14)
    d.rounded_rectangle((W * 0.08, H * 0.2, W * 0.92, H * 0.74), radius=r * 0.6, fill=inner)
    _footprint(d, btype, (W / 2, H * 0.3), W * 0.065, T.BUILDING_INK)
    draw_icon(d, btype, (W / 2, H * 0.56), W * 0.5, T.BUILDING_INK, inner)
    out = _downscale(img, (w, h))
    od = ImageDraw.Draw(out)
    need = str(T.CARDS_NEEDED[btype])
    size = max(10, round(w * 0.16))
    draw_text(od, (w * 0.1, h * 0.03), need, size, T.BUILDING_INK, bold=True, anchor="la")
    draw_text(od, (w * 0.9, h * 0.03), need, size, T.BUILDING_INK, bold=True, anchor="ra")
    draw_text(
        od,
        (w / 2, h * 0.83),
        btype,
        max(10, round(w * 0.14)),
        T.BUILDING_INK,
        bold=True,
        anchor="mm",
    )
    draw_text(
        od,
        (w / 2, h * 0.92),
        T.ENGLISH[btype],
        max(8, round(w * 0.095)),
        T.blend(T.BUILDING_INK, colour, 0.3),
        anchor="mm",
    )
    return out


@lru_cache(maxsize=64)
def value_token(value: int, d_px: int) -> Image.Image:
    """A face-up gold token with its value: swamp (0..2, green) or treasure (3..6, gold)."""
    k = SS
    n = d_px * k
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dd = ImageDraw.Draw(big)
    fill = T.TOKEN_SWAMP if value < 3 else T.TOKEN_TREASURE
    dd.ellipse((0, 0, n - 1, n - 1), fill=T.TOKEN_EDGE)
    dd.ellipse((k * 1.5, k * 1.5, n - 1 - k * 1.5, n - 1 - k * 1.5), fill=fill)
    img = _downscale(big, (d_px, d_px))
    ink = (255, 255, 255) if value < 3 else T.TEXT
    draw_text(
        ImageDraw.Draw(img),
        (d_px / 2, d_px / 2),
        str(value),
        round(d_px * 0.5),
        ink,
        bold=True,
        anchor="mm",
    )
    return img


@lru_cache(maxsize=64)
def card_back(w: int, h: int) -> Image.Image:
    """A face-down card (the deck, a hand)."""
    k = SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(2, round(min(w, h) * 0.16)) * k
    d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=r, fill=T.CARD_BACK_EDGE)
    d.rounded_rectangle(
        (k * 2, k * 2, w * k - 1 - 2 * k, h * k - 1 - 2 * k), radius=r - k, fill=T.CARD_BACK
    )
    cx, cy = w * k / 2, h * k / 2
    s = min(w, h) * k * 0.22
    d.polygon(
        [(cx, cy - s), (cx + s * 0.7, cy), (cx, cy + s), (cx - s * 0.7, cy)], fill=T.CARD_BACK_EDGE
    )
    return _downscale(img, (w, h))


@lru_cache(maxsize=64)
def token_icon(kind: str, d_px: int) -> Image.Image:
    """A round face-down token: "swamp" (green) or "treasure" (gold)."""
    k = SS
    n = d_px * k
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = T.TOKEN_SWAMP if kind == "swamp" else T.TOKEN_TREASURE
    d.ellipse((0, 0, n - 1, n - 1), fill=T.TOKEN_EDGE)
    d.ellipse((k * 1.5, k * 1.5, n - 1 - k * 1.5, n - 1 - k * 1.5), fill=fill)
    light = T.blend(fill, (255, 255, 255), 0.35)
    if kind == "treasure":
        c = n / 2
        s = n * 0.22
        d.polygon([(c, c - s), (c + s, c), (c, c + s), (c - s, c)], fill=light)
    else:
        for i in (-1, 0, 1):
            x = n / 2 + i * n * 0.16
            d.line(
                (x, n * 0.7, x + i * n * 0.06, n * 0.3), fill=light, width=max(1, round(n * 0.07))
            )
    return _downscale(img, (d_px, d_px))


@lru_cache(maxsize=64)
def pawn_icon(btype: str, w: int, h: int) -> Image.Image:
    """An architect pawn in the colour of its building type."""
    k = SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, edge = T.BUILDING[btype], T.BUILDING_EDGE[btype]
    W, H = w * k, h * k
    lw = max(1, round(k * 1.2))
    d.rounded_rectangle(
        (W * 0.12, H * 0.72, W * 0.88, H * 0.98), radius=H * 0.08, fill=fill, outline=edge, width=lw
    )
    d.polygon(
        [(W * 0.3, H * 0.76), (W * 0.42, H * 0.38), (W * 0.58, H * 0.38), (W * 0.7, H * 0.76)],
        fill=fill,
        outline=edge,
    )
    r = W * 0.2
    d.ellipse((W / 2 - r, H * 0.06, W / 2 + r, H * 0.06 + 2 * r), fill=fill, outline=edge, width=lw)
    return _downscale(img, (w, h))


@lru_cache(maxsize=512)
def gondola(seat: int | str, letter: str, d_px: int) -> Image.Image:
    """The gondola on the track: a slim black hull under the player's round marker."""
    k = SS
    W, H = round(d_px * 1.56), round(d_px * 1.12)
    img = Image.new("RGBA", (W * k, H * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    Wk, Hk = W * k, H * k
    top, bottom = Hk * 0.74, Hk * 0.98
    hull = [(0.0, Hk * 0.6), (Wk * 0.1, top), (Wk * 0.9, top), (Wk - 1.0, Hk * 0.56)]
    hull += [(Wk * 0.9, bottom - Hk * 0.06), (Wk * 0.5, bottom), (Wk * 0.1, bottom - Hk * 0.06)]
    d.polygon(hull, fill=T.GONDOLA_HULL)
    d.line(
        [(Wk * 0.14, top + Hk * 0.05), (Wk * 0.86, top + Hk * 0.05)],
        fill=T.GONDOLA_TRIM,
        width=max(1, round(k * 1.2)),
    )
    img = _downscale(img, (W, H))
    m = marker(seat, letter, d_px)
    img.alpha_composite(m, ((W - d_px) // 2, 0))
    return img


@lru_cache(maxsize=64)
def piece_icon(btype: str, d_px: int) -> Image.Image:
    """A building piece of the supply: a hexagon in the type's colour with its icon."""
    k = SS
    n = d_px * k
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = n / 2
    d.polygon(hex_corners(c, c, n / 2), fill=T.BUILDING_EDGE[btype])
    d.polygon(hex_corners(c, c, n / 2 - k * 1.8), fill=T.BUILDING[btype])
    draw_icon(d, btype, (c, c), n * 0.56, T.BUILDING_INK, T.BUILDING[btype])
    return _downscale(img, (d_px, d_px))


@lru_cache(maxsize=64)
def ring_sprite(d_px: int, colour: T.RGB, width: float) -> Image.Image:
    k = SS
    n = d_px * k
    img = Image.new("RGBA", (n, n), (*colour, 0))
    m = Image.new("L", (n, n), 0)
    ImageDraw.Draw(m).ellipse((0, 0, n - 1, n - 1), outline=255, width=round(width * k))
    img.putalpha(m)
    return _downscale(img, (d_px, d_px))


@lru_cache(maxsize=512)
def hex_ring(label: str, colour: T.RGB, dashed: bool) -> Sprite:
    """A ring just inside a hex's edge: drained this turn (dashed) or a legal place."""
    lay = layout()
    cx, cy = lay.hex_px[label]
    s = lay.size
    x0, y0 = math.floor(cx - s) - 1, math.floor(cy - s) - 1
    x1, y1 = math.ceil(cx + s) + 2, math.ceil(cy + s) + 2
    k = SS
    m = Image.new("L", ((x1 - x0) * k, (y1 - y0) * k), 0)
    d = ImageDraw.Draw(m)
    cs = _scaled(hex_corners(cx, cy, s - 0.07 * lay.unit), x0, y0)
    w = round((0.065 if dashed else 0.08) * lay.unit * k)
    if dashed:
        for i in range(6):
            a, b = cs[i], cs[(i + 1) % 6]
            for f0, f1 in ((0.0, 0.22), (0.39, 0.61), (0.78, 1.0)):
                d.line(
                    (
                        a[0] + (b[0] - a[0]) * f0,
                        a[1] + (b[1] - a[1]) * f0,
                        a[0] + (b[0] - a[0]) * f1,
                        a[1] + (b[1] - a[1]) * f1,
                    ),
                    fill=255,
                    width=w,
                )
            r = w / 2
            d.ellipse((a[0] - r, a[1] - r, a[0] + r, a[1] + r), fill=255)
    else:
        d.line([*cs, cs[0]], fill=255, width=w, joint="curve")
    img = Image.new("RGBA", m.size, (*colour, 0))
    img.putalpha(m)
    if not dashed:  # a legal place: white ring with a dark inner line, visible on any hex
        inner = _scaled(hex_corners(cx, cy, s - 0.115 * lay.unit), x0, y0)
        ImageDraw.Draw(img).line(
            [*inner, inner[0]],
            fill=(*T.CANDIDATE_EDGE, 255),
            width=round(0.03 * lay.unit * k),
            joint="curve",
        )
    return Sprite(_downscale(img, (x1 - x0, y1 - y0)), x0, y0)
