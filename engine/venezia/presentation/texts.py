"""Venezia in words for the table: rules topics, status lines, the private hand line.

Built from views only (never the state), so the table can show a finished game's status and an
adapter can word a view it was given.
"""

from __future__ import annotations

from typing import Any

from engine.core import JSON

OVERVIEW = (
    "Venezia (2–5 players): play building cards, build with others, move your gondola along the "
    "canal; the farthest gondola wins. Topics: {topics}. The full specification names every "
    "rule by ID (V-…)."
)

RULE_TOPICS: dict[str, str] = {
    "turn": (
        "A turn (V-0): three actions strictly in order — 1. play cards and build, 2. drain up "
        "to two swamps, 3. draw. A skipped action cannot be done later. Gold may be exchanged "
        "at any moment of your own turn (V-G1). The start player is random (V-S4); play goes "
        "clockwise."
    ),
    "play": (
        "Play (V-1.1, V-1.8): one submission of any cards, e.g. 'play 2 ponte casa' (or 'play' "
        "for none). Per type T (not casa) with c cards already in T's construction and s of "
        "them yours: you play j cards that join (0 ≤ j ≤ n−c, or ≤ n−1 if nobody started one), "
        "or n+j when s = 0 (a solo set, V-1.7). Each casa is a house built at once (V-1.9). "
        "After playing, at most two types may stay in front of you (V-1.12: 'discard <type>')."
    ),
    "architect": (
        "Architects (V-1.2–V-1.4): one construction per type; whoever has the most cards in it "
        "holds its architect pawn — on a tie, whoever reached that count first. Completing a "
        "construction: the architect scores fully, every other participant half (rounded down), "
        "V-1.10.3. Solo builds (V-1.6, V-1.7) score fully for the builder."
    ),
    "build": (
        "Building (V-1.10): while completed buildings wait, the active player picks one "
        "('build <type>'), its placer (solo builder or architect) places it ('place C3 C4') on "
        "empty hexes of its shape — basilica a triangle of 3, palazzo 2 adjacent, ponte a "
        "bridge site (then 'score <district>'), campo and casa 1. Participants bordering the "
        "district take a treasure token, then score and move (occupied spaces are skipped, "
        "V-1.10.4). No room: nothing is built. Points: casa 1, basilica 7, palazzo 1 per "
        "adjacent undeveloped hex, campo 1 per adjacent developed hex, ponte 1 per casa in the "
        "named district."
    ),
    "drain": (
        "Drain (V-2.1): take 0–2 swamp tokens ('drain C3 D5', one at a time works too, 'done' "
        "to stop). Their value (0–2 gold) is secret to you; the hex is empty at once."
    ),
    "draw": (
        "Draw (V-3): either take one card — 'draw deck' or 'draw <type>' from the pool (needs "
        "≤ 4 in hand) — or put a card into the pool ('swap <type>', a type not in it, needs "
        "≤ 3 in hand) and then take exactly 3, pool cards first. Hand limit 5 (V-3.2); with 5 "
        "cards you draw nothing. Four cards left in the pool at a turn's end are discarded "
        "(V-3.4). The discard pile is reshuffled only when the deck is empty (V-3.3)."
    ),
    "gold": (
        "Gold (V-G): during your own turn hand in tokens for ⌊sum/5⌋ steps, e.g. 'exchange 6 2 "
        "2' (token values) or 'exchange 2 steps' (the table picks the least wasteful tokens). "
        "No change is given. Swamp tokens leave the game, treasure goes back (V-G2). At the "
        "end, everyone's gold is converted automatically (V-E2)."
    ),
    "end": (
        "The end (V-E): a placement empties a type's supply, or a gondola reaches 60 (V-E1). "
        "The building being resolved finishes; otherwise the turn ends at once. Then all gold "
        "is converted (V-E2), and the farthest gondola wins (V-E3); players still on 0 share "
        "their place."
    ),
    "2p": (
        "Two players (V-T): the imaginary Klaus-Jürgen takes part. Once per turn the active "
        "player may 'flip' the top card into his area — before playing, or after drawing "
        "('done' skips). A third type for him is discarded (V-T3); when he is the architect "
        "the active player places (V-T4); a flipped casa is built at once and scores nothing "
        "(V-T5)."
    ),
    "decisions": (
        "Where the rulebooks are silent the table decides (spec 'Decision' lines): token "
        "values swamp 0×26, 1×34, 2×26 and treasure 3×5, 4×5, 5×4, 6×4 (V-C4); 15 mooring "
        "posts after 60, a move past the last free post stops there (V-C5); space 10/45 is "
        "one space (V-B4); our own board map (V-B5); a random start player (V-S4); a lost "
        "architect pawn passes by V-1.4 (V-1.12); a solo build is allowed while others have "
        "cards of that type (V-1.8); with 5 cards you draw nothing (V-3.2); short draws take "
        "what exists (V-3.3); players on 0 share their place (V-E3)."
    ),
}

