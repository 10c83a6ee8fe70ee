"""Venezia images: the public board, a player's hand and the end of the game.

Registration names ("module:function", imported lazily like the other games' renderers):

* board: ``render.venezia.board:render_board`` - public view -> PNG bytes
* hand: ``render.venezia.hand:render_hand`` - ``player_view(seat)`` -> PNG bytes
* end: ``render.venezia.end:render_end`` - public view of a finished game -> PNG bytes
* optional warm-up: ``render.venezia.board:warm_up`` (static layer and palette)

The board's artwork that no state changes (layout, static layer, sprites) is in ``static*``,
its drawing in ``board*``, its colours and sizes in ``theme``.
Importing this package is cheap: the modules load on first use.
"""

from __future__ import annotations

RENDERERS: dict[str, str] = {
    "board": "render.venezia.board:render_board",
    "hand": "render.venezia.hand:render_hand",
    "end": "render.venezia.end:render_end",
}

__all__ = ["RENDERERS"]
