"""Tests for render.common.text: bundled fonts, mixed-script runs, replacement glyphs, fitting."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render.common import text as T

BG = (255, 255, 255)
INK = (20, 20, 20)
REPO_FONTS = Path(__file__).resolve().parent.parent / "render" / "common" / "fonts"


def render(
    text: str,
    size: int = 24,
    bold: bool = False,
    anchor: str = "la",
    max_width: int | None = None,
    xy: tuple[float, float] = (10, 10),
    canvas: tuple[int, int] = (640, 80),
) -> tuple[Image.Image, tuple[int, int, int, int]]:
    img = Image.new("RGB", canvas, BG)
    box = T.draw_text(
        ImageDraw.Draw(img), xy, text, size, INK, bold=bold, anchor=anchor, max_width=max_width
    )
    return img, box


def ink_bbox(img: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(img, Image.new(img.mode, img.size, BG)).getbbox()


def has_ink_in(img: Image.Image, box: tuple[int, int, int, int]) -> bool:
    left, top, right, bottom = box
    if right <= left or bottom <= top:
        return False
    return ink_bbox(img.crop(box)) is not None


def glyph_pixels(text: str, size: int = 40, bold: bool = False) -> bytes:
    """The ink of ``text`` cropped to its own box (position independent)."""
    img, box = render(text, size=size, bold=bold, canvas=(400, 120))
    return img.crop(box).tobytes()


# --------------------------------------------------------------------------- fonts


def test_fonts_load_from_repo_not_system() -> None:
    assert REPO_FONTS.resolve() == T.FONT_DIR
    for bold in (False, True):
        for cjk in (False, True):
            f = T.font(18, bold=bold, cjk=cjk)
            assert isinstance(f, ImageFont.FreeTypeFont)
            path = Path(str(f.path)).resolve()
            assert path.parent == REPO_FONTS.resolve()
            assert path.is_file()
            assert not str(path).startswith("/usr/share/fonts")
            assert T.font(18, bold=bold, cjk=cjk) is f  # cached


def test_font_files_documented_and_small() -> None:
    files = {p.name for p in REPO_FONTS.iterdir()}
    assert {"coverage.json", "README.md", "LICENSE-NotoSans.txt", "LICENSE-NotoSansCJK.txt"} <= (
        files
    )
    total = sum(p.stat().st_size for p in REPO_FONTS.iterdir())
    assert total < 4_000_000
    for lic in ("LICENSE-NotoSans.txt", "LICENSE-NotoSansCJK.txt"):
        assert "SIL OPEN FONT LICENSE Version 1.1" in (REPO_FONTS / lic).read_text()


def test_invalid_arguments() -> None:
    with pytest.raises(ValueError):
        T.font(0)
    img = Image.new("RGB", (50, 50), BG)
    with pytest.raises(ValueError):
        T.draw_text(ImageDraw.Draw(img), (0, 0), "x", 12, INK, anchor="xx")


@pytest.mark.parametrize(
    ("bold", "cjk"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_coverage_file_matches_font_cmaps(bold: bool, cjk: bool) -> None:
    """Sampled code points coverage.json claims render as real glyphs, not .notdef."""
    f = T.font(32, bold=bold, cjk=cjk)

    def mask(ch: str) -> tuple[tuple[int, int], bytes]:
        m = f.getmask(ch)
        return m.size, bytes(m)

    notdef = mask("\ue000")  # private use: in no bundled cmap
    covered = sorted(T._coverage()[T.font_path(bold, cjk).name])
    visible = [cp for cp in covered if chr(cp).isalnum() or 0x3041 <= cp <= 0x30FF]
    assert len(visible) > (3000 if cjk else 1000)
    for cp in visible[:: max(1, len(visible) // 300)]:
        assert mask(chr(cp)) != notdef, f"U+{cp:04X} claimed covered but renders .notdef"


# --------------------------------------------------------------------------- rendering


@pytest.mark.parametrize(
    "name",
    [
        "Őrsúlyú Gergő",
        "Niccolò",
        "あおいくま",
        "青熊",
        "🎲 Anna",
        "\ue000",  # private use
        "\u0378",  # unassigned
        "\U0010fffd",  # supplementary private use
        "👨\u200d👩\u200d👧 🇭🇺",
        "tab\tnew\nline\x00",
        "Zoë — “Ærø” Привет Ελλάδα ヴェネチア→★",
    ],
)
@pytest.mark.parametrize("bold", [False, True])
def test_renders_with_visible_ink(name: str, bold: bool) -> None:
    img, box = render(name, bold=bold)
    assert box[2] > box[0] and box[3] > box[1]
    assert has_ink_in(img, box)
    # The returned box is exactly the ink drawn.
    assert ink_bbox(img) == box


def test_empty_and_blank_strings_draw_nothing() -> None:
    for text in ("", "   ", "\u200d\ufe0f"):
        img, box = render(text, xy=(30, 20))
        assert ink_bbox(img) is None
        assert box == (30, 20, 30, 20)
        assert T.fit_text(text, 12, 100) == text


def test_diacritics_are_drawn() -> None:
    assert glyph_pixels("Gergő") != glyph_pixels("Gergo")
    assert glyph_pixels("Niccolò") != glyph_pixels("Niccolo")
    assert glyph_pixels("ő") != glyph_pixels("\ue000")
    assert glyph_pixels("ű", bold=True) != glyph_pixels("\ue000", bold=True)


def test_japanese_uses_real_glyphs() -> None:
    replacement = glyph_pixels("\ue000")
    for ch in "青熊あくマ揃":
        assert glyph_pixels(ch) != replacement, ch
    assert glyph_pixels("青") != glyph_pixels("熊")
    # Kanji are drawn by the CJK font (the Latin font has none).
    assert T._runs("青熊", False) == ((T._CJK, "青熊"),)
    assert T._runs("Anna 青熊", False) == ((T._LATIN, "Anna "), (T._CJK, "青熊"))


def test_missing_glyphs_become_one_box_per_cluster() -> None:
    box = T.REPLACEMENT
    # Emoji, private use and unassigned code points all draw the tofu box.
    assert glyph_pixels("🎲 Anna") == glyph_pixels(f"{box} Anna")
    assert glyph_pixels("\ue000") == glyph_pixels(box)
    assert glyph_pixels("\u0378") == glyph_pixels(box)
    # ZWJ sequences, skin tones, variation selectors and flags are one box each.
    assert glyph_pixels("👨\u200d👩\u200d👧") == glyph_pixels(box)
    assert glyph_pixels("👍🏽x") == glyph_pixels(f"{box}x")
    assert glyph_pixels("🇭🇺🇮🇹") == glyph_pixels(box * 2)
    # A missing glyph is never invisible: the box is not the .notdef of either font
    # (which Pillow would draw blank or as an empty rectangle of another size).
    assert glyph_pixels("🎲") != b""


def test_mixed_runs_share_a_baseline() -> None:
    img = Image.new("RGB", (400, 100), BG)
    draw = ImageDraw.Draw(img)
    base = 60
    latin = T.draw_text(draw, (10, base), "H", 40, INK, anchor="ls")
    kanji = T.draw_text(draw, (100, base), "日", 40, INK, anchor="ls")
    mixed = T.draw_text(draw, (200, base), "H日", 40, INK, anchor="ls")
    assert latin[3] == base  # flat-bottomed H sits on the baseline
    assert abs(kanji[3] - base) <= 4  # ideographs dip slightly below it
    assert mixed[1] == min(latin[1], kanji[1])
    assert mixed[3] == max(latin[3], kanji[3])


@pytest.mark.parametrize("text", ["Anna", "あおいくま", "Anna 青熊 🎲"])
def test_anchors(text: str) -> None:
    size = 30
    ascent, descent = T.font(size).getmetrics()
    width = T.text_width(text, size)
    x, y = 200, 60
    _, la = render(text, size, anchor="la", xy=(x, y), canvas=(400, 140))
    _, ls = render(text, size, anchor="ls", xy=(x, y), canvas=(400, 140))
    _, lt = render(text, size, anchor="lt", xy=(x, y), canvas=(400, 140))
    _, lb = render(text, size, anchor="lb", xy=(x, y), canvas=(400, 140))
    _, mm = render(text, size, anchor="mm", xy=(x, y), canvas=(400, 140))
    _, rm = render(text, size, anchor="rm", xy=(x, y), canvas=(400, 140))
    _, lm = render(text, size, anchor="lm", xy=(x, y), canvas=(400, 140))
    _, ma = render(text, size, anchor="ma", xy=(x, y), canvas=(400, 140))
    _, ra = render(text, size, anchor="ra", xy=(x, y), canvas=(400, 140))
    assert la[1] - ls[1] == ascent  # 'a' puts the ascender line at y
    assert lt[1] == y  # 't' puts the top of the ink at y
    assert lb[3] == y  # 'b' puts the bottom of the ink at y
    assert la[0] == ls[0] == lm[0]
    assert abs(mm[0] - (la[0] - width / 2)) <= 1  # centred on the advance
    assert abs(rm[0] - (la[0] - width)) <= 1
    assert ma[0] == mm[0] and ra[0] == rm[0]
    assert ma[1] == la[1] and ra[1] == la[1]
    assert abs((lm[1] - la[1]) + (ascent + descent) / 2) <= 1  # 'm': mid ascender/descender
    assert lm[1] == mm[1] == rm[1]


def test_latin_and_japanese_names_line_up_with_metric_anchors() -> None:
    """Vertical 'a'/'m' anchors use the Latin font's metrics for every script."""
    _, latin = render("Anna", anchor="ls", xy=(10, 50))
    _, japanese = render("あおい", anchor="ls", xy=(10, 50))
    _, latin_a = render("Anna", anchor="la", xy=(10, 10))
    _, japanese_a = render("あおい", anchor="la", xy=(10, 10))
    assert latin_a[1] - latin[1] == japanese_a[1] - japanese[1]


