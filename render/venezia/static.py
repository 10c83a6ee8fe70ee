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
``static_icons`` (small icons); this module re-exports them under their old names.
"""

from __future__ import annotations

from render.common.draw import SS as SS
from render.common.draw import flattened as flattened
from render.common.draw import marker as marker
from render.common.draw import paste as paste
from render.common.draw import paste_flat as paste_flat
from render.common.draw import rounded_box as rounded_box
from render.common.draw import wrap_words as wrap_words
from render.venezia.static_board import (
    _STATIC,
    HexTile,
    StaticBoard,
    _draw_board_area,
    _hex_mask_at,
    hex_mask,
    static_board,
)
from render.venezia.static_icons import (
    _footprint,
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
    _OBSTACLE_SCALE,
    LEGEND_SIZE,
    START_STEP,
    _draw_legend,
    _obstacles,
    district_name_spots,
    legend_spot,
)
from render.venezia.static_layout import (
    _LAYOUTS,
    SQRT3,
    TRACK_END,
    Box,
    Layout,
    Point,
    _dashed_bridge,
    _draw_bricks,
    _draw_swamp,
    _halo_text,
    _scaled,
    hex_corners,
    is_post,
    layout,
    panels_height,
    track_radius,
)
from render.venezia.static_pieces import (
    Sprite,
    _draw_span,
    _piece_edges,
    building_sprite,
    draw_icon,
)

__all__ = [
    "LEGEND_SIZE",
    "SQRT3",
    "START_STEP",
    "TRACK_END",
    "_LAYOUTS",
    "_OBSTACLE_SCALE",
    "_STATIC",
    "Box",
    "HexTile",
    "Layout",
    "Point",
    "Sprite",
    "StaticBoard",
    "_dashed_bridge",
    "_draw_board_area",
    "_draw_bricks",
    "_draw_legend",
    "_draw_span",
    "_draw_swamp",
    "_footprint",
    "_halo_text",
    "_hex_mask_at",
    "_obstacles",
    "_piece_edges",
    "_scaled",
    "big_card",
    "building_sprite",
    "card_back",
    "card_icon",
    "district_name_spots",
    "draw_icon",
    "gondola",
    "hex_corners",
    "hex_mask",
    "hex_ring",
    "is_post",
    "layout",
    "legend_spot",
    "panels_height",
    "pawn_icon",
    "piece_icon",
    "ring_sprite",
    "static_board",
    "token_icon",
    "track_radius",
    "value_token",
]
