"""Canal Grande images: the public table, a player's hand and the end of the game.

The game's registration (``engine/canal_grande/registration.py``, ``renderers()``) imports these
lazily when first called:

* table (board kind): ``render.canal_grande.board.render_board`` - public view -> PNG bytes
* hand: ``render.canal_grande.hand.render_hand`` - ``player_view(seat)`` -> PNG bytes
* end: ``render.canal_grande.end.render_end`` - public view of a finished game -> PNG bytes
* optional warm-up: ``render.canal_grande.regions.warm_up`` (palette and card sprites)

Importing this package is cheap: the modules load on first use.
"""

from __future__ import annotations

__all__: list[str] = []
