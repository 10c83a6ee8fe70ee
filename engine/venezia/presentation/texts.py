"""Venezia in words for the table: rules topics, status lines, the private hand line.

Built from views only (never the state), so the table can show a finished game's status and an
adapter can word a view it was given.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from engine.core import JSON
from engine.i18n import LANGUAGES, counted, speaking
from engine.venezia.language import N_, _, _n, _p, messages
from engine.venezia.presentation.words import building_name, building_names

#: What ``/rules`` says without a topic (``{topics}``: the topic list), said at use.
OVERVIEW = messages.later(
    N_(
        "Venezia (2–5 players): play building cards, build with others, move your gondola "
        "along the canal; the farthest gondola wins. Topics: {topics}. The full specification "
        "names every rule by ID (V-…)."
    )
)

#: topic -> its text, an English message id (the registration says it at use: ``said_texts``). The
#: keys are what ``/rules`` is given; topic words in every language are in :func:`rule_aliases`.
RULE_TOPICS: dict[str, str] = {
    "turn": N_(
        "A turn (V-0): three actions strictly in order — 1. play cards and build, 2. drain up "
        "to two swamps, 3. draw. A skipped action cannot be done later. Gold may be exchanged "
        "at any moment of your own turn (V-G1). The start player is random (V-S4); play goes "
        "clockwise."
    ),
    "play": N_(
        "Play (V-1.1, V-1.8): one submission of any cards, e.g. 'play 2 ponte casa' (or 'play' "
        "for none). Per type T (not casa) with c cards already in T's construction and s of "
        "them yours: you play j cards that join (0 ≤ j ≤ n−c, or ≤ n−1 if nobody started one), "
        "or n+j when s = 0 (a solo set, V-1.7). Each casa is a house built at once (V-1.9). "
        "After playing, at most two types may stay in front of you (V-1.12: 'discard <type>')."
    ),
    "architect": N_(
        "Architects (V-1.2–V-1.4): one construction per type; whoever has the most cards in it "
        "holds its architect pawn — on a tie, whoever reached that count first. Completing a "
        "construction: the architect scores fully, every other participant half (rounded down), "
        "V-1.10.3. Solo builds (V-1.6, V-1.7) score fully for the builder."
    ),
    "build": N_(
        "Building (V-1.10): while completed buildings wait, the active player picks one "
        "('build <type>'), its placer (solo builder or architect) places it ('place C3 C4') on "
        "empty hexes of its shape — basilica a triangle of 3, palazzo 2 adjacent, ponte a "
        "bridge site (then 'score <district>'), campo and casa 1. Participants bordering the "
        "district take a treasure token, then score and move (occupied spaces are skipped, "
        "V-1.10.4). No room: nothing is built. Points: casa 1, basilica 7, palazzo 1 per "
        "adjacent undeveloped hex, campo 1 per adjacent developed hex, ponte 1 per casa in the "
        "named district."
    ),
    "drain": N_(
        "Drain (V-2.1): take 0–2 swamp tokens ('drain C3 D5', one at a time works too, 'done' "
        "to stop). Their value (0–2 gold) is secret to you; the hex is empty at once."
    ),
    "draw": N_(
        "Draw (V-3): either take one card — 'draw deck' or 'draw <type>' from the pool (needs "
        "≤ 4 in hand) — or put a card into the pool ('swap <type>', a type not in it, needs "
        "≤ 3 in hand) and then take exactly 3, pool cards first. Hand limit 5 (V-3.2); with 5 "
        "cards you draw nothing. Four cards left in the pool at a turn's end are discarded "
        "(V-3.4). The discard pile is reshuffled only when the deck is empty (V-3.3)."
    ),
    "gold": N_(
        "Gold (V-G): during your own turn hand in tokens for ⌊sum/5⌋ steps, e.g. 'exchange 6 2 "
        "2' (token values) or 'exchange 2 steps' (the table picks the least wasteful tokens). "
        "No change is given. Swamp tokens leave the game, treasure goes back (V-G2). At the "
        "end, everyone's gold is converted automatically (V-E2)."
    ),
    "end": N_(
        "The end (V-E): a placement empties a type's supply, or a gondola reaches 60 (V-E1). "
        "The building being resolved finishes; otherwise the turn ends at once. Then all gold "
        "is converted (V-E2), and the farthest gondola wins (V-E3); players still on 0 share "
        "their place."
    ),
    "2p": N_(
        "Two players (V-T): the imaginary Klaus-Jürgen takes part. Once per turn the active "
        "player may 'flip' the top card into his area — before playing, or after drawing "
        "('done' skips). A third type for him is discarded (V-T3); when he is the architect "
        "the active player places (V-T4); a flipped casa is built at once and scores nothing "
        "(V-T5)."
    ),
    "decisions": N_(
        "Where the rulebooks are silent the table decides (spec 'Decision' lines): token "
        "values swamp 0×26, 1×34, 2×26 and treasure 3×5, 4×5, 5×4, 6×4 (V-C4); 15 mooring "
        "posts after 60, a move past the last free post stops there (V-C5); space 10/45 is "
        "one space (V-B4); our own board map (V-B5); a random start player (V-S4); a lost "
        "architect pawn passes by V-1.4 (V-1.12); a solo build is allowed while others have "
        "cards of that type (V-1.8); with 5 cards you draw nothing (V-3.2); short draws take "
        "what exists (V-3.3); players on 0 share their place (V-E3)."
    ),
}

#: typed word -> topic (English; :func:`rule_aliases` adds the words of every language)
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
    "end game": "end",  # not for players (a typed word)
    "game end": "end",  # not for players (a typed word)
    "two players": "2p",  # not for players (a typed word)
    "2": "2p",
    "two": "2p",
    "flip": "2p",
    "klaus-jürgen": "2p",
    "decision": "decisions",
    "help": "commands",
}


def _topic_words() -> list[tuple[str, str]]:
    """(word, topic) pairs: each topic's name and a few other words for it, in the language in
    force (said under each language to accept a topic typed in any of them)."""
    return [
        # Translators: rules topic names typed after /rules (one or two words, lower case)
        (_p("rules topic", "turn"), "turn"),
        (_p("rules topic", "play"), "play"),
        (_p("rules topic", "cards"), "play"),
        (_p("rules topic", "architect"), "architect"),
        (_p("rules topic", "architects"), "architect"),
        (_p("rules topic", "build"), "build"),
        (_p("rules topic", "building"), "build"),
        (_p("rules topic", "scoring"), "build"),
        (_p("rules topic", "drain"), "drain"),
        (_p("rules topic", "swamp"), "drain"),
        (_p("rules topic", "draw"), "draw"),
        (_p("rules topic", "pool"), "draw"),
        (_p("rules topic", "gold"), "gold"),
        (_p("rules topic", "exchange"), "gold"),
        (_p("rules topic", "treasure"), "gold"),
        (_p("rules topic", "end"), "end"),
        (_p("rules topic", "game end"), "end"),
        (_p("rules topic", "two players"), "2p"),
        (_p("rules topic", "decisions"), "decisions"),
        (_p("rules topic", "commands"), "commands"),
    ]


@cache
def _every_alias() -> dict[str, str]:
    out = dict(RULE_ALIASES)
    for lang in LANGUAGES:
        with speaking(lang):
            for word, topic in _topic_words():
                key = " ".join(str(word).casefold().split())
                if key and key != topic and key not in RULE_TOPICS:
                    out.setdefault(key, topic)
    return out


class _Aliases(Mapping[str, str]):
    """:data:`RULE_ALIASES` plus each topic's words in every language (built on first use)."""

    def __getitem__(self, key: str) -> str:
        return _every_alias()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_every_alias())

    def __len__(self) -> int:
        return len(_every_alias())


