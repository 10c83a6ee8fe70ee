"""Text as wide as a terminal shows it: a Japanese character (East Asian wide or fullwidth)
takes two columns, a combining mark none. Wrapping breaks at spaces, and between two
Japanese characters (Japanese has no spaces), never before a closing mark (``、。」``) nor
after an opening one (``「``)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["clip", "display_width", "ljust", "wrap_text"]

#: Marks a line must not start with (closing brackets, punctuation, small kana, the long vowel).
_CLOSING = frozenset(
    "、。，．・：；？！）」』】〕〉》ー…‥々ゝゞ〜ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
    ",.:;!?)]}%"
)
#: Marks a line must not end with (opening brackets).
_OPENING = frozenset("（「『【〔〈《([{")
_ZERO = frozenset("\u200b\u200c\u200d\ufe0e\ufe0f")


@lru_cache(maxsize=4096)
def _char_width(char: str) -> int:
    if char in _ZERO or unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes."""
    if text.isascii():
        return len(text)
    return sum(_char_width(c) for c in text)


def ljust(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` columns (as ``str.ljust``, by display width)."""
    return text + " " * max(0, width - display_width(text))


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending in ``…`` when cut."""
    if display_width(text) <= width:
        return text
    out, used = "", 0
    for char in text:
        w = _char_width(char)
        if used + w > width - 1:
            break
        out += char
        used += w
    return out + "…"


def _chunks(text: str) -> list[str]:
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
        elif char in _CLOSING or _char_width(char) == 0 or all(c in _OPENING for c in last):
            chunks[-1] += char  # no break before a closing mark, nor after an opening one
        elif _char_width(char) == 2 or _char_width(last[-1]) == 2:
            chunks.append(char)  # a break may fall before or after a wide character
        else:
            chunks[-1] += char  # a word of narrow letters stays whole
    return chunks


def wrap_text(line: str, width: int, indent: str = "") -> list[str]:
    """``line`` broken into lines of at most ``width`` columns (continuation lines start
    with ``indent``); spaces at a break are dropped, a chunk wider than a line is cut."""
    out: list[str] = []
    current, used = "", 0
    lead = display_width(indent)

    def newline() -> None:
        nonlocal current, used
        out.append(current.rstrip())
        current, used = indent, lead

    for chunk in _chunks(line):
        size = display_width(chunk)
        if chunk.isspace():
            if out and current == indent:
                continue  # no spaces at the start of a continuation line
            if used + size > width:
                newline()
                continue
            current, used = current + chunk, used + size
            continue
        if used + size > width and current.strip():
            newline()
        if used + size <= width:
            current, used = current + chunk, used + size
            continue
        for char in chunk:  # wider than a whole line: cut it (nothing is lost)
            w = _char_width(char)
            if used + w > width and current.strip():
                newline()
            current, used = current + char, used + w
    out.append(current.rstrip())
    return out
