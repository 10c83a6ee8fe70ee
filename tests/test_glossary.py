"""The glossary (#25 "Words from the seeds, one word per thing"): ``data/glossary.toml`` names one
term per concept and language, the seed that uses it and the alternatives no catalog may say;
docs/translations.md's table is generated from it (one source of truth)."""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


def _glossary() -> ModuleType:
    spec = importlib.util.spec_from_file_location("glossary_tool", ROOT / "tools" / "glossary.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["glossary_tool"] = module
    spec.loader.exec_module(module)
    return module


glossary = _glossary()


def test_glossary_is_well_formed() -> None:
    """#25: every term has its three languages, a chosen word, a seed reference and a quote."""
    with (ROOT / "data" / "glossary.toml").open("rb") as handle:
        terms = tomllib.load(handle)["term"]
    ids = [t["id"] for t in terms]
    assert len(ids) == len(set(ids)), ids
    for term in terms:
        for lang in glossary.LANGS:
            entry = term[lang]
            assert entry["use"] and entry["quote"], (term["id"], lang)
            assert entry["seed"] in ("", *glossary.SEEDS), (term["id"], lang, entry["seed"])
            for pattern in [*entry.get("banned", []), entry.get("require", "")]:
                re.compile(pattern)
            assert not any(re.search(b, entry["use"]) for b in entry.get("banned", [])), term["id"]


def test_catalogs_say_one_word_per_thing() -> None:
    """#25: no catalog uses a banned alternative of a glossary term (kincs for pénzeszacskó,
    換金 for 変換, 地区 for a Venezia island, GyP, MI, gulden beside fiorino …), and every message
    about a concept (the swap verb, 'done', a move number, a round …) uses its one term."""
    found = glossary.problems()
    assert not found, f"{len(found)} glossary problems:\n" + "\n".join(found[:60])


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not beside the project")
def test_seed_quotes_are_the_seeds_words() -> None:
    """#25: each term said to come from a seed is really in that seed."""
    with (ROOT / "data" / "glossary.toml").open("rb") as handle:
        terms = tomllib.load(handle)["term"]
    texts = {
        p.name[:3]: " ".join(p.read_text(encoding="utf-8").split()) for p in SEEDS.glob("0*.txt")
    }
    for term in terms:
        for lang in glossary.LANGS:
            entry = term[lang]
            if not entry["seed"]:
                continue
            text = texts[entry["seed"]].replace("**", "")
            quote = entry["quote"]
            for part in re.split(r"…| \(the .*?\)", quote):
                part = part.strip(" .")
                if len(part) >= 4:
                    assert part in text, (term["id"], lang, entry["seed"], part)
            term_pattern = entry.get("require") or re.escape(entry["use"])
            assert re.search(term_pattern, quote, re.IGNORECASE), (term["id"], lang, quote)


def test_docs_terms_table_is_the_glossary() -> None:
    """#25: docs/translations.md's terms table is generated from the glossary, not kept by hand
    (it said 建築家 / építőmester while the catalogs said 建築主 / építész)."""
    current = (ROOT / "docs" / "translations.md").read_text(encoding="utf-8")
    assert glossary.BEGIN in current and glossary.END in current
    assert glossary.docs_text(current) == current, "run: uv run python tools/glossary.py docs"


def test_japanese_punctuation_is_full_width_and_names_unspaced() -> None:
    """#25: Japanese text uses full-width 「（）」「：」「、」 throughout (the catalogs mixed
    "(AM-10)" and "（CG-6）", "例: " and "例："), and one spacing convention around names: no space
    between a {placeholder} and the Japanese beside it ("{name} の勝ち" and "{name}が" both
    appeared). Quoted command tokens and placeholders keep their ASCII."""
    found = glossary.ja_typography_problems()
    assert not found, f"{len(found)} Japanese texts:\n" + "\n".join(found[:40])


def test_japanese_typography_rule() -> None:
    """#25: the rule itself, on the cases it must get right."""
    fix = glossary.ja_typography
    assert fix("ゲーム終了: {name} の勝ち (AM-13)") == "ゲーム終了：{name}の勝ち（AM-13）"
    assert fix("タイルの値は沼 0×26, 1×34") == "タイルの値は沼 0×26、1×34"
    assert fix("リプレイ: /replay game:{game}") == "リプレイ：/replay game:{game}"
    assert (
        fix("例: 'vote san marco' (または 'vote x')") == "例：'vote san marco'（または 'vote x'）"
    )
    assert fix("ゲームは 12:30 に") == "ゲームは 12:30 に"
    assert fix("{name} [AI]") == "{name} [AI]"
