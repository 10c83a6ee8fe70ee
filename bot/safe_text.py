"""Making untrusted text safe to store, quote and show, for every transport.

Player names and typed commands come from strangers: they may hold control characters, bidi
overrides that reorder a line, lone surrogates that SQLite cannot encode, or 10,000 characters.
Names are normalized once, when a player joins; a refusal quotes only a short, clean excerpt of
what was typed. Markup escaping (Discord markdown, mentions) belongs to the adapter that knows
the markup.
"""

from __future__ import annotations

import unicodedata

#: Longest display name kept at join (Discord's own display names stop at 32).
MAX_NAME = 32
#: Longest quote of typed input inside a refusal.
MAX_EXCERPT = 40

# Unicode categories that never belong in a name or a quote: controls (NUL, ESC, ...), format
# characters (bidi overrides and isolates, zero-width joiners, soft hyphens), lone surrogates,
# private-use and unassigned code points.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def _is_unsafe(ch: str) -> bool:
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES


def strip_unsafe(text: str) -> str:
    """``text`` without control, format, surrogate, private-use or unassigned characters;
    every run of whitespace (tabs and newlines too) becomes one space."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or not _is_unsafe(ch))
    return " ".join(kept.split())


def normalize_name(raw: object, *, limit: int = MAX_NAME, fallback: str = "player") -> str:
    """A display name safe for every text and image: NFC, no unsafe characters, one line,
    at most ``limit`` characters; ``fallback`` when nothing printable is left."""
    text = str(raw)
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = "".join(ch for ch in text if not ("\ud800" <= ch <= "\udfff"))
    name = strip_unsafe(unicodedata.normalize("NFC", text))
    if len(name) > limit:
        name = name[:limit].rstrip()
    return name or fallback


def excerpt(text: object, *, limit: int = MAX_EXCERPT) -> str:
    """A short, clean quote of untrusted input for a refusal: unsafe characters dropped,
    whitespace folded, cut to ``limit`` characters with an ellipsis."""
    clean = strip_unsafe(str(text))
    if len(clean) <= limit:
        return clean
    return clean[: max(limit - 1, 1)].rstrip() + "…"


def is_clean_identifier(text: str, *, limit: int = 100) -> bool:
    """True for an id an adapter may use as a key (channel, user): printable, no whitespace,
    at most ``limit`` characters, encodable as UTF-8."""
    return 0 < len(text) <= limit and not any(ch.isspace() or _is_unsafe(ch) for ch in text)
