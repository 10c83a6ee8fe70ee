"""Amsterdam's command help in words for people: one line per verb, what ``help`` and the
slash commands show. The words players may type (the aliases) are the parser's, in
:mod:`engine.amsterdam.commands`; the registration's grammar hands both to the table."""

from __future__ import annotations

#: verb -> its help line (the verb, its arguments, an example)
HELP: dict[str, str] = {
    "play": "play 12 / play tide — reveal a card from your hand in secret (AM-4); 'pass'",
    "pass": "pass — reveal no card this round; take 1 gulden from the bank (AM-4.4)",
    "buy": "buy / buy no — buy a special card or not (AM-V4.2)",
    "show": "show 12 — show a card to settle who buys or starts (AM-V4.4, AM-G35)",
    "ship": "ship E7 / ship stay — move the ship to a water card, or leave it (AM-7)",
    "remove": "remove F7 / remove none — remove a ship-symbol card next to the ship (AM-7.4)",
    "place": "place D5 — put your revealed card into a free cell (AM-8)",
}
