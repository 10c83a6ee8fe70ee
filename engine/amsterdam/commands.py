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
"""

from __future__ import annotations

import re

from engine.amsterdam import board as bd
from engine.amsterdam.grid import NEIGHBOURS
from engine.amsterdam.state_fields import AmsterdamFields
from engine.core import Decision, IllegalMove

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


def normalize(text: str) -> list[str]:
    text = (
        text.casefold()
        .replace("customs house", "customshouse")
        .replace("customs-house", "customshouse")
    )
    text = text.replace("don't", "dont").replace("do not", "dont")
    text = re.sub(r"[#:,;.!]", " ", text)
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
    answer may be irreversible (a sealed choice, a ship move)."""
    words = normalize(text)
    if not words:
        raise IllegalMove("empty command; " + _hint(phase))
    verb = VERBS.get(words[0])
    rest = words[1:] if verb else words
    expected = STEP_VERB[phase]
    if verb is None:
        if words[0] in DECLINE:
            if len(words) > 1:
                raise IllegalMove(_after_decline(phase, words[0], words[1:]))
            verb = expected
            rest = ["no"]
        elif (
            phase in ("ship", "remove", "place") or words[0].isdigit() or words[0] in SPECIAL_WORDS
        ):
            verb = expected
        else:
            raise IllegalMove(f"unknown command {text.strip()!r}; " + _hint(phase))
    if verb == "pass":
        if rest:
            raise IllegalMove(_pass_with_words(st, phase, rest))
        if phase == "choose":
            return "pass"
        if phase in ("contest", "order"):
            raise IllegalMove("you cannot pass now; " + _hint(phase))
        verb, rest = expected, ["no"]
    if verb != expected:
        raise IllegalMove(f"{verb!r} is not possible now; " + _hint(phase))
    arg = "".join(rest)
    if verb == "buy":
        if not rest:
            return "buy"
        if len(rest) > 1:
            raise IllegalMove(
                f"'buy' takes at most one word: say 'buy' or 'buy no', not {' '.join(words)!r}"
            )
        if arg in DECLINE or arg in ("n", "false"):
            return "buy no"
        if arg in ("yes", "y"):
            return "buy"
        raise IllegalMove(f"say 'buy' or 'buy no', not {text.strip()!r}")
    if verb in ("play", "show"):
        if not arg:
            raise IllegalMove(f"which card? {_hint(phase)}")
        if verb == "play" and rest[0] in DECLINE:
            if len(rest) > 1:
                raise IllegalMove(_after_decline(phase, rest[0], rest[1:]))
            return "pass"
        if len(rest) > 1 and all(w.isdigit() for w in rest):  # 'play 1 2' is not card 12
            raise IllegalMove(
                f"one card at a time, not {' '.join(rest)!r}; name it by its number "
                f"(e.g. '{verb} 12')"
            )
        if len(rest) > 1 and _card_word(rest[0]):
            first = _card_word(rest[0])
            raise IllegalMove(
                f"'{verb} {first}' takes nothing after the card, not {' '.join(rest[1:])!r}: "
                f"to {'reveal' if verb == 'play' else 'show'} card {first} type "
                f"'{verb} {first}' alone"
            )
        if arg.isdigit():
            return f"{verb} {int(arg)}"
        if verb == "play" and arg in SPECIAL_WORDS:
            return f"play {SPECIAL_WORDS[arg]}"
        raise IllegalMove(f"{arg!r} is not a card; name it by its number (e.g. '{verb} 12')")
    if rest and rest[0] in DECLINE:
        if len(rest) > 1:
            raise IllegalMove(_after_decline(phase, rest[0], rest[1:]))
        if verb == "ship":
            return "ship stay"
        if verb == "remove":
            return "remove none"
        raise IllegalMove(f"you must place your revealed card; {_hint(phase)}")
    if not arg:
        raise IllegalMove(f"which cell? {_hint(phase)}")
    cell = st.layout.parse(arg)
    if cell is None:
        found = _leading_cell(st, rest)
        if found is not None:
            label, extra = found
            raise IllegalMove(
                f"'{verb} {label}' takes one cell and nothing after it, not {extra!r}: "
                f"type '{verb} {label}' alone"
            )
        raise IllegalMove(f"{arg.upper()!r} is not a cell: use {st.layout.describe()}")
    return f"{verb} {st.layout.label(cell)}"


def _card_word(word: str) -> str | None:
    """How a card word reads in a command (``12``, ``tide``), or None if it names no card."""
    if word.isdigit():
        return str(int(word))
    return SPECIAL_WORDS.get(word)


def _leading_cell(st: AmsterdamFields, rest: list[str]) -> tuple[str, str] | None:
    """A cell spelled by the first word(s) of ``rest`` and the words after it, if any."""
    for n in (1, 2):
        if len(rest) > n:
            cell = st.layout.parse("".join(rest[:n]))
            if cell is not None:
                return st.layout.label(cell), " ".join(rest[n:])
    return None


