"""Text as wide as a terminal shows it: a Japanese character (East Asian wide or fullwidth)
takes two columns, a combining mark none. Wrapping breaks at spaces, and between two
Japanese characters (Japanese has no spaces), never before a closing mark (``、。」``) nor
after an opening one (``「``)."""

from __future__ import annotations

from render.common.breaks import break_chunks, char_width

__all__ = ["clip", "display_width", "ljust", "wrap_text"]


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes."""
    if text.isascii():
        return len(text)
    return sum(char_width(c) for c in text)


def ljust(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` columns (as ``str.ljust``, by display width)."""
    return text + " " * max(0, width - display_width(text))


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending in ``…`` when cut."""
    if display_width(text) <= width:
        return text
    out, used = "", 0
    for char in text:
        w = char_width(char)
        if used + w > width - 1:
            break
        out += char
        used += w
    return out + "…"


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

    for chunk in break_chunks(line):
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
            w = char_width(char)
            if used + w > width and current.strip():
                newline()
            current, used = current + char, used + w
    out.append(current.rstrip())
    return out
