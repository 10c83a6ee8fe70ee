"""Where the board's labels go: district names and the legend, placed where they hide nothing,
and the legend's drawing.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import Image, ImageDraw

from engine.venezia.language import _
from render.common.draw import SS, paste, rounded_box
from render.common.draw import downscale as _downscale
from render.common.text import draw_fitted, text_width
from render.venezia import theme as T
from render.venezia.static_layout import (
    SQRT3,
    Layout,
    Point,
    _draw_bricks,
    _draw_swamp,
    hex_corners,
)

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
    # the queue of gondolas still on the start space (render.venezia.board_base.gondola_point)
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
        # nearer its own district than any other; a district hemmed in by others and the
        # canal (San Polo) takes the free spot nearest to it, its letter saying whose it is
        for margin in (0.4 * u * k, -1.2 * u * k):
            best: tuple[float, Point] | None = None
            step = u * k / 4
            reach = 2.6 * u * k
            y = min(ys) - reach
            while y <= max(ys) + reach:
                x = min(xs) - reach
                while x <= max(xs) + reach:
                    box = (
                        round(x - tw / 2),
                        round(y - th / 2),
                        round(x + tw / 2),
                        round(y + th / 2),
                    )
                    x += step
                    if box[0] < 2 or box[1] < 2 or box[2] > w - 2 or box[3] > h - 2:
                        continue
                    if obstacles.crop(box).getbbox() is not None:
                        continue
                    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                    near_own = min(math.dist((cx, cy), p) for p in own)
                    near_other = min((math.dist((cx, cy), p) for p in others), default=1e9)
                    if near_other < near_own + margin:
                        continue
                    if best is None or near_own < best[0]:
                        best = (near_own, (cx / k, cy / k + oy))
                y += step
            if best is not None:
                break
        if best is not None:
            spots[did] = (text, best[1])
            bx, by = best[1]
            ImageDraw.Draw(obstacles).rectangle(
                (bx * k - tw / 2, (by - oy) * k - th / 2, bx * k + tw / 2, (by - oy) * k + th / 2),
                fill=255,
            )
    return spots


LEGEND_SIZE: Final = (184, 130)
LEGEND_FONT: Final = 17  # the key is a reminder; everything it explains is drawn on the board


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
    # Translators: the title of the board's key (legend), in capitals if the script has them
    title = _("KEY")
    draw_fitted(
        d, (x0 + 12, y0 + 24), title, LEGEND_FONT, T.TEXT_SOFT, w - 24, bold=True, anchor="ls"
    )
    rows = [
        # Translators: the board's key: a swamp hex holds a token worth 0-2 gold (short)
        ("swamp", _("swamp 0–2 gold")),
        # Translators: the board's key: a hex that can never be built on (short)
        ("stone", _("stone site")),
        # Translators: the board's key: mooring posts after space 60 of the canal (short)
        ("post", _("posts 61+")),
    ]
    k = SS
    icon = 26
    for i, (kind, text) in enumerate(rows):
        cy = y0 + 46 + i * 32
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
        room = x0 + w - 8 - (cx + 22)
        draw_fitted(d, (cx + 22, cy), text, LEGEND_FONT, T.TEXT, room, anchor="lm", smallest=11)
