"""The pure vocabulary of the Discord layer: custom ids, component and message specs, and
how an option reads on a button.

Nothing here touches discord.py: :mod:`bot.discord.controls` builds components from these
specs, :mod:`bot.discord.messages` builds messages, :mod:`bot.discord.views` turns both into
discord.py objects.

Custom ids: ``vz:<channel>:<game>:<seq>:<action>[:<arg>]`` (at most 100 characters).
``game``/``seq`` name the decision point (:class:`bot.table.outputs.DecisionInfo`); a click whose
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
``grp``        select  choose a group first (the game's ``group_noun``); its options follow
``multi``      select  send ``<arg> <chosen values…>`` (a multi-select, e.g. cards for one offer)
``game``       select  lobby: switch the table to the chosen game (:mod:`bot.discord.lobby`)
``setopt``     select  lobby: set option ``arg`` to the chosen value
``addai``      select  lobby: add an AI of the chosen level
=============  ======  ==============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from chat.controls import Controls
from chat.registry import controls_of
from engine.core import Option
from engine.i18n import say
from engine.registry import registration

__all__ = [
    "BUTTON_ACTIONS",
    "BUTTON_TEMPLATE",
    "COLORS",
    "CUSTOM_ID_MAX",
    "LOBBY_ACTIONS",
    "LOBBY_SELECT_ACTIONS",
    "SELECT_ACTIONS",
    "SELECT_TEMPLATE",
    "ButtonSpec",
    "Component",
    "ComponentId",
    "MessageSpec",
    "OptionSpec",
    "SelectSpec",
    "Style",
    "clip",
    "controls_for",
    "group_names",
    "make_id",
    "option_description",
    "option_group",
    "option_label",
    "parse_id",
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
#: a select option's description (Discord's limit)
OPTION_DESCRIPTION_MAX = 100

LOBBY_ACTIONS = ("join", "leave", "start", "addbot", "removebot")
#: ``resume``: the button on a timeout's announcement (take the seat back from the AI);
#: ``vote``: the other players' vote buttons on a pause's announcement (``ai|wait|end``)
BUTTON_ACTIONS = ("do", "opt", "hand", "resume", "vote", *LOBBY_ACTIONS)
#: ``timer``: the lobby's turn-timer presets
LOBBY_SELECT_ACTIONS = ("game", "setopt", "addai", "timer")
SELECT_ACTIONS = ("pick", "grp", "multi", *LOBBY_SELECT_ACTIONS)
#: Actions that belong to one decision point (stale when the game moved on).
DECISION_ACTIONS = frozenset({"do", "opt", "pick", "grp", "multi"})

_ID_HEAD = r"vz:(?P<channel>\d+):(?P<game>\d+):(?P<seq>\d+):"
BUTTON_TEMPLATE = _ID_HEAD + r"(?P<action>" + "|".join(BUTTON_ACTIONS) + r")(?::(?P<arg>.*))?"
SELECT_TEMPLATE = _ID_HEAD + r"(?P<action>" + "|".join(SELECT_ACTIONS) + r")(?::(?P<arg>.*))?"
_ANY_ID = re.compile(_ID_HEAD + r"(?P<action>[a-z]+)(?::(?P<arg>.*))?")

Style = Literal["primary", "secondary", "success", "danger"]


def controls_for(game: str) -> Controls:
    """The game's controls (grouped verbs, labels, private choices) from its registration."""
    return controls_of(registration(game))


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
        raise ValueError(
            f"custom id too long ({len(text)} > {CUSTOM_ID_MAX}): {text}"  # not for players
        )
    if not _ANY_ID.fullmatch(text):
        raise ValueError(f"not a valid custom id: {text!r}")  # not for players
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
    #: shown as the select's current choice (a lobby menu's current game or option value)
    default: bool = False


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


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --------------------------------------------------------------------------------------------
# Options -> labels and groups
# --------------------------------------------------------------------------------------------


def group_names(game: str) -> dict[str, str]:
    """Group id -> name (the game's ``Controls.group_names``)."""
    return dict(controls_for(game).group_names())


def option_group(option: Option, game: str) -> str:
    """The group an option belongs to (the game's ``Controls.option_group``)."""
    return controls_for(game).option_group(option)


def option_label(option: Option, *, game: str, short: bool = True) -> str:
    """How a choice reads on a button or in a menu (the game's ``Controls.label``), clipped
    to a button's length."""
    return clip(controls_for(game).label(option, short=short), LABEL_MAX)


def option_description(option: Option, game: str) -> str | None:
    """The line under a choice in a menu: the option's note, when choosing it would bring
    about what a player may not expect (``engine.core.Option.note``), else the game's."""
    if option.note:
        return clip("⚠ " + say(option.note), OPTION_DESCRIPTION_MAX)
    return controls_for(game).option_description(option)
