"""Message catalogs: gettext ``.po`` files read with Babel, one domain per game plus ``table``.

A domain's catalogs live in ``<dir>/<lang>/LC_MESSAGES/<domain>.po`` beside its template
``<dir>/<domain>.pot`` (the layout ``pybabel`` and ``tools/catalogs.py`` write). The ``.po``
files are compiled in memory on first use, so no compiled ``.mo`` file is committed or built.
"""

from __future__ import annotations

import gettext
import io
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine.i18n.language import SOURCE

ROOT = Path(__file__).resolve().parents[2]
#: The shared domain: words of the table, the adapters and the shared renderers.
TABLE_DOMAIN = "table"


@dataclass(frozen=True, slots=True)
class Domain:
    """Where a domain's catalogs are."""

    name: str
    directory: Path

    def template(self) -> Path:
        return self.directory / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.name}.po"


_domains: dict[str, Domain] = {TABLE_DOMAIN: Domain(TABLE_DOMAIN, ROOT / "data" / "locale")}
_lock = threading.Lock()


def add_domain(name: str, directory: Path) -> None:
    """Make a game's catalogs known (its registration names the directory)."""
    with _lock:
        if _domains.get(name) != Domain(name, directory):
            _domains[name] = Domain(name, directory)
            _translations.cache_clear()


def domain(name: str) -> Domain:
    """A known domain; an unknown one (a game without catalogs) is said in English."""
    found = _domains.get(name)
    if found is None:
        return Domain(name, ROOT / "data" / name / "locale")
    return found


def domains() -> tuple[Domain, ...]:
    return tuple(_domains.values())


@cache
def _translations(name: str, lang: str) -> gettext.NullTranslations:
    if lang == SOURCE:
        return gettext.NullTranslations()
    path = domain(name).po(lang)
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=name)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def translations(name: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalog of a domain in a language (English: the identity)."""
    return _translations(name, lang)
