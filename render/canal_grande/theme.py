"""Colours and measures of the Canal Grande images (table, hand, end of game).

Panels, header, text and the players' colours are the project's shared look
(``render.common.theme``); this module adds what only Canal Grande has: a colour and a two-letter
mark per district (the letters, not the colour, are the cue that never fails) and the faces of the
special cards.
"""

from __future__ import annotations

from typing import Final

from render.common.theme import RGB, blend

#: District colours in the engine's district order (data/canal_grande/components.json).
DISTRICT: Final[dict[str, RGB]] = {
    "cannaregio": (46, 132, 74),  # green
    "santacroce": (36, 104, 178),  # blue
    "sanpolo": (122, 78, 168),  # purple
    "sanmarco": (196, 52, 46),  # red
    "dorsoduro": (214, 128, 20),  # ochre
    "castello": (176, 60, 124),  # magenta
}
#: Two letters per district, printed on every district card (colour is never the only cue).
DISTRICT_MARK: Final[dict[str, str]] = {
    "cannaregio": "CN",
    "santacroce": "SC",
    "sanpolo": "SP",
    "sanmarco": "SM",
    "dorsoduro": "DD",
    "castello": "CS",
}
#: A colour for a district id this theme does not know (other component data).
DISTRICT_FALLBACK: Final = (96, 110, 124)
DISTRICT_DARK: Final[dict[str, RGB]] = {d: blend(c, (0, 0, 0), 0.35) for d, c in DISTRICT.items()}
DISTRICT_LIGHT: Final[dict[str, RGB]] = {
    d: blend(c, (255, 255, 255), 0.78) for d, c in DISTRICT.items()
}

# --------------------------------------------------------------------------- special cards
GONDOLA_FACE: Final = (214, 232, 242)  # sky over the water
GONDOLA_WATER: Final = (58, 120, 170)
GONDOLA_HULL: Final = (24, 24, 30)
GONDOLA_EDGE: Final = (40, 74, 110)
TRAITOR_FACE: Final = (70, 40, 52)
TRAITOR_INK: Final = (236, 214, 200)
SPY_FACE: Final = (42, 58, 74)
SPY_INK: Final = (214, 226, 236)
DOGE_FACE: Final = (232, 190, 72)
DOGE_EDGE: Final = (150, 110, 24)
DOGE_HAT: Final = (160, 30, 40)
DOGE_INK: Final = (70, 44, 10)
NUMBER_FACE: Final = (252, 248, 236)
NUMBER_EDGE: Final = (40, 62, 96)
NUMBER_INK: Final = (30, 46, 72)
CARD_INK: Final = (255, 255, 255)
BACK_ACTION: Final = (110, 36, 40)  # back "A"
BACK_NUMBER: Final = (30, 46, 72)  # back "Z"
BACK_EDGE: Final = (226, 214, 180)
EMPTY_SLOT: Final = (222, 214, 198)
WIN: Final = (214, 160, 40)

# --------------------------------------------------------------------------- sizes
WIDTH: Final = 1200
MARGIN: Final = 20
HEADER_H: Final = 92
CARD_W: Final = 112
CARD_H: Final = 158
GAP: Final = 10

FONT_TITLE: Final = 26
FONT_STATUS: Final = 19
FONT_NAME: Final = 21
FONT_BODY: Final = 17
FONT_SMALL: Final = 15
FONT_CAPTION: Final = 13
FONT_BIG: Final = 30
