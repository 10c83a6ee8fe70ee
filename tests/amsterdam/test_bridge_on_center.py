"""AM-G38 (corrected): a bridge may be laid on the center card, a water card (AM-G2, AM-0.2).
The scenario ``g38_bridge_on_center.toml`` plays it through the commands; this test checks
what follows: the center card stays underneath, the state survives JSON, the invariants hold
and the center's distance (AM-G20) stays 0 now that the center is in an area."""

from __future__ import annotations

from engine.amsterdam import GAME, AmsterdamState
from engine.amsterdam.board import legal_cells, place_reason
from engine.amsterdam.invariants import violations
from engine.amsterdam.scenario import apply_setup
from engine.amsterdam.scoring import distances


def _bridge_to_place() -> AmsterdamState:
    st = GAME.new_state(["Anna", "Ben"], 63, {"variant": "special_cards"})
    setup = {
        "ship": "D5",
        "special_pile": ["bridge"],
        "hands": {"Anna": [43, 44, 2, 3, 6], "Ben": [46, 48, 5, 8, 9]},
    }
    apply_setup(st, setup, "bridge on center")
    for seat, command in [(0, "buy"), (1, "buy no"), (0, "play bridge"), (1, "play 46")]:
        st.apply(seat, command)
    st.apply(1, "place B5")
    assert st.phase == "place" and st.order[0] == 0
    return st


def test_a_bridge_may_cover_the_center_card() -> None:
    st = _bridge_to_place()
    bridge = st.cs.cards[st.revealed[0]]  # type: ignore[index]
    assert bridge.kind == "bridge"
    center = st.center_cell
    assert place_reason(st, 0, bridge, center) is None  # AM-G38: the center included
    assert center in legal_cells(st, 0, bridge)
    assert "place E5" in st.legal_commands(0)
    st.apply(0, "place E5")
    assert st.cs.cards[st.top[center]].kind == "bridge"
    assert st.under[center] == [st.cs.center]
    assert violations(st) == []
    cell = next(c for c in st.public_view()["grid"]["cells"] if c["cell"] == "E5")
    assert cell["card"]["kind"] == "bridge" and cell["covered"][0]["kind"] == "center"
    again = AmsterdamState.from_json(st.to_json())
    assert again.state_hash() == st.state_hash()
    assert distances(st)[center] == 0  # AM-G20: no card lies between the center and itself


def test_the_ship_still_blocks_a_bridge_on_the_center() -> None:
    """AM-G38: not on the card the ship occupies, the center included."""
    st = _bridge_to_place()
    st.ship = st.center_cell
    st._place_cells = None
    bridge = st.cs.cards[st.revealed[0]]  # type: ignore[index]
    assert place_reason(st, 0, bridge, st.center_cell) == "the ship is on that card"  # AM-G38
