"""How the Canal Grande images are put together: panels ("regions") drawn from a key, a fixed
palette, and the shared bits of every image (the header, a player's marker and name).

An image is a list of :class:`Region` s: a box, a key of everything the region shows, and a
painter that draws it from that key alone. Each region is drawn in RGB, mapped onto the fixed
palette once and kept in a :class:`render.common.RegionCache`; a render pastes the regions onto
a plain canvas and encodes it (:func:`render.png.png_bytes`). A panel that did not change since
an earlier image (the piles, the other player's panel, the victory grid) costs one paste.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageDraw

from render import theme as T
from render.canal_grande import theme as C
from render.canal_grande.cards import SPECIAL_LABEL, card_back, card_face
from render.common import (
    RegionCache,
    build_palette,
    marker,
    paste_flat,
    rounded_box,
    theme_colours,
)
from render.png import png_bytes
from render.text import draw_text

__all__ = [
    "Painter",
    "Region",
    "compose",
    "encode",
    "palette",
    "panel",
    "warm_up",
]

View = dict[str, Any]
Box = tuple[int, int, int, int]
Painter = Callable[[Image.Image, ImageDraw.ImageDraw], None]

#: Quantized panels kept per process (bytes = pixels): the last images of many live tables.
REGION_CACHE_BYTES: Final = 48 * 1024 * 1024
_CACHE = RegionCache(REGION_CACHE_BYTES)


@dataclass(frozen=True)
class Region:
    """A rectangle of an image drawn from ``key`` alone by ``paint`` (local coordinates, on the
    plain background)."""

    box: Box
    key: tuple[Any, ...]
    paint: Painter

    def rgb(self) -> Image.Image:
        x0, y0, x1, y1 = self.box
        img = Image.new("RGB", (x1 - x0, y1 - y0), T.BACKGROUND)
        self.paint(img, ImageDraw.Draw(img))
        return img

    def quantized(self) -> Image.Image:
        x0, y0, x1, y1 = self.box
        return _CACHE.get((x1 - x0, y1 - y0, *self.key), lambda: _quantize(self.rgb()))


def _quantize(img: Image.Image) -> Image.Image:
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=16)
def _canvas(w: int, h: int) -> Image.Image:
    return _quantize(Image.new("RGB", (w, h), T.BACKGROUND))


def compose(size: tuple[int, int], regions: Sequence[Region]) -> Image.Image:
    """The image ("P", :func:`palette`) with every region pasted at its place."""
    out = _canvas(*size).copy()
    for r in regions:
        out.paste(r.quantized(), r.box[:2])
    return out


def compose_rgb(size: tuple[int, int], regions: Sequence[Region]) -> Image.Image:
    """The same image drawn in RGB without the palette (for the palette's sample)."""
    out = Image.new("RGB", size, T.BACKGROUND)
    for r in regions:
        out.paste(r.rgb(), r.box[:2])
    return out


def encode(size: tuple[int, int], regions: Sequence[Region]) -> bytes:
    return png_bytes(compose(size, regions))


def clear_cache() -> None:
    """Forget every quantized panel (benchmarks time cold renders with it)."""
    _CACHE.clear()


# --------------------------------------------------------------------------- palette


def _sample_sheet() -> Image.Image:
    """Every card face, back and marker at the sizes the images use, on the panel colours:
    the antialiased in-betweens the palette must hold."""
    cards = [*C.DISTRICT, *SPECIAL_LABEL, "n1", "n2", "n3"]
    sizes = [(C.CARD_W, C.CARD_H), (96, 134), (40, 56), (30, 42), (24, 34)]
    sheet = Image.new("RGB", (len(cards) * (C.CARD_W + 6), 3 * sum(h + 6 for _, h in sizes)))
    y = 0
    for bg in (T.PANEL, T.PANEL_ACTIVE, T.BACKGROUND):
        for w, h in sizes:
            sheet.paste(bg, (0, y, sheet.width, y + h + 6))
            for i, c in enumerate(cards):
                sprite = card_face(c, w, h, c.title())
                sheet.paste(sprite, (i * (C.CARD_W + 6), y), sprite)
            for j, kind in enumerate("AZ"):
                back = card_back(kind, w, h)
                sheet.paste(back, (sheet.width - (j + 1) * (w + 6), y), back)
            y += h + 6
    for seat in (0, 1):
        m = marker(seat, "AB"[seat], 40)
        sheet.paste(m, (seat * 50, 0), m)
    return sheet


def _key_colours() -> list[T.RGB]:
    found = theme_colours(C, T)
    for d, c in C.DISTRICT.items():
        for extra in (C.DISTRICT_LIGHT[d], T.blend(c, T.PANEL, 0.5)):
            if extra not in found:
                found.append(extra)
    return found[:160]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette of the Canal Grande images, made once per process."""
    return build_palette(_key_colours(), [_sample_sheet()])


# --------------------------------------------------------------------------- shared painting


def panel(img: Image.Image, box: Box, active: bool = False, fill: T.RGB | None = None) -> None:
    """A rounded panel (highlighted when it is someone's turn) on the plain background."""
    x0, y0, x1, y1 = box
    face = fill or (T.PANEL_ACTIVE if active else T.PANEL)
    edge = T.PANEL_ACTIVE_EDGE if active else T.PANEL_EDGE
    paste_flat(
        img,
        rounded_box(x1 - x0, y1 - y0, face, edge, 12, 2 if active else 1),
        (x0, y0),
        T.BACKGROUND,
    )


def caption(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str) -> None:
    """A small upper-case panel caption."""
    draw_text(draw, xy, text.upper(), C.FONT_CAPTION, T.TEXT_SOFT, bold=True, anchor="ls")


def player_title(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    seat: int,
    letter: str,
    name: str,
    max_width: int,
    size: int = C.FONT_NAME,
    bg: T.RGB = T.PANEL,
) -> tuple[int, int, int, int]:
    """A player's marker and name, left-aligned at ``xy`` (the marker's top-left)."""
    d = size + 14
    paste_flat(img, marker(seat, letter, d), xy, bg)
    return draw_text(
        draw,
        (xy[0] + d + 10, xy[1] + d / 2),
        name,
        size,
        T.TEXT,
        bold=True,
        anchor="lm",
        max_width=max_width - d - 10,
    )


def header(
    img: Image.Image, draw: ImageDraw.ImageDraw, title: str, right: str, status: str, hot: bool
) -> None:
    """The dark band on top: title and round/turn, and the status line under them."""
    w = img.width
    draw.rectangle((0, 0, w, C.HEADER_H), fill=T.HEADER)
    from render.text import text_width

    rw = text_width(right, C.FONT_STATUS, bold=True)
    draw_text(draw, (w - C.MARGIN, 30), right, C.FONT_STATUS, T.HEADER_SUB, bold=True, anchor="rm")
    draw_text(
        draw,
        (C.MARGIN, 30),
        title,
        C.FONT_TITLE,
        T.HEADER_TEXT,
        bold=True,
        anchor="lm",
        max_width=w - 2 * C.MARGIN - rw - 20,
    )
    draw_text(
        draw,
        (C.MARGIN, 70),
        status,
        C.FONT_STATUS,
        T.HIGHLIGHT if hot else T.HEADER_SUB,
        bold=hot,
        anchor="lm",
        max_width=w - 2 * C.MARGIN,
    )


def warm_up() -> None:
    """Build the palette and the card sprites now (about a second), so the first image of a
    game is as fast as the others. Optional: the first render does it anyway."""
    palette()
    for card in (*C.DISTRICT, *SPECIAL_LABEL, "n1", "n2", "n3"):
        for w, h in ((C.CARD_W, C.CARD_H), (96, 134), (40, 56), (30, 42)):
            card_face(card, w, h)
