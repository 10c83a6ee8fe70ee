"""Amsterdam shown in every language (#20): the status and hand texts (AM-G23's cards taken
back included), the rules topics of each variant and their names typed in any language, the
controls' labels, and every image (harbour, hand, end) drawn under each language without a
missing glyph or a cut word, English unchanged.

Rule IDs: AM-G23 (taken back, public), AM-13 / AM-V1…V6 (the topics per variant).
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.table.rules import rules_help
from chat.amsterdam import controls as C
from engine.amsterdam import GAME, VARIANTS, AmsterdamState
from engine.amsterdam.presentation import texts as T
from engine.amsterdam.presentation.help import HELP
from engine.amsterdam.registration import REGISTRATION
from engine.amsterdam.scenario import apply_setup
from engine.core import Option
from engine.i18n import LANGUAGES, say, speaking, translations
from render.amsterdam import board as B
from render.amsterdam import end as E
from render.amsterdam import hand as H
from render.amsterdam.regions import clear_cache
from render.common import text as common_text
from render.common.text import REPLACEMENT

OTHERS = ("ja", "hu", "it")


def _withdrawn() -> AmsterdamState:
    """Anna reveals red 27 with a gulden symbol she cannot pay for: she takes it back
    (AM-5.2), and both players know she holds it (AM-G23)."""
    st = GAME.new_state(["Anna", "Ben"], 8, {"variant": "base"})
    setup = {
        "gulden": {"Anna": 0, "Ben": 1},
        "hands": {"Anna": [27, 43, 44, 2, 3], "Ben": [24, 48, 5, 8, 9]},
    }
    apply_setup(st, setup, "AM-5.2")
    st.apply(0, "play 27")
    st.apply(1, "play 24")
    return st


# --------------------------------------------------------------------------- texts


@pytest.mark.parametrize(
    ("lang", "holds", "other_holds", "both_know", "round_word"),
    [
        (
            "ja",
            "27を所持（手札に戻した）",
            "Annaは27を所持（手札に戻した）",
            "あなたが27を持っていることは両者が知っています",
            "ラウンド",
        ),
        (
            "hu",
            "nála: 27 (visszavett)",
            "Anna kezében: 27 (visszavett)",
            "mindkét játékos tudja, hogy nálad van: 27",
            "forduló",
        ),
        (
            "it",
            "ha 27 (ripresa in mano)",
            "Anna ha 27 (ripresa in mano)",
            "entrambi sanno che hai 27",
            "round",
        ),
    ],
)
def test_status_and_hand_texts_in_each_language(
    lang: str, holds: str, other_holds: str, both_know: str, round_word: str
) -> None:
    """AM-G23: the card Anna took back is public: the status lines say so, and each hand
    line says it from its reader's side, in the language in force."""
    st = _withdrawn()
    with speaking(lang):
        lines = T.status_lines(st.public_view())
        other = T.hand_text(st.player_view(1))
        own = T.hand_text(st.player_view(0))
    assert any(holds in line and "Anna" in line for line in lines), lines
    assert round_word in lines[2]
    assert other_holds in other, other
    assert both_know in own, own
    # English is unchanged, and the same Text can be said again in English
    english = T.hand_text(st.player_view(0))
    assert "both players know you hold 27 (taken back)" in english
    with speaking(lang):
        said = T.hand_text(st.player_view(0))
    assert "your hand:" not in said
    assert "your hand:" in say(said, "en")


def test_a_status_line_text_is_said_again_in_the_readers_language() -> None:
    st = _withdrawn()
    with speaking("en"):
        line = T.status_lines(st.public_view())[2]
    assert line.startswith("Amsterdam · round")
    with speaking("hu"):
        warning = T.idle_warning({"idle": {"rounds": 2, "limit": 5}})
    assert warning is not None and "AM-G22" not in warning and "még 3" in warning
    assert "3 more such rounds" in say(warning, "en")


def test_controls_labels_in_each_language() -> None:
    with speaking("it"):
        assert C.option_label(Option.of("place D5")) == "Piazza: D5"
        assert C.option_label(Option.of("ship stay")) == "La nave resta"
        assert C.card_words("19") is not None
        words = C.card_words("19") or ""
    with speaking("en"):
        english = C.card_words("19") or ""
    assert english.split(" · ")[0] == words.split(" · ")[0] == "19"
    assert english != words
    with speaking("ja"):
        controls = C.controls()
        assert C.option_description(Option.of("play 19")) == "このカードを公開（play 19）"
    # built once, said again for each reader
    assert say(controls.filter_titles["play"], "hu") == "Kártyáid"
    assert say(controls.private_choices["choose"][0], "en") == "Reveal a card…"
    # a short label keeps only the cell: the translated label ends with it
    with speaking("hu"):
        assert controls.label(Option.of("place D5")) == "D5"


