"""The chat-command grammar of Canal Grande: one canonical text per move, a forgiving parser.

Canonical forms (what ``Decision.options`` lists and ``history`` stores):

* ``divide 1 4 7`` — the divider names the positions (1–8, as revealed) of offer A; the other
  cards form offer B (CG-4.2, CG-4.3);
* ``take A`` / ``take B`` — the chooser's pick (CG-4.4);
* ``vote sanmarco`` — the challenger names the district of a vote (CG-6.4);
* ``place 2 sanmarco gondola castello gondola 2 dorsoduro`` — a placement in a vote: cards of
  the chosen district, then each gondola with the cards of the one district it carries
  (CG-6.7b, CG-6.10);
* ``pass`` — stop placing in a vote (CG-6.8, CG-6.17).

``parse`` understands any case, English, Italian, Hungarian and Japanese words (``oszt``,
``válassz``, ``szavazás``, ``passz``, ``dividi``, ``prendi``, ``vota``, ``passo``, ``分ける``,
``パス``; and each verb as the catalogs name it, :func:`verb_of`), district names with or
without the space (``San Marco``, ``sanmarco``, ``marco``, ``sm``), card names instead of
positions in ``divide`` (``divide doge sanmarco n2``: number cards as ``n2``), and counts
(``2 sanmarco``, ``sanmarco sanmarco``, ``sanmarco x2``). Legality against the state is the
state's job; this module checks only the shape of a command.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from engine.canal_grande.cards import (
    SPECIALS,
    _short,
    card_id,
    join_two_word_names,
    special_name,
)
from engine.canal_grande.language import _, _p, messages
from engine.core import IllegalMove, UnknownCommand
from engine.i18n import either
from engine.i18n.verbs import shared_words

VERBS = ("divide", "take", "vote", "place", "pass")

ALIASES = {
    "divide": "divide",
    "div": "divide",
    "split": "divide",
    "d": "divide",
    "offer": "divide",
    "oszt": "divide",
    "osztás": "divide",
    "osztas": "divide",
    "feloszt": "divide",
    "dividi": "divide",
    "dividere": "divide",
    "take": "take",
    "t": "take",
    "choose": "take",
    "pick": "take",
    "választ": "take",
    "valaszt": "take",
    "választok": "take",
    "válassz": "take",
    "valassz": "take",
    "veszem": "take",
    "prendi": "take",
    "scegli": "take",
    "prendo": "take",
    "vote": "vote",
    "v": "vote",
    "district": "vote",
    "challenge": "vote",
    "szavaz": "vote",
    "szavazás": "vote",
    "szavazas": "vote",
    "kerület": "vote",
    "kerulet": "vote",
    "vota": "vote",
    "voto": "vote",
    "votazione": "vote",
    "place": "place",
    "p": "place",
    "play": "place",
    "put": "place",
    "add": "place",
    "tesz": "place",
    "letesz": "place",
    "kijátszik": "place",
    "kijatszik": "place",
    "metti": "place",
    "gioca": "place",
    "pass": "pass",
    "done": "pass",
    "stop": "pass",
    "no": "pass",
    "passz": "pass",
    "passzol": "pass",
    "passo": "pass",
    "passa": "pass",
    "分ける": "divide",
    "分割": "divide",
    "取る": "take",
    "選ぶ": "take",
    "投票": "vote",
    "置く": "place",
    "出す": "place",
    "パス": "pass",
}


def verb_word(verb: str) -> str:
    """A verb as the help and the prompts name it in the language in force ('divide')."""
    words = {
        # Translators: the command word a player types (one word, lower case); the English
        # word and this one are both understood
        "divide": _p("command", "divide"),
        "take": _p("command", "take"),
        "vote": _p("command", "vote"),
        "place": _p("command", "place"),
        "pass": _p("command", "pass"),
    }
    return words[verb]


@cache
def every_alias() -> dict[str, str]:
    """:data:`ALIASES` and every verb's word in every catalog (case folded, built on first
    use): what a player may type at any table."""
    out = dict(ALIASES)
    for verb in VERBS:
        for said in messages.every_language(verb, "command").values():
            out.setdefault(said.casefold(), verb)
    for word, verb in shared_words(ALIASES).items():  # giocare, as in the other games
        out.setdefault(word, verb)
    return out


def verb_of(word: str) -> str | None:
    """The verb a typed word names, in any language."""
    return every_alias().get(word.casefold())


_OFFER_WORDS = {"a": "A", "b": "B", "1": "A", "2": "B", "first": "A", "second": "B"}
_NUMBER_CARD = re.compile(r"(?:n|z|#|num|number|szám|szam|numero|数字|数)-?([1-9])")
_OFFER_NAMES = ("offer", "ajánlat", "ajanlat", "offerta", "オファー")


@dataclass(frozen=True, slots=True)
class Move:
    """A parsed command. ``picks``: divide positions (int) or card names (str: an action-card id
    or ``n<value>`` for a number card). ``plain``: placed cards before any gondola, as
    (district, count); ``groups``: one (district, count) list per gondola."""

    verb: str
    picks: tuple[int | str, ...] = ()
    offer: str = ""
    district: str = ""
    plain: tuple[tuple[str, int], ...] = ()
    groups: tuple[tuple[tuple[str, int], ...], ...] = ()


def split_words(text: str) -> list[str]:
    text = text.replace(",", " ").replace("+", " ").replace(";", " ")
    return join_two_word_names(text.split())


_CACHE: dict[str, Move] = {}


def parse(text: str) -> Move:
    """Parse a command (cached: a Move depends on the text only)."""
    move = _CACHE.get(text)
    if move is None:
        move = _parse(text)
        if len(_CACHE) > 20_000:
            _CACHE.clear()
        _CACHE[text] = move
    return move


def _parse(text: str) -> Move:
    words = split_words(text.strip().lstrip("/!"))
    if not words:
        raise IllegalMove(_("empty command; commands: {verbs}", verbs=either(VERBS)))
    head = words[0].casefold()
    verb = verb_of(head)
    args = words[1:]
    if verb is None:
        if head in _OFFER_WORDS and len(words) == 1 and head in ("a", "b"):
            return Move("take", offer=_OFFER_WORDS[head])
        raise UnknownCommand(
            _(
                "unknown command '{word}'; commands: {verbs}",
                word=_short(words[0]),
                verbs=either(VERBS),
            )
        )
    if verb == "pass":
        if args:
            raise IllegalMove(_("'pass' takes no arguments"))
        return Move("pass")
    if verb == "take":
        if len(args) == 2 and args[0].casefold() in _OFFER_NAMES:
            args = args[1:]
        if len(args) != 1 or args[0].casefold() not in _OFFER_WORDS:
            raise IllegalMove(_("say which offer: 'take A' or 'take B'"))
        return Move("take", offer=_OFFER_WORDS[args[0].casefold()])
    if verb == "vote":
        if len(args) != 1:
            raise IllegalMove(_("name one district: 'vote sanmarco' (or 'vote san marco')"))
        d = card_id(args[0], others="")
        if d in SPECIALS:
            raise IllegalMove(
                _("'{word}' is not a district; e.g. 'vote castello'", word=_short(args[0]))
            )
        return Move("vote", district=d)
    if verb == "divide":
        return Move("divide", picks=_divide_picks(args))
    return _parse_place(args)


def _divide_picks(args: list[str]) -> tuple[int | str, ...]:
    if not args:
        raise IllegalMove(
            _("name the cards of offer A by position, e.g. 'divide 1 4 7' (the rest is offer B)")
        )
    picks: list[int | str] = []
    for w in args:
        low = w.casefold()
        if low.isdigit():
            picks.append(int(low))
            continue
        m = _NUMBER_CARD.fullmatch(low)
        if m:
            picks.append(f"n{m.group(1)}")
            continue
        picks.append(card_id(w))
    return tuple(picks)


def _parse_place(args: list[str]) -> Move:
    if not args:
        raise IllegalMove(_("say what you place, e.g. 'place sanmarco' or 'pass'"))
    plain: dict[str, int] = {}
    groups: list[dict[str, int]] = []
    pending: int | None = None
    last: str | None = None
    for w in args:
        low = w.casefold()
        if low.isdigit():
            if pending is not None:
                raise IllegalMove(
                    _(
                        "two numbers in a row ('{first} {second}'): e.g. '2 castello'",
                        first=pending,
                        second=low,
                    )
                )
            pending = int(low)
            if pending == 0:
                raise IllegalMove(_("a count of 0 cards: leave the card out instead"))
            continue
        m = re.fullmatch(r"[x×*](\d+)", low)
        if m:
            if last is None:
                raise IllegalMove(
                    _("'{word}' must follow a district, e.g. 'castello x2'", word=_short(w))
                )
            target = groups[-1] if groups else plain
            target[last] += int(m.group(1)) - 1
            last = None
            continue
        c = card_id(w, others="gondola")
        if c == "gondola":
            if pending is not None:
                raise IllegalMove(
                    _(
                        "write each gondola with the cards it carries: 'gondola castello "
                        "gondola 2 dorsoduro', not a count of gondolas"
                    )
                )
            groups.append({})
            last = None
            continue
        if c in SPECIALS:
            raise IllegalMove(
                _(
                    # rule: CG-6.7b
                    "a {card} cannot be placed in a vote: only district cards and gondolas",
                    card=special_name(c),
                )
            )
        target = groups[-1] if groups else plain
        target[c] = target.get(c, 0) + (pending or 1)
        pending = None
        last = c
    if pending is not None:
        raise IllegalMove(_("the number {number} is not followed by a district", number=pending))
    return Move(
        "place",
        plain=tuple(plain.items()),
        groups=tuple(tuple(g.items()) for g in groups),
    )


# --- canonical text ----------------------------------------------------------------------------


def format_divide(positions: tuple[int, ...]) -> str:
    return "divide " + " ".join(str(p) for p in sorted(positions))


def _count(k: int, card: str) -> str:
    return card if k == 1 else f"{k} {card}"


def format_place(district: str, chosen: int, groups: tuple[tuple[str, int], ...]) -> str:
    """Canonical placement: chosen-district cards, then gondolas in district order."""
    parts = ["place"]
    if chosen:
        parts.append(_count(chosen, district))
    for d, m in groups:
        parts.append("gondola")
        parts.append(_count(m, d))
    return " ".join(parts)
