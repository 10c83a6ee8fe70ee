"""Build the bundled fonts in ``render/common/fonts/`` from Debian's font packages.

Run (as root on a Debian bookworm machine)::

    apt-get update
    apt-get install -y fonts-noto-core fonts-noto-cjk kanjidic
    uv run --with fonttools python tools/subset_fonts.py

fontTools is only needed here, never at run time.  The script writes:

* ``NotoSans-Regular.ttf`` / ``NotoSans-Bold.ttf`` -- Noto Sans subset to Latin (incl.
  Latin Extended-A/B/Additional, IPA), combining marks, Greek, Cyrillic, punctuation and
  symbols: every code point of those blocks that the font has.
* ``NotoSansCJKjp-Regular.subset.otf`` / ``NotoSansCJKjp-Bold.subset.otf`` -- the
  Japanese face of Noto Sans CJK subset to Latin-1/Ext-A/B, punctuation, arrows, shapes,
  kana, CJK symbols, half/full-width forms and the kanji set described in README.md.
* ``coverage.json`` -- the code points each file maps (``cmap``), as ranges; the
  renderer loads it to decide which font draws which character.
* ``LICENSE-NotoSans.txt`` / ``LICENSE-NotoSansCJK.txt`` -- OFL 1.1 with the fonts'
  copyright notices.

Noto Sans loses its TrueType hinting bytecode (see ``main``); the CJK faces keep theirs.
The output is byte-for-byte reproducible from the same package versions (no timestamps
are touched).  OpenType layout tables (GSUB/GPOS/GDEF) are dropped: the renderer uses
Pillow's BASIC layout engine, which does not read them, and in the CJK face the GSUB
closure would pull in thousands of variant glyphs (it doubles the file size).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "render" / "common" / "fonts"

NOTO_DIR = Path("/usr/share/fonts/truetype/noto")
CJK_DIR = Path("/usr/share/fonts/opentype/noto")
KANJIDIC = Path("/usr/share/edict/kanjidic")
CATALOGS = Path(__file__).resolve().parents[1] / "data"
CJK_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
HELP_PAGE = REPO.parent / "shared" / "seeds" / "003_6893b736f9baaabe.txt"  # shared/ beside the repo

# Face 0 of the Debian NotoSansCJK-*.ttc collections is "Noto Sans CJK JP".
CJK_JP_FONT_NUMBER = 0

LATIN_RANGES: list[tuple[int, int]] = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x017F),  # Latin Extended-A (Hungarian ő ű, Polish, Czech, ...)
    (0x0180, 0x024F),  # Latin Extended-B
    (0x0250, 0x02FF),  # IPA extensions, spacing modifier letters
    (0x0300, 0x036F),  # Combining diacritical marks
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x052F),  # Cyrillic + supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x2000, 0x206F),  # General punctuation (… – — ‘ ’ “ ” • ‰)
    (0x2070, 0x209F),  # Super- and subscripts
    (0x20A0, 0x20CF),  # Currency symbols (€)
    (0x2100, 0x218F),  # Letterlike symbols, number forms
    (0x2190, 0x22FF),  # Arrows, mathematical operators
    (0x25A0, 0x26FF),  # Geometric shapes, miscellaneous symbols
    (0xFFFD, 0xFFFD),  # Replacement character
]

CJK_RANGES: list[tuple[int, int]] = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1, Latin Extended-A/B
    (0x2000, 0x206F),  # General punctuation
    (0x2100, 0x214F),  # Letterlike symbols (№ ℃ ™)
    (0x2150, 0x218F),  # Number forms (Ⅰ Ⅱ Ⅲ)
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical operators
    (0x2460, 0x24FF),  # Enclosed alphanumerics (① ②)
    (0x2500, 0x257F),  # Box drawing
    (0x25A0, 0x25FF),  # Geometric shapes (□ ■ ○ ● △ ◆) -- U+25A1 is the tofu glyph
    (0x2600, 0x26FF),  # Miscellaneous symbols (★ ☆ ♪)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0xFF00, 0xFFEF),  # Half-width and full-width forms
]

# The four 2010 Jōyō kanji that are not in JIS X 0208 (so not in KANJIDIC's file).
JOYO_OUTSIDE_JIS_X_0208 = "\U00020b9f\u5861\u525d\u9830"  # 𠮟 塡 剝 頰

# Characters that must exist in the CJK subset whatever the lists say.
CJK_REQUIRED = "\u25a1"  # □ WHITE SQUARE: drawn for characters no bundled font has

CJK_IDEOGRAPH_RANGES = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3FFFF)]


def is_kanji(ch: str) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in CJK_IDEOGRAPH_RANGES)


def expand(ranges: list[tuple[int, int]]) -> set[int]:
    out: set[int] = set()
    for lo, hi in ranges:
        out.update(range(lo, hi + 1))
    return out


def to_ranges(cps: set[int]) -> str:
    """Code points as space-separated hex ranges: ``"20-7e a0-17f 3005"``."""
    pairs: list[list[int]] = []
    for cp in sorted(cps):
        if pairs and pairs[-1][1] == cp - 1:
            pairs[-1][1] = cp
        else:
            pairs.append([cp, cp])
    return " ".join(f"{lo:x}" if lo == hi else f"{lo:x}-{hi:x}" for lo, hi in pairs)


def kanjidic_grades(path: Path) -> tuple[set[str], set[str]]:
    """(Jōyō, Jinmeiyō) kanji from KANJIDIC: grades G1-G8 are Jōyō, G9/G10 Jinmeiyō."""
    joyo: set[str] = set()
    jinmeiyo: set[str] = set()
    for line in path.read_bytes().decode("euc_jp").splitlines():
        if line.startswith("#"):
            continue
        m = re.search(r" G(\d+) ", line)
        if m:
            (joyo if int(m.group(1)) <= 8 else jinmeiyo).add(line[0])
    return joyo, jinmeiyo


def jis_level1_kanji() -> set[str]:
    """The 2,965 JIS X 0208 level-1 kanji (EUC-JP rows 0xB0-0xCF), decoded with codecs."""
    out: set[str] = set()
    for row in range(0xB0, 0xD0):
        for cell in range(0xA1, 0xFF):
            try:
                out.add(bytes([row, cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return out


def subset_font(
    src: Path, dst: Path, unicodes: set[int], font_number: int, hinting: bool
) -> set[int]:
    font = TTFont(src, fontNumber=font_number, recalcTimestamp=False)
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.hinting = hinting
    opts.layout_features = []
    opts.drop_tables = [*opts.drop_tables, "GSUB", "GPOS", "GDEF", "DSIG"]
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=unicodes & set(font.getBestCmap()))
    sub.subset(font)
    font.save(dst)
    covered = set(TTFont(dst).getBestCmap())
    print(f"{dst.name}: {len(covered)} code points, {dst.stat().st_size:,} bytes")
    return covered


def ofl_text(debian_copyright: Path) -> str:
    """The OFL 1.1 text as quoted in a Debian copyright file."""
    lines = debian_copyright.read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(lines) if "SIL OPEN FONT LICENSE Version 1.1" in ln)
    start -= 1  # the dashed line above the title
    body: list[str] = []
    for ln in lines[start:]:
        if ln and not ln.startswith(" "):
            break
        body.append("" if ln.strip() == "." else ln[1:])
    return "\n".join(body).rstrip() + "\n"


def write_license(dst: Path, font_path: Path, font_number: int) -> None:
    name = TTFont(font_path, fontNumber=font_number)["name"]
    notice = [name.getDebugName(0) or "", name.getDebugName(7) or ""]
    header = "\n".join(n for n in notice if n)
    dst.write_text(f"{header}\n\n{ofl_text(CJK_COPYRIGHT)}", encoding="utf-8")
    print(f"{dst.name}: written")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--extra-text",
        type=Path,
        action="append",
        default=[],
        help="also keep every character of this UTF-8 file in the CJK subset "
        f"(default: {HELP_PAGE} if it exists)",
    )
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    extra_files: list[Path] = args.extra_text or ([HELP_PAGE] if HELP_PAGE.exists() else [])
    # Every translation the images may draw (#20): the message catalogs of every domain.
    extra_files += sorted(CATALOGS.glob("**/locale/*/LC_MESSAGES/*.po"))
    extra_chars: set[str] = set()
    for p in extra_files:
        extra_chars |= {c for c in p.read_text(encoding="utf-8") if ord(c) > 0x7F}
    # The help page's kanji outside the lists below, kept here so a rebuild without the
    # page gives the same font.
    extra_chars |= set("揃")

    joyo, jinmeiyo = kanjidic_grades(KANJIDIC)
    joyo |= set(JOYO_OUTSIDE_JIS_X_0208)
    level1 = jis_level1_kanji()
    if not 2130 <= len(joyo) <= 2140 or len(level1) != 2965:
        print(f"unexpected kanji counts: joyo={len(joyo)} level1={len(level1)}", file=sys.stderr)
        return 1
    kanji = joyo | jinmeiyo | level1 | {c for c in extra_chars if is_kanji(c)}
    print(
        f"kanji: {len(joyo)} Jōyō + {len(jinmeiyo)} Jinmeiyō + {len(level1)} JIS level-1 "
        f"+ extra text = {len(kanji)} distinct"
    )

    latin_cps = expand(LATIN_RANGES)
    cjk_cps = (
        expand(CJK_RANGES)
        | {ord(c) for c in kanji}
        | {ord(c) for c in extra_chars if unicodedata.category(c)[0] != "C"}
        | {ord(c) for c in CJK_REQUIRED}
    )

    coverage: dict[str, str] = {}
    # Noto Sans' TrueType bytecode (ttfautohint) is dropped: FreeType then uses its own
    # auto-hinter, which looks as good at 11-16 px, renders ~3x faster in Pillow and
    # saves ~90 KB per file.  The CJK faces keep their (cheap) CFF hints.
    jobs = [
        ("NotoSans-Regular.ttf", NOTO_DIR / "NotoSans-Regular.ttf", latin_cps, -1, False),
        ("NotoSans-Bold.ttf", NOTO_DIR / "NotoSans-Bold.ttf", latin_cps, -1, False),
        (
            "NotoSansCJKjp-Regular.subset.otf",
            CJK_DIR / "NotoSansCJK-Regular.ttc",
            cjk_cps,
            CJK_JP_FONT_NUMBER,
            True,
        ),
        (
            "NotoSansCJKjp-Bold.subset.otf",
            CJK_DIR / "NotoSansCJK-Bold.ttc",
            cjk_cps,
            CJK_JP_FONT_NUMBER,
            True,
        ),
    ]
    for dst_name, src, cps, number, hinting in jobs:
        covered = subset_font(src, out / dst_name, cps, number, hinting)
        if dst_name.startswith("NotoSansCJK") and not all(ord(c) in covered for c in CJK_REQUIRED):
            print(f"{dst_name} lacks a required glyph", file=sys.stderr)
            return 1
        coverage[dst_name] = to_ranges(covered)

    (out / "coverage.json").write_text(
        json.dumps({"format": 1, "cmap": coverage}, indent=1) + "\n",
        encoding="utf-8",
    )
    print(f"coverage.json: {(out / 'coverage.json').stat().st_size:,} bytes")

    # Both packages are OFL 1.1; fonts-noto-cjk quotes the licence in its canonical layout
    # (fonts-noto-core re-wraps it), so the text is taken from there for both files.
    for dst_name, src, number in [
        ("LICENSE-NotoSans.txt", NOTO_DIR / "NotoSans-Regular.ttf", -1),
        ("LICENSE-NotoSansCJK.txt", CJK_DIR / "NotoSansCJK-Regular.ttc", CJK_JP_FONT_NUMBER),
    ]:
        write_license(out / dst_name, src, number)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
