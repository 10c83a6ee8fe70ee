"""Amsterdam images: the public harbour, a player's hand and the end of the game.

The game's registration (``engine/amsterdam/registration.py``, ``renderers()``) imports these
lazily when first called:

* board (the harbour): ``render.amsterdam.board.render_board`` - public view -> PNG bytes
* hand: ``render.amsterdam.hand.render_hand`` - ``player_view(seat)`` -> PNG bytes
* end: ``render.amsterdam.end.render_end`` - public view of a finished game -> PNG bytes
* optional warm-up: ``render.amsterdam.regions.warm_up`` (palette and sprites)

The last reveal (both chosen cards side by side) is a panel of the harbour image.
Importing this package is cheap: the modules load on first use.
"""

from __future__ import annotations

__all__: list[str] = []
