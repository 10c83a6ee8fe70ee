"""Amsterdam's command help in words for people: one line per verb, what ``help`` and the
slash commands show. The words players may type (the aliases) are the parser's, in
:mod:`engine.amsterdam.commands`; the registration's grammar hands both to the table.

The commands in a line (``play 12``, ``ship stay``) are what players type in every language;
the rest is said in the language in force when a line is read (:data:`HELP` is a mapping that
says its lines on lookup)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.amsterdam.language import N_, _

#: verb -> its help line (the verb, its arguments, an example), marked for the catalogs
# Translators: the commands (play 12, play tide, pass, buy no, ship E7, ship stay, remove F7,
# remove none, place D5, show 12) stay as they are: players type them in English.
LINES: dict[str, str] = {
    # rule: AM-4
    "play": N_("play 12 / play tide — reveal a card from your hand in secret; 'pass'"),
    # rule: AM-4.4
    "pass": N_("pass — reveal no card this round; take 1 gulden from the bank"),
    # rule: AM-V4.2
    "buy": N_("buy / buy no — buy a special card or not"),
    # rule: AM-V4.4, AM-G35
    "show": N_("show 12 — show a card to settle who buys or starts"),
    # rule: AM-7
    "ship": N_("ship E7 / ship stay — move the ship to a water card, or leave it"),
    # rule: AM-7.4
    "remove": N_("remove F7 / remove none — remove a ship-symbol card next to the ship"),
    # rule: AM-8
    "place": N_("place D5 — put your revealed card into a free cell"),
}


class _Help(Mapping[str, str]):
    """verb -> its help line in the language in force (said on each lookup)."""

    def __getitem__(self, verb: str) -> str:
        return _(LINES[verb])

    def __iter__(self) -> Iterator[str]:
        return iter(LINES)

    def __len__(self) -> int:
        return len(LINES)


HELP: Mapping[str, str] = _Help()
