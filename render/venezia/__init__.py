"""Venezia images: the public board, a player's hand and the end of the game.

The game's registration (``engine/venezia/registration.py``, ``renderers()``) imports these
lazily when first called:

* board: ``render.venezia.board.render_board`` - public view -> PNG bytes
* hand: ``render.venezia.hand.render_hand`` - ``player_view(seat)`` -> PNG bytes
* end: ``render.venezia.end.render_end`` - public view of a finished game -> PNG bytes
* optional warm-up: ``render.venezia.board.warm_up`` (static layer and palette)

The board's artwork that no state changes (layout, static layer, sprites) is in ``static*``,
its drawing in ``board*``, its colours and sizes in ``theme``.
Importing this package is cheap: the modules load on first use.
"""

from __future__ import annotations

__all__: list[str] = []
