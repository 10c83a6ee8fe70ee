"""Votes (CG-6): which placements are legal, and why a placement is refused.

A placement is ``(k, groups)``: ``k`` cards of the chosen district and, per gondola, one
``(district, m)`` group of ``m ≥ 1`` cards of one other district (CG-6.7b, CG-6.10–6.12, CG-G11).
It is legal only if the placer then has strictly more votes than his opponent (CG-6.9, CG-6.11,
CG-G10), and it needs ``k ≥ 1`` until the placer has a chosen-district card in the vote
(CG-6.4, CG-6.9a, CG-G12, CG-G14).

Engine decision (not in the source, recorded in the report): within one placement each district
is carried by at most one gondola. Two gondolas with cards of the same district in one placement
would only throw a gondola away (gondolas are discarded whoever wins, CG-6.19, CG-6.20), so that
form is not offered; a later placement may bring the same district again with a new gondola
(CG-6.14).
"""

from __future__ import annotations

from typing import Any

Placement = tuple[int, tuple[tuple[str, int], ...]]


def placement_votes(p: Placement) -> int:
    return p[0] + sum(m for _, m in p[1])


def group_combos(
    hand: dict[str, int], districts: tuple[str, ...], chosen: str, gondolas: int
) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """(cards, groups) for every way to load at most ``gondolas`` gondolas, one district each."""
    others = [(d, hand.get(d, 0)) for d in districts if d != chosen and hand.get(d, 0)]
    out: list[tuple[int, tuple[tuple[str, int], ...]]] = [(0, ())]
    if gondolas <= 0:
        return out
    for d, have in others:
        extra = []
        for total, groups in out:
            if len(groups) >= gondolas:
                continue
            for m in range(1, have + 1):
                extra.append((total + m, (*groups, (d, m))))
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
    result: list[tuple[int, int, Placement]] = []
    for total, groups in group_combos(hand, districts, chosen, hand.get("gondola", 0)):
        lo = max(kmin, need - total)
        for k in range(lo, have_chosen + 1):
            if k == 0 and not groups:
                continue
            result.append((k + total, len(groups), (k, groups)))
    result.sort(key=lambda x: (x[0], x[1]))
    return [p for _, _, p in result]


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
        return (
            f"your first placement in this vote must include a {cname} card (the chosen "
            "district); reinforcement by gondola comes only after one (CG-6.9a, CG-6.10)"
        )
    if k > hand.get(chosen, 0):
        return f"you hold {hand.get(chosen, 0)} {cname} card(s), not {k}"
    if len(groups) > hand.get("gondola", 0):
        return f"you need {len(groups)} gondola(s) and hold {hand.get('gondola', 0)}"
    for d, m in groups:
        if m > hand.get(d, 0):
            return f"you hold {hand.get(d, 0)} {names[d]} card(s), not {m}"
    votes = k + sum(m for _, m in groups)
    if votes < need:
        return (
            f"that adds {votes} vote(s); you must end strictly ahead, so add at least {need} "
            "(CG-6.9, CG-6.11, CG-G10)"
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
