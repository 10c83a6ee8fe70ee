"""A placement in a vote as one multi-select of hand cards (CG-6.7b), built from the legal
placements only, and the chosen cards turned back into one ``place`` command.

The legal placements of a vote run into the hundreds (every count of chosen-district cards
times every way to load the gondolas), far more than a list can show. Choosing the *cards*
instead reaches each of them in which every other district rides one gondola: such a placement
is the multiset of its cards (CG-6.12). Placements where two gondolas carry the same district are
legal (CG-6.7b, CG-6.14) but only spend a gondola more; an item per extra gondola reaches them
(how the cards are split between those gondolas changes nothing in the rules: the first ones
carry one card each, the last the rest). So the items are

* ``sanmarco.1`` … ``sanmarco.k`` - cards of the chosen district (CG-6.4, CG-6.9a);
* ``gondola.castello.1`` … - reinforcement cards of another district, each district on one
  gondola (CG-6.10–CG-6.12); picking cards of two districts uses two gondolas;
* ``extra.castello.2`` … - a second (third …) gondola for that district's cards (CG-6.14),
  listed last and only where a legal placement uses it.

Only cards that appear in some legal placement are offered (a district is offered for
reinforcement only if a gondola can carry it; no more copies than the most any legal placement
uses). Whether the chosen combination is legal (enough votes, CG-6.9, CG-6.11; enough gondolas;
a chosen-district card first, CG-6.9a) is the engine's judgement, as for a typed command.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.canal_grande import commands as cmd
from engine.canal_grande.cards import card_name, load_components
from engine.canal_grande.language import _, _n
from engine.core import IllegalMove, Option

#: Items one multi-select lists at most (a common chat-app limit); the typed command reaches
#: the placements a longer list would have held.
MAX_ITEMS = 25

GONDOLA_PREFIX = "gondola."
EXTRA_PREFIX = "extra."

Items = tuple[list[tuple[str, str, str | None]], int, int]


def _parts(option: str) -> cmd.Move | None:
    try:
        move = cmd.parse(option)
    except IllegalMove:
        return None
    return move if move.verb == "place" else None


def card_counts(options: Sequence[str]) -> tuple[dict[str, int], dict[str, int], int]:
    """From legal placements: the most chosen-district cards of each district any of them
    places (one district: the chosen one), the most cards of each other district its gondolas
    carry in one placement, and the most gondolas one placement uses."""
    chosen, carried, _boats, gondolas = _counts(options)
    return chosen, carried, gondolas


def _counts(
    options: Sequence[str],
) -> tuple[dict[str, int], dict[str, int], dict[str, int], int]:
    chosen: dict[str, int] = {}
    carried: dict[str, int] = {}
    boats: dict[str, int] = {}  # the most gondolas one placement gives one district
    gondolas = 0
    for option in options:
        move = _parts(option)
        if move is None:
            continue
        for d, k in move.plain:
            chosen[d] = max(chosen.get(d, 0), k)
        cards: dict[str, int] = {}
        used: dict[str, int] = {}
        for group in move.groups:
            for d, m in group:
                cards[d] = cards.get(d, 0) + m
                used[d] = used.get(d, 0) + 1
        for d, m in cards.items():
            carried[d] = max(carried.get(d, 0), m)
            boats[d] = max(boats.get(d, 0), used[d])
        gondolas = max(gondolas, len(move.groups))
    return chosen, carried, boats, gondolas


def _fit(chosen: dict[str, int], carried: dict[str, int]) -> dict[str, int]:
    """Fewer reinforcement copies (always of the district offering most) until all items fit
    in :data:`MAX_ITEMS`; chosen-district cards are always kept."""
    fitted = dict(carried)
    while sum(chosen.values()) + sum(fitted.values()) > MAX_ITEMS and any(fitted.values()):
        most = max(fitted, key=lambda d: fitted[d])
        fitted[most] -= 1
    return {d: n for d, n in fitted.items() if n > 0}


def _order(district: str) -> int:
    districts = load_components().districts
    return districts.index(district) if district in districts else len(districts)


def placement_items(options: Sequence[Option]) -> Items:
    """The multi-select of a ``place`` decision from its legal options (see the module)."""
    chosen, carried, boats, gondolas = _counts([o.command for o in options])
    fitted = _fit(chosen, carried)
    items: list[tuple[str, str, str | None]] = []
    for d in sorted(chosen, key=_order):
        name = card_name(d)
        for i in range(1, chosen[d] + 1):
            items.append(
                (
                    f"{d}.{i}",
                    _("{card} #{index}", card=name, index=i),
                    _("the vote's district: 1 vote"),
                )
            )
    for d in sorted(fitted, key=_order):
        name = card_name(d)
        for i in range(1, fitted[d] + 1):
            items.append(
                (
                    f"{GONDOLA_PREFIX}{d}.{i}",
                    _("{card} #{index} by gondola", card=name, index=i),
                    _n(
                        "1 vote; all {card} cards share one gondola (up to {n} gondola)",
                        "1 vote; all {card} cards share one gondola (up to {n} gondolas)",
                        gondolas,
                        card=name,
                    ),
                )
            )
    for d in sorted(fitted, key=_order):
        name = card_name(d)
        for j in range(2, min(boats.get(d, 1), fitted[d]) + 1):
            if len(items) >= MAX_ITEMS:
                break
            items.append(
                (
                    f"{EXTRA_PREFIX}{d}.{j}",
                    _("{card}: gondola #{index}", card=name, index=j),
                    _("one more gondola for the {card} cards: no vote, only spent", card=name),
                )
            )
    return items, min(1, len(items)), len(items)


def placement_command(values: Sequence[str]) -> str:
    """Chosen items -> ``place 2 sanmarco gondola castello``. A value that is not an item is
    kept as a word, so the engine's refusal names it (nothing changes)."""
    plain: dict[str, int] = {}
    carried: dict[str, int] = {}
    extra: dict[str, int] = {}
    unknown: list[str] = []
    for value in dict.fromkeys(values):  # a value chosen twice counts once
        prefix = next((p for p in (GONDOLA_PREFIX, EXTRA_PREFIX) if value.startswith(p)), "")
        district, dot, index = value.removeprefix(prefix).rpartition(".")
        if not dot or not district or not index.isdigit():
            unknown.append(value)
            continue
        target = {GONDOLA_PREFIX: carried, EXTRA_PREFIX: extra}.get(prefix, plain)
        target[district] = target.get(district, 0) + 1
    words = ["place", *unknown]
    for d in sorted(plain, key=_order):
        words.append(d if plain[d] == 1 else f"{plain[d]} {d}")
    for d in sorted(set(carried) | set(extra), key=_order):
        cards, boats = carried.get(d, 0), 1 + extra.get(d, 0)
        # the first gondolas carry one card each, the last the rest; a gondola left without
        # a card stays empty, so the engine's refusal names it (CG-G11)
        loads = [min(1, max(0, cards - i)) for i in range(boats - 1)]
        loads.append(max(0, cards - (boats - 1)))
        for load in loads:
            words.append("gondola")
            if load > 0:
                words.append(d if load == 1 else f"{load} {d}")
    return " ".join(words)
