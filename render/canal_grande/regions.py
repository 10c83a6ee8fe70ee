"""How the Canal Grande images are put together: panels ("regions") drawn from a key, a fixed
palette, and the shared bits of every image (the header, a player's marker and name).

An image is a list of :class:`Region` s: a box, a key of everything the region shows, and a
painter that draws it from that key alone. Each region is drawn in RGB, mapped onto the fixed
palette once and kept in a :class:`render.common.draw.RegionCache`; a render pastes the regions
onto a plain canvas and encodes it (:func:`render.common.png.png_bytes`). A panel that did not
change since an earlier image (the piles, the other player's panel, the victory grid) costs one
paste.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.i18n import SOURCE, current_language, sentence, speaking
from render.canal_grande import theme as C
from render.canal_grande.cards import SPECIAL_LABEL, card_back, card_face
from render.common import draw as common
from render.common import theme as T
from render.common.draw import (
    Painter,
    Region,
    RegionCache,
    build_palette,
    compose_regions,
    marker,
)
from render.common.legacy_palette import keys_with_legacy
from render.common.png import png_bytes
from render.common.text import draw_text, fitted_size

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

#: Quantized panels kept per process (bytes = pixels): the last images of many live tables.
REGION_CACHE_BYTES: Final = 48 * 1024 * 1024
_CACHE = RegionCache(REGION_CACHE_BYTES)


def compose(size: tuple[int, int], regions: Sequence[Region]) -> Image.Image:
    """The image ("P", :func:`palette`) with every region pasted at its place."""
    return compose_regions(size, in_language(regions), palette(), _CACHE)


def compose_rgb(size: tuple[int, int], regions: Sequence[Region]) -> Image.Image:
    """The same image drawn in RGB without the palette (for the palette's sample)."""
    out = Image.new("RGB", size, T.BACKGROUND)
    for r in regions:
        out.paste(r.rgb(), r.box[:2])
    return out


def encode(size: tuple[int, int], regions: Sequence[Region]) -> bytes:
    return png_bytes(compose(size, regions))


def in_language(regions: Sequence[Region]) -> list[Region]:
    """The regions with the language in force in their keys: a panel's words depend on it, so
    a panel drawn in one language is never pasted into an image of another."""
    lang = current_language()
    return [replace(r, key=(*r.key, lang)) for r in regions]


def fitted(text: str, size: int, room: int | None, bold: bool = False, smallest: int = 9) -> int:
    """The font size at which ``text`` fits ``room`` px: ``size`` or smaller, down to
    ``smallest``. English keeps ``size`` (its layouts are the golden images'); a translation
    longer than its box is drawn smaller rather than cut."""
    if room is None or current_language() == SOURCE:
        return size
    return fitted_size(text, size, room, bold, smallest)


def say_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: T.RGB,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
    room: int | None = None,
) -> tuple[int, int, int, int]:
    """:func:`draw_text` with a translation shrunk to fit ``room`` (default ``max_width``)."""
    size = fitted(text, size, room if room is not None else max_width, bold)
    return draw_text(draw, xy, text, size, fill, bold=bold, anchor=anchor, max_width=max_width)


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
    found = keys_with_legacy(C)
    for d, c in C.DISTRICT.items():
        for extra in (C.DISTRICT_LIGHT[d], T.blend(c, T.PANEL, 0.5)):
            if extra not in found:
                found.append(extra)
    return found[:160]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette of the Canal Grande images, made once per process (from English card
    faces, whatever the language of the first image: the palette never depends on it)."""
    with speaking(SOURCE):
        return build_palette(_key_colours(), [_sample_sheet()])


# --------------------------------------------------------------------------- shared painting


def panel(img: Image.Image, box: Box, active: bool = False, fill: T.RGB | None = None) -> None:
    """A rounded panel (highlighted when it is someone's turn) on the plain background."""
    common.panel(img, box, active, fill)


def caption(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int = C.FONT_CAPTION,
    room: int | None = None,
) -> None:
    """A small panel caption, drawn as its message is written (a translation shrunk to ``room``
    px): no case change of a translated text (#25 item 2)."""
    common.caption(draw, xy, text, fitted(sentence(text), size, room, bold=True))


#: A player's marker and name, left-aligned at ``xy`` (the marker's top-left).
player_title = common.PlayerTitles(C.FONT_NAME)


def lead_lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    step: int,
    lines: Sequence[str],
    max_width: int | None = None,
) -> None:
    """Lines of text ``step`` apart from ``xy`` (left, middle): the first a bold lead in the
    body size, the others small and soft."""
    for i, line in enumerate(lines):
        say_text(
            draw,
            (xy[0], xy[1] + i * step),
            line,
            C.FONT_BODY if i == 0 else C.FONT_SMALL,
            T.TEXT if i == 0 else T.TEXT_SOFT,
            bold=i == 0,
            anchor="lm",
            max_width=max_width,
        )


def header(
    img: Image.Image, draw: ImageDraw.ImageDraw, title: str, right: str, status: str, hot: bool
) -> None:
    """The dark band on top: title and round/turn, and the status line under them (a long
    translation of the status drawn smaller)."""
    size = fitted(status, C.FONT_STATUS, img.width - 2 * C.MARGIN, bold=hot)
    common.header_band(
        img, draw, title, right, status, hot, C.HEADER_H, C.MARGIN, C.FONT_TITLE, size
    )


def warm_up() -> None:
    """Build the palette and the card sprites now (about a second), so the first image of a
    game is as fast as the others. Optional: the first render does it anyway."""
    palette()
    for card in (*C.DISTRICT, *SPECIAL_LABEL, "n1", "n2", "n3"):
        for w, h in ((C.CARD_W, C.CARD_H), (96, 134), (40, 56), (30, 42)):
            card_face(card, w, h)
