"""Venezia's command help in words for people: one line per verb, what ``help`` and the
slash commands show. The words players may type (the aliases) are the parser's, in
:mod:`engine.venezia.commands`; the registration's grammar hands both to the table."""

from __future__ import annotations

#: verb -> its help line (the verb, its arguments, an example)
HELP: dict[str, str] = {
    "play": "play [cards] — e.g. 'play 2 ponte casa'; 'play' alone plays nothing",
    "flip": "flip — 2 players: flip the top card for Klaus-Jürgen",
    "build": "build <type> [solo] — choose the completed building to resolve next",
    "place": "place <hex> [hex] [hex] — where the building goes, e.g. 'place C3 C4'",
    "score": "score <district> — which district the ponte scores",
    "done": "done — stop draining / no flip / continue",
    "discard": "discard <type> — throw away all your cards of one type in front of you",
    "drain": "drain <hex> [hex] — take up to two swamp tokens",
    "draw": "draw deck | draw <type> — take the top card or a pool card",
    "swap": "swap <type> — put a card into the pool, then take 3",
    "exchange": "exchange <token values…> | exchange <N> steps — 5 gold per step",
}
