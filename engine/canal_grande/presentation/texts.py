"""Canal Grande in words for the table: rules topics, status lines, the private hand line.

Built from views only, like Venezia's texts. The topics are marked messages said in the
language in force at each lookup; a topic's name is understood in any language (``/rules kör``,
``/rules 投票``), and listed in the reader's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from engine.canal_grande.cards import DISPLAY, card_name, load_components
from engine.canal_grande.language import N_, _, _p, later, messages
from engine.canal_grande.resolve import reveal_name
from engine.core import JSON
from engine.i18n import counted, listed

OVERVIEW = later(
    N_(
        "Canal Grande (exactly 2 players): divide eight cards into two offers, take one, vote "
        "for districts with your cards; a victory card in each of the 6 districts, or 4 in one, "
        "wins. Topics: {topics}. The full specification names every rule by ID (CG-…)."
    )
)

RULE_TOPICS: dict[str, str] = {
    "turn": N_(
        "A turn (CG-3.1–CG-3.4): the divider reveals 5 cards and 3 number cards (CG-4.1) and "
        "splits them into two offers ('divide 1 4 7': those positions are offer A, CG-4.2, "
        "CG-4.3); the chooser takes one ('take A', CG-4.4) and resolves it, then the divider "
        "resolves the other (CG-7.1). The roles swap every turn (CG-3.3)."
    ),
    "cards": N_(
        "Resolving an offer (CG-5): number cards first, then district cards and gondolas into "
        "the hand, traitors steal a card from the opponent's hand (CG-5.5), spies draw 2 secret "
        "cards (CG-5.7), each doge starts a vote (CG-5.12)."
    ),
    "vote": N_(
        "Votes (CG-6): the challenger names a district ('vote sanmarco') and places at least one "
        "card of it; then the player who is behind places ('place 2 sanmarco gondola castello') "
        "or passes ('pass'). Each placement must leave the placer strictly ahead (CG-6.7a). A "
        "gondola brings cards of one other district (CG-6.10). The winner keeps his first "
        "chosen-district card as a victory card (CG-6.18). One vote per district and turn "
        "(CG-6.3)."
    ),
    "round": N_(
        "A round ends after a turn in which a number total reached 10 (CG-8.1): the lower total "
        "draws 3 bonus cards (CG-8.2), the higher total divides first next round (CG-8.4)."
    ),
    "end": N_(
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
    "game end": "end",  # not for players
    "help": "commands",
    "ヘルプ": "commands",
    "súgó": "commands",
    "aiuto": "commands",
}

#: The table's own topic after the game's (``/rules commands``).
COMMANDS = "commands"


def topic_name(key: str) -> str:
    """A topic's name in the language in force (``turn``, ``kör``, ``ターン``)."""
    names = {
        # Translators: a rules topic's name, typed after /rules (one or two words, lower case)
        "turn": _p("rules topic", "turn"),
        "cards": _p("rules topic", "cards"),
        "vote": _p("rules topic", "vote"),
        "round": _p("rules topic", "round"),
        "end": _p("rules topic", "end"),
        "commands": _p("rules topic", "commands"),
    }
    return names.get(key, key)


@cache
def topic_keys() -> dict[str, str]:
    """Every name of a topic in any language (case folded) -> its key (built on first use):
    the English aliases, each topic's name in every catalog and the special cards' names."""
    out = {k.casefold(): v for k, v in RULE_ALIASES.items()}
    for key in (*RULE_TOPICS, COMMANDS):
        for said in messages.every_language(key, "rules topic").values():  # not for players
            out.setdefault(" ".join(said.casefold().split()), key)
    for card, msgid in DISPLAY.items():
        for said in messages.every_language(msgid).values():
            out.setdefault(said.casefold(), RULE_ALIASES[card])
    for key in (*RULE_TOPICS, COMMANDS):
        out[key] = key
    return out


def topic_key(name: str) -> str | None:
    """The topic a typed name means, in any language (``None``: no topic)."""
    return topic_keys().get(" ".join(name.casefold().split()))


