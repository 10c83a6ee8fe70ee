"""Determinization: a full Canal Grande state rebuilt from one seat's player view.

An AI never reads hidden information; it may *imagine* it. Everything the view shows is kept
exactly; what it does not show is sampled uniformly among the possibilities consistent with it:

* the opponent's hand (its size is public): district cards and gondolas (CG-G21) that the viewer
  cannot locate (not in his hand, the discard pile, the table, the vote in progress or among
  the victory cards);
* the draw pile (its size is public): the rest of the unlocated action cards, shuffled;
* the number deck's order; and the RNG (future steals and reshuffles).

Two real states that differ only in what the viewer cannot see give the same determinizations.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.canal_grande.cards import HAND_SPECIALS, load_components
from engine.canal_grande.state import CanalGrandeState
from engine.core import JSON


def located_cards(view: JSON) -> Counter[str]:
    """Action cards the viewer can place: own hand, discard, table, vote, victory, doges."""
    seen: Counter[str] = Counter(view["me"]["hand"])
    seen.update(view["discard"])
    seen.update(c for c in view["table"] if not _is_number(c))
    vote = view["vote"]
    if vote is not None and vote["district"] is not None:
        for side in vote["placed"]:
            for k, groups in side:
                seen[vote["district"]] += k
                for d, m in groups:
                    seen["gondola"] += 1
                    seen[d] += m
    for p in view["players"]:
        seen.update(p["victory"])
        seen["doge"] += _doges_held(view, p["seat"])
    return seen


def _doges_held(view: JSON, seat: int) -> int:
    """Doges in front of ``seat``: those waiting plus the one his vote is about."""
    vote = view["vote"]
    in_vote = 1 if vote is not None and vote["owner"] == seat else 0
    return int(view["players"][seat]["doges_waiting"]) + in_vote


def _is_number(card: str) -> bool:
    return card[0] == "n" and card[1:].isdigit()


def determinize(view: JSON, rng: random.Random) -> CanalGrandeState:
    comp = load_components()
    me = int(view["me"]["seat"])
    opp = 1 - me
    unseen = Counter(comp.action_cards)
    unseen.subtract(located_cards(view))
    if any(k < 0 for k in unseen.values()):
        raise ValueError(f"the view locates more cards than exist: {unseen}")  # not for players
    pool = list(unseen.elements())
    rng.shuffle(pool)
    opp_size = int(view["players"][opp]["hand_size"])
    hand_like = [i for i, c in enumerate(pool) if c in comp.per_district or c in HAND_SPECIALS]
    if len(hand_like) < opp_size or len(pool) != opp_size + int(view["deck_size"]):
        raise ValueError(
            "the view is inconsistent: the unseen cards do not fit hand and deck"  # not for players
        )
    chosen = set(hand_like[:opp_size])
    opp_hand = [pool[i] for i in sorted(chosen)]
    deck = [c for i, c in enumerate(pool) if i not in chosen]
    nums = Counter(comp.numbers)
    for p in view["players"]:
        nums.subtract(p["numbers"])
    nums.subtract(int(c[1:]) for c in view["table"] if _is_number(c))
    num_deck = list(nums.elements())
    rng.shuffle(num_deck)
    order = comp.card_order
    hands: list[list[str]] = [[], []]
    hands[me] = list(view["me"]["hand"])
    hands[opp] = sorted(opp_hand, key=order.__getitem__)
    vote: dict[str, Any] | None = None
    if view["vote"] is not None:
        v = view["vote"]
        vote = {
            "owner": v["owner"],
            "challenger": v["challenger"],
            "district": v["district"],
            "placed": [[[p[0], [list(g) for g in p[1]]] for p in side] for side in v["placed"]],
            "votes": list(v["votes"]),
            "to_act": v["to_act"],
        }
    offers = view["offers"]
    data: JSON = {
        "game": "canal_grande",
        "players": [p["name"] for p in view["players"]],
        "seed": 0,
        "rng": rng.getrandbits(64),
        "turn_limit": view["turn_limit"],
        "hands": hands,
        "deck": deck,
        "discard": list(view["discard"]),
        "num_deck": num_deck,
        "numbers": [list(p["numbers"]) for p in view["players"]],
        "victory": [list(p["victory"]) for p in view["players"]],
        "doges": [_doges_held(view, p["seat"]) for p in view["players"]],
        "divider": view["divider"],
        "turn": view["turn"],
        "round": view["round"],
        "phase": view["phase"],
        "revealed": [c["card"] for c in view["revealed"]],
        "offer_a": None if offers is None else list(offers["A"]),
        "taken": view["taken"],
        "stage": view["stage"],
        "voted": list(view["voted_districts"]),
        "vote": vote,
        "over": view["game_over"],
        "winner": view["winner"],
        "draw": view["draw"],
        "last_vote": view["last_vote"],
        "last_round": view["last_round"],
        "history": [],
    }
    return CanalGrandeState.from_dict(data, comp)
