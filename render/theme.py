"""Palette, sizes and fonts of the Venezia images (board, hand, end of game).

One place for every colour and measure, so the look can be tuned without touching the drawing
code. Colours are RGB tuples; sizes are pixels of the final image.

Player colours are the Okabe–Ito colour-blind safe set; every gondola also carries a letter, so a
colour is never the only cue.
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

# --------------------------------------------------------------------------- building types
#: Rulebook order (V-C1) and the order of the remaining-pieces row (V-U9).
TYPES: Final = ("basilica", "palazzo", "campo", "ponte", "casa")
SUPPLY_ORDER: Final = ("basilica", "palazzo", "ponte", "campo", "casa")
ARCHITECT_TYPES: Final = ("basilica", "palazzo", "campo", "ponte")

BUILDING: Final[dict[str, RGB]] = {
    "basilica": (186, 56, 52),  # brick red, white dome
    "palazzo": (118, 80, 172),  # purple, arcaded facade
    "campo": (30, 142, 132),  # teal, open square with a tree
    "ponte": (84, 100, 124),  # slate, arch across the canal
    "casa": (226, 124, 36),  # orange, little house
}
#: A darker edge for each building piece.
BUILDING_EDGE: Final[dict[str, RGB]] = {
    t: (int(c[0] * 0.62), int(c[1] * 0.62), int(c[2] * 0.62)) for t, c in BUILDING.items()
}
BUILDING_INK: Final = (255, 250, 238)  # the white line-art on a building piece
ENGLISH: Final = {
    "basilica": "basilica",
    "palazzo": "palace",
    "campo": "square",
    "ponte": "bridge",
    "casa": "house",
}
CARDS_NEEDED: Final = {"basilica": 4, "palazzo": 3, "campo": 3, "ponte": 3, "casa": 1}
HEXES_NEEDED: Final = {"basilica": 3, "palazzo": 2, "campo": 1, "ponte": 2, "casa": 1}

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
IMAGINARY: Final = (150, 150, 156)  # Klaus-Jürgen, the imaginary third player (V-T)
IMAGINARY_INK: Final = (255, 255, 255)

# --------------------------------------------------------------------------- board
WATER: Final = (136, 188, 214)
WATER_DEEP: Final = (122, 176, 206)
WATER_SHALLOW: Final = (168, 210, 228)
WATER_WAVE: Final = (156, 202, 224)
SHORE: Final = (176, 128, 92)  # the quay edge around each island
SAND: Final = (242, 226, 190)  # an empty hex (drained, or a pre-built site)
STONE: Final = (200, 194, 186)  # a stone site (brick pile, never a swamp)
STONE_BRICK: Final = (176, 92, 64)
STONE_MORTAR: Final = (236, 230, 220)
STONE_LINE: Final = (170, 162, 150)
SWAMP: Final = (136, 164, 100)
SWAMP_REED: Final = (78, 108, 58)
SWAMP_POOL: Final = (118, 160, 150)
SWAMP_HEAD: Final = (96, 70, 42)
HEX_EDGE: Final = (160, 120, 86)
HEX_LABEL: Final = (62, 44, 30)
HEX_LABEL_ON_SWAMP: Final = (32, 44, 22)
BUILT_LABEL: Final = (255, 255, 255)
DISTRICT_NAME: Final = (46, 84, 118)

BRIDGE_SITE: Final = (98, 62, 40)
TRACK_LANE: Final = (112, 164, 196)
TRACK_FILL: Final = (252, 250, 242)
TRACK_EDGE: Final = (52, 82, 112)
TRACK_NUM: Final = (34, 52, 78)
TRACK_TEN: Final = (214, 160, 40)  # ring on every tenth space
TRACK_FINISH: Final = (244, 200, 64)
POST_FILL: Final = (110, 70, 48)  # mooring posts (61..)
POST_STRIPE: Final = (236, 224, 204)
POST_NUM: Final = (255, 250, 240)
POST_ROPE: Final = (96, 74, 52)
GONDOLA_HULL: Final = (28, 28, 34)
GONDOLA_TRIM: Final = (214, 170, 60)
MARKER_EDGE: Final = (30, 30, 36)

HIGHLIGHT: Final = (255, 214, 10)  # what the last turn changed
HIGHLIGHT_DARK: Final = (120, 84, 0)
CANDIDATE: Final = (255, 255, 255)  # legal places for the building being placed
CANDIDATE_EDGE: Final = (30, 46, 72)

# --------------------------------------------------------------------------- panels
BACKGROUND: Final = (238, 232, 220)
HEADER: Final = (30, 46, 72)
HEADER_TEXT: Final = (255, 255, 255)
HEADER_SUB: Final = (182, 200, 224)
PANEL: Final = (252, 249, 242)
PANEL_ACTIVE: Final = (255, 244, 204)
PANEL_EDGE: Final = (206, 196, 178)
PANEL_ACTIVE_EDGE: Final = (214, 160, 40)
LEGEND_BG: Final = (250, 246, 236)
PANEL_IMAGINARY: Final = (236, 236, 238)
TAG: Final = (30, 46, 72)
TAG_TEXT: Final = (255, 255, 255)
DISCARD: Final = (226, 220, 208)
ALERT: Final = (190, 40, 40)
GRID: Final = (226, 218, 204)
GOLD_BAND: Final = (250, 238, 200)
TEXT: Final = (36, 34, 32)
TEXT_SOFT: Final = (110, 102, 92)
CARD_BACK: Final = (44, 72, 110)
CARD_BACK_EDGE: Final = (226, 214, 180)
TOKEN_SWAMP: Final = (120, 150, 86)
TOKEN_TREASURE: Final = (226, 180, 50)
TOKEN_EDGE: Final = (70, 60, 40)

# --------------------------------------------------------------------------- sizes
UNIT: Final = 48  # pixels between adjacent hex centres
SUPERSAMPLE: Final = 3  # the static layer and the sprites are drawn this much larger
BOARD_MARGIN: Final = 0.62  # board margin around hexes and track, in units
HEADER_H: Final = 80
PAD: Final = 12
#: The player panels sit under the board in two columns (three rows: five players and the
#: box of buildings to complete), so the image is about as tall as wide: Discord shows an
#: attachment at most 550 px wide and 576 px tall (render.common.display), and a wide picture is
#: shrunk to its width there.
PANEL_COLS: Final = 2
PANEL_ROWS: Final = 3
PLAYER_PANEL_H: Final = 118
PANEL_GAP: Final = 8
STRIP_H: Final = 112  # the table strip under the board: architects, deck, pool, supply
BUILDS_MIN_H: Final = 80  # the "buildings to complete" box takes the grid's free cells

# The board image's text: at Discord's display scale (about 0.49) every size here shows at 9 px
# or more (tests/test_render_display.py).
FONT_HEX: Final = 20
FONT_TRACK: Final = 19
FONT_DISTRICT: Final = 20
BOARD_FONT_TITLE: Final = 28
BOARD_FONT_SUB: Final = 20
BOARD_FONT_NAME: Final = 25
BOARD_FONT_SCORE: Final = 32
BOARD_FONT_TEXT: Final = 20  # panel text: cards in front, hand and tokens, builds
BOARD_FONT_CAPTION: Final = 19  # captions and labels under icons

# The hand and end images (DMs and the final post) keep their own sizes.
FONT_TITLE: Final = 22
FONT_SUB: Final = 15
FONT_NAME: Final = 18
FONT_SCORE: Final = 26
FONT_SMALL: Final = 13
FONT_TINY: Final = 11


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


def hex_fill(state: str) -> RGB:
    """The fill colour of a hex in ``state``: "swamp", "stone", "empty" or a building type."""
    if state in BUILDING:
        return BUILDING[state]
    return {"swamp": SWAMP, "stone": STONE, "empty": SAND}[state]