def _after_decline(phase: str, word: str, extra: list[str]) -> str:
    """Words after a declining answer (``ship stay now``, ``remove none x``): refused."""
    canon = {
        "buy": "buy no",
        "choose": "pass",
        "ship": "ship stay",
        "remove": "remove none",
    }.get(phase)
    if canon is None:
        return f"{word!r} is no answer now; {_hint(phase)}"
    return (
        f"'{word}' means '{canon}' and takes nothing after it, not {' '.join(extra)!r}: "
        f"type '{canon}' alone; {_hint(phase)}"
    )


def _pass_with_words(st: AmsterdamFields, phase: str, rest: list[str]) -> str:
    """``pass`` followed by words: what was understood and what is allowed instead."""
    extra = " ".join(rest)
    if phase == "choose":
        card = _card_word(rest[0]) if len(rest) == 1 else None
        if card is not None:
            name = f"card {card}" if card.isdigit() else f"the {card}"
            return (
                f"'pass' takes no card: to play {name} type 'play {card}'; "
                "to pass type 'pass' alone"
            )
        return (
            f"'pass' takes nothing after it, not {extra!r}: to pass type 'pass' alone; "
            "to reveal a card type 'play' and its number (e.g. 'play 12')"
        )
    if phase in ("ship", "remove"):
        cell = st.layout.parse("".join(rest))
        decline = "ship stay" if phase == "ship" else "remove none"
        what = "move the ship to" if phase == "ship" else "remove the card at"
        keep = "leave the ship where it is" if phase == "ship" else "remove nothing"
        if cell is not None:
            label = st.layout.label(cell)
            return (
                f"'pass' takes no cell: to {what} {label} type '{phase} {label}'; "
                f"to {keep} type '{decline}' (or 'pass' alone)"
            )
        return (
            f"'pass' takes nothing after it, not {extra!r}: to {keep} type '{decline}' "
            f"(or 'pass' alone); to {what} a cell type '{phase} E7'"
        )
    if phase == "buy":
        return (
            f"'pass' takes nothing after it, not {extra!r}: not to buy type 'buy no' "
            "(or 'pass' alone); to buy type 'buy'"
        )
    return "you cannot pass now; " + _hint(phase)


def _hint(phase: str) -> str:
    return {
        "buy": "answer 'buy' or 'buy no'",
        "contest": "show a numbered card from your hand: 'show 12'",
        "order": "show a numbered card from your hand: 'show 12'",
        "choose": "reveal a card from your hand ('play 12') or 'pass'",
        "ship": "move the ship ('ship E7') or 'ship stay'",
        "remove": "remove a card next to the ship ('remove F7') or 'remove none'",
        "place": "place your revealed card: 'place D5'",
    }[phase]


def validate(st: AmsterdamFields, seat: int, d: Decision, command: str) -> str:
    """The canonical legal command, or IllegalMove saying what is wrong and what is allowed."""
    text = parse(st, d.kind, command)
    if text in d.options:
        return text
    raise IllegalMove(refusal(st, seat, d, text))


def refusal(st: AmsterdamFields, seat: int, d: Decision, text: str) -> str:
    cards = st.cs.cards
    _verb, _, arg = text.partition(" ")
    if d.kind == "choose":
        if st.must_play[seat] is not None:
            return "you must reveal the special card you bought (AM-V4.3, AM-G36)"
        if text == "pass":
            return "you cannot pass now"
        return f"you hold no card {arg}: reveal a card from your hand ('play 12') or 'pass'"
    if d.kind in ("contest", "order"):
        return f"you hold no numbered card {arg}: show one of the cards in your hand"
    if d.kind == "buy":
        return "you cannot buy now"
    cell = st.layout.parse(arg)
    assert cell is not None
    if d.kind == "ship":
        card = st.top.get(cell)
        if cell == st.ship:
            return f"the ship is already at {arg}: move it elsewhere or 'ship stay' (AM-7.2)"
        if card is None or not st.cs_water_type[card]:
            return f"{arg} holds no water card; the ship goes to a water card (AM-7.2, AM-G15)"
        return f"the ship cannot go to {arg}"  # pragma: no cover - options are complete
    if d.kind == "remove":
        card = st.top.get(cell)
        if card is None:
            return f"{arg} is empty; removable: {_list(d)}"
        if all(cell + n != st.ship for n in NEIGHBOURS):
            return (
                f"{arg} is not next to the ship (diagonals do not count, AM-7.8); "
                f"removable: {_list(d)}"
            )
        if cell in st.scored_cells:
            return f"{arg} belongs to a scored area (AM-7.14); removable: {_list(d)}"
        c = cards[card]
        if c.kind != "harbor" or not c.ship:
            return f"{c.describe()} has no ship symbol (AM-7.4, AM-7.8); removable: {_list(d)}"
        return f"removing {arg} would cut its area in two (AM-G41); removable: {_list(d)}"
    revealed = st.revealed[seat]
    assert revealed is not None
    reason = bd.place_reason(st, seat, cards[revealed], cell)
    return f"{arg}: {reason or 'not a legal cell'}; legal: {_list(d)}"


def _list(d: Decision) -> str:
    shown = [o.split()[1] for o in d.options if o.split()[1] not in ("none", "stay")]
    return ", ".join(shown) if shown else "none"
