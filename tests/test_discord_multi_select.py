"""A decision a game declares as a multi-select (Canal Grande's divide: the revealed cards for
offer A) becomes ONE Discord select with min/max values instead of 254 grouped options."""

from __future__ import annotations

import dataclasses

from bot.discord.commands import verb_choices
from bot.discord.controls import decision_components, multi_command
from bot.discord.multi import multi_text, private_multi_spec
from bot.discord.specs import (
    CUSTOM_ID_MAX,
    MAX_SELECT_OPTIONS,
    SelectSpec,
    controls_for,
    parse_id,
)
from bot.discord.views import VzSelect
from bot.table.outputs import DecisionInfo
from bot.table.presentation import multi_choice
from chat.registry import controls_of
from engine.canal_grande import CanalGrandeState
from engine.canal_grande.cards import load_components
from engine.canal_grande.commands import format_place
from engine.canal_grande.scenario import apply_setup
from engine.canal_grande.votes import legal_placements
from engine.core import options_of
from engine.registry import registration


def _divide_decision() -> tuple[DecisionInfo, CanalGrandeState]:
    state = CanalGrandeState.new(["Anna", "Bela"], seed=5)
    d = state.pending()
    assert d is not None and d.kind == "divide"
    view = state.public_view()
    info = DecisionInfo(
        channel_id="123",
        game_id=4,
        seq=7,
        seat=d.seat,
        user_id="42",
        name=state.players[d.seat],
        kind=d.kind,
        prompt=d.prompt,
        options=tuple(d.options),
        game="canal_grande",
        multi=multi_choice(controls_of(registration("canal_grande")), d.kind, view),
    )
    return info, state


def test_the_divide_is_one_select_of_the_revealed_cards() -> None:
    info, state = _divide_decision()
    assert len(info.options or ()) == 254  # what the old grouped path had to offer
    comps = decision_components(info)
    selects = [c for c in comps if isinstance(c, SelectSpec)]
    assert len(selects) == 1
    menu = selects[0]
    assert len(menu.options) == len(state.revealed) == 8
    assert (menu.min_values, menu.max_values) == (1, 7)
    assert [o.value for o in menu.options] == [str(i) for i in range(1, 9)]
    first = state.public_view()["revealed"][0]
    assert menu.options[0].label == f"1 · {first['name']}"
    cid = parse_id(menu.custom_id)
    assert cid is not None and (cid.action, cid.arg) == ("multi", "divide")
    assert (cid.channel, cid.game, cid.seq) == ("123", 4, 7) and cid.is_decision
    assert len(menu.custom_id) <= CUSTOM_ID_MAX and len(menu.options) <= MAX_SELECT_OPTIONS
    assert len(menu.placeholder) <= 150
    assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in menu.options)
    assert all(o.description is None or len(o.description) <= 100 for o in menu.options)
    assert all(c.row is not None and c.row < 5 for c in comps)


def test_chosen_cards_become_the_divide_command_in_position_order() -> None:
    assert multi_command("divide", ["7", "1", "4"]) == "divide 1 4 7"
    info, state = _divide_decision()
    command = multi_command("divide", ["3", "1"])
    assert command in (info.options or ())
    state.apply(info.seat, command)  # the engine accepts it
    assert [c["pos"] for c in state.public_view()["revealed"] if c["offer"] == "A"] == [1, 3]


def test_decisions_without_a_declaration_have_no_multi_select() -> None:
    assert multi_choice(controls_of(registration("canal_grande")), "choose", {}) is None
    assert multi_choice(controls_of(registration("venezia")), "divide", {}) is None


def test_the_discord_select_keeps_min_and_max_values() -> None:
    info, _ = _divide_decision()
    menu = next(c for c in decision_components(info) if isinstance(c, SelectSpec))
    item = VzSelect(menu).item
    assert (item.min_values, item.max_values) == (1, 7)
    assert [o.value for o in item.options] == [str(i) for i in range(1, 9)]


