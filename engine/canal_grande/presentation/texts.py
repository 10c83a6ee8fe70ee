"""Canal Grande in words for the table: rules topics, status lines, the private hand line.

Built from views only, like Venezia's texts.
"""

from __future__ import annotations

from typing import Any

from engine.canal_grande.cards import card_name, load_components
from engine.core import JSON

OVERVIEW = (
    "Canal Grande (exactly 2 players): divide eight cards into two offers, take one, vote for "
    "districts with your cards; a victory card in each of the 6 districts, or 4 in one, wins. "
    "Topics: {topics}. The full specification names every rule by ID (CG-…)."
)

RULE_TOPICS: dict[str, str] = {
    "turn": (
        "A turn (CG-3.1–CG-3.4): the divider reveals 5 cards and 3 number cards (CG-4.1) and "
        "splits them into two offers ('divide 1 4 7': those positions are offer A, CG-4.2, "
        "CG-4.3); the chooser takes one ('take A', CG-4.4) and resolves it, then the divider "
        "resolves the other (CG-7.1). The roles swap every turn (CG-3.3)."
    ),
    "cards": (
        "Resolving an offer (CG-5): number cards first, then district cards and gondolas into "
        "the hand, traitors steal a card from the opponent's hand (CG-5.5), spies draw 2 secret "
        "cards (CG-5.7), each doge starts a vote (CG-5.12)."
    ),
    "vote": (
        "Votes (CG-6): the challenger names a district ('vote sanmarco') and places at least one "
        "card of it; then the player who is behind places ('place 2 sanmarco gondola castello') "
        "or passes ('pass'). Each placement must leave the placer strictly ahead (CG-6.7a). A "
        "gondola brings cards of one other district (CG-6.10). The winner keeps his first "
        "chosen-district card as a victory card (CG-6.18). One vote per district and turn "
        "(CG-6.3)."
    ),
    "round": (
        "A round ends after a turn in which a number total reached 10 (CG-8.1): the lower total "
        "draws 3 bonus cards (CG-8.2), the higher total divides first next round (CG-8.4)."
    ),
    "end": (
        "The end (CG-10): a victory card in each of the 6 districts, or 4 in one district, wins "
        "at once (CG-10.1, CG-3.5)."
    ),
}

RULE_ALIASES = {
    "turns": "turn",
    "divide": "turn",
    "take": "turn",
    "offer": "turn",
    "offers": "turn",
    "card": "cards",
    "traitor": "cards",
    "spy": "cards",
    "doge": "cards",
    "votes": "vote",
    "voting": "vote",
    "place": "vote",
    "gondola": "vote",
    "rounds": "round",
    "number": "round",
    "numbers": "round",
    "game end": "end",
    "help": "commands",
}


def status_lines(view: JSON) -> list[str]:
    """One line per player (role, hand size, number total, victory cards), then the table."""
    lines: list[str] = []
    names = {d["id"]: d["name"] for d in view.get("districts", [])}
    for p in view.get("players", []):
        victory = ", ".join(
            f"{names.get(k, k)} {v}" for k, v in (p.get("victory_counts") or {}).items()
        )
        lines.append(
            f"{'▶ ' if p.get('to_decide') else '  '}{p.get('name')} ({p.get('role')}): hand "
            f"{p.get('hand_size')} · numbers {p.get('number_total', 0)} · victory cards: "
            f"{victory or 'none'}"
        )
    extra = [f"round {view.get('round')}"]
    if view.get("table"):
        extra.append("revealed: " + ", ".join(str(c) for c in view["table"]))
    if "deck_size" in view:
        extra.append(f"draw pile {view['deck_size']}")
    lines.append(" · ".join(extra))
    return lines


def secret_part(view: JSON) -> Any:
    return list((view.get("me") or {}).get("hand") or [])


def hand_text(view: JSON) -> str:
    hand = (view.get("me") or {}).get("hand")
    if hand is None:
        return "your private view"
    counts: dict[str, int] = {}
    for card in hand:
        counts[str(card)] = counts.get(str(card), 0) + 1
    # the cards as the board and the news name them ('2 × San Marco'), in the deck's order
    shown = [
        card_name(c) if n == 1 else f"{n} × {card_name(c)}"
        for c, n in sorted(counts.items(), key=lambda cn: _card_order(cn[0]))
    ]
    return "your hand: " + (", ".join(shown) or "empty")


def _card_order(card: str) -> tuple[int, str]:
    districts = load_components().districts
    return (districts.index(card) if card in districts else len(districts), card)
