"""Amsterdam in words for people: the texts (``texts``: overview, rules topics, status lines, the
private hand line), the command help (``help``: a line per verb), the controls (``controls``:
button labels, menus, slash commands) and the game words they share (``words``: goods, colours,
special cards, variants). The rules package around it (state, commands, views, invariants,
scoring, ...) holds no presentation words; the registration wires these modules into the table."""
