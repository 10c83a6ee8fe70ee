"""Canal Grande cards: the component list (validated on load), names in every language players
type, and card-list text.

Action cards are short ids: the six district ids (``sanmarco`` …) and ``gondola``, ``traitor``,
``spy``, ``doge``. Number cards are ints 1–3. The counts come from
``data/canal_grande/components.json`` (CG-1, CG-G1), checked against the source on load.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from engine.canal_grande.language import N_, _, messages
from engine.core import IllegalMove
from engine.i18n import Text, counted

SPECIALS: tuple[str, ...] = ("gondola", "traitor", "spy", "doge")
HAND_SPECIALS = frozenset({"gondola"})  # CG-G21: hands hold only districts and gondolas

# What the source prints (CG-1.1a–e, CG-1.2); a data file must agree with it.
SOURCE_DISTRICTS = 6
SOURCE_CARDS_PER_DISTRICT = 5
SOURCE_SPECIALS = {"spy": 3, "traitor": 7, "gondola": 6, "doge": 6}
SOURCE_ACTION_CARDS = 52
SOURCE_NUMBER_CARDS = 14


class ComponentError(ValueError):
    """The component data contradicts the rules (the message cites the rule)."""


@dataclass(frozen=True, slots=True)
class Components:
    districts: tuple[str, ...]
    names: dict[str, str]
    per_district: dict[str, int]
    specials: dict[str, int]
    numbers: tuple[int, ...]
    start_per_district: int
    start_hand: int
    reveal_actions: int
    reveal_numbers: int
    spy_draws: int
    bonus_cards: int
    round_end_total: int
    win_same_district: int

    @property
    def action_cards(self) -> list[str]:
        """Every action card once, districts first (the order of a fresh box)."""
        cards = [d for d in self.districts for _ in range(self.per_district[d])]
        return cards + [s for s in SPECIALS for _ in range(self.specials[s])]

    @property
    def card_order(self) -> dict[str, int]:
        return {c: i for i, c in enumerate((*self.districts, *SPECIALS))}


def data_path() -> Path:
    root = Path(__file__).resolve().parents[2]
    return root / "data" / "canal_grande" / "components.json"  # not for players


def _int(data: dict[str, Any], key: str, rule: str, low: int = 0) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < low:
        raise ComponentError(
            f"{rule}: '{key}' must be an integer ≥ {low}, got {v!r}"  # not for players
        )
    return v


def parse_components(data: Any) -> Components:
    """Validate component data against the rules; every error names the rule it breaks."""
    if not isinstance(data, dict):
        raise ComponentError("CG-1: the component data must be a JSON object")  # not for players
    known = {
        "districts",
        "specials",
        "number_cards",
        "start_cards_per_district",
        "start_hand",
        "reveal_actions",
        "reveal_numbers",
        "spy_draws",
        "bonus_cards",
        "round_end_total",
        "win_same_district",
    }
    unknown = sorted(k for k in data if k not in known and not k.startswith("_"))
    if unknown:
        raise ComponentError(
            f"CG-1: unknown component key(s): {', '.join(unknown)}"  # not for players
        )
    missing = sorted(known - data.keys())
    if missing:
        raise ComponentError(
            f"CG-1: missing component key(s): {', '.join(missing)}"  # not for players
        )
    raw = data["districts"]
    if not isinstance(raw, list) or len(raw) != SOURCE_DISTRICTS:
        raise ComponentError(
            f"CG-1.1a: there are exactly {SOURCE_DISTRICTS} districts"  # not for players
        )
    districts: list[str] = []
    names: dict[str, str] = {}
    per: dict[str, int] = {}
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"id", "name", "cards"}:
            raise ComponentError("CG-1.1a: a district is {id, name, cards}")  # not for players
        did, name = entry["id"], entry["name"]
        if not isinstance(did, str) or not did.isalpha() or not did.islower():
            raise ComponentError(
                f"CG-1.1a: district id {did!r} must be one lower-case word"  # not for players
            )
        if did in districts or did in SPECIALS:
            raise ComponentError(f"CG-1.1a: district id {did!r} is used twice")  # not for players
        if not isinstance(name, str) or not name:
            raise ComponentError(f"CG-1.1a: district {did} needs a name")  # not for players
        k = _int(entry, "cards", "CG-1.1a", 1)
        if k != SOURCE_CARDS_PER_DISTRICT:
            raise ComponentError(
                f"CG-1.1a: each district has {SOURCE_CARDS_PER_DISTRICT} cards, "  # not for players
                f"{did} has {k}"  # not for players
            )
        districts.append(did)
        names[did] = name
        per[did] = k
    specials = data["specials"]
    if not isinstance(specials, dict) or set(specials) != set(SPECIALS):
        raise ComponentError(
            f"CG-1.1b–e: specials must list exactly {', '.join(SPECIALS)}"  # not for players
        )
    for s, want in SOURCE_SPECIALS.items():
        if specials[s] != want:
            rule = {"spy": "CG-1.1b", "traitor": "CG-1.1c", "gondola": "CG-1.1d"}.get(s, "CG-1.1e")
            raise ComponentError(
                f"{rule}: the game has {want} {s} cards, not {specials[s]!r}"  # not for players
            )
    total = sum(per.values()) + sum(specials.values())
    if total != SOURCE_ACTION_CARDS:
        raise ComponentError(
            f"CG-1.1: {SOURCE_ACTION_CARDS} action cards, not {total}"  # not for players
        )
    nums = data["number_cards"]
    if not isinstance(nums, dict):
        raise ComponentError("CG-G1: number_cards maps a value to a count")  # not for players
    numbers: list[int] = []
    for v, k in nums.items():
        if v not in ("1", "2", "3") or not isinstance(k, int) or k < 0:
            raise ComponentError(
                f"CG-1.2: number cards have values 1 to 3, got {v!r}: {k!r}"  # not for players
            )
        numbers.extend([int(v)] * k)
    if len(numbers) != SOURCE_NUMBER_CARDS:
        raise ComponentError(
            f"CG-1.2: {SOURCE_NUMBER_CARDS} number cards, not {len(numbers)}"  # not for players
        )
    start = _int(data, "start_cards_per_district", "CG-2.2", 1)
    hand = _int(data, "start_hand", "CG-2.3", 1)
    if 2 * hand > start * len(districts):
        raise ComponentError(
            f"CG-2.3: {start * len(districts)} cards cannot deal 2 × {hand}"  # not for players
        )
    if start > SOURCE_CARDS_PER_DISTRICT:
        raise ComponentError(
            "CG-2.2: more start cards per district than the district has"  # not for players
        )
    comp = Components(
        districts=tuple(districts),
        names=names,
        per_district=per,
        specials=dict(specials),
        numbers=tuple(sorted(numbers)),
        start_per_district=start,
        start_hand=hand,
        reveal_actions=_int(data, "reveal_actions", "CG-4.1", 1),
        reveal_numbers=_int(data, "reveal_numbers", "CG-4.1", 1),
        spy_draws=_int(data, "spy_draws", "CG-5.7", 1),
        bonus_cards=_int(data, "bonus_cards", "CG-8.2", 0),
        round_end_total=_int(data, "round_end_total", "CG-8.1", 1),
        win_same_district=_int(data, "win_same_district", "CG-10.1", 1),
    )
    if comp.reveal_actions + comp.reveal_numbers < 2:
        raise ComponentError(
            "CG-4.3: at least 2 cards must be revealed to form two offers"  # not for players
        )
    return comp


def load_components(path: str | Path | None = None) -> Components:
    if path is None:
        return _default_components()
    with Path(path).open(encoding="utf-8") as f:
        return parse_components(json.load(f))


@lru_cache(maxsize=1)
def _default_components() -> Components:
    with data_path().open(encoding="utf-8") as f:
        return parse_components(json.load(f))


# --- names players type ------------------------------------------------------------------------

# Every name a player may type, by card id: English/Italian/Hungarian/Japanese, with and without
# accents, plurals and short forms. District names are Italian in every language (Japanese
# players may type them in katakana too). The catalogs' names of the cards are added on first
# use (:func:`name_to_card`).
_ALIASES: dict[str, tuple[str, ...]] = {
    "cannaregio": ("cannaregio", "cann", "can", "cr", "カンナレージョ"),
    "santacroce": (
        "santacroce",
        "santa croce",  # not for players
        "santa-croce",  # not for players
        "croce",
        "sc",
        "santa",
        "サンタクローチェ",
        "サンタ・クローチェ",
    ),
    "sanpolo": (
        "sanpolo",
        "san polo",  # not for players
        "san-polo",  # not for players
        "polo",
        "sp",
        "サンポーロ",
        "サン・ポーロ",
    ),
    "sanmarco": (
        "sanmarco",
        "san marco",  # not for players
        "san-marco",  # not for players
        "marco",
        "sm",
        "サンマルコ",
        "サン・マルコ",
    ),
    "dorsoduro": ("dorsoduro", "dorso", "dd", "dor", "ドルソドゥーロ"),
    "castello": ("castello", "cast", "ca", "cas", "カステッロ"),
    "gondola": ("gondola", "gondolas", "gondole", "gondolák", "gondolak", "g", "gond", "ゴンドラ"),
    "traitor": (
        "traitor",
        "traitors",
        "traditore",
        "traditori",
        "áruló",
        "aruló",
        "arulo",
        "裏切り者",
        "裏切者",
    ),
    "spy": ("spy", "spies", "spia", "spie", "kém", "kem", "スパイ"),
    "doge": ("doge", "doges", "dogi", "dózse", "dozse", "dőzse", "dözse", "ドージェ", "総督"),
}
NAME_TO_CARD: dict[str, str] = {a.casefold(): c for c, al in _ALIASES.items() for a in al}
# Two-word names glued before lookup ("san marco" -> "sanmarco").
TWO_WORD_FIRST = frozenset({"san", "santa"})

#: The special cards' names, said at use (``special_name``).
DISPLAY = {
    "gondola": N_("gondola"),
    "traitor": N_("traitor"),
    "spy": N_("spy"),
    "doge": N_("doge"),
}


@cache
def name_to_card() -> dict[str, str]:
    """Every typed name of a card (case folded) -> its id: :data:`NAME_TO_CARD` and the cards'
    names in every catalog (built on first use)."""
    out = dict(NAME_TO_CARD)
    for card, msgid in DISPLAY.items():
        for said in messages.every_language(msgid).values():
            out.setdefault(said.casefold(), card)
    return out


def special_name(card: str) -> Text:
    """A special card's name in the language in force ('gondola', 'doge')."""
    return _(DISPLAY[card])


