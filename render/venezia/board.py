"""The public board image of Venezia (spec V-U), drawn from the public view only.

``render_board(view)`` turns ``state.public_view()`` into PNG bytes:

* header: who must do what now, and what this turn changed so far;
* the board: districts as hex islands, swamps / stone sites / empty hexes, the buildings as
  pieces, free bridge sites dashed, the canal track 0..60 and the mooring posts, gondolas with
  their players' letters, highlights of what changed;
* under the board: the architects and who holds them, deck and discard, the face-up pool, the
  remaining pieces and treasure tokens;
* right: a panel per player (name, score, cards in front, hand size, tokens), the imaginary
  player's cards in 2-player games, and the buildings being completed.

Speed: the static layer (water, islands, labels, track, legend) is drawn once per board,
supersampled, and kept as a palette image. A render copies it and pastes palette tiles cached
per piece (a drained hex, a building on its hexes, a ring), each already composited over the
static layer at its fixed place; only the gondolas are composited in RGB and quantized. The
panels (header, strip, one per player, builds box) are regions drawn from a key of what they show
and cached quantized by that key. The PNG is written by :func:`render.common.png.png_bytes`.

:func:`compose_board` gives the decoded image.
The drawing is split by job: ``board_base`` (positions such as :func:`hex_center`,
:func:`track_point`, :func:`gondola_point`; highlights; the base image), ``board_plan`` (what a
render draws, and the RGB reference drawing), ``board_palette`` (the fixed palette),
``board_regions`` and ``board_panels`` (the cached panels) and ``board_compose`` (the fast
palette pipeline); this module is the entry point.
"""

from __future__ import annotations

from PIL import Image

from render.common.png import png_bytes
from render.venezia.board_base import View
from render.venezia.board_compose import _base_p, _compose_p

__all__ = ["compose_board", "render_board", "warm_up"]


# =========================================================================== the image


def warm_up() -> None:
    """Build the cached static layer and palette now (about a second), so the first board
    image of a game is as fast as the others. Optional: the first render does it anyway."""
    _base_p()


def render_board(view: View) -> bytes:
    """The public board image (PNG bytes) of a public view."""
    return png_bytes(_compose_p(view))


def compose_board(view: View) -> Image.Image:
    """The public board image as an RGB Pillow image (the decoded PNG of :func:`render_board`)."""
    return _compose_p(view).convert("RGB")
