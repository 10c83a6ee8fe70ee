"""The colours every game's fixed palette has held since the games shared one theme module.

Canal Grande's and Amsterdam's palettes were made from their own theme plus every colour of
that module, which was Venezia's palette (so their palettes hold Venezia's board colours, which
they never draw). When the shared colours moved to :mod:`render.common.theme` and Venezia's to
its own package, this list kept those palettes, and so their images, byte for byte: it is that
module's colours as :func:`render.common.draw.theme_colours` listed them (by name, without
repeats), frozen. Dropping it gives those games some 70 palette entries for their own colours
but changes their images (goldens to re-record): a step of its own.
"""

from __future__ import annotations

from typing import Any, Final

from render.common.draw import theme_colours
from render.common.theme import RGB

#: The former shared theme module's colours, in :func:`theme_colours` order.
LEGACY_KEYS: Final[tuple[RGB, ...]] = (
    (190, 40, 40),
    (238, 232, 220),
    (98, 62, 40),
    (186, 56, 52),
    (118, 80, 172),
    (30, 142, 132),
    (84, 100, 124),
    (226, 124, 36),
    (115, 34, 32),
    (73, 49, 106),
    (18, 88, 81),
    (52, 62, 76),
    (140, 76, 22),
    (255, 250, 238),
    (255, 255, 255),
    (30, 46, 72),
    (44, 72, 110),
    (226, 214, 180),
    (226, 220, 208),
    (46, 84, 118),
    (250, 238, 200),
    (28, 28, 34),
    (214, 170, 60),
    (226, 218, 204),
    (182, 200, 224),
    (160, 120, 86),
    (62, 44, 30),
    (32, 44, 22),
    (255, 214, 10),
    (120, 84, 0),
    (150, 150, 156),
    (250, 246, 236),
    (30, 30, 36),
    (252, 249, 242),
    (255, 244, 204),
    (214, 160, 40),
    (206, 196, 178),
    (236, 236, 238),
    (230, 159, 0),
    (0, 114, 178),
    (0, 158, 115),
    (204, 121, 167),
    (240, 228, 66),
    (20, 20, 20),
    (110, 70, 48),
    (255, 250, 240),
    (96, 74, 52),
    (236, 224, 204),
    (242, 226, 190),
    (176, 128, 92),
    (200, 194, 186),
    (176, 92, 64),
    (170, 162, 150),
    (236, 230, 220),
    (136, 164, 100),
    (96, 70, 42),
    (118, 160, 150),
    (78, 108, 58),
    (36, 34, 32),
    (110, 102, 92),
    (70, 60, 40),
    (120, 150, 86),
    (226, 180, 50),
    (52, 82, 112),
    (252, 250, 242),
    (244, 200, 64),
    (112, 164, 196),
    (34, 52, 78),
    (136, 188, 214),
    (122, 176, 206),
    (168, 210, 228),
    (156, 202, 224),
)


def keys_with_legacy(*modules: Any) -> list[RGB]:
    """``theme_colours(*modules)`` followed by the :data:`LEGACY_KEYS` not already in it."""
    found = theme_colours(*modules)
    found += [c for c in LEGACY_KEYS if c not in found]
    return found
