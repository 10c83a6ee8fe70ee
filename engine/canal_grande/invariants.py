"""Conservation laws a Canal Grande state must obey after every move (self-play and tests)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.canal_grande.cards import HAND_SPECIALS
from engine.canal_grande.resolve import is_number

if TYPE_CHECKING:
    from engine.canal_grande.state import CanalGrandeState


def action_card_places(state: CanalGrandeState) -> dict[str, Counter[str]]:
    """Where every action card is: hands, draw pile, discard, table, doges in front, the vote
    in progress and victory cards."""
    placed: Counter[str] = Counter()
    if state.vote is not None:
        for p in (p for side in state.vote["placed"] for p in side):
            placed[state.vote["district"]] += p[0]
            for d, m in p[1]:
                placed["gondola"] += 1
                placed[d] += m
    return {
        "hands": Counter(c for h in state.hands for c in h),
        "deck": Counter(state.deck),
        "discard": Counter(state.discard),
        "table": Counter(c for c in state.table_cards() if not is_number(c)),
        "doges": Counter({"doge": sum(state.doges)}),
        "vote": placed,
        "victory": Counter(c for v in state.victory for c in v),
    }


def violations(state: CanalGrandeState) -> list[str]:
    """Every broken invariant, in words; an empty list means the state is sound."""
    problems: list[str] = []
    comp = state.comp
    total: Counter[str] = Counter()
    places = action_card_places(state)
    for where in places.values():
        total.update(where)
    want = Counter(comp.action_cards)
    if total != want:
        diff = {c: total[c] - want[c] for c in set(total) | set(want) if total[c] != want[c]}
        problems.append(f"action cards: {diff} (+ too many, - missing) in {dict(places)}")
    nums = Counter(state.num_deck)
    for f in state.numbers:
        nums.update(f)
    nums.update(int(c[1:]) for c in state.table_cards() if is_number(c))
    if nums != Counter(comp.numbers):
        problems.append(f"number cards: {dict(nums)} instead of {dict(Counter(comp.numbers))}")
    for s, hand in enumerate(state.hands):
        bad = [c for c in hand if c not in comp.per_district and c not in HAND_SPECIALS]
        if bad:
            problems.append(f"seat {s} holds {bad} in hand: hands hold districts and gondolas")
        if hand != state.sorted_cards(hand):
            problems.append(f"seat {s}'s hand is not in card order")
    for s, vic in enumerate(state.victory):
        counts = Counter(vic)
        full = len(counts) == len(comp.districts) or max(counts.values(), default=0) >= (
            comp.win_same_district
        )
        if full and state.winner != s:
            problems.append(f"seat {s} meets the win condition but has not won (CG-10.1)")
        if any(c not in comp.per_district for c in vic):
            problems.append(f"seat {s} has a non-district victory card")
    if state.winner is not None and not state.over:
        problems.append("a winner but the game is not over")
    if any(d < 0 for d in state.doges):
        problems.append(f"negative doge count {state.doges}")
    if not state.over and max(state.total(0), state.total(1)) >= comp.round_end_total + 9:
        problems.append("a number total far beyond the round end: the round did not end")
    vote = state.vote
    if vote is not None:
        if state.phase not in ("district", "place"):
            problems.append(f"a vote in progress in phase {state.phase}")
        if vote["district"] is not None:
            if vote["district"] not in state.voted:
                problems.append("the vote's district is not recorded as voted this turn")
            for s in (0, 1):
                got = sum(p[0] + sum(m for _, m in p[1]) for p in vote["placed"][s])
                if got != vote["votes"][s]:
                    problems.append(f"seat {s}: {got} cards placed but {vote['votes'][s]} votes")
            a, b = vote["votes"]
            if (a or b) and a == b:
                problems.append(f"a tie {a}–{b} inside a vote (CG-G10)")
    if len(set(state.voted)) != len(state.voted):
        problems.append(f"two votes in one district this turn: {state.voted} (CG-6.3)")
    return problems
