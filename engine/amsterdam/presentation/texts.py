"""Amsterdam in words for the table: overview, rules topics, status lines, the private hand line.

Built from views only (like the other games' texts), so nothing hidden can leak through them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import JSON

OVERVIEW = (
    "Amsterdam (exactly 2 players): each round both players secretly reveal a card at once "
    "(AM-4), the ship moves (AM-7), then both place their card in the harbour (AM-8); closed "
    "areas of warehouses score victory points (AM-10, AM-13). Variants: base, canale_grande, "
    "gulliver, penniless, special_cards, water_play, gomoku (AM-V1…V6). Topics: {topics}. "
    "The full specification names every rule by ID (AM-…)."
)

RULE_TOPICS: dict[str, str] = {
    "round": (
        "A round (AM-3, AM-4): both players choose a card at once and in secret ('play 12' or "
        "'pass', AM-4.4; passing earns 1 gulden); the cards are revealed together. A gulden card "
        "makes the other player pay 1 gulden; who cannot pay takes his card back (AM-5). The "
        "higher number moves the ship and places first (AM-6); a water card earns 1 gulden and "
        "each placed card is replaced by one of the same type, a crane by a water card (AM-11)."
    ),
    "ship": (
        "The ship (AM-7): move it to a water card ('ship E7') or leave it ('ship stay'); next to "
        "the ship a ship-symbol card may be removed ('remove F7' or 'remove none', AM-7.4)."
    ),
    "place": (
        "Placing (AM-8): put your revealed card into a free cell next to the harbour ('place "
        "D5'); the frame limits the harbour (AM-G8). No harbor card may go next to the "
        "opponent's crane (AM-8.6)."
    ),
    "areas": (
        "Areas (AM-10): an area of harbour cards closed in by water is scored at once: the "
        "player with the largest lead in one goods wins 1 VP and places a guard; ties go to "
        "more majorities, then to the goods (wine beats spice, spice beats tea, tea beats "
        "wine). At the end each player gets 1 VP for each of the five largest open areas "
        "where he has a warehouse (AM-13.4)."
    ),
    "end": (
        "The end (AM-13): the game ends at once when the port is full (7×7, AM-13.1); most "
        "victory points win, then most gulden, else a draw (AM-13.8). Variants change the end "
        "(AM-V1/V2/V5 every area scored, AM-V3 bankruptcy, AM-V6 three in a row); at a table "
        "with a variant this topic is the variant's."
    ),
    "variants": (
        "Variants (option 'variant'): base; canale_grande (4×12, AM-V1); gulliver (5×5, AM-V2); "
        "penniless (AM-V3); special_cards (tide, bridge, customs house, AM-V4); water_play "
        "(AM-V5); gomoku (AM-V6)."
    ),
}


def rule_topics_for(options: Mapping[str, str]) -> dict[str, str]:
    """The rules topics of the table's variant (``options["variant"]``): the harbour's size,
    how the game ends and what is scored at the end follow the variant (AM-V1…V6)."""
    from engine.amsterdam.variants import VARIANTS

    variant = VARIANTS.get(str(options.get("variant") or "base"), VARIANTS["base"])
    if variant.name == "base":
        return dict(RULE_TOPICS)
    size = f"{variant.rows}×{variant.cols}"
    name = f"{variant.title.split(' (')[0]} ({variant.rule})"
    full = f"the game ends at once when the port is full ({size}, AM-13.1)"
    if variant.end_scoring == "gomoku":
        end = (
            f"The end in {name}: whoever wins three areas in a row wins at once (AM-V6, "
            f"AM-G42); else {full} and most areas won win (AM-G43)."
        )
        areas = (
            "Areas (AM-10): an area of harbour cards closed in by water is scored at once: the "
            "player with the largest lead in one goods wins it and places a guard (ties: more "
            "majorities, then the goods, AM-10.5). In Gomoku three won areas in a row win "
            "(AM-V6, AM-G42); open areas are not scored at the end (AM-G43)."
        )
    else:
        scoring = (
            "every open area with a warehouse is scored as a closed one (AM-G31)"
            if variant.end_scoring == "all"
            else "each player gets 1 VP for each of the five largest open areas where he has "
            "a warehouse (AM-13.4)"
        )
        bankrupt = (
            " A player who cannot pay while the bank is empty is bankrupt and loses at once "
            "(AM-V3.3, AM-G33)."
            if variant.bankruptcy
            else ""
        )
        end = (
            f"The end in {name}: {full}; {scoring}; most victory points win, then most "
            f"gulden, else a draw (AM-13.8).{bankrupt}"
        )
        areas = (
            "Areas (AM-10): an area of harbour cards closed in by water is scored at once: the "
            "player with the largest lead in one goods wins 1 VP and places a guard; ties go to "
            "more majorities, then to the goods (wine beats spice, spice beats tea, tea beats "
            f"wine). At the end {scoring}."
        )
    place = RULE_TOPICS["place"] + f" In {name} the harbour is {size}."
    if variant.water_play:
        place += " A harbor card must touch water (AM-V5.2)."
    return {**RULE_TOPICS, "place": place, "areas": areas, "end": end}


RULE_ALIASES = {
    "rounds": "round",
    "turn": "round",
    "reveal": "round",
    "play": "round",
    "move": "ship",
    "remove": "ship",
    "placing": "place",
    "gulden": "place",
    "area": "areas",
    "scoring": "areas",
    "vp": "areas",
    "game end": "end",
    "variant": "variants",
    "help": "commands",
}


def status_lines(view: JSON) -> list[str]:
    """One line per player (VP, gulden, areas won, hand size, revealed card), then the table."""
    lines: list[str] = []
    for p in view.get("players", []):
        revealed = p.get("revealed")
        parts = [
            f"{p.get('vp', 0)} VP",
            f"{p.get('gulden', 0)} gulden",
            f"areas {p.get('areas_won', 0)}",
            f"hand {p.get('hand_size', 0)}",
        ]
        back = _labels(p.get("taken_back"))
        if back:
            parts.append(f"holds {back} (taken back)")
        if revealed is not None:
            parts.append(f"revealed {revealed.get('label')}")
        elif p.get("answered"):
            parts.append("has chosen")
        lines.append(
            f"{'▶ ' if p.get('to_decide') else '  '}{p.get('name')} ({p.get('color')}): "
            + " · ".join(parts)
        )
    variant = (view.get("variant") or {}).get("title", "Amsterdam")
    decks = view.get("decks") or {}
    extra = [
        variant,
        f"round {view.get('round')}",
        f"ship {view.get('ship')}",
        f"bank {view.get('bank')} gulden",
    ]
    water = decks.get("water") or {}
    if "size" in water:
        extra.append(f"water deck {water['size']}")
    lines.append(" · ".join(extra))
    lines += [w for w in (idle_warning(view), stall_warning(view)) if w]
    return lines


def _end_warning(view: JSON, key: str, what: str, rule: str) -> str | None:
    """A safeguard end's count in words once one such round ended, else None."""
    counter = view.get(key) or {}
    rounds, limit = int(counter.get("rounds", 0)), int(counter.get("limit", 0))
    if rounds < 1 or limit < 1 or view.get("over"):
        return None
    left = max(limit - rounds, 0)
    more = "round" if left == 1 else "rounds"
    return (
        f"{what} for {rounds} of {limit} rounds: the game ends after {left} more such {more} "
        f"({rule})"
    )


