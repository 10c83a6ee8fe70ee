"""The colours every game's images share: the panels, the header band, text, the "what changed"
highlight, and the players' colours with the ink that reads on them.

Each game's own palette (its pieces, cards, board) is in its own package (``render/<game>/
theme.py``) and may override a player colour there. Colours are RGB tuples.

Player colours are the Okabe–Ito colour-blind safe set; every player marker also carries a
letter, so a colour is never the only cue.
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

# --------------------------------------------------------------------------- players
#: Okabe–Ito: orange, blue, bluish green, reddish purple, yellow.
PLAYER: Final[tuple[RGB, ...]] = (
    (230, 159, 0),
    (0, 114, 178),
    (0, 158, 115),
    (204, 121, 167),
    (240, 228, 66),
)
#: Text colour on each player colour (contrast-checked).
PLAYER_INK: Final[tuple[RGB, ...]] = (
    (20, 20, 20),
    (255, 255, 255),
    (255, 255, 255),
    (20, 20, 20),
    (20, 20, 20),
)
IMAGINARY: Final = (150, 150, 156)  # a seat no person plays (an imaginary player)
IMAGINARY_INK: Final = (255, 255, 255)
MARKER_EDGE: Final = (30, 30, 36)

HIGHLIGHT: Final = (255, 214, 10)  # what the last turn changed
HIGHLIGHT_DARK: Final = (120, 84, 0)

# --------------------------------------------------------------------------- panels
BACKGROUND: Final = (238, 232, 220)
HEADER: Final = (30, 46, 72)
HEADER_TEXT: Final = (255, 255, 255)
HEADER_SUB: Final = (182, 200, 224)
PANEL: Final = (252, 249, 242)
PANEL_ACTIVE: Final = (255, 244, 204)
PANEL_EDGE: Final = (206, 196, 178)
PANEL_ACTIVE_EDGE: Final = (214, 160, 40)
TAG: Final = (30, 46, 72)
TAG_TEXT: Final = (255, 255, 255)
ALERT: Final = (190, 40, 40)
GRID: Final = (226, 218, 204)
TEXT: Final = (36, 34, 32)
TEXT_SOFT: Final = (110, 102, 92)

# --------------------------------------------------------------------------- sizes
SUPERSAMPLE: Final = 3  # sprites are drawn this much larger, then scaled down


def player_color(seat: int | str | None) -> RGB:
    if isinstance(seat, int) and 0 <= seat < len(PLAYER):
        return PLAYER[seat]
    return IMAGINARY


def player_ink(seat: int | str | None) -> RGB:
    if isinstance(seat, int) and 0 <= seat < len(PLAYER):
        return PLAYER_INK[seat]
    return IMAGINARY_INK


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
