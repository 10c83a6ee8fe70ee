"""The chat-command grammar of Venezia: one canonical text per move, and a forgiving parser.

``parse`` understands what people type (any case, card names in Italian, English, Hungarian or
Japanese, counts like ``2 ponte`` or ``ponte ponte``, hex labels as printed); ``format_move``
gives the one canonical text, and ``format_move(parse(text))`` is a fixed point.
Legality against the state is the state's job; this module only checks the shape of a command.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from engine.core import IllegalMove, UnknownCommand
from engine.i18n import Text, either
from engine.i18n.verbs import shared_words
from engine.text import excerpt, is_number, small_number
from engine.venezia.board import Board
from engine.venezia.cards import building_name, card_type, format_cards, parse_cards, split_words
from engine.venezia.language import _, _p, messages
from engine.venezia.shapes import footprints

VERBS = (
    "play",
    "flip",
    "build",
    "place",
    "score",
    "done",
    "discard",
    "drain",
    "draw",
    "swap",
    "exchange",
)

ALIASES = {
    "p": "play",
    "cards": "play",
    "pass": "done",
    "skip": "done",
    "noflip": "done",
    "continue": "done",
    "ok": "done",
    "end": "done",
    "b": "build",
    "resolve": "build",
    "complete": "build",
    "pl": "place",
    "put": "place",
    "district": "score",
    "sc": "score",
    "dr": "drain",
    "take": "draw",
    "pick": "draw",
    "sw": "swap",
    "pool": "swap",
    "x": "exchange",
    "ex": "exchange",
    "gold": "exchange",
    "f": "flip",
}

#: Words typed in the other languages besides the catalogs' command words (other forms people
#: type at a chat table); every one stands for a canonical English verb.
OTHER_ALIASES = {
    "パス": "done",
    "終わり": "done",
    "おわり": "done",
    "カード": "play",
    "建てる": "build",
    "置く": "place",
    "沼": "drain",
    "補充": "draw",
    "játssz": "play",
    "kijátszás": "play",
    "építés": "build",
    "passz": "done",
    "vége": "done",
    "húzás": "draw",
    "csere": "swap",
    "beváltás": "exchange",
    "giocare": "play",
    "costruire": "build",
    "piazzare": "place",
    "passo": "done",
    "fine": "done",
    "scartare": "discard",
    "bonificare": "drain",
    "pescare": "draw",
    "scambiare": "swap",
    "convertire": "exchange",
}


def verb_word(verb: str) -> Text:
    """A command's word in the language in force (what a player may type for ``verb``)."""
    # Translators: command words players type (one short word each, lower case, no spaces);
    # the English word works at every table too.
    if verb == "play":
        return _p("verb", "play")
    if verb == "flip":
        return _p("verb", "flip")
    if verb == "build":
        return _p("verb", "build")
    if verb == "place":
        return _p("verb", "place")
    if verb == "score":
        return _p("verb", "score")
    if verb == "done":
        return _p("verb", "done")
    if verb == "discard":
        return _p("verb", "discard")
    if verb == "drain":
        return _p("verb", "drain")
    if verb == "draw":
        return _p("verb", "draw")
    if verb == "swap":
        return _p("verb", "swap")
    if verb == "exchange":
        return _p("verb", "exchange")
    raise KeyError(verb)


def _word_markers() -> None:
    """The other typed words, only here for the catalogs (the parser reads them in every
    language through ``messages.every_language``)."""
    # Translators: typed after 'draw' to take the top card of the deck (one word).
    _p("typed word", "deck")
    # Translators: typed after 'build <building>' to build it alone (one word).
    _p("typed word", "solo")
    # Translators: typed after 'play' to play no cards (one word).
    _p("typed word", "nothing")
    # Translators: typed in 'exchange 2 steps' (one word).
    _p("typed word", "steps")


def fold(word: str) -> str:
    """A typed word folded for lookup: case, and the accents of Latin letters (``húz``, ``huz``)."""
    low = word.casefold()
    if low.isascii():
        return low
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", low) if not unicodedata.combining(ch)
    )
    return plain if plain.isascii() else low


_typed: dict[str, dict[str, str]] = {}