RULE_ALIASES = {
    "turns": "turn",
    "cards": "play",
    "architects": "architect",
    "building": "build",
    "place": "build",
    "placing": "build",
    "score": "build",
    "scoring": "build",
    "swamp": "drain",
    "draining": "drain",
    "drawing": "draw",
    "pool": "draw",
    "exchange": "gold",
    "tokens": "gold",
    "treasure": "gold",
    "end game": "end",
    "game end": "end",
    "two players": "2p",
    "2": "2p",
    "two": "2p",
    "flip": "2p",
    "klaus-jürgen": "2p",
    "decision": "decisions",
    "help": "commands",
}


def status_lines(view: JSON) -> list[str]:
    """One line per player (position, hand, tokens, constructions) and one for the supply."""
    lines: list[str] = []
    for p in view.get("players", []):
        front = ", ".join(f"{k} {v}" for k, v in (p.get("front") or {}).items()) or "—"
        lines.append(
            f"{'▶ ' if p.get('active') else '  '}{p.get('name')}: gondola {p.get('position')}"
            f" · hand {p.get('hand_size')} · tokens {p.get('swamp_tokens', 0)} swamp / "
            f"{p.get('treasure_tokens', 0)} treasure · in front: {front}"
        )
    extra = []
    if "deck_size" in view:
        extra.append(f"deck {view['deck_size']}")
    if "pool" in view:
        extra.append("pool: " + (", ".join(view["pool"]) or "empty"))
    if "supply" in view:
        extra.append("pieces left: " + ", ".join(f"{k} {v}" for k, v in view["supply"].items()))
    if "treasure_left" in view:
        extra.append(f"treasure {view['treasure_left']}")
    if extra:
        lines.append(" · ".join(extra))
    return lines


def secret_part(view: JSON) -> Any:
    """What of a player view is private and may change: the hand and the tokens."""
    me = view.get("me") or {}
    return (me.get("hand"), me.get("tokens"))


def hand_text(view: JSON) -> str:
    me = view.get("me") or {}
    parts = []
    hand = me.get("hand")
    if hand is not None:
        parts.append("your hand: " + (", ".join(str(c) for c in hand) or "empty"))
    tokens = me.get("tokens")
    if tokens is not None:
        if tokens:
            gold = me.get("gold", sum(int(t) for t in tokens))
            parts.append(
                f"your tokens: {' '.join(str(t) for t in tokens)} ({gold} gold, "
                f"{gold // 5} step(s))"
            )
        else:
            parts.append("your tokens: none")
    return " · ".join(parts) if parts else "your private view"


def active_seat(view: JSON) -> int | None:
    active = view.get("active")
    return active if isinstance(active, int) else None


def reserved_names(players: int) -> tuple[str, ...]:
    """Two players: the imaginary Klaus-Jürgen takes part (V-T), so nobody may use his name."""
    return ("Klaus-Jürgen",) if players == 2 else ()
