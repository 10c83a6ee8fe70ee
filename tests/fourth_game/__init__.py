"""High Card: a fourth game that lives only in the tests, to prove that the table, the terminal
and the Discord adapter know no game (issue #18). Everything about it is in this folder; the
tests register it at run time (``conftest.py``, :func:`engine.registry.registered`).

The rules (``rules.py``): two players are each dealt ``rounds`` cards from two copies of
1…rounds+1 (two cards stay unseen). Every round both pick a card at the same time and in secret
(a *sealed* stage, like Amsterdam's AM-4.2); both are revealed together, the higher card wins
the round, a tie nobody. After the last round the player with more rounds won wins.
"""