def rule_aliases() -> Mapping[str, str]:
    """Typed topic word (folded) -> topic, in any of the languages."""
    return _Aliases()


def _building_counts(counts: Any) -> str:
    return counted(f"{building_name(str(k))} {v}" for k, v in (counts or {}).items())


def status_lines(view: JSON) -> list[str]:
    """One line per player (position, hand, tokens, constructions) and one for the supply."""
    lines: list[str] = []
    for p in view.get("players", []):
        front = _building_counts(p.get("front")) or "—"
        line = _(
            "{name}: gondola {position} · hand {hand} · tokens {swamp} swamp / "
            "{treasure} treasure · in front: {front}",
            name=p.get("name"),
            position=p.get("position"),
            hand=p.get("hand_size"),
            swamp=p.get("swamp_tokens", 0),
            treasure=p.get("treasure_tokens", 0),
            front=front,
        )
        lines.append(("▶ " if p.get("active") else "  ") + line)
    extra: list[str] = []
    if "deck_size" in view:
        extra.append(_("deck {size}", size=view["deck_size"]))
    if "pool" in view:
        extra.append(_("pool: {cards}", cards=building_names(view["pool"]) or _("empty")))
    if "supply" in view:
        extra.append(_("pieces left: {pieces}", pieces=_building_counts(view["supply"])))
    if "treasure_left" in view:
        extra.append(_("treasure {left}", left=view["treasure_left"]))
    if extra:
        lines.append(" · ".join(extra))
    return lines


def secret_part(view: JSON) -> Any:
    """What of a player view is private and may change: the hand and the tokens."""
    me = view.get("me") or {}
    return (me.get("hand"), me.get("tokens"))


def hand_text(view: JSON) -> str:
    me = view.get("me") or {}
    parts: list[str] = []
    hand = me.get("hand")
    if hand is not None:
        parts.append(_("your hand: {cards}", cards=building_names(list(hand)) or _("empty")))
    tokens = me.get("tokens")
    if tokens is not None:
        if tokens:
            gold = int(me.get("gold", sum(int(t) for t in tokens)))
            parts.append(
                _n(
                    "your tokens: {tokens} ({gold} gold, {n} step)",
                    "your tokens: {tokens} ({gold} gold, {n} steps)",
                    gold // 5,
                    tokens=" ".join(str(t) for t in tokens),
                    gold=gold,
                )
            )
        else:
            parts.append(_("your tokens: none"))
    return " · ".join(parts) if parts else _("your private view")


@cache
def hand_prefixes() -> tuple[str, ...]:
    """How the private hand line starts, in every language (English first): the terminal
    prints the lines that start so with the decision."""
    out: list[str] = []
    for lang in LANGUAGES:
        with speaking(lang):
            for text in (
                _("your hand: {cards}", cards="\0"),
                _n(
                    "your tokens: {tokens} ({gold} gold, {n} step)",
                    "your tokens: {tokens} ({gold} gold, {n} steps)",
                    0,
                    tokens="\0",
                    gold=0,
                ),
            ):
                prefix = str(text).split("\0")[0].rstrip()
                if prefix and prefix not in out:
                    out.append(prefix)
    return tuple(out)


def active_seat(view: JSON) -> int | None:
    active = view.get("active")
    return active if isinstance(active, int) else None


def reserved_names(players: int) -> tuple[str, ...]:
    """Two players: the imaginary Klaus-Jürgen takes part (V-T), so nobody may use his name."""
    return ("Klaus-Jürgen",) if players == 2 else ()
