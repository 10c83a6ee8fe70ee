"""The Amsterdam command grammar: a forgiving parser to canonical text, with clear refusals.

Canonical commands (what ``Decision.options`` lists and the history stores):

========================  =============================================================
``play 12``               reveal harbor/water card 12 (step 1); ``play tide`` / ``play
                          bridge`` / ``play customs`` for a special card (AM-V4)
``pass``                  reveal no card (AM-4.4)
``buy`` / ``buy no``      buy a special card or not (AM-V4.2)
``show 12``               show card 12 to settle who buys / who starts (AM-V4.4, AM-G35)
``ship E7`` / ``ship stay``  move the ship to the water card at E7, or leave it (AM-7)
``remove F7`` / ``remove none``  remove the ship-symbol card at F7, or nothing (AM-7.4)
``place D5``              put the revealed card into (or, tide/bridge, onto) cell D5
========================  =============================================================

Cells are a row letter and a column number (``E5`` is the center in the base game); ``e5``,
``E05``, ``5E`` are accepted. Accepted shortcuts: a bare number is ``play``/``show``; a bare
cell is ``ship``/``remove``/``place`` depending on the step; ``stay``, ``none``, ``keep``,
``no``, ``skip``, Hungarian card names (``dagály``, ``híd``, ``vámház``) and ``customs house``.

Players type in any of the table's languages at any table: the catalogs' words for the verbs,
the declining words, ``yes`` and the special cards (``passa``, ``パス``, ``hajó marad``,
``gioca marea``) are aliases of the English tokens (:func:`_tables`, built on first use). The
canonical text stays English; refusals are said in the language in force.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from engine.amsterdam import board as bd
from engine.amsterdam.cards import special_name
from engine.amsterdam.grid import NEIGHBOURS
from engine.amsterdam.language import _, _p
from engine.amsterdam.state_fields import AmsterdamFields
from engine.core import Decision, IllegalMove, UnknownCommand
from engine.i18n import LANGUAGES, Text, either, say
from engine.i18n.verbs import shared_words

SPECIAL_WORDS = {
    "tide": "tide",
    "dagaly": "tide",
    "dagály": "tide",
    "bridge": "bridge",
    "hid": "bridge",
    "híd": "bridge",
    "customs": "customs",
    "customshouse": "customs",
    "vamhaz": "customs",
    "vámház": "customs",
}
VERBS = {
    "play": "play",
    "reveal": "play",
    "choose": "play",
    "card": "play",
    "kijatszik": "play",
    "pass": "pass",
    "passz": "pass",
    "buy": "buy",
    "vesz": "buy",
    "yes": "buy",
    "show": "show",
    "mutat": "show",
    "ship": "ship",
    "move": "ship",
    "hajo": "ship",
    "hajó": "ship",
    "remove": "remove",
    "demolish": "remove",
    "eltavolit": "remove",
    "place": "place",
    "put": "place",
    "lay": "place",
    "lerak": "place",
}
DECLINE = {
    "no",
    "none",
    "nothing",
    "skip",
    "decline",
    "stay",
    "keep",
    "nem",
    "dontbuy",
    "nobuy",
    "dontmove",
    "norem",
    "-",
}
STEP_VERB = {
    "buy": "buy",
    "contest": "show",
    "choose": "play",
    "order": "show",
    "ship": "ship",
    "remove": "remove",
    "place": "place",
}


def _fold(word: str) -> str:
    """A typed word as the alias tables key it: case and accents folded (``Híd`` -> ``hid``),
    full-width digits and letters made plain (``１２`` -> ``12``)."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not unicodedata.combining(c))
    )


