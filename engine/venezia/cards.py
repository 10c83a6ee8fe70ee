"""Building types, their names in every language players type, and card-list text."""

from __future__ import annotations

import re

from engine.core import IllegalMove
from engine.i18n import Text, listed
from engine.text import excerpt, is_number, small_number
from engine.venezia.language import Joined, _, _p, memo, messages

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
# The other forms a sentence gives them: Italian (the rulebook's chiese and piazze), Hungarian
# plurals and objects (templomok, templomot), accents or not; the catalogs' words come on top.
_MORE_ALIASES: dict[str, tuple[str, ...]] = {
    "basilica": ("chiesa", "chiese", "templomok", "templomot"),
    "palazzo": ("paloták", "palotak", "palotát", "palotat"),
    "campo": ("piazza", "piazze", "terek", "teret"),
    "ponte": ("hidak", "hidat"),
    "casa": ("házak", "hazak", "házat", "hazat"),
}
NAME_TO_TYPE: dict[str, str] = {
    alias.casefold(): t
    for table in (_ALIASES, _MORE_ALIASES)
    for t, aliases in table.items()
    for alias in aliases
}


def building_name(t: str) -> Text:
    """A building type's name in the language in force (the catalogs' ``building`` words)."""
    return memo(("building", t), lambda: _building_name(t))


def _building_name(t: str) -> Text:
    if t == "basilica":
        return _p("building", "basilica")
    if t == "palazzo":
        return _p("building", "palazzo")
    if t == "campo":
        return _p("building", "campo")
    if t == "ponte":
        return _p("building", "ponte")
    if t == "casa":
        return _p("building", "casa")
    raise KeyError(t)


_catalog_names: dict[str, str] | None = None


def _typed_names() -> dict[str, str]:
    """Every typed name: the fixed aliases plus each catalog's word for each type (built on
    first use, so a translation added to the catalogs is understood at every table)."""
    global _catalog_names
    if _catalog_names is None:
        names = dict(NAME_TO_TYPE)
        for t in TYPES:
            for word in messages.every_language(t, "building").values():
                names.setdefault(word.casefold(), t)
                names.setdefault(word.casefold().replace(" ", ""), t)
        _catalog_names = names
    return _catalog_names


_JAPANESE_NAME = re.compile(
    "|".join(sorted((a for a in NAME_TO_TYPE if not a.isascii()), key=len, reverse=True))
)


def card_type(word: str) -> str:
    """The building type a typed word names, or an IllegalMove listing the accepted names."""
    t = NAME_TO_TYPE.get(word.casefold()) or _typed_names().get(word.casefold())
    if t is None:
        raise IllegalMove(
            _(
                "'{word}' is not a building card; use one of: {names} (English, Hungarian and "
                "Japanese names work too)",
                word=excerpt(word),
                names=listed([building_name(t) for t in TYPES]),
            )
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


def _number_of_cards() -> str:
    """What a card count is, for a refusal (said only when one is made)."""
    return _("a number of cards")


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
                    _(
                        "two numbers in a row ('{first} {second}'): write e.g. '2 ponte'",
                        first=pending,
                        second=excerpt(word, limit=12),
                    )
                )
            pending = small_number(low, _number_of_cards)
            if pending == 0:
                raise IllegalMove(_("a count of 0 cards: leave the card out instead"))
            continue
        m = re.fullmatch(r"[x×*]([0-9]+)", low)
        if m:
            if last is None:
                raise IllegalMove(
                    _("'{word}' must follow a card name, e.g. 'ponte x2'", word=excerpt(word))
                )
            times = small_number(m.group(1), _number_of_cards)
            if times == 0:
                raise IllegalMove(_("a count of 0 cards: leave the card out instead"))
            counts[last] += times - 1
            last = None
            continue
        t = card_type(word)
        counts[t] = counts.get(t, 0) + (pending if pending is not None else 1)
        pending = None
        last = t
    if pending is not None:
        raise IllegalMove(_("the number {n} is not followed by a card name", n=pending))
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


def cards_text(counts: dict[str, int], *, empty: Text | None = None) -> Text:
    """A card list for players: in rulebook order, each type's name in the language in force
    (said again in another language part by part), a count only where it is more than one."""
    key = tuple(counts.get(t, 0) for t in TYPES)
    if not any(key) and empty is not None:
        return empty
    return memo(("cards", key), lambda: _cards_text(key))


def _cards_text(key: tuple[int, ...]) -> Text:
    parts: list[Text] = []
    counts = dict(zip(TYPES, key, strict=True))
    for t in TYPES:
        k = counts.get(t, 0)
        if k == 1:
            parts.append(building_name(t))
        elif k > 1:
            # Translators: a number of cards of one building type in a card list ("2 ponte").
            parts.append(_p("card count", "{count} {building}", count=k, building=building_name(t)))
    # Translators: between the cards of a card list ("2 ponte casa"): a space in English.
    return Joined(parts, memo(("separator", "cards"), lambda: _p("list separator", " ")))


def count_cards(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts
