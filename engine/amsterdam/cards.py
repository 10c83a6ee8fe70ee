"""Amsterdam card data: loader and validator for ``data/amsterdam/*.json`` (AM-1, AM-G1–G4).

The source prints no card list, so the cards come from data files that can be replaced when
the real ones are known. Every card gets a small integer id (its index in :class:`CardSet`);
players and commands refer to a card by its printed number (``12``), the center card as
``anchor`` and special cards by kind (``tide``, ``bridge``, ``customs``). A broken file raises
:class:`CardDataError` naming the card and the rule it breaks.

The special cards come in identical pairs (AM-1.6, AM-G35): nothing a player may know tells the
two copies apart, so which copy lies where is hidden information. The engine keeps its own id
per copy (the state, its JSON and hash); everything shown (views, event data) names a copy by
its *public id*, the lowest id of its kind (:attr:`Card.public`), and a reader of a view that
needs distinct cards again takes one copy per mention (:meth:`CardSet.copy_for`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.amsterdam.language import _, _p, joined
from engine.i18n import Text, current_language, speaking

GOODS: tuple[str, str, str] = ("tea", "wine", "spice")
TEA, WINE, SPICE = 0, 1, 2
COLORS: tuple[str, str] = ("red", "black")
SPECIAL_KINDS: tuple[str, ...] = ("tide", "bridge", "customs")
DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "amsterdam"

# AM-10.5 / AM-1.7: wine beats spice, spice beats tea, tea beats wine.
_BEATS = {(WINE, SPICE), (SPICE, TEA), (TEA, WINE)}


def good_name(good: int) -> Text:
    """A goods' name (0 tea, 1 wine, 2 spice) in the language in force."""
    if good == TEA:
        return _p("good", "tea")
    if good == WINE:
        return _p("good", "wine")
    return _p("good", "spice")


def color_name(seat: int) -> Text:
    """A seat's colour (0 red, 1 black) in the language in force."""
    return _p("color", "red") if seat == 0 else _p("color", "black")


def special_name(kind: str) -> Text:
    """A special card's name (``tide``, ``bridge``, ``customs``) in the language in force."""
    if kind == "tide":
        return _p("card", "tide")
    if kind == "bridge":
        return _p("card", "bridge")
    return _p("card", "customs house")


def good_beats(a: int, b: int) -> bool:
    """True when goods ``a`` is worth more than goods ``b`` in the cycle of AM-10.5."""
    return (a, b) in _BEATS


class CardDataError(ValueError):
    """The card data breaks a component rule; the message names the card and the rule."""


@dataclass(frozen=True)
class Card:
    """One physical card. ``kind``: harbor, water, center, tide, bridge or customs."""

    id: int
    kind: str
    number: int | None
    owner: int | None  # 0 red, 1 black; None for neutral cards (AM-0.4)
    goods: tuple[int, int, int]  # tea, wine, spice symbols
    ship: bool
    gulden: bool
    crane: bool
    label: str  # what a player types: "12", "anchor", "tide"
    #: the id shown for this card when it is one of identical copies (the lowest id of its
    #: kind); None: the card is unique and shown by its own id
    public_id: int | None = None

    @property
    def public(self) -> int:
        """The id a view shows: the same for every identical copy (AM-1.6, AM-G35)."""
        return self.id if self.public_id is None else self.public_id

    @property
    def harbor_type(self) -> bool:
        """AM-0.3: harbor cards (cranes included), bridges and customs houses."""
        return self.kind in ("harbor", "bridge", "customs")

    @property
    def water_type(self) -> bool:
        """AM-0.2: water cards, the center card and tides."""
        return self.kind in ("water", "center", "tide")

    @property
    def special(self) -> bool:
        return self.kind in SPECIAL_KINDS

    @property
    def goods_count(self) -> int:
        return self.goods[0] + self.goods[1] + self.goods[2]

    def describe(self) -> Text:
        """Short public text: ``red 12 (tea+wine, gulden)``, ``water 61 (ship)``, ``tide``,
        in the language in force."""
        return self.text

    @property
    def text(self) -> Text:
        return self.said(current_language())

    def said(self, lang: str) -> Text:
        """The description in ``lang``."""
        texts: dict[str, Text] | None = self.__dict__.get("_texts")
        if texts is None:  # said once per language (views describe every card on the board)
            texts = {}
            object.__setattr__(self, "_texts", texts)
        text = texts.get(lang)
        if text is None:
            text = texts[lang] = _card_text(self, lang)
        return text

    def to_view(self, lang: str | None = None, *, internal: bool = False) -> dict[str, Any]:
        """The card as view data; ``text`` in ``lang`` (default: the language in force).
        ``id`` is the public id (one for identical copies), the engine's own id only when
        ``internal`` (data the state keeps, never shown as it is)."""
        return {
            "id": self.id if internal else self.public,
            "label": self.label,
            "kind": self.kind,
            "number": self.number,
            "owner": self.owner,
            "goods": dict(zip(GOODS, self.goods, strict=True)),
            "ship": self.ship,
            "gulden": self.gulden,
            "crane": self.crane,
            "text": self.describe() if lang is None else str(self.said(lang)),
        }


