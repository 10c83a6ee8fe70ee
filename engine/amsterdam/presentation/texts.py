"""Amsterdam in words for the table: overview, rules topics, status lines, the private hand line.

Built from views only (like the other games' texts), so nothing hidden can leak through them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from engine.amsterdam.language import N_, _, _n, _p, messages
from engine.amsterdam.presentation.words import colour_name, variant_name, variant_title
from engine.core import JSON
from engine.i18n import Joined, Text, counted

#: The overview (``/rules`` without a topic); ``{topics}`` is the list of topics.
# Translators: {topics} is the list of rules topics, joined with ", ".
OVERVIEW_MSGID = N_(
    "Amsterdam (exactly 2 players): each round both players secretly reveal a card at once "
    "(AM-4), the ship moves (AM-7), then both place their card in the harbour (AM-8); closed "
    "areas of warehouses score victory points (AM-10, AM-13). Variants: base, canale_grande, "
    "gulliver, penniless, special_cards, water_play, gomoku (AM-V1…V6). Topics: {topics}. "
    "The full specification names every rule by ID (AM-…)."
)


#: The overview as the registration holds it (made once): the table fills in ``{topics}``
#: with ``format``, which says it in the language in force whenever it is called.
OVERVIEW = messages.later(OVERVIEW_MSGID)

#: The rules topics, canonical (English) names in order; their names in words are
#: :func:`topic_name`'s.
TOPICS: tuple[str, ...] = ("round", "ship", "place", "areas", "end", "variants")


def topic_name(key: str) -> Text:
    """A topic's name in the language in force (what ``/rules`` lists and takes)."""
    names = {
        "round": _p("rules topic", "round"),
        "ship": _p("rules topic", "ship"),
        "place": _p("rules topic", "place"),
        "areas": _p("rules topic", "areas"),
        "end": _p("rules topic", "end"),
        "variants": _p("rules topic", "variants"),
        "commands": _p("rules topic", "commands"),
    }
    return names.get(key) or Text(key)


def _base_topics() -> dict[str, Text]:
    return {
        "round": _(
            "A round (AM-3, AM-4): both players choose a card at once and in secret ('play 12' or "
            "'pass', AM-4.4; passing earns 1 gulden); the cards are revealed together. A gulden "
            "card makes the other player pay 1 gulden; who cannot pay takes his card back (AM-5). "
            "The higher number moves the ship and places first (AM-6); a water card earns 1 gulden "
            "and each placed card is replaced by one of the same type, a crane by a water card "
            "(AM-11)."
        ),
        "ship": _(
            "The ship (AM-7): move it to a water card ('ship E7') or leave it ('ship stay'); next "
            "to the ship a ship-symbol card may be removed ('remove F7' or 'remove none', AM-7.4)."
        ),
        "place": _(
            "Placing (AM-8): put your revealed card into a free cell next to the harbour ('place "
            "D5'); the frame limits the harbour (AM-G8). No harbor card may go next to the "
            "opponent's crane (AM-8.6)."
        ),
        "areas": _(
            "Areas (AM-10): an area of harbour cards closed in by water is scored at once: the "
            "player with the largest lead in one goods wins 1 VP and places a guard; ties go to "
            "more majorities, then to the goods (wine beats spice, spice beats tea, tea beats "
            "wine). At the end each player gets 1 VP for each of the five largest open areas "
            "where he has a warehouse (AM-13.4)."
        ),
        "end": _(
            "The end (AM-13): the game ends at once when the port is full (7×7, AM-13.1); most "
            "victory points win, then most gulden, else a draw (AM-13.8). Variants change the end "
            "(AM-V1/V2/V5 every area scored, AM-V3 bankruptcy, AM-V6 three in a row); at a table "
            "with a variant this topic is the variant's."
        ),
        "variants": _(
            "Variants (option 'variant'): base; canale_grande (4×12, AM-V1); gulliver (5×5, "
            "AM-V2); penniless (AM-V3); special_cards (tide, bridge, customs house, AM-V4); "
            "water_play (AM-V5); gomoku (AM-V6)."
        ),
    }


class Topics(Mapping[str, str]):
    """The rules topics, said when read: iterating gives each topic's name in the language in
    force (the list ``/rules`` shows); a topic is found by its canonical (English) name or its
    name in any of the languages; its text is said in the language in force."""

    def __init__(self, make: Callable[[], Mapping[str, Text]]) -> None:
        self._make = make

    def __getitem__(self, name: str) -> str:
        key = rule_aliases().get(" ".join(name.casefold().split()), name)
        return self._make()[key]

    def __iter__(self) -> Iterator[str]:
        return iter([topic_name(k) for k in self._make()])

    def __len__(self) -> int:
        return len(TOPICS)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        key = rule_aliases().get(" ".join(name.casefold().split()), name)
        return key in TOPICS


