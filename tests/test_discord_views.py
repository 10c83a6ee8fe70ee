"""The pure layer of the Discord adapter: custom ids, decision components, message specs."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord.commands import help_text, verb_choices
from bot.discord.controls import (
    decision_components,
    filter_options,
    group_choice_spec,
    lobby_components,
    pick_selects,
    private_choice_spec,
)
from bot.discord.messages import dm_spec, public_specs, reply_spec
from bot.discord.specs import (
    CUSTOM_ID_MAX,
    ButtonSpec,
    SelectSpec,
    controls_for,
    make_id,
    option_group,
    parse_id,
)
from bot.discord.views import VzButton, VzSelect, build_view, dynamic_item_for, send_kwargs
from bot.table.outputs import DecisionInfo, PrivateUpdate, PublicUpdate, Reply
from engine.core import Option, options_of

CH = "123456789012345678"
VZ = controls_for("venezia")


def decision(kind: str, options: list[str] | None, seq: int = 7, **kw: object) -> DecisionInfo:
    base: dict[str, object] = {
        "channel_id": CH,
        "game_id": 3,
        "seq": seq,
        "seat": 0,
        "user_id": "42",
        "name": "Alice",
        "kind": kind,
        "prompt": "do something",
        "options": None if options is None else tuple(options),
        "game": "venezia",
    }
    if options and "done" in options:
        base["decline"] = "done"  # Venezia's optional decisions decline with ``done``
    base.update(kw)
    return DecisionInfo(**base)  # type: ignore[arg-type]


def check_layout(components: tuple[ButtonSpec | SelectSpec, ...]) -> None:
    """Discord's limits: 5 rows, 5 buttons or one select per row, 25 options, 100-char ids."""
    rows: dict[int, list[ButtonSpec | SelectSpec]] = {}
    for c in components:
        assert c.row is not None and 0 <= c.row < 5
        rows.setdefault(c.row, []).append(c)
        assert len(c.custom_id) <= CUSTOM_ID_MAX
        assert dynamic_item_for(c.custom_id) is (
            VzButton if isinstance(c, ButtonSpec) else VzSelect
        )
        if isinstance(c, SelectSpec):
            assert 1 <= len(c.options) <= 25
            assert all(len(o.value) <= 100 and len(o.label) <= 100 for o in c.options)
    for row in rows.values():
        if any(isinstance(c, SelectSpec) for c in row):
            assert len(row) == 1
        else:
            assert len(row) <= 5
    assert len({c.custom_id for c in components}) == len(components), "ids are unique"


# -- custom ids ------------------------------------------------------------------------------


def test_ids_round_trip() -> None:
    text = make_id(CH, 12, 345, "do", "build ponte solo")
    assert text == f"vz:{CH}:12:345:do:build ponte solo"
    cid = parse_id(text)
    assert cid is not None
    assert (cid.channel, cid.game, cid.seq, cid.action, cid.arg) == (
        CH,
        12,
        345,
        "do",
        "build ponte solo",
    )
    assert cid.text() == text
    assert parse_id(make_id(CH, 0, 0, "hand")) is not None
    assert parse_id("something:else") is None
    assert parse_id("vz:abc:1:2:do") is None
    with pytest.raises(ValueError):
        make_id(CH, 1, 1, "do", "x" * 100)


def test_templates_do_not_overlap() -> None:
    assert dynamic_item_for(make_id(CH, 1, 2, "do", "done")) is VzButton
    assert dynamic_item_for(make_id(CH, 1, 2, "hand")) is VzButton
    assert dynamic_item_for(make_id(CH, 0, 0, "join")) is VzButton
    assert dynamic_item_for(make_id(CH, 1, 2, "pick", "d0")) is VzSelect
    assert dynamic_item_for(make_id(CH, 1, 2, "grp", "drain")) is VzSelect
    assert dynamic_item_for("vz:1:2:3:unknown") is None
    for pattern in (
        VzButton.__discord_ui_compiled_template__,
        VzSelect.__discord_ui_compiled_template__,
    ):
        assert isinstance(pattern, re.Pattern)


# -- decision components ---------------------------------------------------------------------


def test_few_public_options_are_buttons() -> None:
    d = decision("drain", ["drain C1", "drain C3", "drain K2", "done"])
    comps = decision_components(d)
    check_layout(comps)
    buttons = [c for c in comps if isinstance(c, ButtonSpec)]
    labels = [b.label for b in buttons]
    assert labels == ["C1", "C3", "K2", "Done", "Exchange gold…", "My hand"]
    assert parse_id(buttons[0].custom_id).arg == "drain C1"  # type: ignore[union-attr]
    assert all(parse_id(b.custom_id).seq == 7 for b in buttons)  # type: ignore[union-attr]


