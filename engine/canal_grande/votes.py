"""Votes (CG-6): which placements are legal, and why a placement is refused.

A placement is ``(k, groups)``: ``k`` cards of the chosen district and, per gondola, one
``(district, m)`` group of ``m ≥ 1`` cards of one other district (CG-6.7b, CG-6.10–6.12, CG-G11).
It is legal only if the placer then has strictly more votes than his opponent (CG-6.9, CG-6.11,
CG-G10), and it needs ``k ≥ 1`` until the placer has a chosen-district card in the vote
(CG-6.4, CG-6.9a, CG-G12, CG-G14).

Several gondolas of one placement may carry the same other district (CG-6.7b only asks that
each gondola carries cards of one district, CG-6.12, CG-6.14): wasteful, since every gondola is
discarded whoever wins (CG-6.19, CG-6.20), but legal. Canonical order: districts in card order,
the gondolas of one district by growing load.
"""

from __future__ import annotations

from typing import Any

from engine.canal_grande.language import _, _n

Placement = tuple[int, tuple[tuple[str, int], ...]]


def placement_votes(p: Placement) -> int:
    return p[0] + sum(m for _, m in p[1])


def _loads(have: int, gondolas: int, smallest: int = 1) -> list[tuple[int, ...]]:
    """Every way to load at most ``gondolas`` gondolas with at most ``have`` cards of one
    district, at least one card each, as loads in growing order (the empty way included)."""
    out: list[tuple[int, ...]] = [()]
    if gondolas <= 0:
        return out
    for m in range(smallest, have + 1):
        for rest in _loads(have - m, gondolas - 1, m):
            out.append((m, *rest))
    return out


def group_combos(
    hand: dict[str, int], districts: tuple[str, ...], chosen: str, gondolas: int
) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """(cards, groups) for every way to load at most ``gondolas`` gondolas, each with cards of
    one other district (CG-6.12; two gondolas may carry the same district)."""
    others = [(d, hand.get(d, 0)) for d in districts if d != chosen and hand.get(d, 0)]
    out: list[tuple[int, tuple[tuple[str, int], ...]]] = [(0, ())]
    if gondolas <= 0:
        return out
    for d, have in others:
        extra = []
        for total, groups in out:
            for load in _loads(have, gondolas - len(groups))[1:]:
                extra.append((total + sum(load), (*groups, *((d, m) for m in load))))
        out.extend(extra)
    return out


def legal_placements(
    hand: dict[str, int],
    districts: tuple[str, ...],
    chosen: str,
    has_chosen_card: bool,
    need: int,
) -> list[Placement]:
    """Every legal placement for a hand: ``need`` is the votes it must add (opponent's votes
    minus own, plus one)."""
    have_chosen = hand.get(chosen, 0)
    kmin = 0 if has_chosen_card else 1
    if have_chosen < kmin:
        return []
    result: list[tuple[int, int, int, Placement]] = []
    for total, groups in group_combos(hand, districts, chosen, hand.get("gondola", 0)):
        lo = max(kmin, need - total)
        # gondolas that only repeat a district (legal, wasteful): such placements come last
        wasted = len(groups) - len({d for d, _ in groups})
        for k in range(lo, have_chosen + 1):
            if k == 0 and not groups:
                continue
            result.append((wasted, k + total, len(groups), (k, groups)))
    result.sort(key=lambda x: x[:3])
    return [p for *_, p in result]


def placement_error(
    hand: dict[str, int],
    chosen: str,
    has_chosen_card: bool,
    need: int,
    p: Placement,
    names: dict[str, str],
) -> str | None:
    """Why a well-formed placement is illegal for this hand and vote, or None."""
    k, groups = p
    cname = names[chosen]
    if not has_chosen_card and k == 0:
        return _(
            # rule: CG-6.9a, CG-6.10
            "your first placement in this vote must include a {district} card "
            "(the chosen district); reinforcement by gondola comes only after one",
            district=cname,
        )
    if k > hand.get(chosen, 0):
        return _n(
            "you hold {n} {district} card, not {count}",
            "you hold {n} {district} cards, not {count}",
            hand.get(chosen, 0),
            district=cname,
            count=k,
        )
    if len(groups) > hand.get("gondola", 0):
        return _n(
            "you need {n} gondola and hold {held}",
            "you need {n} gondolas and hold {held}",
            len(groups),
            held=hand.get("gondola", 0),
        )
    carried: dict[str, int] = {}
    for d, m in groups:
        carried[d] = carried.get(d, 0) + m
    for d, m in carried.items():
        if m > hand.get(d, 0):
            return _n(
                "you hold {n} {district} card, not {count}",
                "you hold {n} {district} cards, not {count}",
                hand.get(d, 0),
                district=names[d],
                count=m,
            )
    votes = k + sum(m for _, m in groups)
    if votes < need:
        return _n(
            # rule: CG-6.9, CG-6.11, CG-G10
            "that adds {n} vote; you must end strictly ahead, so add at least {need}",
            "that adds {n} votes; you must end strictly ahead, so add at least {need}",
            # rule: CG-6.9, CG-6.11, CG-G10
            votes,
            need=need,
        )
    return None


def fresh_vote(owner: int, challenger: int) -> dict[str, Any]:
    return {
        "owner": owner,
        "challenger": challenger,
        "district": None,
        "placed": [[], []],
        "votes": [0, 0],
        "to_act": challenger,
    }
