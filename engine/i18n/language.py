"""Which language is spoken now: the four the bot speaks, and the one in force.

The language in force is a context variable, so a text is said in the language of whoever reads
it: the table service sets the table's language around what it posts publicly and each person's
around what only he reads (:func:`speaking`). Nothing here knows Discord or the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

#: The languages with catalogs, English (the source language) first.
LANGUAGES: Final = ("en", "ja", "hu", "it")
#: Each language's name in itself (menus, ``/settings language``).
NATIVE_NAMES: Final = {"en": "English", "ja": "日本語", "hu": "Magyar", "it": "Italiano"}
SOURCE: Final = "en"

_current: ContextVar[str] = ContextVar("language", default=SOURCE)

#: Names people type for a language, besides its code and native name.
_NAMES: Final = {
    "english": "en",
    "angol": "en",
    "inglese": "en",
    "英語": "en",
    "japanese": "ja",
    "japán": "ja",
    "giapponese": "ja",
    "nihongo": "ja",
    "hungarian": "hu",
    "ungherese": "hu",
    "ハンガリー語": "hu",
    "italian": "it",
    "olasz": "it",
    "イタリア語": "it",
}
_TAG = re.compile(r"[A-Za-z]{2,3}(?=$|[-_.@])")


#: The language in force, as the context variable itself (``LANGUAGE.get()``: what
#: :func:`current_language` returns, for the few lookups made on every decision).
LANGUAGE: Final = _current


def current_language() -> str:
    """The language texts are said in now."""
    return _current.get()


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Say every text made inside in ``language`` (``None`` or unknown: keep the current one)."""
    lang = negotiate(language) if language else None
    token = _current.set(lang or _current.get())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def negotiate(tag: str | None) -> str | None:
    """Our language for a locale tag or a language's name (``ja``, ``en-US``, ``hu_HU.UTF-8``,
    ``Magyar``, ``italiano``), or ``None`` when we do not speak it."""
    if not tag:
        return None
    text = tag.strip()
    folded = text.casefold()
    for code, native in NATIVE_NAMES.items():
        if folded in (code, native.casefold()):
            return code
    if folded in _NAMES:
        return _NAMES[folded]
    match = _TAG.match(text)
    if match is not None and match.group(0).lower() in LANGUAGES:
        return match.group(0).lower()
    return None


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language from the POSIX locale variables (``LANGUAGE`` first, as
    gettext reads them); English when none names a language we speak."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for part in value.split(":"):
            lang = negotiate(part)
            if lang is not None and part not in ("C", "POSIX"):
                return lang
    return SOURCE
