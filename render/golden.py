"""Golden images of the renderers (Venezia, Canal Grande, Amsterdam), and the command that
regenerates them.

    uv run python -m render.golden --update    # rewrite tests/golden/*/*.png from canonical games
    uv run python -m render.golden --docs      # rewrite docs/sample_*.png, docs/canal_grande_*.png
    uv run python -m render.golden             # compare the current renderers with the goldens
    uv run python -m render.golden --rerender  # redraw goldens and docs from their stored views

``--game venezia``, ``--game canal_grande`` or ``--game amsterdam`` limits ``--update`` /
``--docs`` to one game's images. Each game's goldens are in a folder of their own,
``tests/golden/venezia/``, ``tests/golden/canal_grande/``, ``tests/golden/amsterdam/``; a
golden's name is its file name in its game's folder (:func:`golden_path`), so two games may both
have an ``end``. Each golden PNG carries its input view as JSON in an ``iTXt`` chunk (key
``view``, plus ``kind``: board / hand / end for Venezia, cg_board / cg_hand / cg_end for Canal
Grande, am_board / am_hand / am_end for Amsterdam), so the comparison re-renders exactly the
same view whatever the engine does later: the goldens test the renderer only. The canonical
views come from seeded games of random legal moves; ``--update`` records them afresh.

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
#: The games with goldens; each has its folder ``GOLDEN_DIR / game``.
GAMES = ("venezia", "canal_grande", "amsterdam")
#: Canal Grande's golden kinds -> (game, image kind) (Venezia's are the image kinds).
CG_KINDS = {
    "cg_board": ("canal_grande", "board"),
    "cg_hand": ("canal_grande", "hand"),
    "cg_end": ("canal_grande", "end"),
}
#: Amsterdam's golden kinds -> (game, image kind).
AM_KINDS = {
    "am_board": ("amsterdam", "board"),
    "am_hand": ("amsterdam", "hand"),
    "am_end": ("amsterdam", "end"),
}


def renderer(kind: str) -> Callable[[View], bytes]:
    """The function drawing a golden kind (Venezia's are ``board``, ``hand``, ``end``), looked
    up through the game's registration."""
    from engine.registry import registration

    game, image = {**CG_KINDS, **AM_KINDS}.get(kind, ("venezia", kind))
    try:
        return registration(game).renderers().of(image)
    except KeyError:
        raise ValueError(f"unknown image kind {kind!r}") from None


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


def canonical_names() -> list[str]:
    """The names of Venezia's golden images (without playing the games)."""
    return ["board_5p_mid", "board_2p", "hand_5p_mid", "end_4p"]


DOCS = {"sample_board": "board_5p_mid", "sample_hand": "hand_5p_mid", "sample_end": "end_4p"}


def _play_cg(players: list[str], seed: int, until: Callable[[Any], bool]) -> Any:
    from engine.canal_grande import CanalGrandeState

    state = CanalGrandeState.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if state.is_over or until(state):
            break
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    return state


def _cg_vote_under_way(state: Any) -> bool:
    v = state.public_view()
    vote = v["vote"]
    return bool(
        v["phase"] == "place"
        and state.turn >= 5
        and min(vote["votes"]) > 0
        and any(p[1] for side in vote["placed"] for p in side)
        and any(p["doges_waiting"] for p in v["players"])
    )


def canonical_cg_views() -> dict[str, tuple[str, View]]:
    """Canal Grande's golden images: a vote under way, offers to choose from, a divide with
    odd names, the hand of the player deciding the vote, the end of a game."""
    vote = _play_cg(["Giulia", "青熊"], 4, _cg_vote_under_way)
    choose = _play_cg(["Zoë", "Kōji"], 9, lambda s: s.turn >= 3 and s.phase == "choose")
    odd = _play_cg(
        ["Maximilian-Alexander von Habsburg-Lothringen 🦁🦁", "さくら🌸"],
        7,
        lambda s: s.turn >= 4 and s.phase == "divide",
    )
    end = _play_cg(["Émile", "Sára"], 3, lambda s: False)
    return {
        "board_vote": ("cg_board", vote.public_view()),
        "board_choose": ("cg_board", choose.public_view()),
        "board_odd_names": ("cg_board", odd.public_view()),
        "hand_vote": ("cg_hand", vote.player_view(vote.pending().seat)),
        "end": ("cg_end", end.public_view()),
    }


def canonical_cg_names() -> list[str]:
    """The names of Canal Grande's golden images (without playing the games)."""
    return ["board_vote", "board_choose", "board_odd_names", "hand_vote", "end"]


CG_DOCS = {
    "canal_grande_table": "board_vote",
    "canal_grande_hand": "hand_vote",
    "canal_grande_end": "end",
}


def _play_am(players: list[str], seed: int, variant: str, until: Callable[[Any], bool]) -> Any:
    from engine.amsterdam import GAME

    state = GAME.new_state(players, seed, {"variant": variant})
    rng = random.Random(seed)
    for _ in range(20000):
        if state.is_over or until(state):
            break
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    return state


def _play_am_greedy(players: list[str], seed: int, variant: str) -> Any:
    """A greedy-vs-greedy game to its end (random play almost never makes Gomoku's row)."""
    from engine.ai import policy_factory
    from engine.amsterdam import GAME

    state = GAME.new_state(players, seed, {"variant": variant})
    factory = policy_factory("greedy", game="amsterdam")
    policies = [factory(random.Random(seed + i)) for i in range(2)]
    for _ in range(20000):
        if state.is_over:
            break
        d = state.pending()
        assert d is not None
        state.apply(d.seat, policies[d.seat](state, d))
    return state


def _am_placing(state: Any, rounds: int) -> bool:
    d = state.pending()
    return bool(state.round >= rounds and d is not None and d.kind == "place")


def _am_half_sealed(state: Any) -> bool:
    """A sealed choice with one answer in (the harbour shows only who has chosen)."""
    answered = [p["answered"] for p in state.public_view()["players"]]
    return bool(state.round >= 8 and state.phase == "choose" and sorted(answered) == [False, True])


def canonical_am_views() -> dict[str, tuple[str, View]]:
    """Amsterdam's golden images: a base-game placement with the legal cells, a sealed choice
    half answered (and the hand of the seat that answered), Canale Grande and Gomoku harbours,
    a special-cards game, the end of a base game, of a Canale Grande game (every area scored,
    AM-G31) and of a Gomoku game won by three areas in a row (AM-V6.4, highlighted)."""
    base = _play_am(["Anna", "Ben"], 5, "base", lambda s: _am_placing(s, 14))
    sealed = _play_am(["Zoë", "Kōji"], 9, "special_cards", _am_half_sealed)
    chosen = next(p["seat"] for p in sealed.public_view()["players"] if p["answered"])
    canale = _play_am(["Giulia", "青熊"], 4, "canale_grande", lambda s: _am_placing(s, 16))
    gomoku = _play_am(["Émile", "Sára"], 6, "gomoku", lambda s: _am_placing(s, 20))
    end = _play_am(["Émile", "Sára"], 10, "base", lambda s: False)
    gomoku_end = _play_am_greedy(["Anna", "Ben"], 2, "gomoku")
    canale_end = _play_am(["Anna", "Ben"], 3, "canale_grande", lambda s: False)
    return {
        "board_place": ("am_board", base.public_view()),
        "board_sealed": ("am_board", sealed.public_view()),
        "board_canale": ("am_board", canale.public_view()),
        "board_gomoku": ("am_board", gomoku.public_view()),
        "hand_sealed": ("am_hand", sealed.player_view(chosen)),
        "end": ("am_end", end.public_view()),
        "end_gomoku": ("am_end", gomoku_end.public_view()),
        "end_canale": ("am_end", canale_end.public_view()),
    }


def canonical_am_names() -> list[str]:
    """The names of Amsterdam's golden images (without playing the games)."""
    return [
        "board_place",
        "board_sealed",
        "board_canale",
        "board_gomoku",
        "hand_sealed",
        "end",
        "end_gomoku",
        "end_canale",
    ]


AM_DOCS = {
    "amsterdam_board": "board_place",
    "amsterdam_sealed": "board_sealed",
    "amsterdam_hand": "hand_sealed",
    "amsterdam_end": "end",
    "amsterdam_end_gomoku": "end_gomoku",
    "amsterdam_end_canale_grande": "end_canale",
    "amsterdam_gomoku": "board_gomoku",
    "amsterdam_canale_grande": "board_canale",
}


#: game -> (its canonical views, its docs' samples: doc image -> golden name).
CANONICAL: dict[str, tuple[Callable[[], dict[str, tuple[str, View]]], dict[str, str]]] = {
    "venezia": (canonical_views, DOCS),
    "canal_grande": (canonical_cg_views, CG_DOCS),
    "amsterdam": (canonical_am_views, AM_DOCS),
}


# --------------------------------------------------------------------------- files


def golden_path(game: str, name: str) -> Path:
    """The file of one game's golden image: ``tests/golden/<game>/<name>.png``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    return GOLDEN_DIR / game / f"{name}.png"


def golden_paths(game: str = "all") -> list[Path]:
    """The golden PNGs of one game (or of every game), sorted."""
    games = GAMES if game == "all" else (game,)
    return sorted(p for g in games for p in (GOLDEN_DIR / g).glob("*.png"))


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


def game_of(kind: str) -> str:
    """The game whose golden kind this is (the folder its goldens belong in)."""
    if kind in CG_KINDS:
        return "canal_grande"
    return "amsterdam" if kind in AM_KINDS else "venezia"


def _rerender(game: str) -> int:
    stored: dict[tuple[str, str], tuple[str, View]] = {}
    for path in golden_paths(game):
        kind, view, _ = read_golden(path)
        stored[path.parent.name, path.stem] = (kind, view)
        write_golden(path, kind, view)
        print(f"wrote {path.relative_to(ROOT)}")
    for g, (_, docs) in CANONICAL.items():
        for doc, name in docs.items():
            if (g, name) in stored:
                kind, view = stored[g, name]
                path = DOCS_DIR / f"{doc}.png"
                path.write_bytes(renderer(kind)(view))
                print(f"wrote {path.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m render.golden", description=__doc__.split("\n")[0])
    ap.add_argument("--update", action="store_true", help="regenerate tests/golden/*/*.png")
    ap.add_argument("--docs", action="store_true", help="regenerate the docs' sample images")
    ap.add_argument(
        "--game",
        choices=("all", *GAMES),
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
        for game in GAMES if args.game == "all" else (args.game,):
            views_of, docs = CANONICAL[game]
            views = views_of()
            if args.update:
                (GOLDEN_DIR / game).mkdir(parents=True, exist_ok=True)
                for name, (kind, view) in views.items():
                    path = golden_path(game, name)
                    write_golden(path, kind, view)
                    print(f"wrote {path.relative_to(ROOT)}")
            if args.docs:
                for doc, name in docs.items():
                    kind, view = views[name]
                    path = DOCS_DIR / f"{doc}.png"
                    path.write_bytes(renderer(kind)(view))
                    print(f"wrote {path.relative_to(ROOT)}")
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
