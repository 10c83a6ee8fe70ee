"""Amsterdam images: every stage of every variant renders, odd names keep the layout, the
harbour image reads public data only and never shows a sealed answer.

Rule IDs: AM-G23 (what each audience sees), AM-4.2/4.3 (secret choice, reveal together),
AM-G8 (the frame), AM-13.4 (five largest), AM-V1-V6 (variants).
"""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest
from PIL import Image

from engine.amsterdam import GAME, VARIANTS
from render import bench
from render import golden as G
from render.amsterdam import board as B
from render.amsterdam import end as E
from render.amsterdam import hand as H
from render.amsterdam.grid import geometry, legal_cells, reach

View = dict[str, Any]
MAX_BYTES = 150_000
SEALED_STAGES = ("buy", "contest", "choose", "order")


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _stage_states(variant: str, seed: int) -> dict[str, Any]:
    """A clone of the state at the first moment of each stage of a seeded random game (a
    sealed stage also half answered), and the finished game."""
    state = GAME.new_state(["Anna", "Béla"], seed, {"variant": variant})
    rng = random.Random(seed)
    seen: dict[str, Any] = {}
    for _ in range(5000):
        if state.is_over:
            break
        stage = state.phase
        answered = [p["answered"] for p in state.public_view()["players"]]
        name = f"{stage}-half" if sorted(map(bool, answered)) == [False, True] else stage
        seen.setdefault(name, state.clone())
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    assert state.is_over
    seen["over"] = state
    return seen


#: Seeds whose random games reach every stage of the variant (a removal, a contested last
#: special card, two specials revealed at once).
SEEDS: dict[str, tuple[int, ...]] = {
    "base": (3,),
    "canale_grande": (1,),
    "penniless": (3,),
    "special_cards": (4, 7),
}


@pytest.fixture(scope="module")
def stages() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for v in VARIANTS:
        by_stage: dict[str, Any] = {}
        for seed in SEEDS.get(v, (7,)):
            for name, st in _stage_states(v, seed).items():
                by_stage.setdefault(name, st)
        out[v] = by_stage
    return out


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_stage_of_every_variant_renders(
    stages: dict[str, dict[str, Any]], variant: str
) -> None:
    """AM-V1-V6: boards of every size (4×12 to 8×8) render every stage within 150 KB."""
    by_stage = stages[variant]
    expected = {"choose", "choose-half", "ship", "remove", "place", "over"}
    if variant == "special_cards":
        expected |= {"buy", "buy-half", "contest", "order", "order-half"}
    assert expected <= set(by_stage), (variant, sorted(by_stage))
    for stage, st in by_stage.items():
        public = st.public_view()
        board = B.render_board(public)
        img = _decode(board)
        assert img.mode == "P" and img.width >= 960, (variant, stage)
        assert len(board) <= MAX_BYTES, (variant, stage)
        for seat in (0, 1):
            hand = H.render_hand(st.player_view(seat))
            assert _decode(hand).width == H.W and len(hand) <= MAX_BYTES, (variant, stage)
    end = E.render_end(by_stage["over"].public_view())
    assert _decode(end).width == E.W and len(end) <= MAX_BYTES, variant


def test_the_grid_fits_the_labelled_rectangle_of_each_variant(
    stages: dict[str, dict[str, Any]],
) -> None:
    """AM-G8: the grid shows every cell the frame can reach (and only those), with its labels
    on the edges; cells that show something are regions over the static layer of empty cells."""
    for variant, by_stage in stages.items():
        for stage in ("choose", "over"):
            view = by_stage[stage].public_view()
            _, regions = B.layout(view)
            top = next(r.box[1] for r in regions if r.key[0] == "grid-panel")
            g = geometry(view, top)
            (r_lo, r_hi), (c_lo, c_hi) = reach(view)
            grid = view["grid"]
            assert g.rows == tuple(grid["rows"][r_lo : r_hi + 1]), variant
            assert g.cols == tuple(grid["cols"][c_lo : c_hi + 1]), variant
            frame = grid["frame"]
            assert len(g.rows) >= frame[0] and len(g.cols) >= frame[1], variant
            cells = [r for r in regions if r.key[0] == "cell"]
            shown = {c["cell"] for c in grid["cells"]}
            assert len(cells) == len(shown) + len(legal_cells(view)[1]), (variant, stage)
            assert all(r.key[2] for r in cells), variant  # every cell drawn is reachable
            for r in cells:  # each region lies on the grid
                x0, y0, _, _ = r.box
                assert (x0 - g.x0) % g.cell == 0 and (y0 - g.y0) % g.cell == 0
                assert 0 <= (x0 - g.x0) // g.cell < len(g.cols), variant
                assert 0 <= (y0 - g.y0) // g.cell < len(g.rows), variant
    over = stages["gomoku"]["over"].public_view()
    assert len(geometry(over, 0).rows) == 8  # the full port is the frame itself (AM-V6.1)


