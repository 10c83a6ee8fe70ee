"""Articles a language computes from the word that follows: Hungarian ``a``/``az``.

A Hungarian message says ``{cell:az} {cell} mezőn`` where English says ``at {cell}``: the
format spec ``az`` (``Az`` at the start of a sentence) is replaced by the article the value
takes ("az F6 mezőn", "a B2 mezőn", "az 5. forduló"), so no message needs "a(z)". Another
language's messages never use the spec, and a value without it is filled as it is.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Final

#: The spec a message writes after a placeholder's name for its article.
ARTICLE_SPECS: Final = {"az": ("a", "az"), "Az": ("A", "Az")}

_VOWELS: Final = frozenset("aáeéiíoóöőuúüű")
#: Letters whose Hungarian name begins with a vowel when a label is read letter by letter
#: (A, E, I, O, U and the accented vowels; F "ef", L "el", M "em", N "en", R "er", S "es",
#: X "iksz", Y "ipszilon").
_VOWEL_LETTERS: Final = _VOWELS | frozenset("flmnrsxy")
#: A label read letter by letter and number: "F6", "A", "AB12" (a hex, an offer, a cell).
_LABEL: Final = re.compile(r"[A-Za-z]{1,2}\d*")
_NUMBER: Final = re.compile(r"\d+")
_LEAD: Final = re.compile(r"^[\s'\"„«(\[*_`]+")


def _number_takes_az(n: int) -> bool:
    """Whether the Hungarian reading of ``n`` begins with a vowel: egy (1), öt (5), ötven
    (50–59), ötszáz (500–599), ezer (1000–1999), egymillió …; "a" before the rest."""
    if n == 0:
        return False  # nulla
    scale = 0
    while n >= 1000:
        n, scale = n // 1000, scale + 1
    if n == 1 and scale >= 1:
        return True  # ezer, egymillió, egymilliárd
    hundreds, tens, ones = n // 100, n // 10 % 10, n % 10
    if hundreds:
        return hundreds == 5  # ötszáz; száz, kétszáz … kilencszáz
    if tens:
        return tens == 5  # ötven; tíz, húsz, harminc … kilencven
    return ones in (1, 5)  # egy, öt


def hungarian_article(word: object) -> str:
    """``az`` before a word said with a vowel first, ``a`` otherwise: "az F6" (ef), "a B2",
    "az A" (an offer), "az 5." (öt), "a 10", "az 1000" (ezer), "az Anna", "a San Marco"."""
    text = _LEAD.sub("", str(word))
    if not text:
        return "a"
    number = _NUMBER.match(text)
    if number is not None:
        return "az" if _number_takes_az(int(number.group(0))) else "a"
    label = _LABEL.fullmatch(text)
    if label is not None and (len(text) <= 2 or not text[:1].islower()):
        return "az" if text[0].casefold() in _VOWEL_LETTERS else "a"
    return "az" if text[0].casefold() in _VOWELS else "a"


class _Filler(string.Formatter):
    def format_field(self, value: object, format_spec: str) -> str:
        forms = ARTICLE_SPECS.get(format_spec)
        if forms is not None:
            return forms[1] if hungarian_article(value) == "az" else forms[0]
        return str(format(value, format_spec))


_FILLER: Final = _Filler()


def fill(pattern: str, values: Mapping[str, object]) -> str:
    """``pattern.format(**values)``, with ``{name:az}`` / ``{name:Az}`` said as the article
    that ``values[name]`` takes (see the module's note)."""
    if ":az}" in pattern or ":Az}" in pattern:
        return _FILLER.vformat(pattern, (), values)
    return pattern.format(**values)
