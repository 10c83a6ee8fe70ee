"""Venezia in words for people: the texts (``texts``: overview, rules topics, status lines, the
private hand line), the command help (``help``: a line per verb), the terminal summary
(``summary``), the controls (``controls``: button labels, menus, slash commands) and the words
said when read (``words``: building names, the registration's tables kept as message ids and said
in the language in force). Every word comes from the ``venezia`` catalog. The rules
package around it (state, commands, views, invariants, scoring, ...) holds no presentation
words; the registration wires these modules into the table."""
