"""Canal Grande card faces as sprites: districts, gondola, traitor, spy, doge, numbers, backs.

Each face is drawn supersampled once per size and cached (RGBA). A district card is its district's
colour with the district's name and two-letter mark; a special card has its own face and an icon
(a gondola on the water, a dagger, an eye, the doge's horned cap); a number card is a cream card
with its value. Small cards (narrower than :data:`SMALL`) keep only the mark, icon or value, so
they stay legible when a phone shrinks the image.

Nothing here reads a view: the functions take card ids (the engine's: district ids, ``gondola``,
``traitor``, ``spy``, ``doge``, ``n1``..``n3``) and sizes.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine.canal_grande.cards import number_name, special_name
from engine.canal_grande.language import N_, _
from render.canal_grande import theme as C
from render.common.draw import SS, downscale
from render.common.text import draw_text, text_width
from render.common.theme import RGB

__all__ = [
    "SMALL",
    "card_back",
    "card_face",
    "card_label",
    "district_colour",
    "is_number",
    "number_value",
]

#: Below this width a card shows only its mark, icon or value.
SMALL: Final = 64
#: The special cards' printed names (said in the language in force: :func:`special_label`).
SPECIAL_LABEL: Final = {
    # Translators: printed on the card's face in capitals (a card is about 100 px wide)
    "gondola": N_("GONDOLA"),
    "traitor": N_("TRAITOR"),
    "spy": N_("SPY"),
    "doge": N_("DOGE"),
}
Point = tuple[float, float]


def is_number(card: str) -> bool:
    return len(card) >= 2 and card[0] == "n" and card[1:].isdigit()


def number_value(card: str) -> int:
    return int(card[1:])


def district_colour(district: str) -> RGB:
    return C.DISTRICT.get(district, C.DISTRICT_FALLBACK)


def district_mark(district: str) -> str:
    return C.DISTRICT_MARK.get(district, district[:2].upper())


def card_label(card: str, names: dict[str, str] | None = None) -> str:
    """A card's name in words: the district's name, "gondola", "number 3"."""
    if is_number(card):
        return number_name(number_value(card))
    if names and card in names:
        return names[card]
    return special_name(card) if card in SPECIAL_LABEL else card


def special_label(card: str) -> str:
    """What a special card's face says, in the language in force ("" for other cards)."""
    if card not in SPECIAL_LABEL:
        return ""
    return _(SPECIAL_LABEL[card])


def _frame(w: int, h: int, fill: RGB, edge: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    k = SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(3, round(w * 0.09)) * k
    d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=r, fill=edge)
    b = max(2, round(w * 0.025)) * k
    d.rounded_rectangle((b, b, w * k - 1 - b, h * k - 1 - b), radius=max(k, r - b), fill=fill)
    return img, d


def _skyline(d: ImageDraw.ImageDraw, W: float, H: float, top: float, ink: RGB) -> None:
    """Little Venetian houses and a bell tower along the bottom of a district card."""
    base = H * 0.93
    x = W * 0.1
    widths = (0.13, 0.11, 0.09, 0.14, 0.12, 0.12)
    heights = (0.55, 0.75, 1.0, 0.6, 0.8, 0.5)
    for i, (fw, fh) in enumerate(zip(widths, heights, strict=True)):
        bw = W * fw
        bh = (base - top) * fh
        if i == 2:  # the campanile: slim, with a pointed roof
            d.rectangle((x, base - bh, x + bw, base), fill=ink)
            d.polygon(
                [(x, base - bh), (x + bw / 2, base - bh - bw * 1.2), (x + bw, base - bh)], ink
            )
        else:
            d.rectangle((x, base - bh, x + bw, base), fill=ink)
            d.polygon(
                [
                    (x - bw * 0.08, base - bh),
                    (x + bw / 2, base - bh - bw * 0.45),
                    (x + bw * 1.08, base - bh),
                ],
                fill=ink,
            )
        x += bw + W * 0.008
    d.rectangle((W * 0.08, base, W * 0.92, base + H * 0.012), fill=ink)


