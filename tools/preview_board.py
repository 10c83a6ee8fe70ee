"""Quick design preview of ``data/venezia/board.json`` (not the game renderer).

    uv run python tools/preview_board.py [--grid] [--out docs/board_preview.png]

Draws the islands (hex labels; stone sites grey; pre-placed buildings dark with their type's
initial), bridge sites (dashed lines, the pre-placed ponte solid), and the canal track with space
numbers. ``--grid`` also writes the odd-r offset (col,row) of every water hex, as used by the maps
in ``tools/design_board.py``.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
SIZE = 30.0  # pixels from hex centre to corner
MARGIN = 40.0
COLOURS = {
    "C": (214, 170, 120),
    "K": (190, 140, 160),
    "P": (150, 180, 120),
    "M": (220, 200, 110),
    "D": (160, 160, 200),
}
WATER = (120, 170, 200)
ROW_H = math.sqrt(3) / 2


def font(px: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    for name in ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, px)
        except OSError:
            continue
    return ImageFont.load_default()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default=str(ROOT / "data" / "venezia" / "board.json"))
    ap.add_argument("--out", default=str(ROOT / "docs" / "board_preview.png"))
    ap.add_argument("--grid", action="store_true")
    args = ap.parse_args()
    data = json.loads(Path(args.board).read_text(encoding="utf-8"))

    unit = SIZE * math.sqrt(3)  # pixels between adjacent hex centres

    def cart(q: float, r: float) -> tuple[float, float]:
        return q + r / 2, r * ROW_H

    hexes = {h["label"]: h for h in data["hexes"]}
    pts = [cart(h["q"], h["r"]) for h in data["hexes"]]
    pts += [cart(t["x"], t["y"]) for t in data["track"]]
    min_x = min(p[0] for p in pts) - 1
    min_y = min(p[1] for p in pts) - 1
    max_x = max(p[0] for p in pts) + 1
    max_y = max(p[1] for p in pts) + 1

    def px(q: float, r: float) -> tuple[float, float]:
        x, y = cart(q, r)
        return MARGIN + (x - min_x) * unit, MARGIN + (y - min_y) * unit

    width = int(2 * MARGIN + (max_x - min_x) * unit)
    height = int(2 * MARGIN + (max_y - min_y) * unit)
    img = Image.new("RGB", (width, height), WATER)
    draw = ImageDraw.Draw(img)
    small, tiny, big = font(11), font(9), font(13)

    def corners(cx: float, cy: float) -> list[tuple[float, float]]:
        return [
            (
                cx + SIZE * math.cos(math.radians(60 * i - 30)),
                cy + SIZE * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        ]

    if args.grid:
        occupied = {(h["q"], h["r"]) for h in data["hexes"]}
        r0, r1 = math.floor(min_y / ROW_H), math.ceil(max_y / ROW_H)
        for row in range(r0, r1 + 1):
            for col in range(-2, 40):
                q = col - (row - (row & 1)) // 2
                if (q, row) in occupied:
                    continue
                cx, cy = px(q, row)
                if -SIZE < cx < width + SIZE:
                    draw.polygon(corners(cx, cy), outline=(140, 190, 215))
                    draw.text(
                        (cx, cy + 12), f"{col},{row}", fill=(60, 90, 120), font=tiny, anchor="mm"
                    )

    building_of = {lab: p["type"] for p in data["prebuilt"] for lab in p["hexes"]}
    for h in data["hexes"]:
        cx, cy = px(h["q"], h["r"])
        fill = COLOURS.get(h["district"], (200, 200, 200))
        if h["kind"] == "stone":
            fill = (150, 150, 150)
        elif h["kind"] == "building":
            fill = (int(fill[0] * 0.55), int(fill[1] * 0.55), int(fill[2] * 0.55))
        draw.polygon(corners(cx, cy), fill=fill, outline=(60, 50, 40))
        text = h["label"]
        if h["label"] in building_of:
            text += "\n" + building_of[h["label"]][:4]
        draw.multiline_text(
            (cx, cy),
            text,
            fill=(0, 0, 0) if h["kind"] != "building" else (255, 255, 255),
            font=small,
            anchor="mm",
            align="center",
        )

    ponte = next(p["hexes"] for p in data["prebuilt"] if p["type"] == "ponte")
    for b in data["bridges"]:
        a, c = (hexes[x] for x in b["hexes"])
        ax, ay = px(a["q"], a["r"])
        bx, by = px(c["q"], c["r"])
        if set(b["hexes"]) == set(ponte):
            draw.line([(ax, ay), (bx, by)], fill=(90, 40, 20), width=7)
            continue
        n = 8
        for i in range(n):
            if i % 2 == 0:
                f0, f1 = i / n, (i + 1) / n
                draw.line(
                    [
                        (ax + (bx - ax) * f0, ay + (by - ay) * f0),
                        (ax + (bx - ax) * f1, ay + (by - ay) * f1),
                    ],
                    fill=(90, 40, 20),
                    width=4,
                )

    track = data["track"]
    line = [px(t["x"], t["y"]) for t in track]
    draw.line(line[:61], fill=(30, 60, 110), width=2)
    draw.line(line[60:], fill=(150, 140, 80), width=1)
    for t, (cx, cy) in zip(track, line, strict=True):
        n = t["space"]
        if n == 45:
            continue
        nb = len(t["borders"])
        ok = (nb == 4) if n == 10 else (1 <= nb <= 2) if 1 <= n <= 56 else nb == 0
        fill = (255, 255, 255) if ok else (255, 60, 60)
        if n > 60:
            fill = (230, 230, 150)
        rad = 9
        draw.ellipse([cx - rad, cy - rad, cx + rad, cy + rad], fill=fill, outline=(20, 40, 80))
        draw.text(
            (cx, cy),
            "10/45" if n == 10 else str(n),
            fill=(0, 0, 0),
            font=tiny if n == 10 else small,
            anchor="mm",
        )
    legend = [f"{d['id']}  {d['name']}" for d in data["districts"]]
    lx, ly = 12, 10
    for i, (d, text) in enumerate(zip(data["districts"], legend, strict=True)):
        y = ly + i * 18
        draw.rectangle([lx, y + 2, lx + 12, y + 14], fill=COLOURS.get(d["id"], (200, 200, 200)))
        draw.text((lx + 18, y), text, fill=(0, 0, 0), font=big)
    notes = [
        "grey: stone site   dark: pre-placed building",
        "dashed: bridge site   solid: pre-placed ponte",
        "track 0..60 white, mooring posts 61..75 yellow",
    ]
    for i, text in enumerate(notes):
        draw.text((lx, ly + 18 * len(legend) + 4 + 14 * i), text, fill=(0, 0, 0), font=small)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    img.save(args.out)
    print(args.out, img.size)


if __name__ == "__main__":
    main()
