"""Small cached icons of the Venezia images: cards, card backs, tokens, architects, gondolas,
pieces and highlight rings.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.i18n import current_language
from engine.venezia.presentation.words import building_gloss
from render.common.draw import SS, marker
from render.common.draw import downscale as _downscale
from render.common.text import draw_fitted, draw_text
from render.venezia import theme as T
from render.venezia.static_layout import (
    SQRT3,
    Point,
    _scaled,
    hex_corners,
    layout,
)
from render.venezia.static_pieces import (
    Sprite,
    draw_icon,
)


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


def big_card(btype: str, w: int, h: int) -> Image.Image:
    """A face-up building card for the hand image: colour, needed count, footprint, icon, its
    printed (Italian) name and under it what it is in the reader's language."""
    return _big_card(btype, w, h, current_language())


@lru_cache(maxsize=64)
def _big_card(btype: str, w: int, h: int, lang: str) -> Image.Image:
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
        (w / 2, h * 0.815),
        btype,
        max(10, round(w * 0.145)),
        T.BUILDING_INK,
        bold=True,
        anchor="mm",
    )
    # the reader's word for it, as large as the name (the hand is shown at ~57 %)
    draw_fitted(
        od,
        (w / 2, h * 0.925),
        building_gloss(btype),
        max(8, round(w * 0.145)),
        T.blend(T.BUILDING_INK, colour, 0.25),
        w - 10,
        anchor="mm",
        smallest=max(8, round(w * 0.145)),
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