def test_fifteen_buttons_use_three_rows() -> None:
    d = decision("place", [f"place C{i}" for i in range(1, 16)])
    comps = decision_components(d)
    check_layout(comps)
    assert max(c.row for c in comps) == 3  # type: ignore[type-var]


def test_up_to_25_public_options_make_one_select() -> None:
    d = decision("place", [f"place C{i} C{i + 1}" for i in range(1, 21)])
    comps = decision_components(d)
    check_layout(comps)
    (select,) = [c for c in comps if isinstance(c, SelectSpec)]
    assert [o.value for o in select.options] == list(d.options or ())
    assert parse_id(select.custom_id).arg == "d0"  # type: ignore[union-attr]


def test_many_public_options_group_by_district() -> None:
    options = [f"drain {d}{i}" for d in "CKPMD" for i in range(1, 18)] + ["done"]
    d = decision("drain", options)
    comps = decision_components(d)
    check_layout(comps)
    (grp,) = [c for c in comps if isinstance(c, SelectSpec)]
    assert parse_id(grp.custom_id).action == "grp"  # type: ignore[union-attr]
    assert [o.value for o in grp.options] == list("CKPMD")
    assert grp.options[0].label == "C — Cannaregio"
    assert grp.options[0].description == "17 choices"
    assert any(c.custom_id.endswith(":do:done") for c in comps)
    spec = group_choice_spec(CH, 3, 7, options_of(options), "K", "d", "venezia")
    check_layout(spec.components)
    picked = [o.value for c in spec.components if isinstance(c, SelectSpec) for o in c.options]
    assert picked == [o for o in options if o.startswith("drain K")]
    assert spec.ephemeral


def test_a_hundred_placements_fit() -> None:
    options = [f"place C{i} C{i + 1}" for i in range(1, 61)] + [
        f"place K{i} K{i + 1}" for i in range(1, 41)
    ]
    d = decision("place", options)
    comps = decision_components(d)
    check_layout(comps)
    spec = group_choice_spec(CH, 3, 7, options_of(options), "C", "d", "venezia")
    check_layout(spec.components)
    assert sum(len(c.options) for c in spec.components if isinstance(c, SelectSpec)) == 60


@pytest.mark.parametrize(
    ("kind", "label", "flt"),
    [
        ("play", "Choose cards…", "play"),
        ("draw", "Draw or swap…", "draw"),
        ("take", "Take a card…", "draw"),
        ("exchange_window", "Exchange gold…", "exchange"),
    ],
)
def test_private_decisions_open_private_choices(kind: str, label: str, flt: str) -> None:
    comps = decision_components(decision(kind, None))
    check_layout(comps)
    first = comps[0]
    assert isinstance(first, ButtonSpec) and first.label == label
    assert first.custom_id.endswith(f":opt:{flt}")
    assert comps[-1].custom_id.endswith(":hand")
    if kind == "play":
        assert any(c.custom_id.endswith(":do:play") for c in comps)
    if kind == "exchange_window":
        assert any(c.custom_id.endswith(":do:done") for c in comps)
    assert sum(c.custom_id.endswith(":opt:exchange") for c in comps) == 1


def test_the_gold_pause_shows_the_same_buttons_whatever_the_gold() -> None:
    """V-G1 Decision: the pause opens whenever the player holds a token. Whether his secret
    token values reach 5 gold must not show on the public message: "Exchange gold…" is there
    (a click without an exchange is answered privately) beside "Continue"."""
    comps = decision_components(decision("exchange_window", None))
    check_layout(comps)
    assert sum(c.custom_id.endswith(":opt:exchange") for c in comps) == 1
    assert any(c.custom_id.endswith(":do:done") for c in comps)
    assert comps[-1].custom_id.endswith(":hand")


def test_the_side_action_follows_the_public_view_only() -> None:
    """Outside the pause, "Exchange gold…" follows ``DecisionInfo.side_action`` (from the
    public view: his turn, tokens in front of him), never his own options."""
    shown = decision_components(decision("play", None))
    hidden = decision_components(decision("play", None, side_action=False))
    assert any(c.custom_id.endswith(":opt:exchange") for c in shown)
    assert not any(c.custom_id.endswith(":opt:exchange") for c in hidden)
    assert [c for c in shown if not c.custom_id.endswith(":opt:exchange")] == list(hidden)