def test_legal_cells_are_marked_when_the_options_are_public(
    stages: dict[str, dict[str, Any]],
) -> None:
    view = stages["base"]["place"].public_view()
    kind, cells = legal_cells(view)
    assert kind == "place" and cells
    options = next(d["options"] for d in view["pending"] if d["kind"] == "place")
    assert cells == {o.split()[1] for o in options}
    _, regions = B.layout(view)
    marked = {r.key for r in regions if r.key[0] == "cell" and r.key[4]}
    assert len(marked) >= 1
    text, hot = B.status_line(view)
    assert hot and f"{len(cells)} cells marked" in text


# --------------------------------------------------------------------------- hidden information


def test_harbour_image_reads_only_public_data(stages: dict[str, dict[str, Any]]) -> None:
    """AM-G23: a player view, without ``me`` or with a fake hand, draws identical bytes."""
    for variant in ("base", "special_cards", "gomoku"):
        for stage, st in stages[variant].items():
            public = B.render_board(st.public_view())
            for seat in (0, 1):
                private = st.player_view(seat)
                assert B.render_board(private) == public, (variant, stage, seat)
                stripped = {k: v for k, v in private.items() if k != "me"}
                assert B.render_board(stripped) == public, (variant, stage, seat)
                fake = copy.deepcopy(private)
                fake["me"]["hand"] = fake["me"]["hand"][:1] * 7
                fake["me"]["sealed_answer"] = "play 99"
                fake["me"]["options"] = ["place A1"]
                assert B.render_board(fake) == public, (variant, stage, seat)


def _sealed_twins(variant: str, seed: int) -> tuple[Any, Any, str, str]:
    """Two copies of a game in a sealed stage where seat 0 gave different answers."""
    state = GAME.new_state(["Anna", "Béla"], seed, {"variant": variant})
    rng = random.Random(seed)
    for _ in range(5000):
        ds = {d.seat: d for d in state.pending_all()}
        if state.round >= 3 and state.phase == "choose" and 0 in ds and 1 in ds:
            options = list(ds[0].options)
            if len(options) >= 2:
                a, b = state.clone(), state.clone()
                a.apply(0, options[0])
                b.apply(0, options[1])
                return a, b, options[0], options[1]
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    raise AssertionError("no sealed choice found")


@pytest.mark.parametrize("variant", ["base", "special_cards", "canale_grande"])
def test_sealed_answers_never_change_the_public_image(variant: str) -> None:
    """AM-4.2: twins with different sealed answers draw byte-identical harbours; only who has
    chosen is shown."""
    a, b, first, second = _sealed_twins(variant, 3)
    assert a.player_view(0)["me"]["sealed_answer"] != b.player_view(0)["me"]["sealed_answer"]
    assert B.render_board(a.public_view()) == B.render_board(b.public_view())
    assert B.render_board(a.player_view(1)) == B.render_board(b.player_view(1))
    assert H.render_hand(a.player_view(1)) == H.render_hand(b.player_view(1))
    text, _ = B.status_line(a.public_view())
    assert "Anna has chosen" in text and "Béla is choosing" in text
    for word in (first, second):
        assert word.split()[-1] not in text.split()
    # the answering seat's own hand shows his answer, marked
    hand_a = H.render_hand(a.player_view(0))
    assert hand_a != H.render_hand(b.player_view(0))
    key = H._layout(a.player_view(0))[1][1].key
    assert key[-1] == first


def test_hand_lists_the_options_by_verb(stages: dict[str, dict[str, Any]]) -> None:
    st = stages["base"]["choose"]
    seat = st.pending().seat
    view = st.player_view(seat)
    lines = H.option_lines(view, 800)
    verbs = [v for v, _ in lines if v]
    assert verbs == ["play", "pass"]
    plays = [o.split()[1] for o in view["me"]["options"] if o.startswith("play ")]
    assert all(p in " ".join(t for _, t in lines) for p in plays)
    waiting = copy.deepcopy(view)
    waiting["me"]["options"] = []
    assert "waiting" in H.option_lines(waiting, 800)[0][1]


# --------------------------------------------------------------------------- end


def test_end_scoring_lines_follow_the_view(stages: dict[str, dict[str, Any]]) -> None:
    """AM-13.4: the five largest open areas, each with who scored; AM-G31: every area."""
    view = stages["base"]["over"].public_view()
    title, lines = E.scoring_lines(view)
    areas = view["end"]["scoring"]["areas"]
    assert "five largest" in title
    assert len(lines) == max(1, len(areas))
    for (badge, text), area in zip(lines, areas, strict=False):
        assert badge and f"{area['size']} card" in text
    over = stages["canale_grande"]["over"].public_view()
    title, _ = E.scoring_lines(over)
    assert "Every area" in title
    ranking = view["ranking"]
    header_title = E.layout(view)[1][0].key[1]
    if len(ranking) == 1:
        assert "draw" in header_title
    else:
        assert view["players"][ranking[0][0]]["name"] in header_title


# --------------------------------------------------------------------------- odd names

