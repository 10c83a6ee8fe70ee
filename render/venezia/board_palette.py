"""The board image's fixed 256-colour palette: the theme's colours exactly plus a median cut of a
sample render, made once per process; quantizing any patch of the image uses it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.i18n import SOURCE, speaking
from render.common.draw import build_palette, theme_colours
from render.venezia import static as S
from render.venezia import theme as T
from render.venezia.board_base import (
    View,
)
from render.venezia.board_plan import _compose_rgb

#: The sample render's prompt (only its colours matter).
SAMPLE_PROMPT = "place the palazzo"  # not for players


def _quantize(img: Image.Image) -> Image.Image:
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


# =========================================================================== palette


def _sample_view() -> View:
    """A synthetic view using every colour the board image can show (for the palette)."""
    lay = S.layout()
    board = lay.board
    labels = list(board.hexes)
    plain = [x for x in labels if board.hexes[x].kind == "plain"]
    drained = set(plain[::3])
    buildings: list[dict[str, Any]] = [
        {"index": i, "type": pb.type, "hexes": list(pb.hexes), "builder": -1}
        for i, pb in enumerate(board.prebuilt)
    ]
    used = {x for b in buildings for x in b["hexes"]}
    for i, label in enumerate(x for x in plain if x not in drained):
        if i % 9 or label in used:
            continue
        t = T.TYPES[(i // 9) % len(T.TYPES)]
        hx = [label]
        if t in ("palazzo", "basilica"):
            nb = [n for n in board.neighbors[label] if n not in used]
            if not nb:
                continue
            hx.append(nb[0])
            if t == "basilica":
                common = [n for n in board.neighbors[nb[0]] if n in board.neighbors[label]]
                common = [n for n in common if n not in used]
                if not common:
                    continue
                hx.append(common[0])
        elif t == "ponte":
            continue
        used.update(hx)
        buildings.append({"index": len(buildings), "type": t, "hexes": hx, "builder": 0})
    hexes = {
        x: {"building": None, "building_index": None, "swamp": x in plain and x not in drained}
        for x in labels
    }
    for b in buildings:
        for x in b["hexes"]:
            hexes[x]["building"] = b["type"]
            hexes[x]["building_index"] = b["index"]
    names = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
    front_sets: list[dict[str, int]] = [
        {"basilica": 2, "palazzo": 1},
        {"campo": 2},
        {"ponte": 1, "basilica": 1},
        {},
        {"palazzo": 2},
    ]
    players = [
        {
            "seat": s,
            "name": names[s],
            "position": [12, 0, 47, 61, 30][s],
            "hand_size": 3,
            "front": front_sets[s],
            "swamp_tokens": 2,
            "treasure_tokens": 1,
            "active": s == 0,
            "to_decide": s == 1,
        }
        for s in range(5)
    ]
    return {
        "turn": 9,
        "players": players,
        "imaginary": None,
        "architects": {"basilica": 0, "palazzo": 4, "campo": 1, "ponte": None},
        "deck_size": 20,
        "discard_size": 3,
        "pool": ["basilica", "palazzo", "campo", "casa"],
        "supply": {"basilica": 4, "palazzo": 0, "campo": 5, "ponte": 5, "casa": 18},
        "treasure_left": 18,
        "hexes": hexes,
        "buildings": buildings,
        "resolving": {
            "type": "palazzo",
            "kind": "construction",
            "architect": 1,
            "participants": [1, 0],
            "hexes": [],
        },
        "waiting_builds": [{"type": "casa", "kind": "casa", "architect": 0, "participants": [0]}],
        "pending": {"seat": 1, "kind": "place", "prompt": SAMPLE_PROMPT, "name": "Béla"},
        "public_options": [f"place {plain[0]} {plain[1]}", f"place {plain[5]} {plain[6]}"],
        "recent": {
            "active": 0,
            "buildings": [0, 2, len(buildings) - 1],
            "drained": sorted(drained)[:2],
            "moved": {"0": [5, 12], "2": [40, 47]},
        },
        "track_history": [[0] * 5],
        "game_over": False,
        "ranking": None,
    }


def key_colours() -> list[T.RGB]:
    """Every colour of the theme (and the piece rims), kept exactly in the palette."""
    found = theme_colours(T)
    for t in T.TYPES:
        for c in (
            T.blend(T.BUILDING[t], T.BUILDING_EDGE[t], 0.4),
            T.blend(T.BUILDING[t], T.BUILDING_EDGE[t], 0.5),
        ):
            if c not in found:
                found.append(c)
    return found


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed 256-colour palette of the board image ("P" image), made once per process:
    the theme's colours exactly, plus a median cut of a sample render and the static layer,
    both drawn in English whatever the language in force (the same palette in every language)."""
    with speaking(SOURCE):
        sample = [_compose_rgb(_sample_view()), S.static_board().base]
    return build_palette(key_colours(), sample)
