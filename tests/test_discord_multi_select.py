"""A decision a game declares as a multi-select (Canal Grande's divide: the revealed cards for
offer A) becomes ONE Discord select with min/max values instead of 254 grouped options."""

from __future__ import annotations

from bot.discord_controls import decision_components, multi_command
from bot.discord_specs import CUSTOM_ID_MAX, MAX_SELECT_OPTIONS, SelectSpec, parse_id
from bot.discord_views import VzSelect
from bot.outputs import DecisionInfo
from bot.table.presentation import multi_choice
from engine.canal_grande import CanalGrandeState


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
        multi=multi_choice("canal_grande", d.kind, view),
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
    assert multi_choice("canal_grande", "choose", {}) is None
    assert multi_choice("venezia", "divide", {}) is None


def test_the_discord_select_keeps_min_and_max_values() -> None:
    info, _ = _divide_decision()
    menu = next(c for c in decision_components(info) if isinstance(c, SelectSpec))
    item = VzSelect(menu).item
    assert (item.min_values, item.max_values) == (1, 7)
    assert [o.value for o in item.options] == [str(i) for i in range(1, 9)]
