"""Venezia in words for people: the texts (``texts``: overview, rules topics, status lines, the
private hand line), the command help (``help``: a line per verb), the terminal summary
(``summary``), what a decider is doing (``tasks``) and the words said when read (``words``:
building names, the registration's tables kept as message ids and said in the language in
force). Every word comes from the ``venezia`` catalog. Every reader uses them, whatever the
adapter; how its decisions become buttons, menus and slash commands is the chat's
(``chat/venezia``). The rules package around it (state, commands, views, invariants, scoring,
...) holds no presentation words; the registration wires these modules into the table."""
