"""Golden images of the Venezia renderer, and the command that regenerates them on purpose.

    uv run python -m render.golden --update    # rewrite tests/golden/*.png from canonical games
    uv run python -m render.golden --docs      # rewrite docs/sample_{board,hand,end}.png
    uv run python -m render.golden             # compare the current renderer with the goldens

Each golden PNG carries its input view as JSON in an ``iTXt`` chunk (key ``view``, plus
``kind``: board / hand / end), so the comparison re-renders exactly the same view whatever the
engine does later: the goldens test the renderer only. The canonical views come from seeded games
of random legal moves; ``--update`` records them afresh.

Images are compared with a tolerance (:func:`diff_stats`): the mean absolute channel difference
must stay below :data:`MAX_MEAN_DIFF` and fewer than :data:`MAX_BAD_FRACTION` of the pixels may
differ by more than :data:`BAD_PIXEL` in some channel.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageStat
from PIL.PngImagePlugin import PngInfo

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden"
DOCS_DIR = ROOT / "docs"

MAX_MEAN_DIFF = 2.0
BAD_PIXEL = 40
MAX_BAD_FRACTION = 0.01

View = dict[str, Any]


def renderer(kind: str) -> Callable[[View], bytes]:
    if kind == "board":
        from render.board import render_board

        return render_board
    if kind == "hand":
        from render.hand import render_hand

        return render_hand
    if kind == "end":
        from render.end import render_end

        return render_end
    raise ValueError(f"unknown image kind {kind!r}")


# --------------------------------------------------------------------------- canonical views


def _play(players: list[str], seed: int, until: Callable[[Any], bool], limit: int = 5000) -> Any:
    from engine.venezia import VeneziaState

    state = VeneziaState.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over or until(state):
            break
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    return state


def canonical_views() -> dict[str, tuple[str, View]]:
    """name -> (kind, view) of the golden images, from seeded games (engine needed)."""
    five = ["Anna", "Béla", "青熊", "Gergő", "Niccolò"]
    mid = _play(five, 5, lambda s: s.turn >= 24 and s.pending().kind == "place")
    two = _play(
        ["Zoë", "Kōji"],
        11,
        lambda s: s.turn >= 14 and s.public_view()["imaginary"]["front"] and s.phase == "drain",
    )
    end = _play(["Émile", "Sára", "Tomás", "さくら"], 3, lambda s: False)
    decider = mid.pending().seat
    return {
        "board_5p_mid": ("board", mid.public_view()),
        "board_2p": ("board", two.public_view()),
        "hand_5p_mid": ("hand", mid.player_view(decider)),
        "end_4p": ("end", end.public_view()),
    }


DOCS = {"sample_board": "board_5p_mid", "sample_hand": "hand_5p_mid", "sample_end": "end_4p"}


# --------------------------------------------------------------------------- files


def write_golden(path: Path, kind: str, view: View) -> None:
    png = renderer(kind)(view)
    info = PngInfo()
    info.add_itxt("kind", kind)
    info.add_itxt("view", json.dumps(view, ensure_ascii=False, sort_keys=True), zip=True)
    Image.open(io.BytesIO(png)).save(path, "PNG", pnginfo=info, optimize=True)


def read_golden(path: Path) -> tuple[str, View, Image.Image]:
    img = Image.open(path)
    img.load()
    text: dict[str, str] = getattr(img, "text", {})
    return text["kind"], json.loads(text["view"]), img.convert("RGB")


def diff_stats(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute channel difference, fraction of pixels off by > BAD_PIXEL)."""
    if a.size != b.size:
        return float("inf"), 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    r, g, bb = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bb)
    bad = worst.point(lambda v: 255 if v > BAD_PIXEL else 0).histogram()[255]
    return mean, bad / (a.width * a.height)


def compare(path: Path) -> tuple[float, float]:
    kind, view, expected = read_golden(path)
    actual = Image.open(io.BytesIO(renderer(kind)(view))).convert("RGB")
    return diff_stats(expected, actual)


def ok(stats: tuple[float, float]) -> bool:
    return stats[0] < MAX_MEAN_DIFF and stats[1] < MAX_BAD_FRACTION


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m render.golden", description=__doc__.split("\n")[0])
    ap.add_argument("--update", action="store_true", help="regenerate tests/golden/*.png")
    ap.add_argument("--docs", action="store_true", help="regenerate docs/sample_*.png")
    args = ap.parse_args(argv)
    if args.update or args.docs:
        views = canonical_views()
        if args.update:
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            for name, (kind, view) in views.items():
                path = GOLDEN_DIR / f"{name}.png"
                write_golden(path, kind, view)
                print(f"wrote {path.relative_to(ROOT)}")
        if args.docs:
            for doc, name in DOCS.items():
                kind, view = views[name]
                path = DOCS_DIR / f"{doc}.png"
                path.write_bytes(renderer(kind)(view))
                print(f"wrote {path.relative_to(ROOT)}")
        return 0
    failed = 0
    for path in sorted(GOLDEN_DIR.glob("*.png")):
        stats = compare(path)
        good = ok(stats)
        failed += not good
        print(f"{'ok  ' if good else 'FAIL'} {path.name}: mean diff {stats[0]:.3f},"
              f" {stats[1] * 100:.3f}% pixels off by > {BAD_PIXEL}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
