"""Buttons, select menus and message layouts of the Discord bot.

Two layers:

* **Pure functions** (no Discord objects): service outputs (:mod:`bot.outputs`) become
  :class:`MessageSpec` values - content, embed text, PNG bytes and component specs - and a
  pending decision becomes buttons / select menus (:func:`decision_components`). Everything
  about layout, labels and custom ids is decided here and tested without discord.py.
* **discord.py glue**: :func:`build_view` turns component specs into a persistent
  ``discord.ui.View`` made of :class:`VzButton` / :class:`VzSelect`, two ``DynamicItem``
  classes whose templates parse the custom id, so a click works after a restart. Their
  callbacks hand the parsed id to the bot (``interaction.client.on_component``).

Custom ids: ``vz:<channel>:<game>:<seq>:<action>[:<arg>]`` (at most 100 characters).
``game``/``seq`` name the decision point (:class:`bot.outputs.DecisionInfo`); a click whose
pair differs from the game's current one is answered privately as stale. Lobby buttons carry
``0:0`` (they are never stale). Actions:

=============  ======  ==============================================================
action         kind    meaning
=============  ======  ==============================================================
``do``         button  send the command in ``arg`` (``#i``: the i-th public option)
``opt``        button  open a private list of the clicker's own options (``arg``: filter)
``hand``       button  the clicker's hand, privately
``join`` …     button  lobby: ``join``, ``leave``, ``start``, ``addbot``, ``removebot``
``pick``       select  send the chosen command (a value ``#i`` is an index)
``grp``        select  choose a district first; a private list of its options follows
``multi``      select  send ``<arg> <chosen values…>`` (a multi-select, e.g. cards for one offer)
=============  ======  ==============================================================
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import discord

from bot.outputs import DecisionInfo, PrivateUpdate, PublicUpdate, Reply
from engine.registry import Controls, default_game, registration

__all__ = [
    "BUTTON_ACTIONS",
    "CUSTOM_ID_MAX",
    "LOBBY_ACTIONS",
    "SELECT_ACTIONS",
    "ButtonSpec",
    "Component",
    "ComponentId",
    "MessageSpec",
    "OptionSpec",
    "SelectSpec",
    "VzButton",
    "VzSelect",
    "build_view",
    "decision_components",
    "dm_spec",
    "dynamic_item_for",
    "group_select",
    "lobby_components",
    "make_id",
    "multi_command",
    "multi_select",
    "option_group",
    "parse_id",
    "pick_selects",
    "public_specs",
    "reply_spec",
    "send_kwargs",
]

CUSTOM_ID_MAX = 100
MAX_SELECT_OPTIONS = 25
MAX_ROWS = 5
ROW_WIDTH = 5
#: Public options shown as buttons up to this many (3 rows), then a select menu.
MAX_OPTION_BUTTONS = 15
CONTENT_MAX = 2000
DESCRIPTION_MAX = 4096
LABEL_MAX = 80

LOBBY_ACTIONS = ("join", "leave", "start", "addbot", "removebot")
BUTTON_ACTIONS = ("do", "opt", "hand", *LOBBY_ACTIONS)
SELECT_ACTIONS = ("pick", "grp", "multi")
#: Actions that belong to one decision point (stale when the game moved on).
DECISION_ACTIONS = frozenset({"do", "opt", "pick", "grp", "multi"})

_ID_HEAD = r"vz:(?P<channel>\d+):(?P<game>\d+):(?P<seq>\d+):"
BUTTON_TEMPLATE = _ID_HEAD + r"(?P<action>" + "|".join(BUTTON_ACTIONS) + r")(?::(?P<arg>.*))?"
SELECT_TEMPLATE = _ID_HEAD + r"(?P<action>" + "|".join(SELECT_ACTIONS) + r")(?::(?P<arg>.*))?"
_ANY_ID = re.compile(_ID_HEAD + r"(?P<action>[a-z]+)(?::(?P<arg>.*))?")

Style = Literal["primary", "secondary", "success", "danger"]


def controls_for(game: str | None = None) -> Controls:
    """The game's controls (grouped verbs, labels, private choices) from its registration."""
    return registration(game or default_game()).load_controls()