def typed_words(kind: str) -> dict[str, str]:
    """Folded typed word -> canonical token, for ``verb`` or a ``typed word`` (``deck``, ...):
    every language's catalog word at once, built on first use."""
    found = _typed.get(kind)
    if found is None:
        found = {}
        if kind == "verb":
            for head, verb in (*ALIASES.items(), *OTHER_ALIASES.items()):
                found[fold(head)] = verb
            for verb in VERBS:
                for word in messages.every_language(verb, "verb").values():
                    found.setdefault(fold(word), verb)
                found[verb] = verb
            for word, verb in shared_words(_english_words()).items():
                found.setdefault(fold(word), verb)
        else:
            context = "typed word"  # not for players
            for word in messages.every_language(kind, context).values():
                found[fold(word)] = kind
            found[kind] = kind
        _typed[kind] = found
    return found


def _english_words() -> dict[str, str]:
    """The English words typed for the verbs (the verbs and :data:`ALIASES`) -> the verb: the
    other languages' words for those other games share come with them (engine.i18n.verbs)."""
    return {**{verb: verb for verb in VERBS}, **ALIASES}


def verb_aliases() -> dict[str, str]:
    """Every typed command word but the canonical verbs -> its verb: the English aliases and
    each catalog's words, case-folded, with and without accents (the table's grammar checks a
    typed word against these before the parser reads the command)."""
    out: dict[str, str] = {}
    for head, verb in (*ALIASES.items(), *OTHER_ALIASES.items()):
        out.setdefault(head.casefold(), verb)
    for verb in VERBS:
        for word in messages.every_language(verb, "verb").values():
            out.setdefault(word.casefold(), verb)
    for word, verb in shared_words(_english_words()).items():
        out.setdefault(word, verb)
    out.update({fold(k): v for k, v in typed_words("verb").items() if fold(k) not in out})
    return {k: v for k, v in out.items() if k != v}


def _is(word: str, kind: str, *english: str) -> bool:
    folded = fold(word)
    return word.casefold() in english or typed_words(kind).get(folded) == kind


@dataclass(frozen=True, slots=True)
class Move:
    verb: str
    cards: dict[str, int] = field(default_factory=dict)
    hexes: tuple[str, ...] = ()
    card: str | None = None
    label: str = ""
    district: str | None = None
    values: tuple[int, ...] = ()
    steps: int | None = None


def _hexes(words: list[str], board: Board, verb: str) -> tuple[str, ...]:
    if not words:
        raise IllegalMove(
            _(
                "'{verb}' needs hex labels as printed on the board, e.g. '{verb} C3'",
                verb=verb,
            )
        )
    labels = []
    for w in words:
        h = board.find_hex(w)
        if h is None:
            raise IllegalMove(
                _(
                    "'{word}' is not a hex on the board; labels are a district letter and a "
                    "number ({letters}), e.g. C3",
                    word=excerpt(w),
                    letters=either(board.districts),
                )
            )
        labels.append(h.label)
    return tuple(labels)


_PARSED: dict[tuple[int, str], Move] = {}
_CACHED_LENGTH = 80


def parse(text: str, board: Board) -> Move:
    """Parse a command; results are cached (a Move depends on the text and the board only)."""
    key = (id(board), text)
    move = _PARSED.get(key)
    if move is None:
        move = _parse(text, board)
        if len(text) <= _CACHED_LENGTH:  # long texts are rare and must not fill the cache
            if len(_PARSED) > 50_000:
                _PARSED.clear()
            _PARSED[key] = move
    return move