def number_name(value: int | str) -> Text:
    # Translators: a number card of value 1-3, e.g. "number 2"
    return _("number {value}", value=value)


def card_name(card: str | int, comp: Components | None = None) -> str:
    """A card as people read it: 'San Marco', 'gondola', 'number 2'."""
    if isinstance(card, int):
        return number_name(card)
    c = comp or load_components()
    name = c.names.get(card)
    if name:
        return name
    return special_name(card) if card in DISPLAY else card


def card_id(word: str, others: str = "gondola, traitor, spy, doge") -> str:  # not for players
    """The card id a typed word names, or an IllegalMove listing what is accepted there
    (``others``: the non-district cards the command takes, ``""``: districts only)."""
    c = name_to_card().get(word.casefold())
    if c is None:
        districts = (
            "cannaregio, santacroce, sanpolo, sanmarco, dorsoduro, castello"  # not for players
        )
        if not others:
            raise IllegalMove(
                _(
                    "'{word}' is not a district; use a district ({districts})",
                    word=_short(word),
                    districts=districts,
                )
            )
        shown = counted(special_name(o) for o in others.split(", "))
        raise IllegalMove(
            _(
                "'{word}' is not a Canal Grande card; use a district ({districts}) or {others}",
                word=_short(word),
                districts=districts,
                others=shown,
            )
        )
    return c


def join_two_word_names(words: list[str]) -> list[str]:
    """['san', 'marco', 'x'] -> ['sanmarco', 'x']."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.casefold() in TWO_WORD_FIRST and i + 1 < len(words):
            glued = f"{w} {words[i + 1]}".casefold()
            if glued in NAME_TO_CARD:
                out.append(NAME_TO_CARD[glued])
                i += 2
                continue
        out.append(w)
        i += 1
    return out


def _short(text: str, limit: int = 24) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def count_cards(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def format_counts(counts: dict[str, int], comp: Components | None = None) -> str:
    """'2 San Marco, gondola' in card order; 'nothing' when empty."""
    c = comp or load_components()
    parts = []
    for card in (*c.districts, *SPECIALS):
        k = counts.get(card, 0)
        if k:
            name = card_name(card, c)
            # Translators: a count of cards, e.g. "2 San Marco" (card: a card's name)
            parts.append(name if k == 1 else _("{count} {card}", count=k, card=name))
    return counted(parts) or _("nothing")