class RuleTopics(Mapping[str, str]):
    """The rules topics as the table reads them: listed by their names in the language in force,
    found by a name in any language, said in the language in force."""

    def __getitem__(self, name: str) -> str:
        key = topic_key(name)
        if key is None or key not in RULE_TOPICS:
            raise KeyError(name)
        return _(RULE_TOPICS[key])

    def __iter__(self) -> Iterator[str]:
        return (topic_name(key) for key in RULE_TOPICS)

    def __len__(self) -> int:
        return len(RULE_TOPICS)


class RuleAliases(Mapping[str, str]):
    """A typed topic name in any language -> the topic's English key (``kör`` -> ``turn``,
    ``parancsok`` -> ``commands``)."""

    def __getitem__(self, name: str) -> str:
        key = topic_key(name)
        if key is None:
            raise KeyError(name)
        return key

    def __iter__(self) -> Iterator[str]:
        return iter(topic_keys())

    def __len__(self) -> int:
        return len(topic_keys())


def role_name(role: str) -> str:
    if role == "divider":
        return _p("role", "divider")
    if role == "chooser":
        return _p("role", "chooser")
    return role


def status_lines(view: JSON) -> list[str]:
    """One line per player (role, hand size, number total, victory cards), then the table."""
    lines: list[str] = []
    names = {d["id"]: d["name"] for d in view.get("districts", [])}
    for p in view.get("players", []):
        victory = counted(
            f"{names.get(k, k)} {v}" for k, v in (p.get("victory_counts") or {}).items()
        )
        lead = "▶ " if p.get("to_decide") else "  "
        line = _(
            "{name} ({role}): hand {hand} · numbers {total} · victory cards: {victory}",
            name=p.get("name"),
            role=role_name(str(p.get("role"))),
            hand=p.get("hand_size"),
            total=p.get("number_total", 0),
            victory=victory or _p("victory cards", "none"),
        )
        lines.append(lead + line)
    extra = [_("round {round}", round=view.get("round"))]
    if view.get("table"):
        comp = load_components()
        shown = listed(reveal_name(str(c), comp) for c in view["table"])
        extra.append(_("revealed: {cards}", cards=shown))
    if "deck_size" in view:
        extra.append(_("draw pile {count}", count=view["deck_size"]))
    lines.append(" · ".join(extra))
    return lines


def _card_of(token: object) -> str | int:
    """A card of a view (``doge``, ``sanpolo``, a number card ``n2`` or ``2``) as
    :func:`card_name` takes it."""
    text = str(token)
    if text[:1] == "n" and text[1:].isdigit():
        return int(text[1:])
    return int(text) if text.isdigit() else text


def option_cell(verb: str, rest: str) -> str:
    """How a numbered option reads after its verb: its cards named as the reader names them
    (``vote sanpolo`` -> ``San Polo``, ``place doge`` -> ``ドージェ``); positions, offers and
    numbers as they are (the number picks the option; the typed tokens stay accepted)."""
    districts = load_components().districts
    return " ".join(
        card_name(word) if word in districts or word in DISPLAY else word
        for word in rest.split(" ")
    )


def secret_part(view: JSON) -> Any:
    return list((view.get("me") or {}).get("hand") or [])


def hand_text(view: JSON) -> str:
    hand = (view.get("me") or {}).get("hand")
    if hand is None:
        return _("your private view")
    counts: dict[str, int] = {}
    for card in hand:
        counts[str(card)] = counts.get(str(card), 0) + 1
    # the cards as the board and the news name them ('2 × San Marco'), in the deck's order
    shown = [
        card_name(c) if n == 1 else _("{count} × {card}", count=n, card=card_name(c))
        for c, n in sorted(counts.items(), key=lambda cn: _card_order(cn[0]))
    ]
    return _("your hand: {cards}", cards=counted(shown) or _("empty"))


def hand_prefixes() -> tuple[str, ...]:
    """How the hand line starts in every language (the terminal prints it with the decision)."""
    return messages.leads("your hand: {cards}", "cards")  # not for players


def _card_order(card: str) -> tuple[int, str]:
    districts = load_components().districts
    return (districts.index(card) if card in districts else len(districts), card)
