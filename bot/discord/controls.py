"""The components of the table's messages: the buttons and select menus of a pending decision
(the same choices as the slash commands), the lobby's buttons, and the private option lists
that some buttons open. Pure functions over :mod:`bot.discord.specs`; no discord.py."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from bot.discord.specs import (
    CUSTOM_ID_MAX,
    MAX_OPTION_BUTTONS,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    ROW_WIDTH,
    ButtonSpec,
    Component,
    MessageSpec,
    OptionSpec,
    SelectSpec,
    Style,
    clip,
    controls_for,
    group_names,
    make_id,
    option_description,
    option_group,
    option_label,
)
from bot.discord.translator import in_any_catalog
from bot.table.outputs import DecisionInfo
from chat.controls import multi_command
from engine.core import Option
from engine.i18n import say, sentence
from engine.i18n.shared import _, _n, _p

__all__ = [
    "decision_components",
    "filter_options",
    "group_choice_spec",
    "group_select",
    "lobby_components",
    "multi_command",
    "multi_select",
    "pick_selects",
    "private_choice_spec",
]


def _option_value(option: Option, index: int) -> str:
    command = option.command
    return command if len(command) <= CUSTOM_ID_MAX else f"#{index}"


def _button_arg(channel: str, game: int, seq: int, option: Option, index: int) -> str:
    try:
        make_id(channel, game, seq, "do", option.command)
    except ValueError:
        return f"#{index}"
    return option.command


# --------------------------------------------------------------------------------------------
# Components for a decision, the lobby, private option lists
# --------------------------------------------------------------------------------------------


def lobby_components(channel: str | int, *, rematch: bool = False) -> tuple[Component, ...]:
    """Join / Leave / Add AI / Remove AI / Start (after a game: Join and Start a rematch)."""
    ch = str(channel)

    def b(action: str, label: str, style: Style = "secondary") -> ButtonSpec:
        return ButtonSpec(make_id(ch, 0, 0, action), label, style, 0)

    if rematch:
        return (
            b("join", _p("button", "Join")),
            b("start", _p("button", "Start a rematch"), "success"),
        )
    return (
        b("join", _p("button", "Join"), "primary"),
        b("leave", _p("button", "Leave")),
        b("addbot", _p("button", "Add AI")),
        b("removebot", _p("button", "Remove AI")),
        b("start", _p("button", "Start"), "success"),
    )


def pick_selects(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[Option],
    *,
    what: str | None = None,
    first_row: int = 0,
    indexes: Sequence[int] | None = None,
    source: Literal["d", "u"] = "d",
    game_name: str,
) -> tuple[SelectSpec, ...]:
    """Select menus (25 options each, at most ``5 - first_row`` of them) whose choice sends
    that command. ``indexes`` gives each option's index in the full option list (used as the
    value ``#i`` when an option is too long to be one); ``source`` says which list: ``d`` the
    decision's public options, ``u`` the clicking user's own options (``options_for``)."""
    ch = str(channel)
    what = what or _p("menu", "Choose")
    idx = list(indexes) if indexes is not None else list(range(len(options)))
    chunks = [
        list(zip(options[i : i + MAX_SELECT_OPTIONS], idx[i : i + MAX_SELECT_OPTIONS], strict=True))
        for i in range(0, len(options), MAX_SELECT_OPTIONS)
    ][: MAX_ROWS - first_row]
    selects = []
    for n, chunk in enumerate(chunks):
        placeholder = what if len(chunks) == 1 else f"{what} ({n * 25 + 1}–{n * 25 + len(chunk)})"
        selects.append(
            SelectSpec(
                make_id(ch, game, seq, "pick", f"{source}{n}"),
                clip(placeholder, 150),
                tuple(
                    OptionSpec(
                        clip(option_label(o, short=False, game=game_name), 100),
                        _option_value(o, i),
                        option_description(o, game_name),
                    )
                    for o, i in chunk
                ),
                first_row + n,
            )
        )
    return tuple(selects)


def group_select(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[Option],
    *,
    row: int = 0,
    game_name: str,
) -> SelectSpec:
    """A "choose a group first" select for many options (value: the group id; the game's
    ``Controls.option_group``, named by its ``group_names`` and ``group_noun``)."""
    names = group_names(game_name)
    counts: dict[str, int] = {}
    for o in options:
        g = option_group(o, game_name)
        counts[g] = counts.get(g, 0) + 1
    verb = options[0].verb if options else ""
    title = controls_for(game_name).group_title
    opts = tuple(
        OptionSpec(
            clip(title(g) or (f"{g} — {names[g]}" if g in names else g), 100),
            g,
            _n("{n} choice", "{n} choices", n),
        )
        for g, n in list(counts.items())[:MAX_SELECT_OPTIONS]
    )
    noun = in_any_catalog(controls_for(game_name).group_noun)
    return SelectSpec(
        make_id(str(channel), game, seq, "grp", verb),
        _n(
            "Choose a {group} ({n} choice)",
            "Choose a {group} ({n} choices)",
            len(options),
            group=noun,
        ),
        opts,
        row,
    )


def multi_select(d: DecisionInfo, *, row: int = 0) -> SelectSpec:
    """One select of ``d.multi``'s items (choose ``min``..``max``); sends verb + values."""
    assert d.multi is not None
    m = d.multi
    items = m.items[:MAX_SELECT_OPTIONS]
    high = max(1, min(m.max, len(items)))
    low = max(0, min(m.min, high))
    what = (
        _("{what} (choose {low}–{high})", what=_what(d), low=low, high=high)
        if low != high
        else _what(d)
    )
    return SelectSpec(
        make_id(d.channel_id, d.game_id, d.seq, "multi", m.verb),
        clip(what, 150),
        tuple(
            OptionSpec(clip(label, 100), value, clip(desc, 100) if desc else None)
            for value, label, desc in items
        ),
        row,
        low,
        high,
    )


