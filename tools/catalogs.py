"""Keep the message catalogs in step with the code (gettext via Babel).

    uv run python tools/catalogs.py update          # extract, write every .pot, merge every .po
    uv run python tools/catalogs.py check           # what is missing or wrong, exit 1 if any
    uv run python tools/catalogs.py todo hu venezia # untranslated messages as JSON to fill in
    uv run python tools/catalogs.py fill hu venezia FILE.json   # merge translations

A file belongs to a game's domain when it sits in ``engine/<game>/``, ``render/<game>/`` or
``chat/<game>/`` (a game with ``data/<game>/``); everything else in ``engine/``, ``render/``,
``chat/`` and ``bot/`` is the shared ``table`` domain. The JSON of ``todo``/``fill`` maps a
message id (``context\\x04id`` with a context) to its translation, or to the list of plural
forms.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.i18n import LANGUAGES, SOURCE, TABLE_DOMAIN, domain  # noqa: E402

KEYWORDS = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "N_": None, "locale_str": None}
SOURCES = ("engine", "render", "chat", "bot")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")
WIDTH = 100


def games() -> list[str]:
    return sorted(p.name for p in (ROOT / "data").iterdir() if p.is_dir() and p.name != "locale")


def domain_of(path: Path) -> str:
    rel = path.relative_to(ROOT).parts
    if len(rel) > 2 and rel[0] in ("engine", "render", "chat") and rel[1] in games():
        return rel[1]
    return TABLE_DOMAIN


def python_files() -> Iterator[Path]:
    for top in SOURCES:
        yield from sorted((ROOT / top).rglob("*.py"))


def extract() -> dict[str, Catalog]:
    """A template catalog per domain, from the code."""
    out = {name: Catalog(domain=name, project="venezia-table") for name in [TABLE_DOMAIN, *games()]}
    for path in python_files():
        rel = path.relative_to(ROOT).as_posix()
        catalog = out[domain_of(path)]
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            msgid = message if isinstance(message, str) else tuple(message)
            if isinstance(msgid, tuple) and len(msgid) == 1:
                msgid = msgid[0]
            if not msgid:
                continue
            catalog.add(msgid, None, [(rel, lineno)], auto_comments=comments, context=context)
    return out


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(
            handle,
            catalog,
            width=WIDTH,
            no_location=True,
            omit_header=False,
            ignore_obsolete=True,
            sort_output=True,
        )


def _read(path: Path, lang: str, name: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=name)


def update() -> None:
    for name, template in extract().items():
        where = domain(name)
        _write(where.template(), template)
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            po = where.po(lang)
            catalog = (
                _read(po, lang, name)
                if po.exists()
                else Catalog(locale=lang, domain=name, project="venezia-table")
            )
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            _write(po, catalog)
        print(f"{name}: {len(template)} messages")


def _key(message_id: object, context: str | None) -> str:
    first = message_id[0] if isinstance(message_id, tuple) else message_id
    return f"{context}\x04{first}" if context else str(first)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems() -> list[str]:
    """Everything that keeps a catalog from being complete and right."""
    found: list[str] = []
    for name, template in extract().items():
        where = domain(name)
        wanted = {_key(m.id, m.context) for m in template if m.id}
        if not where.template().exists():
            found.append(f"{name}: no template {where.template().relative_to(ROOT)}")
        else:
            stored = {_key(m.id, m.context) for m in _read(where.template(), SOURCE, name) if m.id}
            if stored != wanted:
                found.append(f"{name}.pot is out of date: run tools/catalogs.py update")
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            if not where.po(lang).exists():
                found.append(f"{name}/{lang}: no catalog")
                continue
            catalog = _read(where.po(lang), lang, name)
            have = {_key(m.id, m.context): m for m in catalog if m.id}
            for key in sorted(wanted - have.keys()):
                found.append(f"{name}/{lang}: missing {key!r}")
            for key in sorted(have.keys() - wanted):
                found.append(f"{name}/{lang}: extra {key!r}")
            for key in sorted(wanted & have.keys()):
                m = have[key]
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                strs = m.string if isinstance(m.string, tuple) else (m.string,)
                if m.fuzzy or not all(strs):
                    found.append(f"{name}/{lang}: untranslated {key!r}")
                    continue
                if isinstance(m.id, tuple) and len(strs) != catalog.num_plurals:
                    found.append(f"{name}/{lang}: {key!r} needs {catalog.num_plurals} forms")
                english = set().union(*(placeholders(i) for i in ids))
                for s in strs:
                    if placeholders(s) != english and not (
                        isinstance(m.id, tuple) and placeholders(s) <= english
                    ):
                        found.append(
                            f"{name}/{lang}: {key!r} has placeholders {sorted(placeholders(s))},"
                            f" English {sorted(english)}"
                        )
    return found


def todo(lang: str, name: str) -> dict[str, object]:
    catalog = _read(domain(name).po(lang), lang, name)
    out: dict[str, object] = {}
    for m in catalog:
        if not m.id:
            continue
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strs):
            key = _key(m.id, m.context)
            out[key] = [""] * catalog.num_plurals if isinstance(m.id, tuple) else ""
    return out


def fill(lang: str, name: str, source: Path) -> None:
    given: dict[str, object] = json.loads(source.read_text(encoding="utf-8"))
    path = domain(name).po(lang)
    catalog = _read(path, lang, name)
    by_key = {_key(m.id, m.context): m for m in catalog if m.id}
    unknown = [k for k in given if k not in by_key]
    for key, value in given.items():
        m = by_key.get(key)
        if m is None or value in ("", None, []):
            continue
        m.string = tuple(value) if isinstance(value, list) else str(value)
        m.flags.discard("fuzzy")
    _write(path, catalog)
    print(f"{name}/{lang}: filled {len(given) - len(unknown)}; unknown ids: {len(unknown)}")
    for key in unknown[:20]:
        print("  unknown:", repr(key))


def main(argv: list[str]) -> int:
    if not argv or argv[0] == "update":
        update()
        return 0
    if argv[0] == "check":
        found = problems()
        for line in found[:200]:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    if argv[0] == "todo":
        json.dump(todo(argv[1], argv[2]), sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    if argv[0] == "fill":
        fill(argv[1], argv[2], Path(argv[3]))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
