"""Building types, their names in every language players type, and card-list text."""

from __future__ import annotations

import re

from engine.core import IllegalMove
from engine.text import excerpt, is_number, small_number

TYPES: tuple[str, ...] = ("basilica", "palazzo", "campo", "ponte", "casa")
ARCHITECT_TYPES: tuple[str, ...] = ("basilica", "palazzo", "campo", "ponte")
TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}

ENGLISH = {
    "basilica": "basilica",
    "palazzo": "palace",
    "campo": "square",
    "ponte": "bridge",
    "casa": "house",
}

# Every name a player may type for a building type: Italian (canonical), English, Hungarian
# (with and without accents), Japanese (the online table's words) and a few plurals.
_ALIASES: dict[str, tuple[str, ...]] = {
    "basilica": ("basilica", "basiliche", "church", "churches", "templom", "教会", "聖堂"),
    "palazzo": ("palazzo", "palazzi", "palace", "palaces", "palota", "宮殿"),
    "campo": ("campo", "campi", "square", "squares", "tér", "ter", "公園", "広場"),
    "ponte": ("ponte", "ponti", "bridge", "bridges", "híd", "hid", "橋"),
    "casa": ("casa", "case", "house", "houses", "ház", "haz", "家"),
}
NAME_TO_TYPE: dict[str, str] = {
    alias.casefold(): t for t, aliases in _ALIASES.items() for alias in aliases
}

_JAPANESE_NAME = re.compile(
    "|".join(sorted((a for a in NAME_TO_TYPE if not a.isascii()), key=len, reverse=True))
)


def card_type(word: str) -> str:
    """The building type a typed word names, or an IllegalMove listing the accepted names."""
    t = NAME_TO_TYPE.get(word.casefold())
    if t is None:
        raise IllegalMove(
            f"'{excerpt(word)}' is not a building card; use one of: basilica, palazzo, campo, "
            "ponte, casa (English, Hungarian and Japanese names work too)"
        )
    return t


def split_words(text: str) -> list[str]:
    """Words of a command; Japanese card names glued together ("橋橋") are split apart."""
    text = text.replace(",", " ").replace("、", " ").replace("　", " ")
    words: list[str] = []
    for word in text.split():
        if word.isascii():
            words.append(word)
            continue
        parts = _JAPANESE_NAME.findall(word)
        if parts and "".join(parts) == word:
            words.extend(parts)
        else:
            # "2橋" or "橋x2": keep digits apart from names.
            pieces = re.findall(r"\d+|[^\d×xX*]+", word)
            for piece in pieces:
                sub = _JAPANESE_NAME.findall(piece)
                words.extend(sub if sub and "".join(sub) == piece else [piece])
    return words


def parse_cards(words: list[str]) -> dict[str, int]:
    """Card counts from words like ``2 ponte casa`` or ``ponte ponte`` or ``ponte x2``."""
    counts: dict[str, int] = {}
    pending: int | None = None
    last: str | None = None
    for word in words:
        low = word.casefold()
        if is_number(low):
            if pending is not None:
                raise IllegalMove(
                    f"two numbers in a row ('{pending} {excerpt(word, limit=12)}'): write e.g. "
                    "'2 ponte'"
                )
            pending = small_number(low, "a number of cards")
            if pending == 0:
                raise IllegalMove("a count of 0 cards: leave the card out instead")
            continue
        m = re.fullmatch(r"[x×*]([0-9]+)", low)
        if m:
            if last is None:
                raise IllegalMove(f"'{excerpt(word)}' must follow a card name, e.g. 'ponte x2'")
            times = small_number(m.group(1), "a number of cards")
            if times == 0:
                raise IllegalMove("a count of 0 cards: leave the card out instead")
            counts[last] += times - 1
            last = None
            continue
        t = card_type(word)
        counts[t] = counts.get(t, 0) + (pending if pending is not None else 1)
        pending = None
        last = t
    if pending is not None:
        raise IllegalMove(f"the number {pending} is not followed by a card name")
    return counts


def format_cards(counts: dict[str, int]) -> str:
    """Canonical card list: types in rulebook order, a count only where it is more than one."""
    parts = []
    for t in TYPES:
        k = counts.get(t, 0)
        if k == 1:
            parts.append(t)
        elif k > 1:
            parts.append(f"{k} {t}")
    return " ".join(parts)


def count_cards(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts
