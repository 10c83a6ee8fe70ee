"""Bytes from anywhere to JSON, each step refusing with a sentence that says what is wrong:
at most :data:`MAX_FILE_BYTES` bytes (looked at before reading), UTF-8 (a byte order mark
skipped), nested at most :data:`MAX_DEPTH` deep (counted before parsing), no repeated key, no
``NaN``, no number of more than :data:`MAX_DIGITS` digits, no lone surrogate.

Kept apart from :mod:`bot.archive.portable` (what a game file must hold): this part trusts
nothing, not even that the text is JSON, and knows nothing of games.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, NoReturn

from bot.table.safe_text import excerpt
from engine.i18n.shared import _

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_FILE_BYTES",
    "FileRefused",
    "parse",
    "read",
    "refuse",
    "shown",
]

#: The largest file read (2 MiB): a 1,000-move game of five players is about 40 kB.
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Lists and objects nest at most this deep (a file nests 3: ``moves`` -> a move -> ...).
MAX_DEPTH = 4
#: The most digits a number may have (a seed is at most 20).
MAX_DIGITS = 20
_SPECIAL = re.compile(r'[\[\]{}"\\]')


class FileRefused(ValueError):
    """A game file that cannot be read, imported or replayed (nothing was changed); its
    message says why in the reader's language."""


def refuse(message: str) -> NoReturn:
    raise FileRefused(message)


def shown(value: object) -> str:
    """A short, clean excerpt of a value of the file, as JSON writes it."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # pragma: no cover - parsed JSON always dumps
        text = repr(value)
    return excerpt(text, limit=40)


# -- bytes to JSON ----------------------------------------------------------------------------


def read(path: Path) -> bytes:
    """The file's bytes, if it is at most :data:`MAX_FILE_BYTES` (checked before reading)."""
    try:
        with path.open("rb") as handle:
            size = path.stat().st_size
            if size <= MAX_FILE_BYTES:
                raw = handle.read(MAX_FILE_BYTES + 1)
                size = len(raw)
    except OSError as exc:
        refuse(_("cannot read {path}: {reason}", path=path, reason=exc.strerror or exc))
    if size > MAX_FILE_BYTES:
        refuse(
            _(
                "the file has {size} bytes; a game file has at most {limit}",
                size=format(size, ","),
                limit=format(MAX_FILE_BYTES, ","),
            )
        )
    return raw


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            refuse(_("the file repeats the key {key}", key=shown(key)))
        out[key] = value
    return out


def _number(text: str) -> int | float:
    """A number of the file: at most :data:`MAX_DIGITS` digits, finite."""
    digits = sum(ch.isdigit() for ch in text)
    value: int | float = math.nan  # NaN, Infinity: parse_constant's
    if digits <= MAX_DIGITS and text.lstrip("-")[:1].isdigit():
        value = int(text) if text.lstrip("-").isdigit() else float(text)
    if not math.isfinite(value):
        refuse(
            _(
                "the file holds a number that no game file holds: {number}",
                number=excerpt(text, limit=30),
            )
        )
    return value


def _surrogates(value: Any, where: str) -> None:
    """Refuse a lone surrogate anywhere (SQLite and UTF-8 cannot hold one)."""
    if isinstance(value, str):
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            refuse(_("{where} holds a lone surrogate, which is not a character", where=where))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _surrogates(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _surrogates(key, where)
            _surrogates(item, f"{where}.{key}" if where else key)


def _depth(text: str) -> int:
    """How deep the text's lists and objects nest, brackets inside strings not counted: one
    pass over the brackets, quotes and backslashes (linear, whatever the text)."""
    depth = deepest = 0
    in_string = False
    skip = -1
    for match in _SPECIAL.finditer(text):
        at = match.start()
        if at < skip:  # the character after a backslash
            continue
        char = text[at]
        if in_string:
            if char == "\\":
                skip = at + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse(raw: bytes) -> Any:
    """The JSON of a file's bytes (a byte order mark skipped), refused unless it is UTF-8,
    nested at most :data:`MAX_DEPTH` deep and free of repeated keys, odd numbers and lone
    surrogates."""
    if len(raw) > MAX_FILE_BYTES:
        refuse(
            _(
                "the file has {size} bytes; a game file has at most {limit}",
                size=format(len(raw), ","),
                limit=format(MAX_FILE_BYTES, ","),
            )
        )
    try:
        text = raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError as exc:
        refuse(_("the file is not UTF-8 text (at byte {offset})", offset=exc.start))
    if _depth(text) > MAX_DEPTH:
        refuse(_("the file nests lists and objects more than {limit} deep", limit=MAX_DEPTH))
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_repeats,
            parse_int=_number,
            parse_float=_number,
            parse_constant=_number,
        )
    except json.JSONDecodeError as exc:
        refuse(
            _(
                "the file is not JSON (line {line}, column {column})",
                line=exc.lineno,
                column=exc.colno,
            )
        )
    _surrogates(data, "")
    return data