def _gondola_icon(
    d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, hull: RGB, thick: float = 1.0
) -> None:
    """A gondola seen from the side: a long curved hull, the ferro at the prow, the oar
    (``thick`` > 1 for small cards, where a slim hull would vanish)."""
    n = 24
    top: list[Point] = []
    bottom: list[Point] = []
    for i in range(n + 1):
        t = i / n
        x = cx + (t - 0.5) * s
        lift = (2 * t - 1) ** 4 * s * 0.22
        top.append((x, cy - lift))
        bottom.append(
            (x, cy + s * 0.07 * thick - lift * 0.55 + math.sin(t * math.pi) * s * 0.05 * thick)
        )
    d.polygon(top + bottom[::-1], fill=hull)
    px, py = top[-1]  # the ferro: a comb on the prow
    d.line([(px, py), (px + s * 0.02, py - s * 0.12)], fill=hull, width=max(1, round(s * 0.035)))
    for j in range(3):
        yy = py - s * 0.03 - j * s * 0.03
        d.line([(px, yy), (px + s * 0.06, yy)], fill=hull, width=max(1, round(s * 0.018)))
    # the gondolier's oar
    ox = cx + s * 0.22
    d.line([(ox, cy - s * 0.32), (ox - s * 0.12, cy + s * 0.12)], fill=hull, width=round(s * 0.025))
    # the gondolier
    gx, gy = cx + s * 0.26, cy - s * 0.06
    d.rectangle((gx - s * 0.025, gy - s * 0.16, gx + s * 0.025, gy), fill=hull)
    d.ellipse((gx - s * 0.03, gy - s * 0.23, gx + s * 0.03, gy - s * 0.17), fill=hull)


def _dagger_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB) -> None:
    blade = [
        (cx, cy - s * 0.5),
        (cx + s * 0.08, cy - s * 0.36),
        (cx + s * 0.07, cy + s * 0.12),
        (cx - s * 0.07, cy + s * 0.12),
        (cx - s * 0.08, cy - s * 0.36),
    ]
    d.polygon(blade, fill=ink)
    d.rounded_rectangle(
        (cx - s * 0.26, cy + s * 0.12, cx + s * 0.26, cy + s * 0.2), radius=s * 0.04, fill=ink
    )
    d.rectangle((cx - s * 0.045, cy + s * 0.2, cx + s * 0.045, cy + s * 0.42), fill=ink)
    d.ellipse((cx - s * 0.08, cy + s * 0.4, cx + s * 0.08, cy + s * 0.54), fill=ink)


def _eye_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: RGB, bg: RGB) -> None:
    n = 20
    upper = [
        (cx + (i / n - 0.5) * s, cy - math.sin(i / n * math.pi) * s * 0.3) for i in range(n + 1)
    ]
    lower = [
        (cx + (i / n - 0.5) * s, cy + math.sin(i / n * math.pi) * s * 0.3) for i in range(n + 1)
    ]
    d.polygon(upper + lower[::-1], fill=ink)
    r = s * 0.2
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=bg)
    r2 = s * 0.09
    d.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=ink)
    # the brim of a hat above: the spy
    d.rounded_rectangle(
        (cx - s * 0.42, cy - s * 0.46, cx + s * 0.42, cy - s * 0.38), radius=s * 0.04, fill=ink
    )
    d.rounded_rectangle(
        (cx - s * 0.22, cy - s * 0.7, cx + s * 0.22, cy - s * 0.4), radius=s * 0.08, fill=ink
    )


def _cap_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """The corno ducale: a cap rising to a rounded horn at the back, a gold band."""
    n = 24
    pts: list[Point] = [(cx - s * 0.42, cy + s * 0.3)]
    for i in range(n + 1):  # a dome that rises towards the horn at the back
        t = i / n
        x = cx - s * 0.42 + t * s * 0.84
        y = cy + s * 0.3 - s * (0.3 * math.sin(t * math.pi) + 0.42 * t**1.6)
        pts.append((x, y))
    pts.append((cx + s * 0.42, cy + s * 0.3))
    d.polygon(pts, fill=C.DOGE_HAT)
    d.ellipse((cx + s * 0.2, cy - s * 0.26, cx + s * 0.44, cy - s * 0.02), fill=C.DOGE_HAT)
    d.rounded_rectangle(
        (cx - s * 0.48, cy + s * 0.22, cx + s * 0.48, cy + s * 0.38),
        radius=s * 0.05,
        fill=C.DOGE_INK,
    )
    for i in range(5):
        x = cx - s * 0.36 + i * s * 0.18
        d.ellipse((x - s * 0.035, cy + s * 0.265, x + s * 0.035, cy + s * 0.335), fill=C.DOGE_FACE)


def card_face(card: str, w: int, h: int, name: str = "", *, printed: bool = True) -> Image.Image:
    """The face of ``card`` as a ``w`` x ``h`` RGBA sprite; ``name`` is a district's name (a
    special card's face is printed in the language in force). ``printed=False``: without the
    small printed name (the hand writes it large under the card)."""
    return _card_face(card, w, h, name, special_label(card) if printed else "", printed)