def test_help_lines_are_said_on_lookup() -> None:
    grammar = REGISTRATION.parts().grammar
    assert grammar.help["pass"].startswith("pass — reveal no card")
    with speaking("ja"):
        line = grammar.help["pass"]
    assert line.startswith("pass — ") and "ギルダー" in line and "AM-4.4" not in line
    assert set(HELP) == set(grammar.help)


# --------------------------------------------------------------------------- rules


VARIANT_END = {
    "base": "AM-13.8",
    "canale_grande": "AM-G31",
    "gulliver": "AM-G31",
    "penniless": "AM-V3.3",
    "special_cards": "AM-13.4",
    "water_play": "AM-G31",
    "gomoku": "AM-G42",
}


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rules_topics_per_variant_in_each_language(lang: str, variant: str) -> None:
    options = {"variant": variant}
    english = rules_help("end", "amsterdam", options).text
    with speaking(lang):
        said = rules_help("end", "amsterdam", options).text
        place = rules_help("place", "amsterdam", options).text
        overview = rules_help(None, "amsterdam", options).text
    assert said != english
    assert VARIANT_END[variant] in said and VARIANT_END[variant] in english
    assert "AM-8" in place
    if variant in ("water_play",):
        assert "AM-V5.2" in place
    # the overview lists the topics by their names in this language
    assert "{topics}" not in overview
    with speaking(lang):
        names = list(REGISTRATION.parts().texts.topics(options))
    # Italian says "round" as Canal Grande does (#25 glossary)
    assert names[0] in overview and (lang == "it" or names[0] != "round")


