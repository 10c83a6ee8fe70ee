"""Canal Grande's command help in words for people: one line per verb, what ``help`` and the
slash commands show. The words players may type (the aliases) are the parser's, in
:mod:`engine.canal_grande.commands`; the registration's grammar hands both to the table."""

from __future__ import annotations

#: verb -> its help line (the verb, its arguments, an example)
HELP: dict[str, str] = {
    "divide": "divide <positions> — the cards of offer A, e.g. 'divide 1 4 7'; the rest is offer B",
    "take": "take A | take B — take one of the two offers",
    "vote": "vote <district> — the district of the vote, e.g. 'vote sanmarco'",
    "place": "place <cards> — add cards to the vote, e.g. 'place sanmarco gondola 2 castello'",
    "pass": "pass — place nothing more in this vote",
}
