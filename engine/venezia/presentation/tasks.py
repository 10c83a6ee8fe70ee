"""What a seat is doing while the others wait, as they read it: a noun phrase per kind of
decision ("waiting for Anna (drawing cards)"). The prompt (``Decision.prompt``) asks the
decider himself, in the second person; this is its third-person form (#25)."""

from __future__ import annotations

from engine.venezia.language import _p


def task(kind: str) -> str | None:
    """The decision of ``kind`` as the others read it (``None``: a kind without one)."""
    # Translators: what a player is doing while the others wait for him, a noun phrase
    # said in "waiting for {names} ({task})"
    if kind == "play":
        return _p("task", "playing cards")
    if kind == "build":
        return _p("task", "the choice of the next building to complete")
    if kind == "place":
        return _p("task", "placing a building")
    if kind == "district":
        return _p("task", "naming the district the ponte scores")
    if kind == "exchange_window":
        return _p("task", "exchanging gold, or going on")
    if kind == "discard":
        return _p("task", "discarding a whole type")
    if kind == "drain":
        return _p("task", "draining swamps")
    if kind == "draw":
        return _p("task", "drawing cards")
    if kind == "take":
        return _p("task", "taking cards from the pool or the deck")
    if kind == "flip_end":
        return _p("task", "flipping a card for Klaus-Jürgen, or done")
    return None
