"""No tofu: every character of every catalog is in a bundled font (#20).

The images are drawn only with the fonts in ``render/common/fonts/`` (subsets); a translation
with a character none of them has would be drawn as □. ``tools/subset_fonts.py --extra-text``
adds what the catalogs need when this fails.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from engine.i18n import LANGUAGES, SOURCE, domains
from render.common.text import _coverage

ROOT = Path(__file__).resolve().parents[1]
#: Symbols of chat texts only (Discord's or the terminal's font shows them; no image draws them,
#: which tests/test_images_every_language.py checks on every image): no bundled font has them.
CHAT_ONLY = {
    "✗": "the terminal's refusal mark",
    "⌊": "Venezia's rules help on gold: ⌊sum/5⌋",
    "⌋": "Venezia's rules help on gold: ⌊sum/5⌋",
    "⏰": "Discord's turn-timer reminder",
    "✅": "Discord's accepted-choice note",
    "🗳": "Discord's pause vote",
    "\ufe0f": "the emoji presentation selector after ⏰/🗳",
}


def catalog_texts() -> dict[str, str]:
    """Every catalog file -> all its message texts (ids and translations)."""
    out: dict[str, str] = {}
    games = [p for p in (ROOT / "data").iterdir() if (p / "locale").is_dir()]
    folders = {d.directory for d in domains()} | {p / "locale" for p in games}
    for folder in folders:
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            for po in sorted((folder / lang / "LC_MESSAGES").glob("*.po")):
                with po.open("rb") as handle:
                    catalog = read_po(handle, locale=lang)
                parts: list[str] = []
                for m in catalog:
                    for value in (m.id, m.string):
                        parts += list(value) if isinstance(value, tuple) else [value or ""]
                out[str(po.relative_to(ROOT))] = "".join(parts)
    return out


def test_the_catalogs_are_found() -> None:
    files = catalog_texts()
    assert any("/ja/" in name for name in files), sorted(files)


def test_every_character_of_every_catalog_has_a_glyph() -> None:
    covered = frozenset().union(*_coverage().values())
    missing: dict[str, set[str]] = {}
    for name, text in catalog_texts().items():
        for ch in text:
            if ch.isspace() or ord(ch) < 0x20 or ch in CHAT_ONLY:
                continue
            if ord(ch) not in covered:
                missing.setdefault(name, set()).add(ch)
    assert not missing, {k: "".join(sorted(v)) for k, v in missing.items()}


def test_the_layout_watch_sees_cuts_edges_and_tofu() -> None:
    """The checks of tests/test_images_every_language.py can fail."""
    from PIL import Image, ImageDraw

    from render.common.text import draw_text, watching

    draw = ImageDraw.Draw(Image.new("RGB", (100, 40)))
    with watching() as seen:
        draw_text(draw, (2, 2), "a rather long label for a box", 14, "black", max_width=60)
        draw_text(draw, (90, 2), "edge", 14, "black")
        draw_text(draw, (2, 20), "vote 🗳", 14, "black")
        draw_text(draw, (2, 20), "fits", 14, "black", max_width=90)
    assert [text for text, _ in seen.cut] == ["a rather long label for a box"]
    assert [text for text, _, _ in seen.outside] == ["edge"]
    assert seen.tofu == [("vote 🗳", "🗳")]