# --------------------------------------------------------------------------- fitting


def test_long_names_are_ellipsized_within_max_width() -> None:
    for name, bold in [
        ("Bartholomew Maximilian Őrsúlyú-Gergő the Third", False),
        ("Bartholomew Maximilian Őrsúlyú-Gergő the Third", True),
        ("あおいくまあおいくまあおいくま青熊青熊", False),
        ("🎲🎲🎲🎲 Anna Annabella Annabelle Anna", True),
    ]:
        for max_width in (40, 90, 150):
            fitted = T.fit_text(name, 18, max_width, bold)
            assert fitted.endswith(T.ELLIPSIS)
            assert len(fitted) < len(name)
            assert name.startswith(fitted[:-1].rstrip())
            assert T.text_width(fitted, 18, bold) <= max_width
            img, box = render(name, 18, bold=bold, max_width=max_width)
            assert box[2] - box[0] <= max_width
            assert has_ink_in(img, box)
            assert img.tobytes() == render(fitted, 18, bold=bold)[0].tobytes()
            # Longest prefix: one more character would not fit.
            longer = name[: len(fitted) - 1 + 1].rstrip() + T.ELLIPSIS
            if len(fitted) - 1 < len(name) and longer != fitted:
                assert T.text_width(longer, 18, bold) > max_width or longer == name


