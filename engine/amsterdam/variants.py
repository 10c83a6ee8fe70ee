"""The base game and the six variants of AM-V1…V6 as plain configuration.

A variant is chosen at the start (``Game.new_state(players, seed, {"variant": "gulliver"})``)
and stored in the state JSON. Everything a variant changes is a field here; the rules modules
read these fields instead of testing variant names.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.amsterdam.language import N_, _, messages
from engine.core import IllegalMove
from engine.i18n import Text, either

CROSS: tuple[tuple[int, int], ...] = (
    (-2, 0),
    (-1, 0),
    (1, 0),
    (2, 0),
    (0, -2),
    (0, -1),
    (0, 1),
    (0, 2),
)
CANALE_START: tuple[tuple[int, int], ...] = (
    (0, -3),
    (0, -2),
    (0, -1),
    (0, 1),
    (0, 2),
    (0, 3),
    (-1, 0),
    (1, 0),
)  # AM-G30


@dataclass(frozen=True, slots=True)
class Variant:
    name: str
    title: str
    rule: str  # spec ID of the variant ("" for the base game)
    rows: int  # frame limits (AM-G8)
    cols: int
    start: tuple[tuple[int, int], ...]  # water cards laid at setup besides the center (AM-2.4)
    end_scoring: str  # "largest5" (AM-13.4), "all" (AM-G31) or "gomoku" (AM-G43)
    money_total: int  # gulden in the game (AM-1.10; AM-V3.2)
    specials: bool = False  # AM-V4
    water_play: bool = False  # AM-V5.2
    gomoku: bool = False  # AM-V6
    drop_cranes: str = "none"  # "none", "no_ship" (AM-V2.3) or "all" (AM-V6.2)
    bankruptcy: bool = False  # AM-V3.3 / AM-G33
    #: the name a player types, without the harbour's size: a "variant" message
    #: (engine.amsterdam.presentation.words.variant_name), read in every language (#25)
    typed: str = ""

    @property
    def cells(self) -> int:
        return self.rows * self.cols


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("base", N_("Amsterdam"), "", 7, 7, CROSS, "largest5", 20),
        Variant(
            "canale_grande",
            N_("Canale Grande (4×12)"),
            "AM-V1",
            4,
            12,
            CANALE_START,
            "all",
            20,
            typed="Canale Grande",  # not for players: a "variant" msgid
        ),
        Variant(
            "gulliver",
            N_("Gulliver's Travels (5×5)"),
            "AM-V2",
            5,
            5,
            (),
            "all",
            20,
            drop_cranes="no_ship",
            typed="Gulliver's Travels",  # not for players: a "variant" msgid
        ),
        Variant(
            "penniless",
            N_("Penniless"),
            "AM-V3",
            7,
            7,
            CROSS,
            "largest5",
            6,
            bankruptcy=True,
            typed="Penniless",  # not for players: a "variant" msgid
        ),
        Variant(
            "special_cards",
            N_("Special cards"),
            "AM-V4",
            7,
            7,
            CROSS,
            "largest5",
            20,
            specials=True,
            typed="Special cards",  # not for players: a "variant" msgid
        ),
        Variant(
            "water_play",
            N_("Water Play (6×6)"),
            "AM-V5",
            6,
            6,
            CROSS,
            "all",
            20,
            water_play=True,
            typed="Water Play",  # not for players: a "variant" msgid
        ),
        Variant(
            "gomoku",
            N_("Gomoku (8×8)"),
            "AM-V6",
            8,
            8,
            CROSS,
            "gomoku",
            20,
            gomoku=True,
            drop_cranes="all",
            typed="Gomoku",  # not for players: a "variant" msgid
        ),
    )
}

ALIASES: dict[str, str] = {
    "": "base",
    "normal": "base",
    "standard": "base",
    "canale": "canale_grande",
    "canalegrande": "canale_grande",
    "4x12": "canale_grande",
    "v1": "canale_grande",
    "gulliver": "gulliver",
    "gulliversutazasa": "gulliver",
    "gulliverstravels": "gulliver",
    "5x5": "gulliver",
    "v2": "gulliver",
    "penniless": "penniless",
    "penztelenseg": "penniless",
    "v3": "penniless",
    "special": "special_cards",
    "specials": "special_cards",
    "specialcards": "special_cards",
    "kulonlegeskartyak": "special_cards",
    "v4": "special_cards",
    "waterplay": "water_play",
    "vizijatek": "water_play",
    "6x6": "water_play",
    "v5": "water_play",
    "gomoku": "gomoku",
    "amoba": "gomoku",
    "8x8": "gomoku",
    "v6": "gomoku",
}

_FOLD = str.maketrans("áéíóöőúüű×", "aeiooouuux")


def variant_key(text: str) -> str:
    return "".join(ch for ch in text.casefold().translate(_FOLD) if ch.isalnum())


def get_variant(name: object) -> Variant:
    """The variant called ``name`` (forgiving: case, accents, spaces, ``v1``…``v6``, sizes)."""
    if not isinstance(name, str):
        raise IllegalMove(
            _(
                "the variant must be a name, not {typed}; allowed: {variants}",
                typed=repr(name),
                variants=allowed(),
            )
        )
    canonical = variant_of(name)
    if canonical is None:
        raise IllegalMove(
            _(
                "unknown Amsterdam variant {typed}; allowed: {variants}",
                typed=repr(name),
                variants=allowed(),
            )
        )
    return VARIANTS[canonical]


def variant_of(text: str) -> str | None:
    """The variant's name for ``text``: its name, an alias, or its title in any language."""
    key = variant_key(text)
    return (
        ALIASES.get(key)
        or next((v for v in VARIANTS if variant_key(v) == key), None)
        or _titles().get(key)
    )


def variant_title(variant: Variant) -> Text:
    """The variant's title (``Gulliver's Travels (5×5)``) in the language in force."""
    return _(variant.title)


@cache
def _titles() -> dict[str, str]:
    """Every language's title of every variant, with and without its size, folded: name."""
    out: dict[str, str] = {}
    for v in VARIANTS.values():
        for title in messages.every_language(v.title).values():
            out.setdefault(variant_key(title), v.name)
        if v.typed:
            for typed in messages.every_language(v.typed, "variant").values():
                out.setdefault(variant_key(typed), v.name)
    return out


def allowed() -> str:
    return either(f"{v.name}" + (f" ({v.rule})" if v.rule else "") for v in VARIANTS.values())
