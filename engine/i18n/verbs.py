"""The words people type for the command verbs several games share, in the table's languages.

Each game reads its own verbs and aliases (its catalog's command words among them); the verbs
one game shares with another (``play``, ``pass``, ``place``, ``take``, ``choose``, ``done``)
must be understood in every game where that English word is a command, whatever words the
game's own catalog chose: ``giocare`` plays a card in Venezia and in Amsterdam alike (#24 item
15). A game adds :func:`shared_words` of the English words it accepts to its aliases, after
its own (a game's own meaning of a word wins).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

_PLAY = ("gioca", "giocare", "játssz", "kijátszik", "kijátszás", "出す")
_PASS = ("passa", "passo", "passz", "passzol", "パス")
_PLACE = ("tesz", "letesz", "lerak", "metti", "piazza", "piazzare", "置く", "配置")
_TAKE = ("prendi", "prendo", "prendere", "veszem", "取る")
_CHOOSE = ("scegli", "scegliere", "választ", "válassz", "választok", "選ぶ")
_DONE = ("fatto", "fine", "kész", "vége", "終わり", "おわり", "終了")

#: English command word -> the words typed for it in Italian, Hungarian and Japanese (besides
#: each game's catalog word); accents may be left out (``jatssz``), see :func:`fold`.
WORDS: Mapping[str, tuple[str, ...]] = {
    "play": _PLAY,
    "pass": _PASS,
    "place": _PLACE,
    "put": _PLACE,
    "take": _TAKE,
    "choose": _CHOOSE,
    "done": _DONE,
}


def fold(word: str) -> str:
    """A word without case and without the accents of Latin letters (``Játssz`` -> ``jatssz``);
    a word with other letters (Japanese) only without case."""
    low = word.casefold()
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", low) if not unicodedata.combining(ch)
    )
    return plain if plain.isascii() else low


def shared_words(accepted: Mapping[str, str]) -> dict[str, str]:
    """The other languages' words for the English words a game accepts (``accepted``: typed
    English word -> the game's verb, e.g. Canal Grande's ``play`` -> ``place``) -> that verb,
    each as listed and folded (:func:`fold`)."""
    out: dict[str, str] = {}
    for english, verb in accepted.items():
        for word in WORDS.get(english.casefold(), ()):
            out.setdefault(word.casefold(), verb)
            out.setdefault(fold(word), verb)
    return out
