"""Venezia's command help in words for people: one line per verb, what ``help`` and the
slash commands show. The words players may type (the aliases) are the parser's, in
:mod:`engine.venezia.commands`; the registration's grammar hands both to the table."""

from __future__ import annotations

from engine.venezia.language import N_

#: verb -> its help line (the verb, its arguments, an example), an English message id said at
#: use (the registration hands the grammar a :func:`~engine.venezia.presentation.words.said_texts`
#: of it). Translators keep the command words (play, build, ...) as they are: they are typed.
HELP: dict[str, str] = {
    "play": N_("play [cards] — e.g. 'play 2 ponte casa'; 'play' alone plays nothing"),
    "flip": N_("flip — 2 players: flip the top card for Klaus-Jürgen"),
    "build": N_("build <type> [solo] — choose the completed building to resolve next"),
    "place": N_("place <hex> [hex] [hex] — where the building goes, e.g. 'place C3 C4'"),
    "score": N_("score <district> — which district the ponte scores"),
    "done": N_("done — stop draining / no flip / continue"),
    "discard": N_("discard <type> — throw away all your cards of one type in front of you"),
    "drain": N_("drain <hex> [hex] — take up to two swamp tokens"),
    "draw": N_("draw deck | draw <type> — take the top card or a pool card"),
    "swap": N_("swap <type> — put a card into the pool, then take 3"),
    "exchange": N_("exchange <token values…> | exchange <N> steps — 5 gold per step"),
}
