"""What a seat is doing while the others wait, as they read it: a noun phrase per kind of
decision ("waiting for Anna (drawing cards)"). The prompt (``Decision.prompt``) asks the
decider himself, in the second person; this is its third-person form (#25)."""

from __future__ import annotations

from engine.canal_grande.language import _p


def task(kind: str) -> str | None:
    """The decision of ``kind`` as the others read it (``None``: a kind without one)."""
    # Translators: what a player is doing while the others wait for him, a noun phrase
    # said in "waiting for {names} ({task})"
    if kind == "divide":
        return _p("task", "dividing the revealed cards into two offers")
    if kind == "choose":
        return _p("task", "the choice between offer A and offer B")
    if kind == "district":
        return _p("task", "naming the district of the vote")
    if kind == "place":
        return _p("task", "placing cards for the vote")
    return None
