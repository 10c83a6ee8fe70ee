"""Composing the board image: the plan of a render (from the view only), the RGB reference
drawing and the fast palette pipeline of cached tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from render.common.draw import player_letters
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_base import (
    View,
    _base,
    _moves,
    _Plan,
    _recent,
    gondola_point,
)
from render.venezia.board_palette import (
    _quantize,
)
from render.venezia.board_regions import (
    _regions,
)


def _plan(view: View) -> _Plan:
    lay = S.layout()
    sb = S.static_board()
    hexes: dict[str, dict[str, Any]] = view["hexes"]
    letters = player_letters(view)
    drained = [x for x in sb.drained if x in hexes and not hexes[x]["swamp"]]
    recent = _recent(view)
    new_buildings = set(recent.get("buildings", []))
    candidates: set[str] = set()
    pending = view.get("pending") or {}
    if pending.get("kind") == "place" and view.get("public_options"):
        for opt in view["public_options"]:
            candidates.update(x for x in opt.split()[1:] if x in lay.hex_px)
    buildings = [
        (str(b["type"]), tuple(b["hexes"]), b["index"] in new_buildings)
        for b in view["buildings"]
        if b["hexes"] and all(x in lay.hex_px for x in b["hexes"])
    ]
    drained_now = [x for x in recent.get("drained", []) if x in lay.hex_px]
    moved = _moves(view)
    order = sorted(range(len(view["players"])), key=lambda s: view["players"][s]["position"])
    gondolas = [(s, letters[s], *gondola_point(view, s), str(s) in moved) for s in order]
    return _Plan(drained, sorted(candidates), buildings, drained_now, gondolas, moved, letters)


def _gondola_sprites(
    lay: S.Layout, g: tuple[int, str, float, float, bool]
) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The gondola (and its ring when it moved) as RGBA sprites with their top-left corners."""
    seat, letter, x, y, moved = g
    d_px = round(0.72 * lay.unit)
    out: list[tuple[Image.Image, tuple[int, int]]] = []
    if moved:
        ring = S.ring_sprite(round(0.98 * lay.unit), T.HIGHLIGHT, 0.09 * lay.unit)
        out.append((ring, (round(x - ring.width / 2), round(y - ring.height / 2))))
    sprite = S.gondola(seat, letter, d_px)
    out.append((sprite, (round(x - sprite.width / 2), round(y - d_px / 2))))
    return out


def _compose_rgb(view: View) -> Image.Image:
    """The whole image drawn in RGB (used to make the palette; the reference for tests)."""
    sb = S.static_board()
    lay = sb.layout
    plan = _plan(view)
    img = _base().copy()
    for label in plan.drained:
        tile = sb.drained[label]
        img.paste(tile.tile, tile.box[:2], tile.mask)
    for label in plan.candidates:
        S.hex_ring(label, T.CANDIDATE, False).paste_on(img)
    for btype, hx, hot in plan.buildings:
        S.building_sprite(btype, hx, hot).paste_on(img)
    for label in plan.drained_now:
        S.hex_ring(label, T.HIGHLIGHT, True).paste_on(img)
    for g in plan.gondolas:
        for sprite, xy in _gondola_sprites(lay, g):
            img.paste(sprite, xy, sprite)
    for region in _regions(view, plan):
        img.paste(region.rgb(), region.box[:2])
    return img


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


@lru_cache(maxsize=1)
def _base_p() -> Image.Image:
    return _quantize(_base())


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
    return _tile_over(_base(), sp.image, (sp.x, sp.y), threshold=96)


@lru_cache(maxsize=1024)
def _ring_p(label: str, candidate: bool) -> _PTile:
    sp = S.hex_ring(label, T.CANDIDATE if candidate else T.HIGHLIGHT, not candidate)
    return _tile_over(S.static_board().empty, sp.image, (sp.x, sp.y))


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
        out.paste(region.quantized(), region.box[:2])
    return out