#: The base game's topics (a table with a variant reads :func:`rule_topics_for`'s).
RULE_TOPICS: Mapping[str, str] = Topics(_base_topics)


def rule_topics_for(options: Mapping[str, str]) -> Mapping[str, str]:
    """The rules topics of the table's variant (``options["variant"]``): the harbour's size,
    how the game ends and what is scored at the end follow the variant (AM-V1…V6)."""
    variant = str(options.get("variant") or "base")
    return Topics(lambda: _variant_topics(variant))


def _variant_topics(variant_key: str) -> dict[str, Text]:
    from engine.amsterdam.variants import VARIANTS

    variant = VARIANTS.get(variant_key, VARIANTS["base"])
    base = _base_topics()
    if variant.name == "base":
        return base
    size = f"{variant.rows}×{variant.cols}"
    name = f"{variant_name(variant.name)} ({variant.rule})"
    if variant.end_scoring == "gomoku":
        end = _(
            "The end in {name}: whoever wins three areas in a row wins at once (AM-V6, AM-G42); "
            "else the game ends at once when the port is full ({size}, AM-13.1) and most areas "
            "won win (AM-G43).",
            name=name,
            size=size,
        )
        areas = _(
            "Areas (AM-10): an area of harbour cards closed in by water is scored at once: the "
            "player with the largest lead in one goods wins it and places a guard (ties: more "
            "majorities, then the goods, AM-10.5). In Gomoku three won areas in a row win "
            "(AM-V6, AM-G42); open areas are not scored at the end (AM-G43)."
        )
    else:
        if variant.end_scoring == "all":
            end = _(
                "The end in {name}: the game ends at once when the port is full ({size}, "
                "AM-13.1); every open area with a warehouse is scored as a closed one (AM-G31); "
                "most victory points win, then most gulden, else a draw (AM-13.8).",
                name=name,
                size=size,
            )
            areas = _(
                "Areas (AM-10): an area of harbour cards closed in by water is scored at once: "
                "the player with the largest lead in one goods wins 1 VP and places a guard; ties "
                "go to more majorities, then to the goods (wine beats spice, spice beats tea, tea "
                "beats wine). At the end every open area with a warehouse is scored as a closed "
                "one (AM-G31)."
            )
        else:
            end = _(
                "The end in {name}: the game ends at once when the port is full ({size}, "
                "AM-13.1); each player gets 1 VP for each of the five largest open areas where he "
                "has a warehouse (AM-13.4); most victory points win, then most gulden, else a "
                "draw (AM-13.8).",
                name=name,
                size=size,
            )
            areas = base["areas"]
        if variant.bankruptcy:
            bankrupt = _(
                "A player who cannot pay while the bank is empty is bankrupt and loses at once "
                "(AM-V3.3, AM-G33)."
            )
            end = _sentences(end, bankrupt)
    sized = _("In {name} the harbour is {size}.", name=name, size=size)
    place = _sentences(base["place"], sized)
    if variant.water_play:
        touch = _("A harbor card must touch water (AM-V5.2).")
        place = _sentences(place, touch)
    return {**base, "place": place, "areas": areas, "end": end}


def _sentences(first: str, second: str) -> Text:
    """Two sentences one after the other: a space between them, none after a full-width
    stop (Japanese)."""
    sep = "" if first.endswith(("。", "！", "？")) else " "
    return Joined([first, second], sep)


#: Other English words for the topics (besides their names in every language).
_ENGLISH_ALIASES = {
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
    "game end": "end",  # not for players
    "variant": "variants",
    "help": "commands",
}


@cache
def rule_aliases() -> Mapping[str, str]:
    """Words for the topics (folded) -> the canonical topic: English synonyms and every
    topic's name in each language (built once, on first use)."""
    out: dict[str, str] = {}
    for key in (*TOPICS, "commands"):
        for word in messages.every_language(key, "rules topic").values():  # not for players
            folded = " ".join(word.casefold().split())
            if folded != key:
                out.setdefault(folded, key)
    out.update(_ENGLISH_ALIASES)
    return out


class _Aliases(Mapping[str, str]):
    """:func:`rule_aliases` as the registration's mapping, built on first use."""

    def __getitem__(self, word: str) -> str:
        return rule_aliases()[word]

    def __iter__(self) -> Iterator[str]:
        return iter(rule_aliases())

    def __len__(self) -> int:
        return len(rule_aliases())


RULE_ALIASES: Mapping[str, str] = _Aliases()


