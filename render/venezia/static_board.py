"""The static board layer of the Venezia image: water, islands, hexes, swamps, bridges and the
track, drawn once per board (swamp and drained variants) and cached.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from engine.i18n import current_language, speaking
from engine.venezia.board import Board
from render.common.draw import SS
from render.common.draw import downscale as _downscale
from render.common.text import draw_text
from render.venezia import theme as T
from render.venezia.static_labels import (
    _OBSTACLE_SCALE,
    LEGEND_SIZE,
    _draw_legend,
    _obstacles,
    district_name_spots,
    legend_spot,
)
from render.venezia.static_layout import (
    TRACK_END,
    Box,
    Layout,
    Point,
    _dashed_bridge,
    _draw_bricks,
    _draw_swamp,
    _scaled,
    hex_corners,
    is_post,
    layout,
    track_radius,
)

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


@dataclass(frozen=True)
class _Areas:
    """The language-free parts of the static layer: the board area in both variants, the
    drained tiles and where the key goes."""

    board: Board
    spot: tuple[int, int] | None
    swamp_v: Image.Image
    empty_v: Image.Image
    tiles: dict[str, HexTile]


_AREAS: dict[int, _Areas] = {}
_STATIC: dict[tuple[int, str], tuple[Board, StaticBoard]] = {}


def _areas(lay: Layout) -> _Areas:
    hit = _AREAS.get(id(lay.board))
    if hit is not None and hit.board is lay.board:
        return hit
    obstacles = _obstacles(lay)
    # the key first (it needs the most room), then the district names around it
    spot = legend_spot(lay, obstacles, *LEGEND_SIZE)
    if spot is not None:
        k = _OBSTACLE_SCALE
        lx, ly = spot[0] * k, (spot[1] - T.HEADER_H) * k
        lw, lh = LEGEND_SIZE[0] * k, LEGEND_SIZE[1] * k
        ImageDraw.Draw(obstacles).rectangle((lx, ly, lx + lw, ly + lh), fill=255)
    names = district_name_spots(lay, obstacles)
    swamp_v = _draw_board_area(lay, True, names)
    empty_v = _draw_board_area(lay, False, names)
    tiles: dict[str, HexTile] = {}
    for label, h in lay.board.hexes.items():
        if h.kind != "plain":
            continue
        box, mask = hex_mask(lay, label)
        shifted = (box[0], box[1] - T.HEADER_H, box[2], box[3] - T.HEADER_H)
        tiles[label] = HexTile(box, empty_v.crop(shifted), mask)
    areas = _Areas(lay.board, spot, swamp_v, empty_v, tiles)
    _AREAS[id(lay.board)] = areas
    return areas


def static_board(board: Board | None = None, lang: str | None = None) -> StaticBoard:
    """The static layer of ``board`` (default: the shipped board) with its key in ``lang``
    (default: the language in force), drawn once and cached (the board area once per board,
    the key once per language)."""
    lang = lang or current_language()
    lay = layout(board)
    hit = _STATIC.get((id(lay.board), lang))
    if hit is not None and hit[0] is lay.board:
        return hit[1]
    areas = _areas(lay)
    base = Image.new("RGB", (lay.width, lay.height), T.BACKGROUND)
    base.paste(areas.swamp_v, (0, T.HEADER_H))
    if areas.spot is not None:
        with speaking(lang):
            _draw_legend(base, areas.spot)
    base.paste(T.HEADER, (0, 0, lay.width, T.HEADER_H))
    empty = base.copy()
    empty.paste(areas.empty_v, (0, T.HEADER_H))
    sb = StaticBoard(lay, base, empty, areas.tiles)
    _STATIC[(id(lay.board), lang)] = (lay.board, sb)
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
        colour = T.POST_NUM if is_post(s) else T.TRACK_NUM
        if s == 10:  # 10 and 45 share a space: two lines in its larger disc
            size = T.FONT_TRACK - 3
            draw_text(d, (x, y - oy - 0.17 * u), "10", size, colour, bold=True, anchor="mm")
            draw_text(d, (x, y - oy + 0.17 * u), "45", size, colour, bold=True, anchor="mm")
            continue
        draw_text(d, (x, y - oy), str(s), T.FONT_TRACK, colour, bold=True, anchor="mm")
    for text, (x, y) in names.values():
        draw_text(d, (x, y - oy), text, T.FONT_DISTRICT, T.DISTRICT_NAME, bold=True, anchor="mm")
    return img