def test_fit_text_keeps_short_names_and_handles_tiny_widths() -> None:
    assert T.fit_text("Anna", 18, 200) == "Anna"
    assert T.fit_text("青熊", 18, 200) == "青熊"
    assert T.fit_text("Anna", 18, T.text_width("Anna", 18)) == "Anna"
    assert T.fit_text("Annabella", 18, T.text_width(T.ELLIPSIS, 18)) == T.ELLIPSIS
    assert T.fit_text("Annabella", 18, 1) == ""
    # Never cuts inside a cluster: the ZWJ family stays whole or goes.
    fam = "👨\u200d👩\u200d👧"
    for w in range(5, 120, 5):
        fitted = T.fit_text(fam + " Anna Annabelle", 18, w)
        assert fitted.startswith(fam) or not fitted.startswith("👨")
        assert not fitted.startswith("👨\u200d…")


def test_text_width() -> None:
    assert T.text_width("", 18) == 0
    assert T.text_width("Anna", 18) > 0
    assert T.text_width("Anna Anna", 18) > T.text_width("Anna", 18)
    assert T.text_width("Anna", 18, bold=True) >= T.text_width("Anna", 18)
    assert T.text_width("青熊", 20) == 40  # full-width ideographs: 1 em each
    assert T.text_width("🎲", 20) == T.text_width(T.REPLACEMENT, 20)


# --------------------------------------------------------------------------- determinism


def test_same_call_gives_identical_images() -> None:
    name = "Őrsúlyú Gergő あおいくま 青熊 🎲 Anna"
    first = render(name, bold=True, anchor="mm", xy=(320.5, 40.25))[0].tobytes()
    second = render(name, bold=True, anchor="mm", xy=(320.5, 40.25))[0].tobytes()
    assert first == second
    T._render_line.cache_clear()
    T._layout.cache_clear()
    T._runs.cache_clear()
    T.font.cache_clear()
    third = render(name, bold=True, anchor="mm", xy=(320.5, 40.25))[0].tobytes()
    assert first == third


def test_rgba_and_palette_images() -> None:
    rgba = Image.new("RGBA", (200, 50), (0, 0, 0, 0))
    box = T.draw_text(ImageDraw.Draw(rgba), (5, 5), "Anna 青", 20, (255, 0, 0, 255))
    alpha = rgba.crop(box).getchannel("A")
    assert alpha.getextrema() == (0, 255)
    pal = Image.new("P", (200, 50), 0)
    box = T.draw_text(ImageDraw.Draw(pal), (5, 5), "Anna 青", 20, 7)
    assert {c for _, c in pal.crop(box).getcolors() or []} == {
        0,
        7,
    }  # aliased text: no blended indices


def test_japanese_help_page_needs_no_replacement_glyph() -> None:
    """Every character of the Japanese help page is in a bundled font."""
    repo = Path(__file__).resolve().parent.parent
    name = "seeds/003_6893b736f9baaabe.txt"
    pages = [p / name for p in (repo.parent / "shared", repo / "shared")]
    page = next((p for p in pages if p.is_file()), None)
    if page is None:
        pytest.skip("shared/ help page not available")
    text = page.read_text(encoding="utf-8")
    assert T.REPLACEMENT not in text
    for bold in (False, True):
        for line in text.splitlines():
            drawn = "".join(run for _, run in T._runs(line, bold))
            assert T.REPLACEMENT not in drawn, line


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [11, 14, 22])
def test_widths_summed_per_character_equal_the_fonts_own(bold: bool, size: int) -> None:
    """_layout sums per-character advances; with the BASIC engine (no kerning) that must be
    exactly what FreeType measures for the whole run."""
    from render.common.text import _CJK, _layout, font

    for text in ["AVAWAY To Ty Wo", "exchange 3 4 5 → 2 step(s)  ·  drain C1", "青熊 Niccolò — ok"]:
        for slot, run, width in _layout(text, size, bold):
            assert width == pytest.approx(font(size, bold, slot == _CJK).getlength(run), abs=1e-9)
