"""Texts fitted to their box: a translated label may be longer than the English one the layout
was made for, so it is drawn smaller (down to a floor) and only then cut with an ellipsis.
English texts fit at their size and are drawn exactly as before."""

from __future__ import annotations

from PIL import ImageDraw

from render.common.text import Ink, draw_text, text_width

Box = tuple[int, int, int, int]


def fitted_size(
    text: str, size: int, max_width: float, bold: bool = False, smallest: int | None = None
) -> int:
    """The largest font size, at most ``size`` and at least ``smallest`` (default: three
    quarters of ``size``), at which ``text`` is at most ``max_width`` pixels wide."""
    floor = smallest if smallest is not None else max(8, round(size * 0.75))
    s = size
    while s > floor and text_width(text, s, bold) > max_width:
        s -= 1
    return s


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Ink,
    max_width: float,
    *,
    bold: bool = False,
    anchor: str = "la",
    smallest: int | None = None,
) -> Box:
    """``draw_text`` with ``text`` shrunk to fit ``max_width`` (then ellipsized if it still
    does not fit); returns the drawn box."""
    width = max(1, int(max_width))
    s = fitted_size(text, size, width, bold, smallest)
    box = draw_text(draw, xy, text, s, fill, bold=bold, anchor=anchor, max_width=width)
    return (int(box[0]), int(box[1]), int(box[2]), int(box[3]))
