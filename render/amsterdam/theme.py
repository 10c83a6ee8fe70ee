"""Colours and measures of the Amsterdam images (harbour, hand, end of game).

Panels, header and text are the project's shared look (``render.common.theme``). Amsterdam's own:
the players are red and black (the engine's colours, every marker also carries a letter), the goods
colours of the warehouses (AM-1.8: beige tea, brown wine, green spice; each goods also has its own
shape and letter, so colour is never the only cue), water and harbour card faces.
"""

from __future__ import annotations

from typing import Final

from render.common.theme import RGB, blend

PLAYER: Final[tuple[RGB, RGB]] = ((196, 38, 38), (34, 34, 40))  # red, black
PLAYER_INK: Final[tuple[RGB, RGB]] = ((255, 255, 255), (255, 255, 255))
PLAYER_PALE: Final[tuple[RGB, RGB]] = (
    blend(PLAYER[0], (255, 255, 255), 0.78),
    blend(PLAYER[1], (255, 255, 255), 0.8),
)
NEUTRAL: Final = (120, 120, 128)

GOODS: Final[dict[str, RGB]] = {
    "tea": (222, 196, 140),
    "wine": (128, 64, 40),
    "spice": (56, 140, 70),
}
GOODS_EDGE: Final[dict[str, RGB]] = {
    "tea": (120, 96, 48),
    "wine": (70, 30, 18),
    "spice": (24, 80, 36),
}
GOODS_INK: Final[dict[str, RGB]] = {
    "tea": (70, 50, 20),
    "wine": (255, 255, 255),
    "spice": (255, 255, 255),
}
GOODS_LETTER: Final[dict[str, str]] = {"tea": "T", "wine": "W", "spice": "S"}

WATER: Final = (92, 152, 200)
WATER_EDGE: Final = (52, 100, 150)
WATER_WAVE: Final = (150, 196, 226)
WATER_INK: Final = (255, 255, 255)
CENTER: Final = (40, 86, 140)
HARBOR: Final = (250, 242, 222)
HARBOR_EDGE: Final = (170, 150, 120)
TIDE: Final = (70, 160, 170)
BRIDGE: Final = (150, 104, 64)
BRIDGE_DARK: Final = (92, 60, 34)
CUSTOMS: Final = (120, 92, 150)
EMPTY: Final = (232, 224, 208)
EMPTY_EDGE: Final = (214, 204, 186)
OUT: Final = (200, 194, 184)  # a cell the frame can no longer reach
OUT_HATCH: Final = (186, 180, 170)
FRAME: Final = (30, 46, 72)  # a fixed edge of the port
AREA_LINE: Final = (226, 150, 20)  # outline of a harbour area
LEGAL: Final = (255, 222, 80)  # a cell the pending decision may name
LEGAL_EDGE: Final = (150, 100, 0)
SHIP_HULL: Final = (92, 54, 30)
SHIP_SAIL: Final = (255, 252, 240)
COIN: Final = (236, 184, 40)
COIN_EDGE: Final = (150, 104, 10)
COIN_INK: Final = (92, 60, 0)
SYMBOL_BG: Final = (255, 255, 255)
NUMBER_INK: Final = (34, 34, 40)
CARD_BACK: Final = (60, 84, 120)
SCORED_NONE: Final = (206, 206, 210)

# --------------------------------------------------------------------------- sizes
MIN_WIDTH: Final = 960
MARGIN: Final = 18
HEADER_H: Final = 100
LABEL_BAND: Final = 30  # the coordinates around the grid
CELL_MAX: Final = 92
CELL_MIN: Final = 60

FONT_TITLE: Final = 30
FONT_STATUS: Final = 22
FONT_NAME: Final = 24
FONT_BODY: Final = 20
FONT_SMALL: Final = 18
FONT_CAPTION: Final = 16
FONT_BIG: Final = 34
FONT_LABEL: Final = 20


def player_colour(seat: int | None) -> RGB:
    return PLAYER[seat] if seat in (0, 1) else NEUTRAL


def player_pale(seat: int | None) -> RGB:
    return PLAYER_PALE[seat] if seat in (0, 1) else SCORED_NONE