def _parse(text: str, board: Board) -> Move:
    words = split_words(text.strip().lstrip("/!"))
    if not words:
        raise IllegalMove(_("empty command; type 'help' for the list of commands"))
    head = words[0].casefold()
    verb = ALIASES.get(head, head)
    if verb not in VERBS:
        verb = typed_words("verb").get(fold(head), verb)
    args = words[1:]
    if verb not in VERBS:
        raise UnknownCommand(
            _(
                "unknown command '{word}'; commands: {commands}",
                word=excerpt(words[0]),
                commands=either(VERBS),
            )
        )
    if verb == "play":
        if len(args) == 1 and _is(args[0], "nothing", "-", "none", "nothing", "0"):
            args = []
        return Move("play", cards=parse_cards(args))
    if verb in ("flip", "done"):
        if args:
            raise IllegalMove(_("'{verb}' takes no arguments", verb=verb))
        return Move(verb)
    if verb == "build":
        if not args or len(args) > 2:
            raise IllegalMove(
                _("say which building: 'build palazzo', 'build casa', 'build ponte solo'")
            )
        t = card_type(args[0])
        if len(args) == 2 and not _is(args[1], "solo", "solo", "alone"):
            raise IllegalMove(
                _(
                    "'build {building} {word}': only 'solo' may follow the building",
                    building=building_name(t),
                    word=excerpt(args[1]),
                )
            )
        label = f"{t} solo" if len(args) == 2 else t
        return Move("build", label=label)
    if verb in ("place", "drain"):
        hexes = _hexes(args, board, verb)
        if verb == "place":
            order = footprints(board).order
            hexes = tuple(sorted(hexes, key=order.__getitem__))
        return Move(verb, hexes=hexes)
    if verb == "score":
        if len(args) != 1:
            raise IllegalMove(_("name one district: 'score C'"))
        d = _district(args[0], board)
        return Move("score", district=d)
    if verb == "discard":
        if len(args) != 1:
            raise IllegalMove(_("name one building type: 'discard campo'"))
        return Move("discard", card=card_type(args[0]))
    if verb == "draw":
        if len(args) != 1:
            raise IllegalMove(_("say 'draw deck' or 'draw <type>' for a pool card"))
        if _is(args[0], "deck", "deck", "pile", "top", "山札"):
            return Move("draw")
        return Move("draw", card=card_type(args[0]))
    if verb == "swap":
        if len(args) != 1:
            raise IllegalMove(_("name the card to put into the pool: 'swap palazzo'"))
        return Move("swap", card=card_type(args[0]))
    # exchange
    return _parse_exchange(args)


def _district(word: str, board: Board) -> str:
    for d, name in board.districts.items():
        if word.casefold() in (d.casefold(), name.casefold(), name.replace(" ", "").casefold()):
            return d
    choices = either(f"{d} ({name})" for d, name in board.districts.items())
    raise IllegalMove(
        _("'{word}' is not a district; districts: {choices}", word=excerpt(word), choices=choices)
    )


def _parse_exchange(args: list[str]) -> Move:
    low = [a.casefold() for a in args]
    if len(low) == 2 and is_number(low[0]) and _is(low[1], "steps", "step", "steps", "lépés", "歩"):
        return Move("exchange", steps=_positive(low[0]))
    if len(low) == 2 and low[0] in ("for", "best") and is_number(low[1]):
        return Move("exchange", steps=_positive(low[1]))
    if len(low) == 1 and low[0].startswith("+") and is_number(low[0][1:]):
        return Move("exchange", steps=_positive(low[0][1:]))
    if not low:
        raise IllegalMove(
            _("say which tokens: 'exchange 6 2 2' (their values) or 'exchange 2 steps'")
        )
    values = []
    for a in low:
        if not is_number(a) or len(a.lstrip("0")) > 1 or int(a) > 6:
            raise IllegalMove(
                _("'{word}' is not a token value (0–6); e.g. 'exchange 6 2 2'", word=excerpt(a))
            )
        values.append(int(a))
    return Move("exchange", values=tuple(sorted(values, reverse=True)))


def _positive(text: str) -> int:
    n = small_number(text, lambda: _("a number of steps"))
    if n < 1:
        raise IllegalMove(_("ask for at least one step"))
    return n


def format_play(counts: dict[str, int]) -> str:
    cards = format_cards(counts)
    return f"play {cards}" if cards else "play"


def format_move(move: Move) -> str:
    v = move.verb
    if v == "play":
        return format_play(move.cards)
    if v in ("flip", "done"):
        return v
    if v == "build":
        return f"build {move.label}"
    if v in ("place", "drain"):
        return f"{v} {' '.join(move.hexes)}"
    if v == "score":
        return f"score {move.district}"
    if v == "discard":
        return f"discard {move.card}"
    if v == "draw":
        return f"draw {move.card or 'deck'}"
    if v == "swap":
        return f"swap {move.card}"
    if move.steps is not None:
        return f"exchange {move.steps} steps"
    return "exchange " + " ".join(str(x) for x in move.values)
