"""What a seat is doing while the others wait, as they read it: a noun phrase per kind of
decision ("waiting for Anna (drawing cards)"). The prompt (``Decision.prompt``) asks the
decider himself, in the second person; this is its third-person form (#25)."""

from __future__ import annotations

from engine.amsterdam.language import _p


def task(kind: str) -> str | None:
    """The decision of ``kind`` as the others read it (``None``: a kind without one)."""
    # Translators: what a player is doing while the others wait for him, a noun phrase
    # said in "waiting for {names} ({task})"
    if kind == "buy":
        return _p("task", "the secret choice whether to buy a special card")
    if kind == "contest":
        return _p("task", "a card shown for the last special card")
    if kind == "choose":
        return _p("task", "the secret choice of a card to reveal, or a pass")
    if kind == "order":
        return _p("task", "a card shown for the first turn")
    if kind == "ship":
        return _p("task", "the ship's move")
    if kind == "remove":
        return _p("task", "the removal of a harbor card next to the ship")
    if kind == "place":
        return _p("task", "placing the revealed card")
    return None