def test_flip_end_and_ai() -> None:
    comps = decision_components(decision("flip_end", ["flip", "done"]))
    check_layout(comps)
    assert [c.label for c in comps] == [
        "Flip for Klaus-Jürgen",
        "Done",
        "Exchange gold…",
        "My hand",
    ]
    assert decision_components(decision("play", None, is_ai=True, user_id=None)) == ()


def test_long_options_use_an_index() -> None:
    long = "exchange " + " ".join(["1"] * 60)
    long_and_short = options_of([long, "exchange 5"])
    (select,) = pick_selects(CH, 1, 2, long_and_short, source="u", game_name="venezia")
    assert [o.value for o in select.options] == ["#0", "exchange 5"]
    assert parse_id(select.custom_id).arg == "u0"  # type: ignore[union-attr]


def test_private_choice_chunks_of_25() -> None:
    options = [f"play {i} casa" for i in range(60)]
    spec = private_choice_spec(CH, 1, 2, options_of(options), "Your plays", game_name="venezia")
    check_layout(spec.components)
    assert [len(c.options) for c in spec.components] == [25, 25, 10]  # type: ignore[union-attr]
    assert spec.ephemeral
    many = private_choice_spec(
        CH, 1, 2, options_of(f"play {i}" for i in range(200)), "Your plays", game_name="venezia"
    )
    assert len(many.components) == 5 and "first 125" in (many.content or "")


def test_filters_and_groups() -> None:
    options = options_of(["play", "play 2 ponte", "flip", "exchange 5", "draw deck", "swap casa"])

    def commands(flt: str) -> list[str]:
        return [o.command for o in filter_options(options, flt, "venezia")]

    assert commands("play") == ["play", "play 2 ponte", "flip"]
    assert commands("draw") == ["draw deck", "swap casa"]
    assert commands("exchange") == ["exchange 5"]
    assert filter_options(options, "all", "venezia") == list(options)
    assert option_group(Option.of("place K12 K13"), "venezia") == "K"
    assert option_group(Option.of("drain C3"), "venezia") == "C"


def test_lobby_buttons() -> None:
    comps = lobby_components(CH)
    check_layout(comps)
    assert [parse_id(c.custom_id).action for c in comps] == [  # type: ignore[union-attr]
        "join",
        "leave",
        "addbot",
        "removebot",
        "start",
    ]
    assert [c.label for c in lobby_components(CH, rematch=True)] == ["Join", "Start a rematch"]


# -- message specs ---------------------------------------------------------------------------


def test_public_specs_components_only_on_the_last() -> None:
    d = decision("play", None)
    updates = [
        PublicUpdate("Alice plays", b"PNG1", "board", 5),
        PublicUpdate("AI plays", b"PNG2", "board", 6),
    ]
    specs = public_specs(updates, d, CH, game_title="Venezia")
    assert specs[0].components == () and specs[1].components
    assert specs[1].content is not None and "<@42>" in specs[1].content
    assert specs[1].mentions == ("42",)
    assert specs[0].title == "Venezia — move 6" and specs[0].filename == "board-6.png"
    lobby = public_specs([PublicUpdate("Bob joins.")], None, CH, game_title="Venezia")
    assert lobby[0].title is None and lobby[0].content == "Bob joins."
    assert lobby[0].components[0].custom_id.endswith(":join")
    over = public_specs(
        [PublicUpdate("game over", b"END", "end", 99)],
        None,
        CH,
        game_over=True,
        game_title="Venezia",
    )
    assert over[0].title == "Venezia — game over"
    assert len(over[0].components) == 2


def test_reply_and_dm_specs() -> None:
    ok = reply_spec(Reply("status", image=b"P", image_kind="board"), title="t")
    assert ok.ephemeral and ok.image == b"P" and ok.filename == "board.png"
    err = reply_spec(Reply.refuse("no_game", "no game here"), title="t", ephemeral=False)
    assert err.ephemeral and err.content == "no game here"
    d = decision("play", None)
    pub = reply_spec(Reply("x", decision=d), title="t", ephemeral=False, with_components=True)
    assert pub.components and not pub.ephemeral
    dm = dm_spec(PrivateUpdate("42", 0, "your hand: casa", b"H", "hand"), CH, "Venezia")
    assert dm.components == () and dm.filename == "hand.png" and "casa" in (dm.description or "")


async def test_send_kwargs_and_view() -> None:
    d = decision("drain", ["drain C1", "done"])
    spec = public_specs([PublicUpdate("x", b"PNG", "board", 1)], d, CH, game_title="Venezia")[0]
    kwargs = send_kwargs(spec)
    assert isinstance(kwargs["embed"], discord.Embed)
    assert kwargs["embed"].image.url == "attachment://board-2.png"
    assert kwargs["file"].filename == "board-2.png"
    view = kwargs["view"]
    assert view.timeout is None and view.is_persistent()
    assert all(isinstance(c, VzButton) for c in view.children)
    assert [u.id for u in kwargs["allowed_mentions"].users] == [42]
    assert "ephemeral" not in kwargs
    private = send_kwargs(reply_spec(Reply("hi"), title="t"), ephemeral_ok=True)
    assert private["ephemeral"] is True and "view" not in private and "file" not in private
    assert build_view(()) is None


