"""The cached, state-independent artwork of the Venezia images.

* :class:`Layout` -- where everything goes: board pixel geometry (hex centres, track points) and
  the image frame. Built from the engine's board data (``load_board()``), never hard-coded.
* The static board layer: water with a canal texture, islands, hex outlines and labels, stone
  sites, swamps, bridge sites, the canal track with its numbers and the mooring posts. It is drawn
  once per board, supersampled and downscaled, in two variants (every plain hex as a swamp, and
  every plain hex drained) so a render only pastes the drained hexes' tiles.
* Sprites: building pieces (one piece per building, multi-hex ones drawn as a single shape),
  gondolas, highlight rings and small icons (cards, architects, tokens), each drawn supersampled
  once and cached.

Nothing here reads a game state: the functions take the board and plain values only.
The artwork is split by job: ``static_layout`` (geometry), ``static_board`` (the board layer),
``static_labels`` (district names and legend), ``static_pieces`` (building sprites) and
``static_icons`` (small icons); this module gathers what the board, hand and end images use.
"""

from __future__ import annotations

from render.venezia.static_board import (
    static_board,
)
from render.venezia.static_icons import (
    big_card,
    card_back,
    card_icon,
    gondola,
    hex_ring,
    pawn_icon,
    piece_icon,
    ring_sprite,
    token_icon,
    value_token,
)
from render.venezia.static_labels import (
    START_STEP,
)
from render.venezia.static_layout import (
    Layout,
    hex_corners,
    layout,
)
from render.venezia.static_pieces import (
    building_sprite,
)

__all__ = [
    "START_STEP",
    "Layout",
    "big_card",
    "building_sprite",
    "card_back",
    "card_icon",
    "gondola",
    "hex_corners",
    "hex_ring",
    "layout",
    "pawn_icon",
    "piece_icon",
    "ring_sprite",
    "static_board",
    "token_icon",
    "value_token",
]
