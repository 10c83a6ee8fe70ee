"""The plan of a board render (what to draw, from the view only) and the RGB reference drawing
of the whole image: the board's palette is made from it (``board_palette``), tests compare the
fast palette pipeline (``board_compose``) with it. Nothing here needs the palette.
"""

from __future__ import annotations

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