def _words_in_every_language() -> list[tuple[str, str, Text]]:
    """The command words players may type in their own language: (table, canonical, message)."""
    return [
        ("verb", "play", _p("command", "play")),
        ("verb", "play", _p("command", "reveal")),
        ("verb", "pass", _p("command", "pass")),
        ("verb", "buy", _p("command", "buy")),
        ("verb", "show", _p("command", "show")),
        ("verb", "ship", _p("command", "ship")),
        ("verb", "ship", _p("command", "move")),
        ("verb", "remove", _p("command", "remove")),
        ("verb", "place", _p("command", "place")),
        ("decline", "no", _p("command", "no")),
        ("decline", "no", _p("command", "none")),
        ("decline", "no", _p("command", "stay")),
        ("decline", "no", _p("command", "skip")),
        ("yes", "yes", _p("command", "yes")),
        ("special", "tide", _p("card", "tide")),
        ("special", "bridge", _p("card", "bridge")),
        ("special", "customs", _p("card", "customs house")),
    ]


@cache
def _tables() -> dict[str, dict[str, str]]:
    """Typed word -> canonical token, per table: the English and Hungarian words of old plus
    every catalog's word, each as typed (case folded) and folded (accents too); built on first
    use (the catalogs are read then)."""
    out: dict[str, dict[str, str]] = {"verb": {}, "decline": {}, "yes": {}, "special": {}}

    def add(table: str, word: str, canonical: str) -> None:
        for key in (word.casefold(), _fold(word)):
            if key and key not in out[table]:
                out[table][key] = canonical

    for word, verb in VERBS.items():
        add("verb", word, verb)
    for word in DECLINE:
        add("decline", word, "no")
    for word in ("yes", "y"):
        add("yes", word, "yes")
    for word, kind in SPECIAL_WORDS.items():
        add("special", word, kind)
    for table, canonical, text in _words_in_every_language():
        for lang in LANGUAGES:
            said = say(text, lang)
            add(table, said, canonical)
            add(table, said.replace(" ", ""), canonical)
    for word, verb in shared_words(VERBS).items():  # giocare, as in the other games
        add("verb", word, verb)
    return out


def every_verb() -> dict[str, str]:
    """Every verb a player may type (English, Hungarian, each catalog's; as typed and without
    accents) -> canonical verb: the table's first-word aliases."""
    return dict(_tables()["verb"])


def _verb(word: str) -> str | None:
    return _tables()["verb"].get(_fold(word))


def _declines(word: str) -> bool:
    return _fold(word) in _tables()["decline"]


def _yes(word: str) -> bool:
    return _fold(word) in _tables()["yes"]


def _special(word: str) -> str | None:
    return _tables()["special"].get(_fold(word))


def normalize(text: str) -> list[str]:
    text = (
        text.casefold()
        .replace("customs house", "customshouse")  # not for players
        .replace("customs-house", "customshouse")  # not for players
    )
    text = text.replace("don't", "dont").replace("do not", "dont")  # not for players
    text = re.sub(r"[#:,;.!、。：]", " ", text)
    words = text.split()
    # "dont buy", "dont move" -> one word
    out: list[str] = []
    for w in words:
        if out and out[-1] == "dont":
            out[-1] = "dont" + w
        else:
            out.append(w)
    return out


