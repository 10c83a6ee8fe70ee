"""How big Discord shows an image, so the board images can be checked for legibility there.

Discord draws an image attached to a message inside a box of at most 550 x 576 CSS pixels and
shrinks it (keeping its aspect) to fit: a 1551 x 784 board was shown 550 px wide, its 14 px
hex labels 5 px tall. The numbers are SimCord's preview, which models Discord's message
layout: ``.attachment-inline { width: min(100%, 550px) }`` and ``.attachment-image {
max-height: min(calc(var(--preview-height) * .8), 720px) }`` at its default 720 px preview
height (``simcord/preview/static/preview.css``; tests/test_render_display.py reads them from
there when SimCord is installed).
"""

from __future__ import annotations

from typing import Final

#: The widest and tallest an attached image is drawn in a channel (CSS pixels).
MAX_DISPLAY_W: Final = 550
MAX_DISPLAY_H: Final = 576
#: The smallest text size (font pixels on screen) the board images aim for at that scale.
MIN_DISPLAY_FONT_PX: Final = 9.0


def display_scale(width: int, height: int) -> float:
    """The factor Discord shrinks a ``width`` x ``height`` image by in a message (at most 1)."""
    return min(1.0, MAX_DISPLAY_W / width, MAX_DISPLAY_H / height)


def displayed_px(font_px: float, width: int, height: int) -> float:
    """How tall text of ``font_px`` pixels in such an image shows on screen."""
    return font_px * display_scale(width, height)