def _card_text(card: Card, lang: str) -> Text:
    """A card's description in ``lang``."""
    with speaking(lang):
        if card.special:
            return special_name(card.kind)
        if card.kind == "center":
            return _("the harbor center")
        parts: list[Text] = []
        if card.crane:
            parts.append(_p("symbol", "crane"))
        for g, k in enumerate(card.goods):
            parts.extend([good_name(g)] * k)
        symbols = [
            s
            for s, on in ((_p("symbol", "ship"), card.ship), (_p("symbol", "gulden"), card.gulden))
            if on
        ]
        inner = joined(", ", [x for x in (joined("+", parts) if parts else "", *symbols) if x])
        if card.owner is not None:
            # Translators: a harbor card: its colour and number ("red 12").
            head = _p("card", "{color} {number}", color=color_name(card.owner), number=card.number)
        else:
            # Translators: a water card and its number ("water 61").
            head = _p("card", "water {number}", number=card.number)
        if not inner:
            return head
        # Translators: a card and its symbols ("water 61 (ship)"), in the language's brackets
        return _p("card", "{card} ({symbols})", card=head, symbols=inner)


@dataclass(frozen=True, slots=True)
class CardSet:
    """All 92 playing cards (AM-1.1a–c), indexed by id."""

    cards: tuple[Card, ...]
    harbor: tuple[tuple[int, ...], tuple[int, ...]]  # ids per color
    water: tuple[int, ...]  # numbered water cards (center excluded)
    center: int
    special: tuple[int, ...]
    by_number: dict[int, int]
    #: public id -> the engine's ids of its identical copies (AM-1.6), lowest first
    copies: dict[int, tuple[int, ...]]

    def copy_for(self, public_id: int, taken: set[int]) -> int:
        """One of the engine's copies of the card a view names ``public_id``: the lowest not
        yet in ``taken`` (it joins ``taken``). A unique card is its own id. A view naming more
        copies than exist (an inconsistent view) gets the last copy again."""
        group = self.copies.get(public_id)
        if group is None:
            taken.add(public_id)
            return public_id
        for i in group:
            if i not in taken:
                taken.add(i)
                return i
        return group[-1]

    def find(self, label: str) -> int | None:
        """The id of the numbered card ``label`` (``"12"``), or None."""
        if label.isdigit():
            return self.by_number.get(int(label))
        return None


def _bool(card: dict[str, Any], key: str, where: str) -> bool:
    value = card.get(key, False)
    if not isinstance(value, bool):
        raise CardDataError(
            f"{where}: '{key}' must be true or false, not {value!r}"  # not for players
        )
    return value


