"""The public table image of Canal Grande, drawn from the public view only (CG-G6).

``render_board(view)`` turns ``public_view()`` (or a player view: only public keys are read, so
it draws the same) into PNG bytes:

* header: round and turn, who must decide what now;
* this turn's cards, in their two offers once divided (who took which), position numbers for
  ``divide``;
* a panel per player: role, hand size, number cards and total (towards 10), doges waiting;
* the victory cards: a grid of the six districts by player (four slots each: four of one
  district wins, so does one of each);
* the vote in progress (district, votes, every placement as small cards) or the last vote's
  result; the piles (draw pile, number deck, discard top and size) and the last round's end.

The rows are drawn by ``board_panels`` (header, cards, players), ``board_grid`` (victory
cards) and ``board_vote`` (vote and piles), with ``board_base`` (geometry and texts); this
module composes them and re-exports the names other modules use.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.canal_grande import theme as C
from render.canal_grande.board_base import (
    BOTTOM_H,
    BOTTOM_TOP,
    CARDS_H,
    CARDS_TOP,
    GRID_H,
    GRID_TOP,
    HEIGHT,
    INNER,
    MINI_H,
    MINI_W,
    PLAYER_H,
    PLAYERS_TOP,
    VOTE_W,
    Box,
    View,
    W,
    _pletter,
    _pname,
    _tag,
    board_size,
    name_of,
    names_of,
    status_line,
    win_reason,
)
from render.canal_grande.board_grid import (
    _grid_region,
    grid_painter,
    placement_sprites,
)
from render.canal_grande.board_panels import (
    _cards_region,
    _header_region,
    _player_painter,
)
from render.canal_grande.board_vote import (
    _piles_region,
    _vote_region,
)
from render.canal_grande.regions import (
    Region,
    compose,
)
from render.common.draw import player_letters
from render.common.png import png_bytes

__all__ = [
    "BOTTOM_H",
    "BOTTOM_TOP",
    "CARDS_H",
    "CARDS_TOP",
    "GRID_H",
    "GRID_TOP",
    "HEIGHT",
    "INNER",
    "MINI_H",
    "MINI_W",
    "PLAYERS_TOP",
    "PLAYER_H",
    "VOTE_W",
    "Box",
    "View",
    "W",
    "_pletter",
    "_pname",
    "_tag",
    "board_size",
    "compose_board",
    "grid_painter",
    "name_of",
    "names_of",
    "placement_sprites",
    "regions",
    "render_board",
    "status_line",
    "win_reason",
]


def render_board(view: View) -> bytes:
    """The public table image (PNG bytes) of a Canal Grande public view."""
    return png_bytes(compose(board_size(view), regions(view)))


def compose_board(view: View) -> Image.Image:
    """The table image as an RGB Pillow image (the decoded PNG of :func:`render_board`)."""
    return compose(board_size(view), regions(view)).convert("RGB")


def regions(view: View) -> list[Region]:
    letters = player_letters(view)
    out = [_header_region(view), _cards_region(view)]
    pw = (INNER - 12) // 2
    for i, p in enumerate(view["players"][:2]):
        x = C.MARGIN + i * (pw + 12)
        key: tuple[Any, ...] = (
            "player",
            int(p["seat"]),
            letters[int(p["seat"])],
            str(p["name"]),
            str(p.get("role", "")),
            int(p.get("hand_size", 0)),
            tuple(int(n) for n in p.get("numbers") or []),
            int(p.get("number_total", 0)),
            int(p.get("doges_waiting", 0)),
            bool(p.get("to_decide")),
            view.get("winner") == p["seat"] and bool(view.get("game_over")),
        )
        out.append(
            Region((x, PLAYERS_TOP, x + pw, PLAYERS_TOP + PLAYER_H), key, _player_painter(key))
        )
    out.append(_grid_region(view, letters, (C.MARGIN, GRID_TOP, W - C.MARGIN, GRID_TOP + GRID_H)))
    out.append(_vote_region(view, letters))
    out.append(_piles_region(view))
    return out
