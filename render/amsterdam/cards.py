"""Amsterdam card faces and pieces as sprites (RGBA, drawn supersampled once per size, cached).

A harbour card is cream with its number in its owner's colour (red or black) and an edge of that
colour; its goods are icons with their own shape and letter (tea a square ``T``, wine a circle
``W``, spice a diamond ``S``); a ship symbol and a gulden coin (``ƒ``) sit top right. A water card
is blue with its number in white; the harbour center shows an anchor; a crane shows a crane in its
owner's colour; tide, bridge and customs house have their own faces. Pieces: the ship, a guard.

Nothing here reads a view: cards come in as :func:`card_key` tuples.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.amsterdam.language import _p
from render.amsterdam import theme as A
from render.common.draw import SS, downscale
from render.common.text import draw_text, text_width
from render.common.theme import RGB

__all__ = ["CardKey", "card_face", "card_key", "coin", "goods_icon", "guard", "ship_piece"]

#: (kind, label, owner, tea, wine, spice, ship, gulden, crane)
CardKey = tuple[str, str, int | None, int, int, int, bool, bool, bool]
GOODS_ORDER = ("tea", "wine", "spice")


def card_key(card: dict[str, Any]) -> CardKey:
    g = card.get("goods") or {}
    owner = card.get("owner")
    return (
        str(card.get("kind", "water")),
        str(card.get("label", "")),
        int(owner) if owner is not None else None,
        int(g.get("tea", 0)),
        int(g.get("wine", 0)),
        int(g.get("spice", 0)),
        bool(card.get("ship")),
        bool(card.get("gulden")),
        bool(card.get("crane")),
    )


def _canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def goods_icon(goods: str, d: int, text: str | None = None) -> Image.Image:
    """One goods symbol: tea a rounded square, wine a circle, spice a diamond, each lettered
    with its goods' initial in the language in force (or carrying ``text``: a depot's
    warehouse count)."""
    if text is None:
        text = goods_letters().get(goods, "?")
    return _goods_icon(goods, d, text)


def goods_letters() -> dict[str, str]:
    """The letter on each goods symbol, in the language in force (``T``, ``W``, ``S``)."""
    # Translators: one letter (or character) on the goods symbols: tea, wine, spice
    return {
        "tea": _p("goods letter", "T"),
        "wine": _p("goods letter", "W"),
        "spice": _p("goods letter", "S"),
    }


@lru_cache(maxsize=256)
def _goods_icon(goods: str, d: int, text: str) -> Image.Image:
    img, dr = _canvas(d, d)
    n = d * SS
    fill, edge = A.GOODS.get(goods, A.NEUTRAL), A.GOODS_EDGE.get(goods, (0, 0, 0))
    e = max(SS, round(n * 0.07))
    if goods == "tea":
        dr.rounded_rectangle(
            (e, e, n - 1 - e, n - 1 - e), radius=n * 0.18, fill=fill, outline=edge, width=e
        )
    elif goods == "spice":
        m = n / 2
        dr.polygon([(m, 0), (n - 1, m), (m, n - 1), (0, m)], fill=edge)
        k = e * 1.5
        dr.polygon([(m, k), (n - 1 - k, m), (m, n - 1 - k), (k, m)], fill=fill)
    else:
        dr.ellipse((0, 0, n - 1, n - 1), fill=edge)
        dr.ellipse((e, e, n - 1 - e, n - 1 - e), fill=fill)
    out = downscale(img, (d, d))
    size = max(8, round(d * (0.5 if goods == "spice" else 0.58)))
    draw_text(
        ImageDraw.Draw(out),
        (d / 2, d / 2),
        text,
        size,
        A.GOODS_INK.get(goods, (0, 0, 0)),
        bold=True,
        anchor="mm",
    )
    return out


@lru_cache(maxsize=32)
def coin(d: int) -> Image.Image:
    """The gulden symbol: a gold coin with ``ƒ``."""
    img, dr = _canvas(d, d)
    n = d * SS
    dr.ellipse((0, 0, n - 1, n - 1), fill=A.COIN_EDGE)
    e = max(SS, round(n * 0.09))
    dr.ellipse((e, e, n - 1 - e, n - 1 - e), fill=A.COIN)
    out = downscale(img, (d, d))
    draw_text(
        ImageDraw.Draw(out),
        (d / 2, d / 2),
        "ƒ",
        max(8, round(d * 0.66)),
        A.COIN_INK,
        bold=True,
        anchor="mm",
    )
    return out


def _boat(
    dr: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, hull: RGB, sail: RGB, edge: RGB
) -> None:
    """A small sailing ship in the box (x, y, w, h)."""
    deck = y + h * 0.68
    dr.polygon([(x, deck), (x + w, deck), (x + w * 0.82, y + h), (x + w * 0.18, y + h)], fill=hull)
    mast = x + w * 0.5
    dr.line([(mast, y + h * 0.04), (mast, deck)], fill=hull, width=max(1, round(w * 0.06)))
    dr.polygon(
        [
            (mast + w * 0.04, y + h * 0.08),
            (mast + w * 0.04, deck - h * 0.08),
            (x + w * 0.9, deck - h * 0.08),
        ],
        fill=sail,
        outline=edge,
    )
    dr.polygon(
        [
            (mast - w * 0.04, y + h * 0.16),
            (mast - w * 0.04, deck - h * 0.08),
            (x + w * 0.14, deck - h * 0.08),
        ],
        fill=sail,
        outline=edge,
    )


@lru_cache(maxsize=32)
def ship_symbol(d: int) -> Image.Image:
    """The ship symbol printed on a card: a small dark ship on a white disc."""
    img, dr = _canvas(d, d)
    n = d * SS
    dr.ellipse(
        (0, 0, n - 1, n - 1), fill=A.SYMBOL_BG, outline=A.WATER_EDGE, width=max(SS, round(n * 0.06))
    )
    _boat(dr, n * 0.18, n * 0.16, n * 0.64, n * 0.64, A.WATER_EDGE, A.WATER_EDGE, A.WATER_EDGE)
    return downscale(img, (d, d))


@lru_cache(maxsize=16)
def ship_piece(d: int) -> Image.Image:
    """The city ship (the piece on the board): brown hull, white sails, a dark outline."""
    img, dr = _canvas(d, d)
    n = d * SS
    dr.ellipse(
        (0, 0, n - 1, n - 1),
        fill=(255, 255, 255, 230),
        outline=A.SHIP_HULL,
        width=max(SS, round(n * 0.06)),
    )
    _boat(dr, n * 0.16, n * 0.12, n * 0.68, n * 0.7, A.SHIP_HULL, A.SHIP_SAIL, A.SHIP_HULL)
    return downscale(img, (d, d))


@lru_cache(maxsize=16)
def guard(seat: int | None, d: int) -> Image.Image:
    """A warehouse guard (pawn) in the winner's colour, white-rimmed to stand out."""
    img, dr = _canvas(d, d)
    n = d * SS
    fill = A.player_colour(seat)
    rim = max(SS, round(n * 0.07))
    for pad, col in ((0, (255, 255, 255)), (rim, fill)):
        dr.ellipse((n * 0.3 + pad, pad, n * 0.7 - pad, n * 0.4 - pad), fill=col)
        dr.polygon(
            [
                (n * 0.5, n * 0.2 + pad),
                (n * 0.82 - pad, n - 1 - pad),
                (n * 0.18 + pad, n - 1 - pad),
            ],
            fill=col,
        )
    return downscale(img, (d, d))


