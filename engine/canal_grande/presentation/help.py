"""Canal Grande's command help in words for people: one line per verb, what ``help`` and the
slash commands show. The words players may type (the aliases) are the parser's, in
:mod:`engine.canal_grande.commands`; the registration's grammar hands both to the table.

The lines are marked messages, said in the language in force at each lookup (:data:`HELP_LINES`
is what the registration gives the table)."""

from __future__ import annotations

from engine.canal_grande.language import N_, _
from engine.i18n import SaidMapping

#: verb -> its help line (the verb, its arguments, an example); keep the " — " that parts the
#: usage from what it does
HELP: dict[str, str] = {
    "divide": N_(
        "divide <positions> — the cards of offer A, e.g. 'divide 1 4 7'; the rest is offer B"
    ),
    "take": N_("take A | take B — take one of the two offers"),
    "vote": N_("vote <district> — the district of the vote, e.g. 'vote sanmarco'"),
    "place": N_("place <cards> — add cards to the vote, e.g. 'place sanmarco gondola 2 castello'"),
    "pass": N_("pass — place nothing more in this vote"),
}


def _said(verb: str, line: str) -> str:
    return _(line)


#: the help lines said in the language in force
HELP_LINES: SaidMapping[str, str] = SaidMapping(HELP, _said)
