"""Canal Grande in words for people: the texts (``texts``: overview, rules topics, status lines,
the private hand line), the command help (``help``: a line per verb) and what a decider is
doing (``tasks``). Every reader uses them, whatever the adapter; how its decisions become
buttons, menus and slash commands is the chat's (``chat/canal_grande``). The rules package
around it (state, commands, views, invariants, scoring, ...) holds no presentation words; the
registration wires these modules into the table."""
