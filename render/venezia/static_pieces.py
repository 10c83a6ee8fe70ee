"""Building pieces as sprites (one shape per building, multi-hex ones drawn whole) and the
building icons they share with the cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.common.draw import SS
from render.common.draw import downscale as _downscale
from render.venezia import theme as T
from render.venezia.static_layout import (
    Layout,
    Point,
    _halo_text,
    layout,
    track_radius,
)

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