#: The default game's controls as constants (kept for callers that know no game).
HEX_VERBS = controls_for().grouped_verbs
SHORT_LABEL_VERBS = controls_for().short_label_verbs
PRIVATE_CHOICES: Mapping[str, tuple[str, str]] = controls_for().private_choices
OPTION_FILTERS: Mapping[str, tuple[str, ...]] = controls_for().option_filters


# --------------------------------------------------------------------------------------------
# Custom ids
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ComponentId:
    """A parsed custom id."""

    channel: str
    game: int
    seq: int
    action: str
    arg: str = ""

    @property
    def is_decision(self) -> bool:
        return self.action in DECISION_ACTIONS

    def text(self) -> str:
        return make_id(self.channel, self.game, self.seq, self.action, self.arg)


def make_id(channel: str | int, game: int, seq: int, action: str, arg: str = "") -> str:
    """``vz:<channel>:<game>:<seq>:<action>[:<arg>]``; ``ValueError`` beyond 100 characters."""
    text = f"vz:{channel}:{game}:{seq}:{action}" + (f":{arg}" if arg else "")
    if len(text) > CUSTOM_ID_MAX:
        raise ValueError(f"custom id too long ({len(text)} > {CUSTOM_ID_MAX}): {text}")
    if not _ANY_ID.fullmatch(text):
        raise ValueError(f"not a valid custom id: {text!r}")
    return text


def parse_id(custom_id: str) -> ComponentId | None:
    """The parts of one of our custom ids, or ``None`` for anything else."""
    m = _ANY_ID.fullmatch(custom_id)
    if m is None:
        return None
    return ComponentId(m["channel"], int(m["game"]), int(m["seq"]), m["action"], m["arg"] or "")


# --------------------------------------------------------------------------------------------
# Specs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: Style = "secondary"
    row: int | None = None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True, slots=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    row: int | None = None
    min_values: int = 1
    max_values: int = 1


Component = ButtonSpec | SelectSpec


@dataclass(frozen=True, slots=True)
class MessageSpec:
    """One message to send, without any Discord object.

    With ``title`` set, ``description`` (and the image, if any) go into an embed; otherwise
    the text is ``content`` only and the image (if any) is a plain attachment. ``mentions``
    are the user ids that may be pinged (nobody else ever is).
    """

    content: str | None = None
    title: str | None = None
    description: str | None = None
    image: bytes | None = None
    filename: str | None = None
    color: int | None = None
    components: tuple[Component, ...] = ()
    mentions: tuple[str, ...] = ()
    ephemeral: bool = False
    footer: str | None = None

    def custom_ids(self) -> list[str]:
        return [c.custom_id for c in self.components]


COLORS = {"board": 0x1F6FB2, "end": 0xD4A017, "hand": 0x2E8B57, "lobby": 0x7A5C99}


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --------------------------------------------------------------------------------------------
# Options -> labels and groups
# --------------------------------------------------------------------------------------------

_HEX = re.compile(r"([A-Za-z]+)\d+")


def district_names(game: str | None = None) -> dict[str, str]:
    """Group id -> name (Venezia's districts), from the game's controls."""
    return dict(controls_for(game).group_names())


def verb_of(option: str) -> str:
    return option.split(" ", 1)[0].casefold()


def arg_of(option: str) -> str:
    parts = option.split(" ", 1)
    return parts[1] if len(parts) > 1 else ""


def option_group(option: str, game: str | None = None) -> str:
    """The group an option belongs to (a district for a hex option), from the game's controls."""
    return controls_for(game).option_group(option)