def status_lines(view: JSON) -> list[str]:
    """One line per player (VP, gulden, areas won, hand size, revealed card), then the table."""
    lines: list[str] = []
    for p in view.get("players", []):
        revealed = p.get("revealed")
        parts = [
            _("{n} VP", n=p.get("vp", 0)),
            _n("{n} gulden", "{n} gulden", int(p.get("gulden", 0))),
            _("areas {n}", n=p.get("areas_won", 0)),
            _("hand {n}", n=p.get("hand_size", 0)),
        ]
        back = _labels(p.get("taken_back"))
        if back:
            parts.append(_("holds {cards} (taken back)", cards=back))
        if revealed is not None:
            parts.append(_("revealed {card}", card=revealed.get("label")))
        elif p.get("answered"):
            parts.append(_("has chosen"))
        mark = "▶ " if p.get("to_decide") else "  "
        # Translators: a player's line in the status: his name, his colour, what he has
        line = _(
            "{name} ({colour}): {parts}",
            name=p.get("name"),
            colour=colour_name(p.get("color")),
            parts=Joined(parts, " · "),
        )
        lines.append(Joined([mark, line]))
    variant = variant_title(view.get("variant") or {})
    decks = view.get("decks") or {}
    extra = [
        variant,
        _("round {n}", n=view.get("round")),
        _("ship {cell}", cell=view.get("ship")),
        _n("bank {n} gulden", "bank {n} gulden", int(view.get("bank") or 0)),
    ]
    water = decks.get("water") or {}
    if "size" in water:
        extra.append(_("water deck {n}", n=water["size"]))
    lines.append(Joined(extra, " · "))
    lines += [w for w in (idle_warning(view), stall_warning(view)) if w]
    return lines


def _end_count(view: JSON, key: str) -> tuple[int, int, int] | None:
    """(rounds, limit, rounds left) of a safeguard end once one such round ended, else None."""
    counter = view.get(key) or {}
    rounds, limit = int(counter.get("rounds", 0)), int(counter.get("limit", 0))
    if rounds < 1 or limit < 1 or view.get("over"):
        return None
    return rounds, limit, max(limit - rounds, 0)


def idle_warning(view: JSON) -> str | None:
    """AM-G22 in words once a round ended with no card placed and no money moved, else None."""
    count = _end_count(view, "idle")
    if count is None:
        return None
    rounds, limit, left = count
    return _n(
        # rule: AM-G22
        "no card placed and no money moved for {rounds} of {limit} rounds: the "
        "game ends after {n} more such round",
        # rule: AM-G22
        "no card placed and no money moved for {rounds} of {limit} rounds: the "
        "game ends after {n} more such rounds",
        left,
        rounds=rounds,
        limit=limit,
    )


def stall_warning(view: JSON) -> str | None:
    """AM-G24 in words once at least one round ended without the port growing, else None."""
    count = _end_count(view, "stall")
    if count is None:
        return None
    rounds, limit, left = count
    return _n(
        # rule: AM-G24
        "no port growth for {rounds} of {limit} rounds: the game ends after {n} more such round",
        # rule: AM-G24
        "no port growth for {rounds} of {limit} rounds: the game ends after {n} more such rounds",
        left,
        rounds=rounds,
        limit=limit,
    )


def _labels(cards: Any) -> str:
    """``27, 24`` for a list of card views (empty: "")."""
    return counted(str(c.get("label")) for c in cards or [])


def secret_part(view: JSON) -> Any:
    """The hand and one's own sealed answer: a change of either sends a new hand update."""
    me = view.get("me") or {}
    return ([c.get("id") for c in me.get("hand") or []], me.get("sealed_answer"))


def _sealed_answer(answer: str) -> Text:
    """The sealed answer said in words (its command, ``play 53``, is what was typed)."""
    verb, _sep, card = answer.partition(" ")
    if verb == "play" and card:
        return _("your sealed answer: reveal card {card}", card=card)
    if answer == "pass":
        return _("your sealed answer: pass")
    return _("your sealed answer: {answer}", answer=answer)


def hand_text(view: JSON) -> str:
    me = view.get("me")
    if not me:
        return _("your private view")
    cards = counted(str(c.get("label")) for c in me.get("hand") or []) or _p("hand", "empty")
    parts = [_("your hand: {cards}", cards=cards)]
    if me.get("sealed_answer"):
        parts.append(_sealed_answer(str(me["sealed_answer"])))
    # AM-G23: cards revealed and taken back are public; say so on both sides
    for p in view.get("players") or []:
        back = _labels(p.get("taken_back"))
        if not back:
            continue
        if p.get("seat") == me.get("seat"):
            parts.append(_("both players know you hold {cards} (taken back)", cards=back))
        else:
            parts.append(_("{name} holds {cards} (taken back)", name=p.get("name"), cards=back))
    return Joined(parts, " · ")