async def test_dynamic_items_rebuild_from_custom_ids() -> None:
    d = decision("drain", [f"drain C{i}" for i in range(1, 40)] + ["done"])
    comps = decision_components(d)
    for c in comps:
        cls = dynamic_item_for(c.custom_id)
        assert cls is not None
        match = cls.__discord_ui_compiled_template__.fullmatch(c.custom_id)
        assert match is not None
        if isinstance(c, ButtonSpec):
            base: discord.ui.Item[discord.ui.View] = discord.ui.Button(
                custom_id=c.custom_id, label=c.label
            )
        else:
            base = discord.ui.Select(
                custom_id=c.custom_id,
                options=[discord.SelectOption(label=o.label, value=o.value) for o in c.options],
            )
        item = await cls.from_custom_id(None, base, match)  # type: ignore[arg-type]
        assert item.custom_id == c.custom_id


# -- autocomplete and help texts --------------------------------------------------------------


def test_verb_choices() -> None:
    options = options_of(
        [
            "play",
            "play casa",
            "play 2 ponte",
            "play 2 ponte casa",
            "exchange 6 2 2",
            "exchange 6 2 2 1 1 3",
            "draw deck",
            "draw ponte",
            "score C",
            "place C3 C4",
            "place K1 K2",
        ]
    )
    plays = verb_choices(options, ("play",), "", controls=VZ)
    assert plays[0] == ("no cards", "nothing")
    assert [v for _, v in verb_choices(options, ("play",), "pon", controls=VZ)] == [
        "2 ponte",
        "2 ponte casa",
    ]
    assert [v for _, v in verb_choices(options, ("play",), "play 2", controls=VZ)] == [
        "2 ponte",
        "2 ponte casa",
    ]
    ex = verb_choices(options, ("exchange",), "", controls=VZ)
    assert ex[0] == ("6 2 2 → 2 steps (10 gold)", "6 2 2")
    assert verb_choices(options, ("draw",), "", controls=VZ)[0] == ("the deck", "deck")
    assert verb_choices(options, ("score",), "", controls=VZ) == [("C — Cannaregio", "C")]
    assert [v for _, v in verb_choices(options, ("place",), "c4", controls=VZ)] == ["C3 C4"]
    assert [v for _, v in verb_choices(options, ("place",), "K", controls=VZ)] == ["K1 K2"]
    many = options_of(f"drain C{i}" for i in range(80))
    assert len(verb_choices(many, ("drain",), "", controls=VZ)) == 25
    assert verb_choices(options, ("swap",), "", controls=VZ) == []


def test_help_text() -> None:
    text = help_text([("join", "Sit down"), ("play", "Play cards")], "Some Game")
    assert "`/join` — Sit down" in text and "button" in text
    assert "**Some Game at this channel's table**" in text


def test_group_select_names_each_games_own_group() -> None:
    """The "choose a … first" select says what the game groups by (#12: the shared layer
    names no game's districts): Venezia's districts, Amsterdam's rows."""
    from bot.discord.controls import group_select

    hexes = options_of(
        [f"place C{i}" for i in range(1, 30)] + [f"place K{i}" for i in range(1, 30)]
    )
    assert group_select(CH, 1, 2, hexes, game_name="venezia").placeholder.startswith(
        "Choose a district ("
    )
    cells = options_of(f"place {r}{c}" for r in "ABCDEFG" for c in range(1, 8))
    spec = group_select(CH, 1, 2, cells, game_name="amsterdam")
    assert spec.placeholder.startswith("Choose a row (")
    assert [o.value for o in spec.options] == list("ABCDEFG")


def test_event_lines_join_without_a_stray_semicolon() -> None:
    """A start message ends its own sentence ("… Options: turn_limit=500."): the next event
    follows after a space, not ".;" (seen in the channel preview)."""
    from bot.discord.live import join_events, turn_summary

    start = "alice starts Canal Grande! Options: turn_limit=500."
    assert join_events([start, "alice divides", "bob takes offer B"]) == (
        "alice starts Canal Grande! Options: turn_limit=500. alice divides; bob takes offer B"
    )
    assert ".;" not in turn_summary([start, "alice divides"])
    assert join_events([]) == ""
