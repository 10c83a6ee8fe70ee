"""Composing the board image fast: the palette pipeline of cached tiles over the quantized
static layer, following the plan of a render (``board_plan``, which also holds the RGB
reference drawing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.i18n import SOURCE, current_language
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_base import (
    View,
    _base,
)
from render.venezia.board_palette import (
    _quantize,
)
from render.venezia.board_plan import (
    _gondola_sprites,
    _plan,
)
from render.venezia.board_regions import (
    _regions,
)

# --------------------------------------------------------------------------- palette pipeline
#
# The fast path works on the palette image directly: the static layer is quantized once, and
# every board piece (drained tile, building, ring) is cached as a palette tile already
# composited over the static layer at its fixed place, pasted with a 1-bit mask. Only the
# gondolas and the panels are drawn in RGB and quantized per render (small regions).


@dataclass(frozen=True)
class _PTile:
    image: Image.Image  # "P", palette()
    mask: Image.Image  # "1"
    xy: tuple[int, int]

    def paste_on(self, out: Image.Image) -> None:
        """Paste with the 1-bit mask (``out`` must be a loaded, writable "P" image).

        Calls the core paste directly: ~100 of these per render, and ``Image.paste``'s checks
        cost more than the copying itself."""
        x, y = self.xy
        box = (x, y, x + self.image.width, y + self.image.height)
        out.im.paste(self.image.im, box, self.mask.im)


def _base_p() -> Image.Image:
    """The quantized base in the language in force."""
    return _base_p_in(current_language())


@lru_cache(maxsize=4)
def _base_p_in(lang: str) -> Image.Image:
    return _quantize(_base(lang))


def _tile_over(
    background: Image.Image, sprite: Image.Image, xy: tuple[int, int], threshold: int = 0
) -> _PTile:
    """``sprite`` (RGBA) composited over ``background`` (RGB, image coordinates) at ``xy``."""
    x, y = xy
    patch = background.crop((x, y, x + sprite.width, y + sprite.height))
    patch.paste(sprite, (0, 0), sprite)
    mask = sprite.getchannel("A").point(lambda v: 255 if v > threshold else 0).convert("1")
    return _PTile(_quantize(patch), mask, xy)


@lru_cache(maxsize=256)
def _drained_p(label: str) -> _PTile:
    tile = S.static_board().drained[label]
    patch = tile.tile.convert("RGB")
    mask = tile.mask.point(lambda v: 255 if v >= 128 else 0).convert("1")
    return _PTile(_quantize(patch), mask, tile.box[:2])


@lru_cache(maxsize=2048)
def _building_p(btype: str, hexes: tuple[str, ...], hot: bool) -> _PTile:
    sp = S.building_sprite(btype, hexes, hot)
    # the hexes hold no words: the tiles are the same in every language (cut from English)
    return _tile_over(_base(SOURCE), sp.image, (sp.x, sp.y), threshold=96)


@lru_cache(maxsize=1024)
def _ring_p(label: str, candidate: bool) -> _PTile:
    sp = S.hex_ring(label, T.CANDIDATE if candidate else T.HIGHLIGHT, not candidate)
    return _tile_over(S.static_board(lang=SOURCE).empty, sp.image, (sp.x, sp.y))


def _compose_p(view: View) -> Image.Image:
    lay = S.layout()
    plan = _plan(view)
    out = _base_p().copy()
    out.load()
    for label in plan.drained:
        _drained_p(label).paste_on(out)
    for label in plan.candidates:
        _ring_p(label, True).paste_on(out)
    for btype, hx, hot in plan.buildings:
        _building_p(btype, hx, hot).paste_on(out)
    for label in plan.drained_now:
        _ring_p(label, False).paste_on(out)
    # gondolas may overlap each other and pieces: drawn in RGB over the current pixels
    for g in plan.gondolas:
        sprites = _gondola_sprites(lay, g)
        x0 = min(xy[0] for _, xy in sprites)
        y0 = min(xy[1] for _, xy in sprites)
        x1 = max(xy[0] + sp.width for sp, xy in sprites)
        y1 = max(xy[1] + sp.height for sp, xy in sprites)
        patch = out.crop((x0, y0, x1, y1)).convert("RGB")
        for sp, (x, y) in sprites:
            patch.paste(sp, (x - x0, y - y0), sp)
        out.paste(_quantize(patch), (x0, y0))
    # the panels: each drawn in RGB and quantized once per content (a panel that did not
    # change since an earlier render is pasted from the cache)
    for region in _regions(view, plan):
        out.paste(region.quantized(_quantize), region.box[:2])
    return out
