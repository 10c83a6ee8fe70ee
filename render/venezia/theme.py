"""Palette, sizes and fonts of the Venezia images (board, hand, end of game).

One place for every colour and measure, so the look can be tuned without touching the drawing
code. Colours are RGB tuples; sizes are pixels of the final image.

Venezia's palette is the shared look (:mod:`render.common.theme`: panels, header, text, the
players' Okabe–Ito colours; every gondola also carries a letter, so a colour is never the only
cue) plus its own colours below: the shared names are imported here so the drawing code reads
one module, and the board's fixed palette (``board_palette.key_colours``) takes every colour
this module names.
"""

from __future__ import annotations

from typing import Final

from render.common.theme import (
    ALERT as ALERT,
)
from render.common.theme import (
    BACKGROUND as BACKGROUND,
)
from render.common.theme import (
    GRID as GRID,
)
from render.common.theme import (
    HEADER as HEADER,
)
from render.common.theme import (
    HEADER_SUB as HEADER_SUB,
)
from render.common.theme import (
    HEADER_TEXT as HEADER_TEXT,
)
from render.common.theme import (
    HIGHLIGHT as HIGHLIGHT,
)
from render.common.theme import (
    HIGHLIGHT_DARK as HIGHLIGHT_DARK,
)
from render.common.theme import (
    IMAGINARY as IMAGINARY,
)
from render.common.theme import (
    IMAGINARY_INK as IMAGINARY_INK,
)
from render.common.theme import (
    MARKER_EDGE as MARKER_EDGE,
)
from render.common.theme import (
    PANEL as PANEL,
)
from render.common.theme import (
    PANEL_ACTIVE as PANEL_ACTIVE,
)
from render.common.theme import (
    PANEL_ACTIVE_EDGE as PANEL_ACTIVE_EDGE,
)
from render.common.theme import (
    PANEL_EDGE as PANEL_EDGE,
)
from render.common.theme import (
    PLAYER as PLAYER,
)
from render.common.theme import (
    PLAYER_INK as PLAYER_INK,
)
from render.common.theme import (
    RGB as RGB,
)
from render.common.theme import (
    SUPERSAMPLE as SUPERSAMPLE,
)
from render.common.theme import (
    TAG as TAG,
)
from render.common.theme import (
    TAG_TEXT as TAG_TEXT,
)
from render.common.theme import (
    TEXT as TEXT,
)
from render.common.theme import (
    TEXT_SOFT as TEXT_SOFT,
)
from render.common.theme import (
    blend as blend,
)
from render.common.theme import (
    player_color as player_color,
)
from render.common.theme import (
    player_ink as player_ink,
)

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

CANDIDATE: Final = (255, 255, 255)  # legal places for the building being placed
CANDIDATE_EDGE: Final = (30, 46, 72)

# --------------------------------------------------------------------------- panels
LEGEND_BG: Final = (250, 246, 236)
PANEL_IMAGINARY: Final = (236, 236, 238)
DISCARD: Final = (226, 220, 208)
GOLD_BAND: Final = (250, 238, 200)
CARD_BACK: Final = (44, 72, 110)
CARD_BACK_EDGE: Final = (226, 214, 180)
TOKEN_SWAMP: Final = (120, 150, 86)
TOKEN_TREASURE: Final = (226, 180, 50)
TOKEN_EDGE: Final = (70, 60, 40)

# --------------------------------------------------------------------------- sizes
UNIT: Final = 48  # pixels between adjacent hex centres
# SUPERSAMPLE (shared): the static layer and the sprites are drawn this much larger
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


def hex_fill(state: str) -> RGB:
    """The fill colour of a hex in ``state``: "swamp", "stone", "empty" or a building type."""
    if state in BUILDING:
        return BUILDING[state]
    return {"swamp": SWAMP, "stone": STONE, "empty": SAND}[state]