def _check_keys(card: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(card, dict):
        raise CardDataError(f"{where}: a card must be an object, not {card!r}")  # not for players
    unknown = sorted(k for k in card if k not in allowed and not k.startswith("_"))
    if unknown:
        raise CardDataError(
            f"{where}: unknown keys {unknown}; allowed: {sorted(allowed)}"  # not for players
        )
    return card


def _goods(card: dict[str, Any], where: str) -> tuple[int, int, int]:
    raw = card.get("goods", {})
    if not isinstance(raw, dict) or any(g not in GOODS for g in raw):
        raise CardDataError(
            f"{where}: 'goods' must map {'/'.join(GOODS)} to counts (AM-1.2)"  # not for players
        )
    counts = []
    for g in GOODS:
        k = raw.get(g, 0)
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= 3:
            raise CardDataError(
                f"{where}: {g} count must be 0..3 (AM-G1), not {k!r}"  # not for players
            )
        counts.append(k)
    return counts[0], counts[1], counts[2]


def _number(card: dict[str, Any], where: str, required: bool) -> int | None:
    n = card.get("number")
    if n is None and not required:
        return None
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        raise CardDataError(
            f"{where}: 'number' must be a positive integer (AM-1.2), not {n!r}"  # not for players
        )
    return n


def build_cards(harbor: Any, water: Any, special: Any) -> CardSet:
    """Validate the three data documents and build the card set (AM-1, AM-G1–G4)."""
    cards: list[Card] = []
    by_number: dict[int, int] = {}

    def add_number(n: int | None, where: str) -> None:
        if n is None:
            return
        if n in by_number:
            raise CardDataError(
                f"{where}: number {n} is used twice; "  # not for players
                "numbers must be unique (AM-G3)"  # not for players
            )
        by_number[n] = len(cards)

    harbor_ids: list[list[int]] = [[], []]
    h_list = _cards_of(harbor, "harbor.json")  # not for players
    for i, raw in enumerate(h_list):
        where = f"harbor.json card {i + 1}"  # not for players
        c = _check_keys(raw, {"k", "number", "color", "goods", "ship", "gulden", "crane"}, where)
        if c.get("color") not in COLORS:
            raise CardDataError(
                f"{where}: 'color' must be red or black (AM-1.2)"  # not for players
            )
        owner = COLORS.index(c["color"])
        number = _number(c, where, True)
        goods = _goods(c, where)
        crane = _bool(c, "crane", where)
        if crane and goods != (0, 0, 0):
            raise CardDataError(f"{where}: a crane shows no goods (AM-G4)")  # not for players
        if not crane and goods == (0, 0, 0):
            raise CardDataError(
                f"{where}: a harbor card that is not a crane "  # not for players
                "needs goods (AM-1.2)"  # not for players
            )
        add_number(number, where)
        harbor_ids[owner].append(len(cards))
        cards.append(
            Card(
                len(cards),
                "harbor",
                number,
                owner,
                goods,
                _bool(c, "ship", where),
                _bool(c, "gulden", where),
                crane,
                str(number),
            )
        )
    for owner, ids in enumerate(harbor_ids):
        if len(ids) != 21:
            raise CardDataError(
                f"harbor.json: {COLORS[owner]} has {len(ids)} harbor cards, "  # not for players
                "not 21 (AM-1.2)"  # not for players
            )
        cranes = sum(1 for i in ids if cards[i].crane)
        if cranes != 2:
            raise CardDataError(
                f"harbor.json: {COLORS[owner]} has {cranes} cranes, "  # not for players
                "not 2 (AM-1.5, AM-12.1)"  # not for players
            )
    water_ids: list[int] = []
    center = -1
    for i, raw in enumerate(_cards_of(water, "water.json")):  # not for players
        where = f"water.json card {i + 1}"  # not for players
        c = _check_keys(raw, {"number", "center", "ship", "gulden"}, where)
        is_center = _bool(c, "center", where)
        if is_center:
            if center >= 0:
                raise CardDataError(
                    f"{where}: a second harbor center card (AM-1.4)"  # not for players
                )
            if c.get("number") is not None or c.get("ship") or c.get("gulden"):
                raise CardDataError(
                    f"{where}: the harbor center has "  # not for players
                    "no number or symbols (AM-G2)"  # not for players
                )
            center = len(cards)
            cards.append(
                Card(center, "center", None, None, (0, 0, 0), False, False, False, "anchor")
            )
            continue
        number = _number(c, where, True)
        add_number(number, where)
        water_ids.append(len(cards))
        cards.append(
            Card(
                len(cards),
                "water",
                number,
                None,
                (0, 0, 0),
                _bool(c, "ship", where),
                _bool(c, "gulden", where),
                False,
                str(number),
            )
        )
    if center < 0:
        raise CardDataError("water.json: no harbor center card (AM-1.4)")  # not for players
    if len(water_ids) + 1 != 44:
        raise CardDataError(
            f"water.json: {len(water_ids) + 1} water cards with the center, "  # not for players
            "not 44 (AM-1.1b, AM-G2)"  # not for players
        )
    special_ids: list[int] = []
    for i, raw in enumerate(_cards_of(special, "special.json")):  # not for players
        where = f"special.json card {i + 1}"  # not for players
        c = _check_keys(raw, {"kind", "number"}, where)
        kind = c.get("kind")
        if kind not in SPECIAL_KINDS:
            raise CardDataError(
                f"{where}: 'kind' must be one of "  # not for players
                f"{', '.join(SPECIAL_KINDS)} (AM-1.6)"  # not for players
            )
        number = _number(c, where, False)
        add_number(number, where)
        special_ids.append(len(cards))
        cards.append(
            Card(len(cards), str(kind), number, None, (0, 0, 0), False, False, False, str(kind))
        )
    kinds = [cards[i].kind for i in special_ids]
    if sorted(kinds) != sorted(k for k in SPECIAL_KINDS for _ in range(2)):
        raise CardDataError(
            "special.json: need 2 tide, 2 bridge and 2 customs cards "  # not for players
            f"(AM-1.6), got {kinds}"  # not for players
        )
    copies: dict[int, tuple[int, ...]] = {}
    for kind in SPECIAL_KINDS:
        # identical copies (no number, no symbols: AM-1.6, AM-G35) share one public id
        same = tuple(i for i in special_ids if cards[i].kind == kind and cards[i].number is None)
        if len(same) > 1:
            copies[same[0]] = same
            for i in same:
                cards[i] = replace(cards[i], public_id=same[0])
    return CardSet(
        tuple(cards),
        (tuple(harbor_ids[0]), tuple(harbor_ids[1])),
        tuple(water_ids),
        center,
        tuple(special_ids),
        by_number,
        copies,
    )


def _cards_of(doc: Any, where: str) -> list[Any]:
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardDataError(f"{where}: expected an object with a 'cards' list")  # not for players
    unknown = sorted(k for k in doc if k != "cards" and not k.startswith("_"))
    if unknown:
        raise CardDataError(f"{where}: unknown keys {unknown}")  # not for players
    return list(doc["cards"])


def load_cards(directory: Path | None = None) -> CardSet:
    """Read and validate ``harbor.json``, ``water.json`` and ``special.json``."""
    if directory is None:
        return _default_cards()
    docs = []
    for name in ("harbor", "water", "special"):
        path = directory / f"{name}.json"
        try:
            docs.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise CardDataError(f"{name}.json: cannot read ({exc})") from exc  # not for players
    return build_cards(*docs)


@lru_cache(maxsize=1)
def _default_cards() -> CardSet:
    return load_cards(DATA_DIR)
