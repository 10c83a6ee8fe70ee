"""Quoting untrusted text inside a refusal, and reading typed numbers safely.

A refusal says what was wrong, so it often quotes what was typed; what was typed may be 10,000
characters, control characters (NUL, ESC), bidi overrides that reorder the line, or a number of
5,000 digits that ``int()`` refuses to convert. The engine quotes only a short, clean excerpt and
reads only short ASCII numbers. ``bot.table.safe_text`` builds its name and quote helpers on these.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from engine.core import IllegalMove
from engine.i18n.shared import _

#: Longest quote of typed input inside a refusal.
MAX_EXCERPT = 40
#: Longest number (in digits) a command may hold; no count, value or step count needs more.
MAX_DIGITS = 3

# Unicode categories that never belong in a quote: controls (NUL, ESC, ...), format characters
# (bidi overrides and isolates, zero-width joiners, soft hyphens), lone surrogates, private-use
# and unassigned code points.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def is_unsafe(ch: str) -> bool:
    """True for a character that must not reach a message: see ``_UNSAFE_CATEGORIES``."""
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES


def strip_unsafe(text: str) -> str:
    """``text`` without control, format, surrogate, private-use or unassigned characters;
    every run of whitespace (tabs and newlines too) becomes one space."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or not is_unsafe(ch))
    return " ".join(kept.split())


def excerpt(text: object, *, limit: int = MAX_EXCERPT) -> str:
    """A short, clean quote of untrusted input for a refusal: unsafe characters dropped,
    whitespace folded, cut to ``limit`` characters with an ellipsis."""
    raw = str(text)
    cut = len(raw) > 4 * limit + 64  # no need to clean 10 kB to show 40 characters
    if cut:
        raw = raw[: 4 * limit + 64]
    clean = strip_unsafe(raw)
    if len(clean) <= limit and not cut:
        return clean
    return clean[: max(limit - 1, 1)].rstrip() + "…"


def is_number(word: str) -> bool:
    """True for a word of ASCII digits only (``"²"`` and ``"٣"`` are digits to ``isdigit``
    but not numbers a player types here)."""
    return word.isascii() and word.isdigit()


def small_number(word: str, what: str | Callable[[], str]) -> int:
    """The value of an ASCII number of at most ``MAX_DIGITS`` digits, else an IllegalMove
    naming ``what`` the number was meant to be (a card count, a token value, ...); ``what``
    may be a function that says it, called only for the refusal (a move's parser makes no
    text when the number is fine)."""
    if not is_number(word):
        said = what() if callable(what) else what
        raise IllegalMove(_("'{word}' is not a number ({what})", word=excerpt(word), what=said))
    digits = word.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        said = what() if callable(what) else what
        raise IllegalMove(
            _("'{word}' is far too large for {what}", word=excerpt(word, limit=12), what=said)
        )
    return int(digits)


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: an East Asian wide or fullwidth character two,
    a combining mark none (a table padded by characters would not line up in Japanese)."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` columns (:func:`columns`)."""
    return text + " " * max(0, width - columns(text))