@lru_cache(maxsize=256)
def _card_face(card: str, w: int, h: int, name: str, label: str, printed: bool) -> Image.Image:
    k = SS
    W, H = w * k, h * k
    small = w < SMALL
    if is_number(card):
        img, d = _frame(w, h, C.NUMBER_FACE, C.NUMBER_EDGE)
        out = downscale(img, (w, h))
        od = ImageDraw.Draw(out)
        v = str(number_value(card))
        size = round(h * (0.56 if small else 0.5))
        draw_text(od, (w / 2, h / 2), v, size, C.NUMBER_INK, bold=True, anchor="mm")
        if not small:
            cs = max(10, round(w * 0.16))
            draw_text(od, (w * 0.14, h * 0.1), v, cs, C.NUMBER_INK, bold=True, anchor="mm")
            draw_text(od, (w * 0.86, h * 0.9), v, cs, C.NUMBER_INK, bold=True, anchor="mm")
        return out
    if card in SPECIAL_LABEL:
        return _special(card, w, h, W, H, small, label)
    colour = district_colour(card)
    img, d = _frame(w, h, colour, C.DISTRICT_DARK.get(card, (40, 40, 40)))
    if not small:
        _skyline(d, W, H, H * 0.72, C.DISTRICT_LIGHT.get(card, (230, 230, 230)))
        r = W * 0.28
        cy = H * 0.46
        d.ellipse((W / 2 - r, cy - r, W / 2 + r, cy + r), fill=C.CARD_INK)
    out = downscale(img, (w, h))
    od = ImageDraw.Draw(out)
    mark = district_mark(card)
    if small:
        draw_text(od, (w / 2, h / 2), mark, round(w * 0.42), C.CARD_INK, bold=True, anchor="mm")
    else:
        draw_text(od, (w / 2, h * 0.46), mark, round(w * 0.24), colour, bold=True, anchor="mm")
        if not printed:
            return out
        label = name or card
        draw_text(
            od,
            (w / 2, h * 0.12),
            label,
            max(11, round(w * 0.135)),
            C.CARD_INK,
            bold=True,
            anchor="mm",
            max_width=w - 10,
        )
    return out


def _special(card: str, w: int, h: int, W: int, H: int, small: bool, label: str) -> Image.Image:
    icon_cy = H * (0.5 if small else 0.52)
    s = W * (1.0 if small else 0.78)
    if card == "gondola":
        img, d = _frame(w, h, C.GONDOLA_FACE, C.GONDOLA_EDGE)
        b = max(2, round(w * 0.025)) * SS
        water_top = H * 0.6
        d.rounded_rectangle(
            (b, water_top, W - 1 - b, H - 1 - b),
            radius=max(SS, round(w * 0.07) * SS),
            fill=C.GONDOLA_WATER,
        )
        d.rectangle((b, water_top, W - 1 - b, water_top + H * 0.08), fill=C.GONDOLA_WATER)
        if small:
            _gondola_icon(d, W / 2, water_top - H * 0.04, W * 0.8, C.GONDOLA_HULL, thick=2.2)
        else:
            _gondola_icon(d, W / 2, water_top - s * 0.02, s, C.GONDOLA_HULL)
        ink: RGB = C.NUMBER_INK
    elif card == "traitor":
        img, d = _frame(w, h, C.TRAITOR_FACE, (30, 16, 22))
        _dagger_icon(d, W / 2, icon_cy, s * 0.8, C.TRAITOR_INK)
        ink = C.TRAITOR_INK
    elif card == "spy":
        img, d = _frame(w, h, C.SPY_FACE, (20, 28, 38))
        _eye_icon(d, W / 2, icon_cy + s * 0.12, s * 0.8, C.SPY_INK, C.SPY_FACE)
        ink = C.SPY_INK
    else:  # doge
        img, d = _frame(w, h, C.DOGE_FACE, C.DOGE_EDGE)
        _cap_icon(d, W / 2, icon_cy, s * 0.85)
        ink = C.DOGE_INK
    out = downscale(img, (w, h))
    if not small and label:
        od = ImageDraw.Draw(out)
        y = h * 0.12 if card == "gondola" else h * 0.88
        size = max(11, round(w * 0.13))
        while size > 8 and text_width(label, size, bold=True) > w - 8:
            size -= 1  # a long translation (English always fits)
        draw_text(od, (w / 2, y), label, size, ink, bold=True, anchor="mm")
    return out


@lru_cache(maxsize=32)
def card_back(kind: str, w: int, h: int) -> Image.Image:
    """A face-down card: back "A" (action cards) or "Z" (number cards), as printed."""
    fill = C.BACK_NUMBER if kind == "Z" else C.BACK_ACTION
    img, d = _frame(w, h, fill, C.BACK_EDGE)
    k = SS
    W, H = w * k, h * k
    inset = W * 0.12
    d.rounded_rectangle(
        (inset, inset, W - inset, H - inset),
        radius=W * 0.06,
        outline=C.BACK_EDGE,
        width=max(k, round(w * 0.02) * k),
    )
    out = downscale(img, (w, h))
    draw_text(ImageDraw.Draw(out), (w / 2, h / 2), kind, round(w * 0.42), C.BACK_EDGE, True, "mm")
    return out