ODD_NAMES = [
    "Maximilian-Alexander von Habsburg-Lothringen der Allerlängste",
    "青熊さくら東京都新宿区西新宿二丁目八番一号",
    "🦁🐉🌸 emoji 👩‍👩‍👧‍👦 🇮🇹",
    "\u202eevil\u202c\u200b",
]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_odd_names_keep_the_layout(stages: dict[str, dict[str, Any]], name: str) -> None:
    public = stages["base"]["place"].public_view()
    odd = copy.deepcopy(public)
    odd["players"][0]["name"] = name
    plain = _decode(B.render_board(public)).convert("RGB")
    img = _decode(B.render_board(odd)).convert("RGB")
    assert img.size == plain.size
    _, regions = B.layout(public)
    # the grid and the other player's panel do not move
    for r in regions:
        if r.key[0] == "cell" or (r.key[0] == "player" and r.key[1] == 1):
            assert img.crop(r.box).tobytes() == plain.crop(r.box).tobytes()
    private = stages["base"]["place"].player_view(0)
    private["players"][0]["name"] = name
    assert _decode(H.render_hand(private)).width == H.W
    over = copy.deepcopy(stages["base"]["over"].public_view())
    over["players"][0]["name"] = name
    assert _decode(E.render_end(over)).width == E.W


# --------------------------------------------------------------------------- plumbing


def test_registration_names_resolve() -> None:
    from engine.registry import IMAGE_KINDS, registration

    images = registration("amsterdam").renderers()
    for kind in IMAGE_KINDS:
        func = images.of(kind)
        assert func.__module__ == f"render.amsterdam.{kind}" and func.__name__ == f"render_{kind}"


def test_renders_are_deterministic(stages: dict[str, dict[str, Any]]) -> None:
    view = stages["gomoku"]["place"].public_view()
    assert B.render_board(view) == B.render_board(json.loads(json.dumps(view)))


def test_goldens_and_samples_exist() -> None:
    cases = G.golden_cases("amsterdam")["amsterdam"]
    for name in cases.names:
        kind, view, _img = G.read_golden(G.golden_path("amsterdam", name))
        assert kind in cases.kinds and view["game"] == "amsterdam"
        assert ("me" in view) == (kind == "am_hand")
    for doc in cases.docs:
        assert (G.DOCS_DIR / f"{doc}.png").exists(), doc


def test_bench_render_amsterdam(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "amsterdam", "--variant", "gulliver", "--json", "-n", "2"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    assert [r["kind"] for r in lines] == ["board", "hand", "end"]
    for r in lines:
        assert r["game"] == "amsterdam" and r["variant"] == "gulliver"
        assert r["png_bytes"] > 5_000 and r["width"] >= 960
    with pytest.raises(SystemExit):
        bench.main(["--game", "amsterdam", "--variant", "nonsense"])


def test_status_line_names_who_decides_what(stages: dict[str, dict[str, Any]]) -> None:
    """AM-7.1 ship, AM-7.4 remove, AM-8.1 place: the header names the player and the cells."""
    for stage, words in (("ship", "moves the ship"), ("remove", "may remove"), ("place", "places")):
        view = stages["base"][stage].public_view()
        text, hot = B.status_line(view)
        who = view["players"][view["pending"][0]["seat"]]["name"]
        assert hot and who in text and words in text, (stage, text)
    over = stages["base"]["over"].public_view()
    text, hot = B.status_line(over)
    assert not hot and text.startswith("Game over")


def test_reveal_panel_shows_both_cards_of_the_last_reveal(
    stages: dict[str, dict[str, Any]],
) -> None:
    """AM-4.3: after a reveal both chosen cards stand side by side (a pass as PASS)."""
    view = stages["base"]["place"].public_view()
    last = view["last_reveal"]
    _, regions = B.layout(view)
    reveal = next(r for r in regions if r.key[0] == "reveal")
    rnd, cards = reveal.key[1]
    assert rnd == last["round"]
    assert [c[0] for c in cards] == last["cards"]
    for (label, card, passed), was_passed in zip(cards, last["passed"], strict=True):
        assert passed == was_passed
        if label is not None and card is not None:
            assert card[1] == label  # the face drawn is the card with that label
    gone = copy.deepcopy(view)
    gone["last_reveal"] = {"round": 3, "cards": ["999", None], "passed": [False, True]}
    assert _decode(B.render_board(gone)).size == _decode(B.render_board(view)).size
    assert B.card_by_label(gone, "999") is None


def test_cells_out_of_the_frames_reach_are_marked(stages: dict[str, dict[str, Any]]) -> None:
    """AM-G8: once the port spans the full frame, the cells beyond it are out of reach."""
    view = stages["gomoku"]["over"].public_view()
    _, regions = B.layout(view)
    inside = [r for r in regions if r.key[0] == "cell" and r.key[2]]
    rows, cols = view["grid"]["frame"]
    assert len(inside) == rows * cols  # Gomoku is bounded from the start (AM-V6.1)
    edges = sum(sum(r.key[3]) for r in inside)
    assert edges == 2 * (rows + cols)  # the fixed frame is drawn all round