def parse(st: AmsterdamFields, phase: str, text: str) -> str:
    """Canonical text of ``text`` for the step ``phase`` (not yet checked against the options).

    Words after a complete answer are never dropped: ``pass 12``, ``ship stay now`` or ``buy
    no extra`` are refused with what was understood and what to type instead, since an
    answer may be irreversible (a sealed choice, a ship move). The words of every language
    are understood at any table (``passa``, ``パス``, ``hajó``); the canonical text is English."""
    words = normalize(text)
    if not words:
        raise IllegalMove(_("empty command; {hint}", hint=_hint(phase)))
    verb = _verb(words[0])
    rest = words[1:] if verb else words
    expected = STEP_VERB[phase]
    if verb is None:
        if _declines(words[0]):
            if len(words) > 1:
                raise IllegalMove(_after_decline(phase, words[0], words[1:]))
            verb = expected
            rest = ["no"]
        elif (
            (phase in ("ship", "remove", "place") and _cell_like(st, words))
            or _fold(words[0]).isdigit()
            or _special(words[0]) is not None
        ):
            verb = expected
        else:
            # Translators: {typed} is what the player typed, in quotes.
            raise UnknownCommand(
                _("unknown command {typed}; {hint}", typed=repr(text.strip()), hint=_hint(phase))
            )
    if verb == "pass":
        if rest:
            raise IllegalMove(_pass_with_words(st, phase, rest))
        if phase == "choose":
            return "pass"
        if phase in ("contest", "order"):
            raise IllegalMove(_("you cannot pass now; {hint}", hint=_hint(phase)))
        verb, rest = expected, ["no"]
    if verb != expected:
        # Translators: {verb} is the command word understood, in quotes ('buy').
        raise IllegalMove(
            _("{verb} is not possible now; {hint}", verb=repr(verb), hint=_hint(phase))
        )
    arg = "".join(_fold(w) for w in rest)
    if verb == "buy":
        if not rest:
            return "buy"
        if len(rest) > 1:
            raise IllegalMove(
                _(
                    "'buy' takes at most one word: say 'buy' or 'buy no', not {typed}",
                    typed=repr(" ".join(words)),
                )
            )
        if _declines(arg) or arg in ("n", "false"):
            return "buy no"  # not for players
        if _yes(arg):
            return "buy"
        raise IllegalMove(_("say 'buy' or 'buy no', not {typed}", typed=repr(text.strip())))
    if verb in ("play", "show"):
        if not arg:
            raise IllegalMove(_("which card? {hint}", hint=_hint(phase)))
        if verb == "play" and _declines(rest[0]):
            if len(rest) > 1:
                raise IllegalMove(_after_decline(phase, rest[0], rest[1:]))
            return "pass"
        if len(rest) > 1 and all(w.isdigit() for w in rest):  # 'play 1 2' is not card 12
            raise IllegalMove(
                _(
                    "one card at a time, not {typed}; name it by its number (e.g. '{verb} 12')",
                    typed=repr(" ".join(rest)),
                    verb=verb,
                )
            )
        if len(rest) > 1 and _card_word(rest[0]):
            first = _card_word(rest[0])
            extra = repr(" ".join(rest[1:]))
            if verb == "play":
                message = _(
                    "'{verb} {card}' takes nothing after the card, not {typed}: "
                    "to reveal card {card} type '{verb} {card}' alone",
                    verb=verb,
                    card=first,
                    typed=extra,
                )
            else:
                message = _(
                    "'{verb} {card}' takes nothing after the card, not {typed}: "
                    "to show card {card} type '{verb} {card}' alone",
                    verb=verb,
                    card=first,
                    typed=extra,
                )
            raise IllegalMove(message)
        if arg.isdigit():
            return f"{verb} {int(arg)}"
        special = _special(arg)
        if verb == "play" and special is not None:
            return f"play {special}"
        raise IllegalMove(
            _(
                "{typed} is not a card; name it by its number (e.g. '{verb} 12')",
                typed=repr(arg),
                verb=verb,
            )
        )
    if rest and _declines(rest[0]):
        if len(rest) > 1:
            raise IllegalMove(_after_decline(phase, rest[0], rest[1:]))
        if verb == "ship":
            return "ship stay"  # not for players
        if verb == "remove":
            return "remove none"  # not for players
        raise IllegalMove(_("you must place your revealed card; {hint}", hint=_hint(phase)))
    if not arg:
        raise IllegalMove(_("which cell? {hint}", hint=_hint(phase)))
    cell = st.layout.parse(arg)
    if cell is None:
        found = _leading_cell(st, rest)
        if found is not None:
            label, extra = found
            raise IllegalMove(
                _(
                    "'{verb} {cell}' takes one cell and nothing after it, not {typed}: "
                    "type '{verb} {cell}' alone",
                    verb=verb,
                    cell=label,
                    typed=repr(extra),
                )
            )
        raise IllegalMove(
            # Translators: {how} says how a cell is written ("a row letter A–G and ...").
            _("{typed} is not a cell: use {how}", typed=repr(arg.upper()), how=st.layout.describe())
        )
    return f"{verb} {st.layout.label(cell)}"


