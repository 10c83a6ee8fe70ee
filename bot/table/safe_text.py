"""Making untrusted text safe to store, quote and show, for every transport.

Player names and typed commands come from strangers: they may hold control characters, bidi
overrides that reorder a line, lone surrogates that SQLite cannot encode, or 10,000 characters.
Names are normalized once, when a player joins; a refusal quotes only a short, clean excerpt of
what was typed. Markup escaping (Discord markdown, mentions) belongs to the adapter that knows
the markup.
"""

from __future__ import annotations

import unicodedata

from engine.text import MAX_EXCERPT, excerpt, is_unsafe, strip_unsafe

__all__ = [
    "MAX_EXCERPT",
    "MAX_NAME",
    "excerpt",
    "is_clean_identifier",
    "normalize_name",
    "strip_unsafe",
]

#: Longest display name kept at join (Discord's own display names stop at 32).
MAX_NAME = 32


def normalize_name(raw: object, *, limit: int = MAX_NAME, fallback: str = "player") -> str:
    """A display name safe for every text and image: NFC, no unsafe characters, one line,
    at most ``limit`` characters; ``fallback`` when nothing printable is left."""
    text = str(raw)
    if len(text) > 4 * limit + 64:  # a 10 kB name is cut before it is cleaned
        text = text[: 4 * limit + 64]
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = "".join(ch for ch in text if not ("\ud800" <= ch <= "\udfff"))
    name = strip_unsafe(unicodedata.normalize("NFC", text))
    if len(name) > limit:
        name = name[:limit].rstrip()
    return name or fallback


def is_clean_identifier(text: str, *, limit: int = 100) -> bool:
    """True for an id an adapter may use as a key (channel, user): printable, no whitespace,
    at most ``limit`` characters, encodable as UTF-8."""
    return 0 < len(text) <= limit and not any(ch.isspace() or is_unsafe(ch) for ch in text)
