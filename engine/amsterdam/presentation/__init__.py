"""Amsterdam in words for people: the texts (``texts``: overview, rules topics, status lines, the
private hand line), the command help (``help``: a line per verb), what a decider is doing
(``tasks``) and the game words they share (``words``: goods, colours, special cards, variants).
Every reader uses them, whatever the adapter; how its decisions become buttons, menus and slash
commands is the chat's (``chat/amsterdam``). The rules package around it (state, commands,
views, invariants, scoring, ...) holds no presentation words; the registration wires these
modules into the table."""
