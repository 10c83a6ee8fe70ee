"""Venezia image geometry: where everything goes (board pixels, hex centres, track points,
the image frame), built from the engine's board data, plus the small drawing aids (halo
text, swamp, bricks, bridge sites) that the board layer and the legend share.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from PIL import ImageDraw

from engine.venezia.board import Board, cartesian, load_board, load_components
from render.common.draw import SS
from render.common.text import draw_text
from render.venezia import theme as T

Point = tuple[float, float]
Box = tuple[int, int, int, int]

SQRT3: Final = math.sqrt(3)
#: The track's last scoring space (60); the mooring posts follow it (V-C5).
TRACK_END: Final = int(load_components()["track_end"])
#: Room (in units) left of the start space's centre: half a gondola (0.56) and a margin.
START_CLEAR: Final = 0.85


# =========================================================================== geometry


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of the board image, derived from the board data.

    The board area starts at ``(0, T.HEADER_H)``; the strip and then the grid of panels
    (``T.PANEL_COLS`` x ``T.PANEL_ROWS``, from ``panels_y``) are under it.
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
    def panels_y(self) -> int:
        """Top of the grid of player panels (under the strip)."""
        return T.HEADER_H + self.board_h + T.STRIP_H

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


def panels_height() -> int:
    """Height of the grid of player panels and the builds box under the strip."""
    return T.PANEL_ROWS * (T.PLAYER_PANEL_H + T.PANEL_GAP) - T.PANEL_GAP + T.PAD


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
    # the gondolas queued on space 0 are wider than its disc: keep their hulls off the edge
    start_x = cartesian(board.track[0].x, board.track[0].y)[0]
    min_x = min(min(p[0] for p in pts) - m, start_x - START_CLEAR)
    min_y = min(p[1] for p in pts) - m
    max_x = max(p[0] for p in pts) + m
    max_y = max(p[1] for p in pts) + m
    board_w = math.ceil((max_x - min_x) * unit)
    board_h = math.ceil((max_y - min_y) * unit)
    width = board_w
    height = T.HEADER_H + board_h + T.STRIP_H + panels_height()

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
    return 0.34 * lay.unit


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