def _place_decision() -> tuple[DecisionInfo, CanalGrandeState]:
    """Anna opens a vote in San Marco holding 2 San Marco, a gondola and 2 Castello."""
    state = CanalGrandeState.new(["Anna", "Bela"], seed=1, first_divider=1)
    apply_setup(
        state,
        {
            "divider": "Bela",
            "hands": {
                "Anna": ["sanmarco", "sanmarco", "gondola", "castello", "castello"],
                "Bela": ["sanmarco"],
            },
            "revealed": ["doge", "cannaregio", "cannaregio", "spy", "spy", "n1", "n1", "n2"],
        },
        "test",
    )
    for seat, command in ((1, "divide 1"), (0, "take A"), (0, "vote sanmarco")):
        state.apply(seat, command)
    d = state.pending()
    assert d is not None and d.kind == "place" and not d.public_options
    info = DecisionInfo(
        channel_id="123",
        game_id=4,
        seq=9,
        seat=d.seat,
        user_id="42",
        name=state.players[d.seat],
        kind=d.kind,
        prompt=d.prompt,
        options=None,  # private: never on the table's message
        game="canal_grande",
        decline=d.decline,
        multi=multi_choice(controls_of(registration("canal_grande")), d.kind, state.public_view()),
    )
    return info, state


def test_a_placement_is_no_public_select_but_a_private_one_of_the_hand() -> None:
    """The table message keeps only the "Place cards…" button (the items show the hand); the
    button's private answer is one multi-select of the cards a legal placement may use."""
    info, state = _place_decision()
    assert info.multi is None
    public = decision_components(info)
    assert not [c for c in public if isinstance(c, SelectSpec)]
    assert any(":opt:place" in c.custom_id for c in public)
    d = state.pending()
    assert d is not None
    spec = private_multi_spec(info, d.choices)
    assert spec is not None and spec.ephemeral and len(spec.components) == 1
    menu = spec.components[0]
    assert isinstance(menu, SelectSpec)
    assert [o.value for o in menu.options] == [
        "sanmarco.1",
        "sanmarco.2",
        "gondola.castello.1",
        "gondola.castello.2",
    ]
    assert (menu.min_values, menu.max_values) == (1, 4)
    cid = parse_id(menu.custom_id)
    assert cid is not None and (cid.action, cid.arg, cid.seq) == ("multi", "place", 9)
    command = multi_text("canal_grande", cid.arg, ["gondola.castello.1", "sanmarco.1"])
    assert command == "place sanmarco gondola castello" and command in d.options
    state.apply(d.seat, command)  # CG-6.4, CG-6.10: the engine takes it as typed


def test_multi_text_falls_back_to_the_verb_and_values() -> None:
    assert multi_text("canal_grande", "divide", ["3", "1"]) == "divide 1 3"
    assert multi_text("venezia", "build", ["b", "a"]) == "build a b"


def test_no_private_select_without_a_declaration_or_without_items() -> None:
    info, _ = _place_decision()
    # the plain list (just "pass") instead
    assert private_multi_spec(info, options_of(["pass"])) is None
    other = dataclasses.replace(info, kind="district", game="canal_grande")
    assert private_multi_spec(other, options_of(["vote sanmarco"])) is None


def test_typed_placements_deep_in_a_long_list_are_reached_by_autocomplete() -> None:
    """A vote's hundreds of placements stay reachable as typed commands: typing a placement's
    cards puts it among the /place autocomplete choices (CG-6.7b)."""
    districts = load_components().districts
    hand = {"sanmarco": 4, "gondola": 3, "castello": 4, "dorsoduro": 4, "sanpolo": 3}
    options = [
        format_place("sanmarco", k, groups)
        for k, groups in legal_placements(hand, districts, "sanmarco", False, 1)
    ]
    assert len(options) > 300
    controls = controls_for("canal_grande")
    typed_options = options_of(options)
    for option in options[::37]:
        typed = option.removeprefix("place ")
        values = [v for _, v in verb_choices(typed_options, ("place",), typed, controls=controls)]
        assert typed in values, (typed, values[:5])