def option_label(option: str, *, short: bool = True, game: str | None = None) -> str:
    controls = controls_for(game)
    verb = verb_of(option)
    if short and verb in controls.short_label_verbs and arg_of(option):
        return _clip(arg_of(option), LABEL_MAX)
    special = controls.option_label(option)
    if special is not None:
        return _clip(special, LABEL_MAX)
    return _clip(option, LABEL_MAX)


def option_description(option: str, game: str | None = None) -> str | None:
    return controls_for(game).option_description(option)


def _option_value(option: str, index: int) -> str:
    return option if len(option) <= CUSTOM_ID_MAX else f"#{index}"


def _button_arg(channel: str, game: int, seq: int, option: str, index: int) -> str:
    try:
        make_id(channel, game, seq, "do", option)
    except ValueError:
        return f"#{index}"
    return option


# --------------------------------------------------------------------------------------------
# Components for a decision, the lobby, private option lists
# --------------------------------------------------------------------------------------------


def lobby_components(channel: str | int, *, rematch: bool = False) -> tuple[Component, ...]:
    """Join / Leave / Add AI / Remove AI / Start (after a game: Join and Start a rematch)."""
    ch = str(channel)

    def b(action: str, label: str, style: Style = "secondary") -> ButtonSpec:
        return ButtonSpec(make_id(ch, 0, 0, action), label, style, 0)

    if rematch:
        return (b("join", "Join"), b("start", "Start a rematch", "success"))
    return (
        b("join", "Join", "primary"),
        b("leave", "Leave"),
        b("addbot", "Add AI"),
        b("removebot", "Remove AI"),
        b("start", "Start", "success"),
    )


