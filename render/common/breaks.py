"""Where a line of text may break: at spaces, and between two Japanese characters (Japanese
writes no spaces between words), never before a closing mark (``、。」``) nor after an opening
one (``「``); and how many terminal columns a character takes (two for a wide one). Pure
functions shared by the terminal's wrapping and the images' (:func:`render.common.draw.wrap_words`).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["break_chunks", "char_width", "is_wide"]

#: Marks a line must not start with (closing brackets, punctuation, small kana, the long vowel).
_CLOSING = frozenset(
    "、。，．・：；？！）」』】〕〉》ー…‥々ゝゞ〜ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
    ",.:;!?)]}%"
)
#: Marks a line must not end with (opening brackets).
_OPENING = frozenset("（「『【〔〈《([{")
_ZERO = frozenset("\u200b\u200c\u200d\ufe0e\ufe0f")


@lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    """The columns ``char`` takes: 2 (East Asian wide or fullwidth), 0 (a combining mark, a
    zero-width joiner or a variation selector) or 1."""
    if char in _ZERO or unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def break_chunks(text: str) -> list[str]:
    """``text`` cut where a line may break: runs of spaces, words of narrow letters, and
    each wide character (with the closing marks after it and the opening marks before)."""
    chunks: list[str] = []
    for char in text:
        last = chunks[-1] if chunks else ""
        if char.isspace():
            if last.isspace():
                chunks[-1] += char
            else:
                chunks.append(char)
        elif not last or last.isspace():
            chunks.append(char)
        elif char in _CLOSING or char_width(char) == 0 or all(c in _OPENING for c in last):
            chunks[-1] += char  # no break before a closing mark, nor after an opening one
        elif char_width(char) == 2 or char_width(last[-1]) == 2:
            chunks.append(char)  # a break may fall before or after a wide character
        else:
            chunks[-1] += char  # a word of narrow letters stays whole
    return chunks


def is_wide(text: str) -> bool:
    """Whether ``text`` has a wide (Japanese) character, where a break may fall without a space."""
    return not text.isascii() and any(char_width(c) == 2 for c in text)
