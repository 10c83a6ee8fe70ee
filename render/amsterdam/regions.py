"""How the Amsterdam images are put together: :class:`render.common.draw.Region` s on a fixed
palette made from Amsterdam's colours and its card sprites, a cache of quantized regions, and the
bits every Amsterdam image shares (header band, a player's red or black marker and name).

The harbour grid is one region per cell, keyed by what the cell shows, so a move redraws only
the cells it changed (and identical cells - every empty one - share one drawing).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.i18n import current_language, sentence, speaking
from render.amsterdam import theme as A
from render.amsterdam.cards import card_face, goods_icon, guard, ship_piece
from render.common import draw as common
from render.common import theme as T
from render.common.draw import Region, RegionCache, build_palette, compose_regions
from render.common.legacy_palette import keys_with_legacy
from render.common.png import png_bytes
from render.common.text import draw_fitted, draw_text, fitted_size, text_width

__all__ = [
    "Region",
    "clear_cache",
    "compose",
    "draw_fit",
    "encode",
    "fit_size",
    "header",
    "palette",
    "player_title",
    "warm_up",
]

View = dict[str, Any]
REGION_CACHE_BYTES: Final = 48 * 1024 * 1024
#: One cache per language: a region's key names what it shows, not the words it is drawn
#: with, so a panel drawn in English is never pasted into a Japanese image.
_CACHES: dict[str, RegionCache] = {}


def _cache() -> RegionCache:
    lang = current_language()
    found = _CACHES.get(lang)
    if found is None:
        found = _CACHES.setdefault(lang, RegionCache(REGION_CACHE_BYTES))
    return found


def compose(size: tuple[int, int], regions: Sequence[Region]) -> Image.Image:
    """The image of ``regions`` in the language in force."""
    return compose_regions(size, regions, palette(), _cache())


def encode(size: tuple[int, int], regions: Sequence[Region]) -> bytes:
    return png_bytes(compose(size, regions))


def clear_cache() -> None:
    """Forget every quantized region (benchmarks time cold renders with it)."""
    for cache in list(_CACHES.values()):
        cache.clear()


def _sample_sheet() -> Image.Image:
    keys = [
        ("harbor", "31", 0, 1, 1, 1, True, False, False),
        ("harbor", "8", 1, 0, 1, 1, False, True, False),
        ("harbor", "40", 0, 0, 0, 0, True, False, True),
        ("harbor", "39", 1, 0, 0, 0, False, False, True),
        ("water", "45", None, 0, 0, 0, True, True, False),
        ("center", "anchor", None, 0, 0, 0, False, False, False),
        ("tide", "tide", None, 0, 0, 0, False, False, False),
        ("bridge", "bridge", None, 0, 0, 0, False, False, False),
        ("customs", "customs", None, 0, 0, 0, False, False, False),
    ]
    sheet = Image.new("RGB", (len(keys) * 130 + 200, 3 * 130), T.PANEL)
    for row, (bg, size) in enumerate(((A.EMPTY, 88), (T.PANEL, 120), (T.PANEL_ACTIVE, 60))):
        sheet.paste(bg, (0, row * 130, sheet.width, row * 130 + 130))
        for i, k in enumerate(keys):
            face = card_face(k, size, size)
            sheet.paste(face, (i * 130, row * 130), face)
        for j, sprite in enumerate(
            (ship_piece(44), guard(0, 32), guard(1, 32), goods_icon("tea", 24))
        ):
            sheet.paste(sprite, (len(keys) * 130 + j * 48, row * 130), sprite)
    for seat in (0, 1):
        m = common.marker(seat, "AB"[seat], 40, A.PLAYER[seat], A.PLAYER_INK[seat])
        sheet.paste(m, (seat * 50, 0), m)
    return sheet


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed palette of the Amsterdam images, made once per process (from English
    sprites, whatever language the first image speaks, so every image maps the same)."""
    keys = keys_with_legacy(A)
    for seat in (0, 1):
        keys.append(T.blend(A.PLAYER[seat], A.EMPTY, 0.7))
    with speaking("en"):
        sheet = _sample_sheet()
    return build_palette(keys[:160], [sheet])


def header(
    img: Image.Image, draw: ImageDraw.ImageDraw, title: str, right: str, status: str, hot: bool
) -> None:
    """The dark band on top (``render.common.draw.header_band``'s look): title and round, and
    the status line under them, each shrunk rather than cut when a language says it longer."""
    w, height, margin = img.width, A.HEADER_H, A.MARGIN
    draw.rectangle((0, 0, w, height), fill=T.HEADER)
    rw = text_width(right, A.FONT_STATUS, bold=True)
    top = round(height * 30 / 92)
    draw_text(draw, (w - margin, top), right, A.FONT_STATUS, T.HEADER_SUB, bold=True, anchor="rm")
    draw_fit(
        draw,
        (margin, top),
        title,
        A.FONT_TITLE,
        T.HEADER_TEXT,
        w - 2 * margin - rw - 20,
        bold=True,
        anchor="lm",
    )
    draw_fit(
        draw,
        (margin, round(height * 70 / 92)),
        status,
        A.FONT_STATUS,
        T.HIGHLIGHT if hot else T.HEADER_SUB,
        w - 2 * margin,
        bold=hot,
        anchor="lm",
        smallest=14,
    )


#: A player's red or black marker with his letter, and his name.
player_title = common.PlayerTitles(A.FONT_NAME, A.PLAYER, A.PLAYER_INK)


def caption(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    max_width: int | None = None,
    size: int = A.FONT_CAPTION,
) -> None:
    """A panel caption; with ``max_width`` it shrinks to fit (a longer language)."""
    if max_width is None:
        common.caption(draw, xy, text, size)
        return
    draw_fit(draw, xy, sentence(text), size, T.TEXT_SOFT, max_width, bold=True, anchor="ls")


def name_of(view: View, seat: Any) -> str:
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        return str(players[seat]["name"])
    return "—"


def warm_up() -> None:
    """Build the palette and the common sprites now (about half a second), so the first image
    of a game is as fast as the others. Optional: the first render does it anyway."""
    palette()
    for goods in ("tea", "wine", "spice"):
        goods_icon(goods, 26)
    ship_piece(46)


def fit_size(text: str, size: int, max_width: int, bold: bool = False, smallest: int = 0) -> int:
    """:func:`~render.common.text.fitted_size` with the harbour's floor: three quarters of
    ``size``, at least 9 px, unless ``smallest`` says otherwise."""
    return fitted_size(text, size, max_width, bold, smallest or max(9, size * 3 // 4))


def draw_fit(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Any,
    max_width: int,
    bold: bool = False,
    anchor: str = "la",
    smallest: int = 0,
) -> tuple[int, int, int, int]:
    """:func:`~render.common.text.draw_fitted` with the harbour's floor (:func:`fit_size`)."""
    low = smallest or max(9, size * 3 // 4)
    return draw_fitted(
        draw, xy, text, size, fill, max_width, bold=bold, anchor=anchor, smallest=low
    )
