"""#26 "peers not yet peers": golden images and render benches come from each game's own render
package (``render/<game>/cases.py``, :mod:`render.common.cases`); the shared modules walk the
registry, so a new game needs no edit in them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core import JSON
from engine.registry import GameRegistration, Renderers, registered, registrations
from render import bench
from render import golden as G
from render.common.cases import bench_cases, cases_of, render_package
from tests.fourth_game.registration import REGISTRATION as HIGH_CARD


def test_every_built_in_game_declares_goldens_and_a_bench_in_its_render_package() -> None:
    """#26: each game's cases sit next to its image functions."""
    for reg in registrations():
        assert render_package(reg) == f"render.{reg.name}", reg.name
        cases = cases_of(reg)
        assert cases is not None and cases.goldens is not None and cases.bench is not None
        assert set(cases.goldens.kinds.values()) == {"board", "hand", "end"}, reg.name
        assert set(cases.goldens.docs.values()) <= set(cases.goldens.names), reg.name


def test_golden_kinds_name_their_game() -> None:
    """#26: a stored golden kind belongs to one game (the folder and renderer follow from it)."""
    kinds = [kind for cases in G.golden_cases().values() for kind in cases.kinds]
    assert len(kinds) == len(set(kinds))
    for game, cases in G.golden_cases().items():
        for kind in cases.kinds:
            assert G.game_of(kind) == game
    with pytest.raises(ValueError, match="unknown image kind 'chess_board'"):
        G.renderer("chess_board")


@pytest.fixture
def high_card() -> Iterator[GameRegistration]:
    """High Card (tests/fourth_game), registered for the test's duration."""
    with registered(HIGH_CARD) as reg:
        yield reg


def test_a_new_game_is_benched_with_no_edit_in_a_shared_module(
    high_card: GameRegistration, capsys: pytest.CaptureFixture[str]
) -> None:
    """#26: High Card (tests/fourth_game/cases.py) is timed by ``bench render --game``."""
    assert bench.main(["--game", high_card.name, "--json", "-n", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["game"], r["kind"]) for r in lines] == [
        (high_card.name, "board"),
        (high_card.name, "hand"),
        (high_card.name, "end"),
    ]
    assert all(r["png_bytes"] > 0 and r["width"] > 0 for r in lines)


def test_a_new_games_goldens_are_recorded_and_compared_with_no_edit_in_a_shared_module(
    high_card: GameRegistration, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#26: ``render.golden --update --game high_card`` writes its goldens in its own folder,
    and they compare equal to a fresh render."""
    assert high_card.name in G.games()
    monkeypatch.setattr(G, "GOLDEN_DIR", tmp_path)
    assert G.main(["--update", "--game", high_card.name]) == 0
    paths = G.golden_paths(high_card.name)
    assert [p.stem for p in paths] == ["board_mid", "end", "hand_mid"]
    for path in paths:
        kind, _view, _img = G.read_golden(path)
        assert G.game_of(kind) == high_card.name
        assert G.ok(G.compare(path))


def test_a_game_without_cases_has_no_goldens_and_no_bench() -> None:
    """#26: a render package without a ``cases`` module: the game is simply not listed."""

    def elsewhere(view: JSON) -> bytes:
        return b""

    elsewhere.__module__ = "tests.images_of_a_game"  # package ``tests``: no ``tests.cases``
    images = Renderers(board=elsewhere, hand=elsewhere, end=elsewhere)
    bare = replace(HIGH_CARD, renderers=lambda: images)
    with registered(bare):
        assert render_package(bare) == "tests"
        assert cases_of(bare) is None
        assert bare.name not in G.games()
        assert bare.name not in bench_cases()