def _anchor(dr: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    w = max(2, round(s * 0.08))
    dr.ellipse((cx - s * 0.1, cy - s * 0.5, cx + s * 0.1, cy - s * 0.3), outline=ink, width=w)
    dr.line([(cx, cy - s * 0.3), (cx, cy + s * 0.42)], fill=ink, width=w)
    dr.line([(cx - s * 0.25, cy - s * 0.16), (cx + s * 0.25, cy - s * 0.16)], fill=ink, width=w)
    dr.arc((cx - s * 0.42, cy - s * 0.05, cx + s * 0.42, cy + s * 0.45), 20, 160, fill=ink, width=w)


def _crane(dr: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: RGB) -> None:
    w = max(2, round(s * 0.07))
    dr.line([(x + s * 0.3, y + s), (x + s * 0.3, y + s * 0.1)], fill=ink, width=w)  # tower
    dr.line([(x + s * 0.05, y + s * 0.18), (x + s * 0.95, y + s * 0.18)], fill=ink, width=w)  # jib
    dr.line(
        [(x + s * 0.3, y + s * 0.05), (x + s * 0.95, y + s * 0.18)], fill=ink, width=max(1, w // 2)
    )
    dr.line(
        [(x + s * 0.85, y + s * 0.18), (x + s * 0.85, y + s * 0.62)], fill=ink, width=max(1, w // 2)
    )
    dr.rectangle((x + s * 0.76, y + s * 0.62, x + s * 0.94, y + s * 0.76), fill=ink)  # load
    dr.rectangle((x + s * 0.1, y + s * 0.94, x + s * 0.5, y + s), fill=ink)  # base


def _waves(dr: ImageDraw.ImageDraw, W: float, H: float, colour: RGB) -> None:
    w = max(2, round(W * 0.025))
    for fy in (0.62, 0.8):
        y = H * fy
        for i in range(3):
            x0 = W * (0.1 + i * 0.28)
            dr.arc((x0, y - H * 0.05, x0 + W * 0.16, y + H * 0.05), 200, 340, fill=colour, width=w)


def card_face(key: CardKey, w: int, h: int) -> Image.Image:
    """The face of one card at ``w`` × ``h`` pixels (a special card's name in the language in
    force)."""
    words = {
        "tide": _p("card face", "TIDE"),
        "bridge": _p("card face", "BRIDGE"),
        "customs": _p("card face", "CUSTOMS"),
    }
    # the goods letters drawn on the face are the language's too (goods_icon)
    return _card_face(key, w, h, words.get(key[0], ""), tuple(goods_letters().values()))


@lru_cache(maxsize=2048)
def _card_face(key: CardKey, w: int, h: int, word: str, _letters: tuple[str, ...]) -> Image.Image:
    kind, label, owner, tea, wine, spice, ship, gulden, crane = key
    img, dr = _canvas(w, h)
    W, H = w * SS, h * SS
    radius = max(3, round(w * 0.08)) * SS
    if kind in ("water", "center", "tide"):
        fill = {"water": A.WATER, "center": A.CENTER, "tide": A.TIDE}[kind]
        edge = A.WATER_EDGE
    elif kind == "bridge":
        fill, edge = A.BRIDGE, A.BRIDGE_DARK
    elif kind == "customs":
        fill, edge = A.HARBOR, A.CUSTOMS
    else:
        fill, edge = A.HARBOR, A.player_colour(owner) if owner is not None else A.HARBOR_EDGE
    bw = max(2, round(w * (0.045 if kind == "harbor" else 0.025))) * SS
    dr.rounded_rectangle((0, 0, W - 1, H - 1), radius=radius, fill=edge)
    dr.rounded_rectangle((bw, bw, W - 1 - bw, H - 1 - bw), radius=max(SS, radius - bw), fill=fill)
    if kind in ("water", "tide"):
        _waves(dr, W, H, A.WATER_WAVE)
    if kind == "center":
        _anchor(dr, W / 2, H * 0.52, min(W, H) * 0.7, (255, 255, 255))
    if kind == "bridge":
        k = max(SS, round(W * 0.03))
        dr.arc((W * 0.12, H * 0.42, W * 0.88, H * 1.1), 180, 360, fill=A.BRIDGE_DARK, width=k * 2)
        for i in range(5):
            x = W * (0.2 + i * 0.15)
            dr.line([(x, H * 0.3), (x, H * 0.5)], fill=A.BRIDGE_DARK, width=k)
        dr.line([(W * 0.1, H * 0.3), (W * 0.9, H * 0.3)], fill=A.BRIDGE_DARK, width=k * 2)
    if kind == "customs":
        dr.polygon(
            [(W * 0.25, H * 0.55), (W * 0.5, H * 0.33), (W * 0.75, H * 0.55)], fill=A.CUSTOMS
        )
        dr.rectangle((W * 0.3, H * 0.55, W * 0.7, H * 0.82), fill=A.CUSTOMS)
        dr.rectangle((W * 0.45, H * 0.66, W * 0.55, H * 0.82), fill=A.HARBOR)
    if crane:
        s = min(W, H) * 0.56
        _crane(dr, (W - s) / 2, H * 0.34, s, A.player_colour(owner))
    out = downscale(img, (w, h))
    od = ImageDraw.Draw(out)
    small = min(w, h)
    num_size = max(12, round(small * 0.26))
    pad = max(3, round(small * 0.07))
    if kind in ("water", "tide", "center"):
        ink: RGB = A.WATER_INK
    elif kind == "bridge":
        ink = (255, 255, 255)
    elif kind == "customs":
        ink = A.CUSTOMS
    else:
        ink = A.player_colour(owner)
    if kind in ("water", "harbor"):
        draw_text(od, (pad + 1, pad - 1), label, num_size, ink, bold=True, anchor="la")
    elif kind in ("tide", "bridge", "customs"):
        size = max(9, round(small * 0.16))
        while size > 7 and text_width(word, size, bold=True) > w - 2 * pad:
            size -= 1  # a long word (CUSTOMS, a translation) is drawn smaller, not cut
        draw_text(
            od,
            (w / 2, pad),
            word,
            size,
            ink,
            bold=True,
            anchor="ma",
            max_width=w - 2 * pad,
        )
    sym = max(10, round(small * 0.24))
    sx = w - pad - sym
    for on, sprite in ((gulden, coin(sym)), (ship, ship_symbol(sym))):
        if on:
            out.paste(sprite, (sx, pad), sprite)
            sx -= sym + 2
    goods = [g for g, n in zip(GOODS_ORDER, (tea, wine, spice), strict=True) for _ in range(n)]
    if goods:
        d = max(10, min(round(w * 0.27), round((w - 2 * pad) / len(goods)) - 2))
        gap = max(1, round(d * 0.08))
        total = len(goods) * d + (len(goods) - 1) * gap
        x = (w - total) / 2
        y = round(h * 0.52 - d / 2)
        for g in goods:
            icon = goods_icon(g, d)
            out.paste(icon, (round(x), y), icon)
            x += d + gap
    return out


@lru_cache(maxsize=16)
def card_back(w: int, h: int) -> Image.Image:
    img, dr = _canvas(w, h)
    W, H = w * SS, h * SS
    r = max(3, round(w * 0.08)) * SS
    dr.rounded_rectangle((0, 0, W - 1, H - 1), radius=r, fill=(226, 214, 180))
    b = max(2, round(w * 0.05)) * SS
    dr.rounded_rectangle((b, b, W - 1 - b, H - 1 - b), radius=max(SS, r - b), fill=A.CARD_BACK)
    return downscale(img, (w, h))