def decision_components(d: DecisionInfo) -> tuple[Component, ...]:
    """Buttons / selects for the decision now pending (the same choices as the commands).

    Public options: up to 15 buttons, up to 25 in one select menu, more grouped by the game's
    groups (choose a group, then a private list of that group's choices). The game's
    ``special_options`` are buttons of their own (the decision's decline in the quiet style).
    Private decisions get a button that opens the clicker's own choices, and their decline's
    button. The game's side action (``Controls.side_action``) when ``d.side_action``, and
    "My hand".

    The message is public: its components follow the decision alone (public information),
    never the decider's own options - a button that came and went with what his hand or his
    tokens allow would tell everybody. A private list that holds nothing to choose is
    explained privately when its button is clicked.
    """
    if d.is_ai:
        return ()
    ch, game, seq = d.channel_id, d.game_id, d.seq
    rules = controls_for(d.game)
    comps: list[Component] = []
    controls: list[ButtonSpec] = []
    row = 0
    if d.multi is not None:
        comps.append(multi_select(d))
        row = 1
    elif d.options is not None:
        options = list(d.choices or ())
        special = [o for o in options if o.command in rules.special_options]
        rest = [(i, o) for i, o in enumerate(options) if o.command not in rules.special_options]
        if len(rest) <= MAX_OPTION_BUTTONS:
            for n, (i, o) in enumerate(rest):
                comps.append(
                    ButtonSpec(
                        make_id(ch, game, seq, "do", _button_arg(ch, game, seq, o, i)),
                        option_label(o, game=d.game),
                        "primary",
                        n // ROW_WIDTH,
                    )
                )
            row = (len(rest) + ROW_WIDTH - 1) // ROW_WIDTH
        elif len(rest) <= MAX_SELECT_OPTIONS:
            comps.extend(
                pick_selects(
                    ch,
                    game,
                    seq,
                    [o for _, o in rest],
                    what=_what(d),
                    indexes=[i for i, _ in rest],
                    game_name=d.game,
                )
            )
            row = 1
        else:
            comps.append(group_select(ch, game, seq, [o for _, o in rest], game_name=d.game))
            row = 1
        for o in special:
            style: Style = "secondary" if o.command == d.decline else "success"
            label = option_label(o, game=d.game)
            controls.append(ButtonSpec(make_id(ch, game, seq, "do", o.command), label, style))
    else:
        label, flt = rules.private_choices.get(d.kind, ("", "all"))
        label = in_any_catalog(label) if label else _p("button", "Choose…")
        controls.append(ButtonSpec(make_id(ch, game, seq, "opt", flt), label, "primary"))
        extra = list(rules.private_buttons.get(d.kind, ()))
        decline = d.decline_option
        if decline is not None and all(command != decline.command for command, _ in extra):
            extra.append((decline.command, option_label(decline, game=d.game)))
        for command, text in extra:
            controls.append(ButtonSpec(make_id(ch, game, seq, "do", command), in_any_catalog(text)))
    side_label, side_filter = rules.side_action or ("", "")
    shown = any(c.custom_id.endswith(f":opt:{side_filter}") for c in controls)
    if d.side_action and side_filter and not shown:
        controls.append(
            ButtonSpec(make_id(ch, game, seq, "opt", side_filter), in_any_catalog(side_label))
        )
    controls.append(ButtonSpec(make_id(ch, game, seq, "hand"), _p("button", "My hand")))
    controls_row = min(row, MAX_ROWS - 1)
    comps.extend(
        ButtonSpec(c.custom_id, c.label, c.style, controls_row) for c in controls[:ROW_WIDTH]
    )
    return tuple(comps)


