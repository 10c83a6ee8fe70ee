"""High Card's images: tiny Pillow pictures (the board: rounds and scores; a hand; the end)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.core import JSON

BG, INK, CARD = (245, 240, 225), (30, 30, 30), (255, 255, 255)


def _png(lines: list[str], cards: list[int] | None = None) -> bytes:
    cards = cards or []
    img = Image.new("RGB", (240, 40 + 14 * len(lines) + (50 if cards else 0)), BG)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 14 * i), line, fill=INK)
    top = 20 + 14 * len(lines)
    for i, card in enumerate(cards):
        x = 10 + 30 * i
        draw.rectangle((x, top, x + 24, top + 36), fill=CARD, outline=INK)
        draw.text((x + 8, top + 12), str(card), fill=INK)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def _names(view: JSON) -> list[str]:
    return [f"{p['name']}: {p['won']} won" for p in view["players"]]


def render_board(view: JSON) -> bytes:
    lines = [f"round {view['round']} of {view['rounds']}", *_names(view)]
    lines += [f"{a} : {b}" for a, b, _ in view["reveals"]]
    return _png(lines)


def render_hand(view: JSON) -> bytes:
    me = view.get("me") or {}
    return _png([f"your cards ({me.get('sealed_answer') or 'no answer yet'})"], me.get("hand", []))


def render_end(view: JSON) -> bytes:
    return _png(["game over", *_names(view)])