def pick_selects(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[str],
    *,
    what: str = "Choose",
    first_row: int = 0,
    indexes: Sequence[int] | None = None,
    source: Literal["d", "u"] = "d",
    game_name: str | None = None,
) -> tuple[SelectSpec, ...]:
    """Select menus (25 options each, at most ``5 - first_row`` of them) whose choice sends
    that command. ``indexes`` gives each option's index in the full option list (used as the
    value ``#i`` when an option is too long to be one); ``source`` says which list: ``d`` the
    decision's public options, ``u`` the clicking user's own options (``options_for``)."""
    ch = str(channel)
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
                _clip(placeholder, 150),
                tuple(
                    OptionSpec(
                        _clip(option_label(o, short=False, game=game_name), 100),
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
    options: Sequence[str],
    *,
    row: int = 0,
    game_name: str | None = None,
) -> SelectSpec:
    """A "choose a district first" select for many hex options (value: the district id)."""
    names = district_names(game_name)
    counts: dict[str, int] = {}
    for o in options:
        g = option_group(o, game_name)
        counts[g] = counts.get(g, 0) + 1
    verb = verb_of(options[0]) if options else ""
    opts = tuple(
        OptionSpec(
            _clip(f"{g} — {names[g]}" if g in names else g, 100),
            g,
            f"{n} choice{'s' if n != 1 else ''}",
        )
        for g, n in list(counts.items())[:MAX_SELECT_OPTIONS]
    )
    return SelectSpec(
        make_id(str(channel), game, seq, "grp", verb),
        f"Choose a district ({len(options)} choices)",
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
    what = _what(d) + f" (choose {low}–{high})" if low != high else _what(d)
    return SelectSpec(
        make_id(d.channel_id, d.game_id, d.seq, "multi", m.verb),
        _clip(what, 150),
        tuple(
            OptionSpec(_clip(label, 100), value, _clip(desc, 100) if desc else None)
            for value, label, desc in items
        ),
        row,
        low,
        high,
    )


def multi_command(verb: str, values: Iterable[str]) -> str:
    """``divide`` + ``["7", "1", "4"]`` -> ``divide 1 4 7`` (numbers in numeric order)."""
    ordered = sorted(set(values), key=lambda v: (not v.isdigit(), int(v) if v.isdigit() else 0, v))
    return " ".join([verb, *ordered])


def decision_components(d: DecisionInfo, *, exchange: bool = True) -> tuple[Component, ...]:
    """Buttons / selects for the decision now pending (the same choices as the commands).

    Public options: up to 15 buttons, up to 25 in one select menu, more grouped by district
    (choose a district, then a private list of that district's choices). ``done`` and
    ``flip`` are buttons. Private decisions get a button that opens the clicker's own choices.
    "Exchange gold…" when ``exchange`` (the adapter knows whether one is open), and
    "My hand".
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
        options = list(d.options)
        special = [o for o in options if o in rules.special_options]
        rest = [(i, o) for i, o in enumerate(options) if o not in rules.special_options]
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
            style: Style = "secondary" if o == "done" else "success"
            label = option_label(o, game=d.game)
            controls.append(ButtonSpec(make_id(ch, game, seq, "do", o), label, style))
    else:
        label, flt = rules.private_choices.get(d.kind, ("Choose…", "all"))
        if exchange or rules.side_action is None or flt != rules.side_action[1]:
            controls.append(ButtonSpec(make_id(ch, game, seq, "opt", flt), label, "primary"))
        extra = list(rules.private_buttons.get(d.kind, ()))
        if d.decline is not None and all(command != d.decline for command, _ in extra):
            extra.append((d.decline, option_label(d.decline, game=d.game)))
        for command, text in extra:
            controls.append(ButtonSpec(make_id(ch, game, seq, "do", command), text))
    side_label, side_filter = rules.side_action or ("", "")
    shown = any(c.custom_id.endswith(f":opt:{side_filter}") for c in controls)
    if exchange and side_filter and not shown:
        controls.append(ButtonSpec(make_id(ch, game, seq, "opt", side_filter), side_label))
    controls.append(ButtonSpec(make_id(ch, game, seq, "hand"), "My hand"))
    controls_row = min(row, MAX_ROWS - 1)
    comps.extend(
        ButtonSpec(c.custom_id, c.label, c.style, controls_row) for c in controls[:ROW_WIDTH]
    )
    return tuple(comps)


def _what(d: DecisionInfo) -> str:
    return _clip(d.prompt[:1].upper() + d.prompt[1:], 150) if d.prompt else "Choose"


def filter_options(options: Iterable[str], flt: str, game: str | None = None) -> list[str]:
    """The options an ``opt`` button of filter ``flt`` lists."""
    verbs = controls_for(game).option_filters.get(flt, ())
    return [o for o in options if not verbs or verb_of(o) in verbs]


def private_choice_spec(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[str],
    what: str,
    indexes: Sequence[int] | None = None,
    game_name: str | None = None,
) -> MessageSpec:
    """The private message listing a user's own options as select menus (``indexes``: their
    positions in the user's full option list)."""
    if len(options) > MAX_SELECT_OPTIONS * MAX_ROWS:
        note = (
            f"{what}: {len(options)} choices, the first {MAX_SELECT_OPTIONS * MAX_ROWS} are "
            "listed; the slash commands (with autocomplete) reach all of them."
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


def district_choice_spec(
    channel: str | int,
    game: int,
    seq: int,
    options: Sequence[str],
    group: str,
    source: Literal["d", "u"] = "d",
    game_name: str | None = None,
) -> MessageSpec:
    """The private message listing one district's options (after a ``grp`` select)."""
    names = district_names(game_name)
    chosen = [(i, o) for i, o in enumerate(options) if option_group(o, game_name) == group]
    title = f"{group} — {names[group]}" if group in names else group
    if not chosen:
        return MessageSpec(content=f"No choices in {title}.", ephemeral=True)
    return MessageSpec(
        content=f"Choices in {title}:",
        components=pick_selects(
            channel,
            game,
            seq,
            [o for _, o in chosen],
            what=f"Choose in {title}",
            indexes=[i for i, _ in chosen],
            source=source,
            game_name=game_name,
        ),
        ephemeral=True,
    )


# --------------------------------------------------------------------------------------------
# Service outputs -> message specs
# --------------------------------------------------------------------------------------------


def _title(update: PublicUpdate, game_title: str | None) -> str:
    game_title = game_title or registration(default_game()).title
    if update.image_kind == "end":
        return f"{game_title} — game over"
    if update.seq is not None and update.seq < 0:
        return f"{game_title} — the game begins"
    if update.seq is not None:
        return f"{game_title} — move {update.seq + 1}"
    return game_title


def _decision_line(d: DecisionInfo | None) -> tuple[str | None, tuple[str, ...]]:
    if d is None or d.is_ai:
        return None, ()
    if d.user_id:
        return f"<@{d.user_id}>, your decision: **{d.prompt}**", (d.user_id,)
    return f"{d.name}: {d.prompt}", ()


def public_specs(
    updates: Sequence[PublicUpdate],
    decision: DecisionInfo | None,
    channel: str | int,
    *,
    game_over: bool = False,
    game_title: str | None = None,
) -> list[MessageSpec]:
    """One channel message per public update; the last carries the components for what
    comes next (the decision's buttons, the lobby buttons, or rematch buttons) and mentions
    the player who must decide."""
    specs: list[MessageSpec] = []
    for n, u in enumerate(updates):
        last = n == len(updates) - 1
        components: tuple[Component, ...] = ()
        content: str | None = None
        mentions: tuple[str, ...] = ()
        if last:
            if decision is not None:
                components = decision_components(decision)
                content, mentions = _decision_line(decision)
            elif game_over:
                components = lobby_components(channel, rematch=True)
            elif u.seq is None:
                components = lobby_components(channel)
        in_game = u.seq is not None or u.image is not None or decision is not None or game_over
        if not in_game:
            specs.append(MessageSpec(content=_clip(u.text, CONTENT_MAX), components=components))
            continue
        kind = u.image_kind or "board"
        specs.append(
            MessageSpec(
                content=content,
                title=_title(u, game_title),
                description=_clip(u.text, DESCRIPTION_MAX),
                image=u.image,
                filename=None if u.image is None else f"{kind}-{max(u.seq or 0, -1) + 1}.png",
                color=COLORS.get(kind),
                components=components,
                mentions=mentions,
            )
        )
    return specs


def reply_spec(
    reply: Reply,
    *,
    title: str,
    ephemeral: bool = True,
    with_components: bool = False,
) -> MessageSpec:
    """A read command's answer (board, status, log, rules, hand). Public board/status replies
    may carry the pending decision's components so play can go on from them."""
    if reply.error is not None:
        return MessageSpec(content=_clip(reply.error, CONTENT_MAX), ephemeral=True)
    components: tuple[Component, ...] = ()
    if with_components and reply.decision is not None:
        components = decision_components(reply.decision)
    if reply.image is not None:
        kind = reply.image_kind or "board"
        return MessageSpec(
            title=title,
            description=_clip(reply.text, DESCRIPTION_MAX),
            image=reply.image,
            filename=f"{kind}.png",
            color=COLORS.get(kind),
            components=components,
            ephemeral=ephemeral,
        )
    return MessageSpec(
        content=_clip(reply.text, CONTENT_MAX), components=components, ephemeral=ephemeral
    )


def dm_spec(
    update: PrivateUpdate, channel: str | int, game_title: str | None = None
) -> MessageSpec:
    """A private update as a DM: information only, never buttons."""
    return MessageSpec(
        title=f"{game_title or registration(default_game()).title} — your hand",
        description=_clip(update.text or "your private view", DESCRIPTION_MAX),
        image=update.image,
        filename=None if update.image is None else "hand.png",
        color=COLORS["hand"],
        content=f"Your private update from the table in <#{channel}>:",
    )


# --------------------------------------------------------------------------------------------
# discord.py glue
# --------------------------------------------------------------------------------------------


class ComponentHandler(Protocol):
    async def on_component(
        self, interaction: discord.Interaction[Any], cid: ComponentId, values: list[str]
    ) -> None: ...


_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


async def _dispatch(
    interaction: discord.Interaction[Any], custom_id: str, values: list[str]
) -> None:
    cid = parse_id(custom_id)
    handler = getattr(interaction.client, "on_component", None)
    if cid is None or handler is None:
        return
    await handler(interaction, cid, values)


class VzButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """A persistent button; everything it needs is in its custom id."""

    def __init__(self, spec: ButtonSpec) -> None:
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                style=_STYLES[spec.style],
                custom_id=spec.custom_id,
                row=spec.row,
            )
        )
        self.spec = spec

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> VzButton:
        label = getattr(item, "label", None) or match["action"]
        return cls(ButtonSpec(match.string, label))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _dispatch(interaction, self.spec.custom_id, [])


class VzSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A persistent select menu; the chosen value is a command (or a district)."""

    def __init__(self, spec: SelectSpec) -> None:
        options = [
            discord.SelectOption(label=o.label, value=o.value, description=o.description)
            for o in spec.options
        ] or [discord.SelectOption(label="—", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=spec.custom_id,
                placeholder=spec.placeholder,
                options=options,
                min_values=spec.min_values,
                max_values=spec.max_values,
                row=spec.row,
            )
        )
        self.spec = spec

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> VzSelect:
        options = tuple(
            OptionSpec(o.label, o.value, o.description) for o in getattr(item, "options", [])
        )
        placeholder = getattr(item, "placeholder", None) or ""
        low = int(getattr(item, "min_values", 1) or 1)
        high = max(low, int(getattr(item, "max_values", 1) or 1), 1)
        return cls(SelectSpec(match.string, placeholder, options, None, low, high))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        raw: list[Any] = list(data.get("values") or []) or list(self.item.values)
        values = [str(v) for v in raw]
        await _dispatch(interaction, self.spec.custom_id, values)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (VzButton, VzSelect)


def dynamic_item_for(custom_id: str) -> type[VzButton] | type[VzSelect] | None:
    """Which DynamicItem class a custom id dispatches to (as discord.py does by template)."""
    if VzButton.__discord_ui_compiled_template__.fullmatch(custom_id):
        return VzButton
    if VzSelect.__discord_ui_compiled_template__.fullmatch(custom_id):
        return VzSelect
    return None


def build_view(components: Sequence[Component]) -> discord.ui.View | None:
    """A persistent view (``timeout=None``) of dynamic items, or ``None`` for no components."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for c in components:
        if isinstance(c, ButtonSpec):
            view.add_item(VzButton(c))
        else:
            view.add_item(VzSelect(c))
    return view


def send_kwargs(spec: MessageSpec, *, ephemeral_ok: bool = False) -> dict[str, Any]:
    """Keyword arguments for ``Messageable.send`` / ``followup.send`` (only what is set: the
    webhook methods do not accept ``None`` for a file or a view)."""
    kwargs: dict[str, Any] = {}
    file = None
    if spec.image is not None:
        file = discord.File(io.BytesIO(spec.image), filename=spec.filename or "image.png")
    if spec.title is not None:
        embed = discord.Embed(
            title=_clip(spec.title, 256),
            description=spec.description,
            color=spec.color,
        )
        if file is not None:
            embed.set_image(url=f"attachment://{file.filename}")
        if spec.footer:
            embed.set_footer(text=spec.footer)
        kwargs["embed"] = embed
    elif spec.description and not spec.content:
        kwargs["content"] = spec.description
    if spec.content:
        kwargs["content"] = spec.content
    if file is not None:
        kwargs["file"] = file
    view = build_view(spec.components)
    if view is not None:
        kwargs["view"] = view
    kwargs["allowed_mentions"] = discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(id=int(u)) for u in spec.mentions if u.isdigit()],
        replied_user=False,
    )
    if ephemeral_ok and spec.ephemeral:
        kwargs["ephemeral"] = True
    return kwargs
