"""Canal Grande table image: the victory cards as a grid of the six districts by player, and
the small card sprites of a vote's placements.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.canal_grande.language import _
from render.canal_grande import theme as C
from render.canal_grande.board_base import (
    Box,
    View,
)
from render.canal_grande.cards import card_face
from render.canal_grande.regions import (
    Region,
    caption,
    panel,
    player_title,
    say_text,
)
from render.common import theme as T
from render.common.draw import paste_flat, rounded_box
from render.common.text import draw_text, text_width

# --------------------------------------------------------------------------- victory grid


def _grid_region(view: View, letters: list[str], box: Box) -> Region:
    districts = tuple((str(d["id"]), str(d["name"])) for d in view.get("districts") or [])
    rows = tuple(
        (
            int(p["seat"]),
            letters[int(p["seat"])],
            str(p["name"]),
            tuple(int((p.get("victory_counts") or {}).get(d, 0)) for d, _ in districts),
        )
        for p in view["players"][:2]
    )
    key = ("grid", districts, rows, view.get("winner") if view.get("game_over") else None)
    return Region(box, key, grid_painter(key))


@lru_cache(maxsize=8)
def _empty_slot(w: int, h: int) -> Image.Image:
    """Where a victory card may come: a faint outline of a card."""
    return rounded_box(w, h, T.PANEL, C.EMPTY_SLOT, 4, 2)


#: The victory rows' text: at Discord's display scale of the 1200 px image (0.46) it shows at
#: 9 px or more (tests/test_render_display.py).
GRID_FONT = 20


def grid_painter(key: tuple[Any, ...]) -> Any:
    """The victory-card grid: districts across, players down, four slots per cell."""
    _kind, districts, rows, _winner = key

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        w, h = img.size
        panel(img, (0, 0, w, h))
        title = _("Victory cards")
        caption(draw, (16, 28), title, GRID_FONT - 1, room=w // 3)
        say_text(
            draw,
            (w - 16, 28),
            _("wins: one of each of the 6 districts, or 4 of one"),
            GRID_FONT,
            T.TEXT_SOFT,
            anchor="rs",
            room=w - 48 - text_width(title, GRID_FONT - 1, bold=True),
        )
        name_w = 250
        nd = max(1, len(districts))
        col = (w - name_w - 16) // nd
        for i, (d, dname) in enumerate(districts):
            x = name_w + i * col
            colour = C.DISTRICT.get(d, C.DISTRICT_FALLBACK)
            paste_flat(img, rounded_box(col - 8, 34, colour, colour, 8), (x, 38), T.PANEL)
            draw_text(
                draw,
                (x + (col - 8) / 2, 55),
                dname,
                GRID_FONT,
                C.CARD_INK,
                bold=True,
                anchor="mm",
                max_width=col - 16,
            )
        row_h = (h - 82) // max(1, len(rows))
        for r, (seat, letter, name, counts) in enumerate(rows):
            y = 78 + r * row_h
            if r:
                draw.line((14, y - 2, w - 14, y - 2), fill=T.GRID, width=1)
            bg = T.PANEL
            player_title(img, draw, (14, y + 2), seat, letter, name, name_w - 24, size=22, bg=bg)
            held = sum(1 for c in counts if c)
            best = max(counts) if counts else 0
            # Translators: under a name in the victory grid, e.g. "3/6 districts · best 2/4"
            detail = _("{held}/{all} districts · best {best}/4", held=held, all=nd, best=best)
            say_text(
                draw,
                (16, y + row_h - 8),
                detail,
                GRID_FONT,
                T.TEXT_SOFT,
                anchor="ls",
                max_width=name_w - 20,
            )
            for i, (d, _name) in enumerate(districts):
                x = name_w + i * col
                n = counts[i]
                slot_w, slot_h, step = 30, 42, 34
                sx = x + (col - 8 - (3 * step + slot_w)) // 2
                sy = y + (row_h - slot_h) // 2 - 2
                if n >= 4:
                    draw.rounded_rectangle(
                        (sx - 6, sy - 5, sx + 3 * step + slot_w + 6, sy + slot_h + 5),
                        radius=8,
                        outline=C.WIN,
                        width=3,
                    )
                for j in range(4):
                    if j < n:
                        paste_flat(img, card_face(d, slot_w, slot_h), (sx + j * step, sy), bg)
                    else:
                        paste_flat(img, _empty_slot(slot_w, slot_h), (sx + j * step, sy), bg)
            if held == nd and nd:
                draw.rounded_rectangle(
                    (name_w - 6, y + 2, w - 10, y + row_h - 8), radius=10, outline=C.WIN, width=3
                )

    return paint


# --------------------------------------------------------------------------- votes


def placement_sprites(district: str, placement: Any) -> list[list[str]]:
    """The cards of one placement as groups: the chosen-district cards, then each gondola
    with the cards it carries."""
    k, gondolas = int(placement[0]), placement[1] or []
    groups: list[list[str]] = []
    if k:
        groups.append([district] * k)
    for g in gondolas:
        groups.append(["gondola", *[str(g[0])] * int(g[1])])
    return groups