def _what(d: DecisionInfo) -> str:
    # the prompt said again in the language in force (a private menu: its reader's)
    prompt = say(d.prompt)
    return clip(sentence(prompt), 150) if prompt else _p("menu", "Choose")


def filter_options(options: Iterable[Option], flt: str, game: str) -> list[Option]:
    """The options an ``opt`` button of filter ``flt`` lists."""
    verbs = controls_for(game).option_filters.get(flt, ())
    return [o for o in options if not verbs or o.verb in verbs]


def private_choice_spec(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[Option],
    what: str,
    indexes: Sequence[int] | None = None,
    *,
    game_name: str,
) -> MessageSpec:
    """The private message listing a user's own options as select menus (``indexes``: their
    positions in the user's full option list)."""
    note: str
    if len(options) > MAX_SELECT_OPTIONS * MAX_ROWS:
        note = _(
            "{what}: {n} choices, the first {shown} are listed; the slash commands (with "
            "autocomplete) reach all of them.",
            what=what,
            n=len(options),
            shown=MAX_SELECT_OPTIONS * MAX_ROWS,
        )
    else:
        note = f"{what}:"
    return MessageSpec(
        content=note,
        components=pick_selects(
            channel, game, seq, options, what=what, indexes=indexes, source="u", game_name=game_name
        ),
        ephemeral=True,
    )


def group_choice_spec(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[Option],
    group: str,
    source: Literal["d", "u"],
    game_name: str,
) -> MessageSpec:
    """The private message listing one group's options (after a ``grp`` select)."""
    names = group_names(game_name)
    chosen = [(i, o) for i, o in enumerate(options) if option_group(o, game_name) == group]
    title = f"{group} — {names[group]}" if group in names else group
    if not chosen:
        return MessageSpec(content=_("No choices in {group}.", group=title), ephemeral=True)
    return MessageSpec(
        content=_("Choices in {group}:", group=title),
        components=pick_selects(
            channel,
            game,
            seq,
            [o for _, o in chosen],
            what=_("Choose in {group}", group=title),
            indexes=[i for i, _ in chosen],
            source=source,
            game_name=game_name,
        ),
        ephemeral=True,
    )


# --------------------------------------------------------------------------------------------
# Service outputs -> message specs
# --------------------------------------------------------------------------------------------
