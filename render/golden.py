"""Golden images of every game's renderers, and the command that regenerates them.

    uv run python -m render.golden --update    # rewrite tests/golden/*/*.png from canonical games
    uv run python -m render.golden --docs      # rewrite the docs' sample images (docs/*.png)
    uv run python -m render.golden             # compare the current renderers with the goldens
    uv run python -m render.golden --rerender  # redraw goldens and docs from their stored views

``--game <game>`` limits ``--update`` / ``--docs`` / ``--rerender`` to one game's images.
Each game declares its goldens in its render package (``render/<game>/cases.py``, see
:mod:`render.common.cases`): their names, their kinds, the seeded games their views come from,
the docs' samples. This module walks the registry, so a new game needs no edit here. Each
game's goldens are in a folder of their own, ``tests/golden/<game>/``; a golden's name is its
file name in its game's folder (:func:`golden_path`), so two games may both have an ``end``.
Each golden PNG carries its input view as JSON in an ``iTXt`` chunk (key ``view``, plus
``kind``: the game's own golden kind, unique across games, e.g. ``board`` or ``cg_board``), so
the comparison re-renders exactly the same view whatever the engine does later: the goldens
test the renderer only. The canonical views come from seeded games; ``--update`` records them
afresh.

Images are compared with a tolerance (:func:`diff_stats`): the mean absolute channel difference
must stay below :data:`MAX_MEAN_DIFF` and fewer than :data:`MAX_BAD_FRACTION` of the pixels may
differ by more than :data:`BAD_PIXEL` in some channel.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageStat
from PIL.PngImagePlugin import PngInfo

from engine.registry import registration
from render.common.cases import GoldenCases
from render.common.cases import golden_cases as all_golden_cases

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden"
DOCS_DIR = ROOT / "docs"

MAX_MEAN_DIFF = 2.0
BAD_PIXEL = 40
MAX_BAD_FRACTION = 0.01

View = dict[str, Any]


def golden_cases(game: str | None = None) -> dict[str, GoldenCases]:
    """game -> its golden cases, for every registered game that declares some (the registry's
    order; its render package's ``cases`` module, :mod:`render.common.cases`), or for ``game``
    alone (ValueError if it has none)."""
    cases = all_golden_cases()
    if game is None:
        return cases
    if game not in cases:
        raise ValueError(f"unknown game {game!r}; games with goldens: {', '.join(cases)}")
    return {game: cases[game]}


def games() -> tuple[str, ...]:
    """The games with goldens; each has its folder ``GOLDEN_DIR / game``."""
    return tuple(all_golden_cases())


def _kinds() -> dict[str, tuple[str, str]]:
    """Every golden kind -> (its game, its image kind); a kind two games declare is an error
    (a golden's kind names its game)."""
    out: dict[str, tuple[str, str]] = {}
    for game, cases in all_golden_cases().items():
        for kind, image in cases.kinds.items():
            if kind in out:
                raise ValueError(
                    f"golden kind {kind!r} of {game} is {out[kind][0]}'s already"
                )  # not for players
            out[kind] = (game, image)
    return out


def game_of(kind: str) -> str:
    """The game whose golden kind this is (the folder its goldens belong in)."""
    try:
        return _kinds()[kind][0]
    except KeyError:
        raise ValueError(f"unknown image kind {kind!r}") from None


def renderer(kind: str) -> Callable[[View], bytes]:
    """The function drawing a golden kind, looked up through its game's registration."""
    try:
        game, image = _kinds()[kind]
        return registration(game).renderers().of(image)
    except KeyError:
        raise ValueError(f"unknown image kind {kind!r}") from None


# --------------------------------------------------------------------------- files


def golden_path(game: str, name: str) -> Path:
    """The file of one game's golden image: ``tests/golden/<game>/<name>.png``."""
    golden_cases(game)  # ValueError for a game without goldens
    return GOLDEN_DIR / game / f"{name}.png"


def golden_paths(game: str = "all") -> list[Path]:
    """The golden PNGs of one game (or of every game), sorted."""
    chosen = games() if game == "all" else (game,)
    return sorted(p for g in chosen for p in (GOLDEN_DIR / g).glob("*.png"))


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


def _rerender(game: str) -> int:
    stored: dict[tuple[str, str], tuple[str, View]] = {}
    for path in golden_paths(game):
        kind, view, _ = read_golden(path)
        stored[path.parent.name, path.stem] = (kind, view)
        write_golden(path, kind, view)
        print(f"wrote {_shown(path)}")
    for g, cases in all_golden_cases().items():
        for doc, name in cases.docs.items():
            if (g, name) in stored:
                kind, view = stored[g, name]
                path = DOCS_DIR / f"{doc}.png"
                path.write_bytes(renderer(kind)(view))
                print(f"wrote {_shown(path)}")
    return 0


def _shown(path: Path) -> str:
    """The path as the command prints it: from the project's root when it is inside."""
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m render.golden", description=__doc__.split("\n")[0])
    ap.add_argument("--update", action="store_true", help="regenerate tests/golden/*/*.png")
    ap.add_argument("--docs", action="store_true", help="regenerate the docs' sample images")
    ap.add_argument(
        "--game",
        choices=("all", *games()),
        default="all",
        help="whose images --update / --docs / --rerender rewrite (all)",
    )
    ap.add_argument(
        "--rerender",
        action="store_true",
        help="redraw tests/golden/*/*.png and the docs' samples from the views stored in the"
        " goldens (a renderer change, without replaying the canonical games)",
    )
    args = ap.parse_args(argv)
    if args.rerender:
        return _rerender(args.game)
    if args.update or args.docs:
        for game, cases in golden_cases(None if args.game == "all" else args.game).items():
            views = cases.views()
            if args.update:
                (GOLDEN_DIR / game).mkdir(parents=True, exist_ok=True)
                for name, (kind, view) in views.items():
                    path = golden_path(game, name)
                    write_golden(path, kind, view)
                    print(f"wrote {_shown(path)}")
            if args.docs:
                for doc, name in cases.docs.items():
                    kind, view = views[name]
                    path = DOCS_DIR / f"{doc}.png"
                    path.write_bytes(renderer(kind)(view))
                    print(f"wrote {_shown(path)}")
        return 0
    failed = 0
    for path in golden_paths():
        stats = compare(path)
        good = ok(stats)
        failed += not good
        name = path.relative_to(GOLDEN_DIR).as_posix()
        print(f"{'ok  ' if good else 'FAIL'} {name}: mean diff {stats[0]:.3f},"
              f" {stats[1] * 100:.3f}% pixels off by > {BAD_PIXEL}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
