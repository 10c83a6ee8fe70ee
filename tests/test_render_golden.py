"""Golden images of the renderer: canonical views re-rendered and compared with a tolerance.

Regenerate on purpose with ``uv run python -m render.golden --update`` (the view of each golden
is stored inside its PNG, so these tests do not depend on the engine's random play).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render import golden as G

GOLDENS = G.golden_paths()


def _id(path: Path) -> str:
    return path.relative_to(G.GOLDEN_DIR).with_suffix("").as_posix()


def test_goldens_exist() -> None:
    assert G.games() == ("venezia", "canal_grande", "amsterdam")
    for game, cases in G.golden_cases().items():
        names = cases.names
        assert {p.stem for p in G.golden_paths(game)} == set(names), game
        for name in names:
            assert G.golden_path(game, name) in GOLDENS


def test_goldens_are_in_their_games_folders() -> None:
    """One folder per game, nothing loose in tests/golden/, each golden in its kind's folder."""
    assert {p.name for p in G.GOLDEN_DIR.iterdir() if p.is_dir()} == set(G.games())
    assert not list(G.GOLDEN_DIR.glob("*.png"))
    for path in GOLDENS:
        kind, view, _ = G.read_golden(path)
        assert G.game_of(kind) == path.parent.name == view.get("game", "venezia"), _id(path)
    with pytest.raises(ValueError):
        G.golden_path("chess", "board")


def test_canal_grande_goldens_carry_their_kind() -> None:
    cases = G.golden_cases("canal_grande")["canal_grande"]
    for name in cases.names:
        kind, view, img = G.read_golden(G.golden_path("canal_grande", name))
        assert kind in cases.kinds
        assert view["game"] == "canal_grande"
        assert ("me" in view) == (kind == "cg_hand")
        assert img.width >= (960 if kind == "cg_hand" else 1000)  # a hand: #24 item 12


@pytest.mark.parametrize("path", GOLDENS, ids=[_id(p) for p in GOLDENS])
def test_golden(path: Path) -> None:
    mean, bad = G.compare(path)
    assert mean < G.MAX_MEAN_DIFF and bad < G.MAX_BAD_FRACTION, (
        f"{_id(path)} differs: mean {mean:.3f}, {bad * 100:.3f}% pixels off; if the change is"
        " intended, run: uv run python -m render.golden --update"
    )


def test_golden_views_are_embedded() -> None:
    kind, view, img = G.read_golden(G.golden_path("venezia", "board_5p_mid"))
    assert kind == "board"
    assert len(view["players"]) == 5
    assert img.width >= 1000
    json.dumps(view)


def test_tolerance_catches_real_changes() -> None:
    _, _, img = G.read_golden(G.golden_path("venezia", "board_5p_mid"))
    same = img.copy()
    assert G.ok(G.diff_stats(img, same))
    # a few stray pixels pass, a changed hex colour does not
    speck = img.copy()
    ImageDraw.Draw(speck).point([(10, 10), (11, 10)], fill=(255, 0, 0))
    assert G.ok(G.diff_stats(img, speck))
    changed = img.copy()
    ImageDraw.Draw(changed).rectangle((100, 100, 400, 300), fill=(255, 0, 255))
    assert not G.ok(G.diff_stats(img, changed))
    assert not G.ok(G.diff_stats(img, img.resize((img.width - 1, img.height))))


def test_docs_samples_exist() -> None:
    docs = [doc for cases in G.golden_cases().values() for doc in cases.docs]
    assert {"sample_board", "sample_hand", "sample_end", "canal_grande_table"} <= set(docs)
    for name in docs:
        path = G.DOCS_DIR / f"{name}.png"
        assert path.exists(), f"run: uv run python -m render.golden --docs ({path})"
        img = Image.open(io.BytesIO(path.read_bytes()))
        assert img.width > 0


def test_compare_command_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "render.golden"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "venezia/board_5p_mid.png" in out.stdout
    assert "amsterdam/end.png" in out.stdout and "canal_grande/end.png" in out.stdout
