"""The board header describes the last turn's changes when the current turn has none yet."""

from __future__ import annotations


def test_header_names_last_turn_changes_as_last_turn() -> None:
    import random

    from engine.venezia import VeneziaState
    from render.venezia.board_base import _moves
    from render.venezia.board_regions import _changes_line

    state = VeneziaState.new(["Anna", "Béla", "Cleo"], 5)
    rng = random.Random(2)
    while not (state.turn == 12 and state.phase == "play"):
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    view = state.public_view()
    line = _changes_line(view, _moves(view))
    if view["last_turn"]["drained"]:
        assert line.startswith("Last turn: ")
        assert ", ".join(view["last_turn"]["drained"]) in line