def _cell_like(st: AmsterdamFields, words: list[str]) -> bool:
    """Whether a command without a verb starts like a cell (``E7``, ``7E``, ``e 7``): the bare
    cell of the ship, remove and place steps; any other first word is no command."""
    return any(ch.isdigit() for ch in _fold(words[0])) or (
        len(words) > 1 and st.layout.parse(_fold(words[0]) + _fold(words[1])) is not None
    )


def _card_word(word: str) -> str | None:
    """How a card word reads in a command (``12``, ``tide``), or None if it names no card."""
    folded = _fold(word)
    if folded.isdigit():
        return str(int(folded))
    return _special(word)


def _leading_cell(st: AmsterdamFields, rest: list[str]) -> tuple[str, str] | None:
    """A cell spelled by the first word(s) of ``rest`` and the words after it, if any."""
    for n in (1, 2):
        if len(rest) > n:
            cell = st.layout.parse("".join(_fold(w) for w in rest[:n]))
            if cell is not None:
                return st.layout.label(cell), " ".join(rest[n:])
    return None


def _after_decline(phase: str, word: str, extra: list[str]) -> Text:
    """Words after a declining answer (``ship stay now``, ``remove none x``): refused."""
    canon = {
        "buy": "buy no",  # not for players
        "choose": "pass",
        "ship": "ship stay",  # not for players
        "remove": "remove none",  # not for players
    }.get(phase)
    if canon is None:
        return _("{typed} is no answer now; {hint}", typed=repr(word), hint=_hint(phase))
    return _(
        "'{word}' means '{command}' and takes nothing after it, not {typed}: "
        "type '{command}' alone; {hint}",
        word=word,
        command=canon,
        typed=repr(" ".join(extra)),
        hint=_hint(phase),
    )


def _pass_with_words(st: AmsterdamFields, phase: str, rest: list[str]) -> Text:
    """``pass`` followed by words: what was understood and what is allowed instead."""
    extra = repr(" ".join(rest))
    if phase == "choose":
        card = _card_word(rest[0]) if len(rest) == 1 else None
        if card is not None:
            if card.isdigit():
                return _(
                    "'pass' takes no card: to play card {card} type 'play {card}'; "
                    "to pass type 'pass' alone",
                    card=card,
                )
            return _(
                "'pass' takes no card: to play the {name} type 'play {card}'; "
                "to pass type 'pass' alone",
                name=special_name(card),
                card=card,
            )
        return _(
            "'pass' takes nothing after it, not {typed}: to pass type 'pass' alone; "
            "to reveal a card type 'play' and its number (e.g. 'play 12')",
            typed=extra,
        )
    if phase in ("ship", "remove"):
        cell = st.layout.parse("".join(_fold(w) for w in rest))
        if cell is not None:
            label = st.layout.label(cell)
            if phase == "ship":
                return _(
                    "'pass' takes no cell: to move the ship to {cell} type 'ship {cell}'; "
                    "to leave the ship where it is type 'ship stay' (or 'pass' alone)",
                    cell=label,
                )
            return _(
                "'pass' takes no cell: to remove the card at {cell} type 'remove {cell}'; "
                "to remove nothing type 'remove none' (or 'pass' alone)",
                cell=label,
            )
        if phase == "ship":
            return _(
                "'pass' takes nothing after it, not {typed}: to leave the ship where it is "
                "type 'ship stay' (or 'pass' alone); to move the ship to a cell type 'ship E7'",
                typed=extra,
            )
        return _(
            "'pass' takes nothing after it, not {typed}: to remove nothing type 'remove none' "
            "(or 'pass' alone); to remove the card at a cell type 'remove E7'",
            typed=extra,
        )
    if phase == "buy":
        return _(
            "'pass' takes nothing after it, not {typed}: not to buy type 'buy no' "
            "(or 'pass' alone); to buy type 'buy'",
            typed=extra,
        )
    return _("you cannot pass now; {hint}", hint=_hint(phase))