@pytest.mark.parametrize(
    ("typed", "topic"),
    [
        ("船", "ship"),
        ("ラウンド", "round"),
        ("Területek", "areas"),
        ("forduló", "round"),
        ("nave", "ship"),
        ("Varianti", "variants"),
        ("fine", "end"),
        ("area", "areas"),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_topic_name_typed_in_any_language_is_found(lang: str, typed: str, topic: str) -> None:
    with speaking(lang):
        found = rules_help(typed, "amsterdam").text
        expected = rules_help(topic, "amsterdam").text
    assert found == expected and found


def test_english_rules_are_unchanged() -> None:
    texts = REGISTRATION.parts().texts
    assert list(texts.rule_topics) == ["round", "ship", "place", "areas", "end", "variants"]
    assert texts.rule_topics["ship"].startswith("The ship (AM-7): move it to a water card")
    overview = texts.overview.format(topics="round, ship")
    assert overview.startswith("Amsterdam (exactly 2 players)")
    assert "Topics: round, ship." in overview
    gomoku = texts.topics({"variant": "gomoku"})
    assert gomoku["end"].startswith("The end in Gomoku (AM-V6): whoever wins three areas")
    assert gomoku["place"].endswith("In Gomoku (AM-V6) the harbour is 8×8.")
    assert texts.rule_aliases.get("game end") == "end"
    with speaking("hu"):
        assert texts.overview.format(topics="x").startswith("Amszterdam (pontosan 2 játékos)")


# --------------------------------------------------------------------------- images


def _stage_states(variant: str, seed: int) -> dict[str, AmsterdamState]:
    state = GAME.new_state(["Anna", "Béla"], seed, {"variant": variant})
    rng = random.Random(seed)
    seen: dict[str, AmsterdamState] = {}
    for _ in range(5000):
        if state.is_over:
            break
        seen.setdefault(state.phase, state.clone())
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    seen["over"] = state
    return seen


SEEDS = {"base": 3, "canale_grande": 1, "penniless": 3, "special_cards": 4}


@pytest.fixture(scope="module")
def views() -> list[tuple[str, str, dict[str, Any]]]:
    """(kind, name, view) of every stage of every variant, the hands of both seats and the
    end of each game, plus AM-G23's taken-back card and the idle-round warning."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for v in VARIANTS:
        for stage, st in _stage_states(v, SEEDS.get(v, 7)).items():
            name = f"{v}/{stage}"
            if stage == "over":
                out.append(("end", name, st.public_view()))
                continue
            out.append(("board", name, st.public_view()))
            for seat in (0, 1):
                out.append(("hand", f"{name}/{seat}", st.player_view(seat)))
    st = _withdrawn()
    out.append(("board", "taken_back", st.public_view()))
    out.append(("hand", "taken_back/0", st.player_view(0)))
    idle = {**st.public_view(), "idle": {"rounds": 3, "limit": 5}}
    out.append(("board", "idle", idle))
    return out


RENDER = {"board": B.render_board, "hand": H.render_hand, "end": E.render_end}


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the renderer had to cut (ellipsize) while the fixture is on, from a cold
    region cache (a cached panel is not drawn again)."""
    found: list[str] = []
    fit = common_text.fit_text

    def watched_fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
        out = fit(text, size, max_width, bold)
        if out != text:
            found.append(text)
        return out

    monkeypatch.setattr(common_text, "fit_text", watched_fit)
    clear_cache()
    return found


def _size(png: bytes) -> tuple[int, int]:
    img = Image.open(io.BytesIO(png))
    return img.size


@pytest.mark.parametrize("lang", OTHERS)
def test_every_image_renders_in_each_language(
    lang: str, views: list[tuple[str, str, dict[str, Any]]], cuts: list[str]
) -> None:
    english = [RENDER[kind](view) for kind, _name, view in views]
    cut_in_english = set(cuts)
    with speaking(lang):
        said = [RENDER[kind](view) for kind, _name, view in views]
    for (kind, name, _view), en, png in zip(views, english, said, strict=True):
        assert png != en, f"{kind} {name}: nothing translated"
        assert _size(png) == _size(en), f"{kind} {name}: the layout moved"
    cut = [t for t in cuts if t not in cut_in_english]
    assert cut == [], f"words cut in {lang}: {cut[:8]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_translation_has_its_glyphs_in_the_bundled_fonts(lang: str) -> None:
    table = translations("amsterdam", lang)
    catalog = table._catalog  # type: ignore[attr-defined]
    missing = [
        text
        for text in catalog.values()
        if isinstance(text, str)
        and REPLACEMENT in "".join(run for _slot, run in common_text._runs(text, True))
    ]
    assert len(catalog) > 150
    assert missing == []


def test_english_images_do_not_change_after_other_languages(
    views: list[tuple[str, str, dict[str, Any]]],
) -> None:
    """One region cache per language: an English panel is never pasted into a Japanese
    image, nor the other way round."""
    kind, _name, view = next(v for v in views if v[0] == "board")
    before = RENDER[kind](view)
    with speaking("ja"):
        japanese = RENDER[kind](view)
    assert RENDER[kind](view) == before
    with speaking("ja"):
        assert RENDER[kind](view) == japanese


_GOLDEN_AFTER_JAPANESE = """
import io, sys
from PIL import Image
from engine.i18n import speaking
from render import golden as G
paths = G.golden_paths("amsterdam")
kind, view, _img = G.read_golden(paths[0])
with speaking("ja"):
    G.renderer(kind)(view)  # the first image of the process speaks Japanese
bad = []
for path in paths:
    kind, view, img = G.read_golden(path)
    got = Image.open(io.BytesIO(G.renderer(kind)(view))).convert("RGB")
    if got.tobytes() != img.convert("RGB").tobytes():
        bad.append(path.name)
print(bad)
sys.exit(1 if bad else 0)
"""


def test_english_goldens_are_pixel_identical_after_a_japanese_first_image() -> None:
    """The palette is made from English sprites whatever language the first image of a
    process speaks: the English golden images stay identical, pixel for pixel."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _GOLDEN_AFTER_JAPANESE], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_status_and_hand_lines_made_in_one_language_are_said_in_another() -> None:
    """A line made in the table's language (Japanese) is said in its reader's (English,
    Hungarian) part by part, exactly as if it had been made in that language."""
    st = _withdrawn()
    view, own = st.public_view(), st.player_view(0)
    with speaking("ja"):
        lines = T.status_lines(view)
        hand = T.hand_text(own)
    for lang in ("en", "hu"):
        with speaking(lang):
            expected = T.status_lines(view)
            expected_hand = T.hand_text(own)
        assert [say(line, lang) for line in lines] == expected
        assert say(hand, lang) == expected_hand