def idle_warning(view: JSON) -> str | None:
    """AM-G22 in words once a round ended with no card placed and no money moved, else None."""
    return _end_warning(view, "idle", "no card placed and no money moved", "AM-G22")


def stall_warning(view: JSON) -> str | None:
    """AM-G24 in words once at least one round ended without the port growing, else None."""
    return _end_warning(view, "stall", "no port growth", "AM-G24")


def _labels(cards: Any) -> str:
    """``27, 24`` for a list of card views (empty: "")."""
    return ", ".join(str(c.get("label")) for c in cards or [])


def secret_part(view: JSON) -> Any:
    """The hand and one's own sealed answer: a change of either sends a new hand update."""
    me = view.get("me") or {}
    return ([c.get("id") for c in me.get("hand") or []], me.get("sealed_answer"))


def hand_text(view: JSON) -> str:
    me = view.get("me")
    if not me:
        return "your private view"
    cards = ", ".join(str(c.get("label")) for c in me.get("hand") or []) or "empty"
    text = "your hand: " + cards
    if me.get("sealed_answer"):
        text += f" · your sealed answer: {me['sealed_answer']}"
    # AM-G23: cards revealed and taken back are public; say so on both sides
    for p in view.get("players") or []:
        back = _labels(p.get("taken_back"))
        if not back:
            continue
        if p.get("seat") == me.get("seat"):
            text += f" · both players know you hold {back} (taken back)"
        else:
            text += f" · {p.get('name')} holds {back} (taken back)"
    return text