def _hint(phase: str) -> Text:
    if phase == "buy":
        return _("answer 'buy' or 'buy no'")
    if phase in ("contest", "order"):
        return _("show a numbered card from your hand: 'show 12'")
    if phase == "choose":
        return _("reveal a card from your hand ('play 12') or 'pass'")
    if phase == "ship":
        return _("move the ship ('ship E7') or 'ship stay'")
    if phase == "remove":
        return _("remove a card next to the ship ('remove F7') or 'remove none'")
    if phase == "place":
        return _("place your revealed card: 'place D5'")
    raise KeyError(phase)


def validate(st: AmsterdamFields, seat: int, d: Decision, command: str) -> str:
    """The canonical legal command, or IllegalMove saying what is wrong and what is allowed."""
    text = parse(st, d.kind, command)
    if text in d.options:
        return text
    raise IllegalMove(refusal(st, seat, d, text))


def refusal(st: AmsterdamFields, seat: int, d: Decision, text: str) -> Text:
    cards = st.cs.cards
    _verb, _sep, arg = text.partition(" ")
    if d.kind == "choose":
        if st.must_play[seat] is not None:
            # rule: AM-V4.3, AM-G36
            return _("you must reveal the special card you bought")
        if text == "pass":
            return _("you cannot pass now")
        return _(
            "you hold no card {card}: reveal a card from your hand ('play 12') or 'pass'",
            card=arg,
        )
    if d.kind in ("contest", "order"):
        return _("you hold no numbered card {card}: show one of the cards in your hand", card=arg)
    if d.kind == "buy":
        return _("you cannot buy now")
    cell = st.layout.parse(arg)
    assert cell is not None
    if d.kind == "ship":
        card = st.top.get(cell)
        if cell == st.ship:
            return _(
                # rule: AM-7.2
                "the ship is already at {cell}: move it elsewhere or 'ship stay'",
                cell=arg,
            )
        if card is None or not st.cs_water_type[card]:
            return _(
                # rule: AM-7.2, AM-G15
                "{cell} holds no water card; the ship goes to a water card",
                cell=arg,
            )
        return _("the ship cannot go to {cell}", cell=arg)  # pragma: no cover - options complete
    if d.kind == "remove":
        card = st.top.get(cell)
        if card is None:
            return _("{cell} is empty; removable: {cells}", cell=arg, cells=_list(d))
        if all(cell + n != st.ship for n in NEIGHBOURS):
            return _(
                # rule: AM-7.8
                "{cell} is not next to the ship (diagonals do not count); removable: {cells}",
                cell=arg,
                cells=_list(d),
            )
        if cell in st.scored_cells:
            return _(
                # rule: AM-7.14
                "{cell} belongs to a scored area; removable: {cells}",
                cell=arg,
                cells=_list(d),
            )
        c = cards[card]
        if c.kind != "harbor" or not c.ship:
            return _(
                # rule: AM-7.4, AM-7.8
                "{card} has no ship symbol; removable: {cells}",
                card=c.describe(),
                cells=_list(d),
            )
        return _(
            # rule: AM-G41
            "removing {cell} would cut its area in two; removable: {cells}",
            cell=arg,
            cells=_list(d),
        )
    revealed = st.revealed[seat]
    assert revealed is not None
    reason = bd.place_reason(st, seat, cards[revealed], cell)
    return _(
        # Translators: {reason} says why the card may not go there; {cells} lists the cells.
        "{cell}: {reason}; legal: {cells}",
        cell=arg,
        reason=reason or _("not a legal cell"),
        cells=_list(d),
    )


def _list(d: Decision) -> str:
    shown = [o.split()[1] for o in d.options if o.split()[1] not in ("none", "stay")]
    return either(shown) if shown else _p("nothing", "none")
