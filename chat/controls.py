"""The chat presentation's types: how a game's decisions become buttons, menus, multi-selects
and slash commands (Discord) and the option lists the terminal shows.

These belong to the adapters, not to the engine's contract: a game's engine registers its
rules, views, AI and texts (:mod:`engine.registry`); how its decisions are shown in a chat is
declared beside the adapters, in the game's package under ``chat/`` (``chat/<game>/``), and
found through :mod:`chat.registry`. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core import JSON, Option


@dataclass(frozen=True, slots=True)
class SlashCommand:
    """A move verb as a chat command with at most one text option (Discord's slash commands).
    A game declares these only to keep names users already know; verbs it does not declare
    get a command generated from its grammar's help text."""

    verb: str
    description: str
    param: str | None = None  # the one text option, if any
    param_description: str = ""
    required: bool = True
    #: when games share the verb (Discord shows one command for all): what it does in this
    #: game, one short message that names the game ("Venezia: play cards"), and what its
    #: option takes ("Venezia: the cards"); the shared command shows them in a list with the
    #: other games' (each at most about 45 characters in every language: the list must fit
    #: Discord's 100). Empty: the game's description (option description) after its title.
    shared: str = ""
    shared_param: str = ""


#: Items of a multi-select ``(value, label, description)``, the min and max number chosen.
MultiItems = tuple[list[tuple[str, str, str | None]], int, int]


@dataclass(frozen=True, slots=True)
class MultiSelect:
    """A decision offered as one multi-select instead of its (many) options; the adapter sends
    ``command(chosen values)`` (default ``"<verb> " + " ".join(values)``) and the engine
    validates it as any typed move, so a refused combination changes nothing.

    The items come from one of two sources, which decides who may see them:

    * ``items(public_view)`` - public: the select is part of the table's message (a divide's
      revealed cards);
    * ``from_options(options)`` - from the decider's own legal options (``Decision.choices``
      when they are private, e.g. a placement from a hidden hand): the adapter shows the select
      only to the decider, in the private answer to his "choose" button.

    Items are derived from legal options only, so every item is part of some legal move; the
    engine still judges the combination.
    """

    verb: str
    #: public view -> items (``None``: the items come from ``from_options``)
    items: Callable[[JSON], MultiItems] | None = None
    #: the decider's own legal options -> items (shown to him only)
    from_options: Callable[[Sequence[Option]], MultiItems] | None = None
    #: chosen values -> the command to send (``None``: the verb and the values)
    command: Callable[[Sequence[str]], str] | None = None


@dataclass(frozen=True, slots=True)
class Controls:
    """How an adapter turns a game's decisions into buttons and menus (Discord's controls)."""

    #: verbs whose options are grouped (by :attr:`option_group`) when there are many
    grouped_verbs: frozenset[str] = frozenset()
    #: verbs dropped from button labels (the prompt says what the buttons do)
    short_label_verbs: frozenset[str] = frozenset()
    #: decision kind -> (button label, filter) for decisions whose options are private
    private_choices: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    #: filter -> the verbs a private list shows (``()``: all)
    option_filters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: (button label, filter) for the side action allowed at any time of one's turn
    side_action: tuple[str, str] | None = None
    #: (public view, seat) -> whether the side action may be open for that seat, judged from
    #: public information only: its button is on the table's public message, so it must not
    #: come and go with the seat's hidden information (a click without a legal one is
    #: answered privately, with :attr:`nothing_to_choose`)
    side_action_open: Callable[[JSON, int], bool] = lambda view, seat: True
    #: (filter, the clicker's own view) -> why his private list of that filter holds nothing
    #: to choose (nothing at all, or only the decision's decline), in people's words, for his
    #: eyes only (``None``: the adapter's generic text)
    nothing_to_choose: Callable[[str, JSON], str | None] = lambda flt, view: None
    #: public options shown as their own buttons, apart from the option lists
    special_options: frozenset[str] = frozenset()
    #: decision kind -> (command, label) buttons next to a private choice
    private_buttons: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    #: option -> the group it belongs to (a district, a first position, ...)
    option_group: Callable[[Option], str] = lambda option: (option.arg or option.verb)[:1] or "?"
    #: option -> its label in people's words (``None``: the command itself); adapters read
    #: labels through :meth:`label`
    option_label: Callable[[Option], str | None] = lambda option: None
    #: option -> a short description under the label (``None``: none)
    option_description: Callable[[Option], str | None] = lambda option: None
    #: group -> its name (district letters to names)
    group_names: Callable[[], Mapping[str, str]] = lambda: {}
    #: group -> its whole title where the group's id means nothing to a reader (a group of
    #: one special option such as "the ship stays"; ``None``: the id and its name)
    group_title: Callable[[str], str | None] = lambda group: None
    #: what a group is called in "Choose a … first" (a district, a row, ...)
    group_noun: str = "group"
    #: filter -> the title of the private list of one's own options it shows
    filter_titles: Mapping[str, str] = field(default_factory=dict)
    #: option -> (name, value) of its argument in a typed command's autocomplete (``None``: the
    #: argument itself, e.g. ``C3 C4`` for ``place C3 C4``)
    typed_choice: Callable[[Option], tuple[str, str] | None] = lambda option: None
    #: slash commands declared for some verbs (the others are generated from the grammar)
    slash_commands: tuple[SlashCommand, ...] = ()
    #: decision kind -> a multi-select offered instead of that decision's options
    multi_select: Mapping[str, MultiSelect] = field(default_factory=dict)

    def label(self, option: Option, *, short: bool = True) -> str:
        """How a choice reads on a button or in a menu: the game's label for it (``short``:
        only the arguments for a short-label verb - the prompt says what the buttons do -
        unless the game's label says something else, e.g. ``Ship stays``); the command when
        the game has no label for it."""
        special = self.option_label(option)
        arg = option.arg
        fits = special is None or special.endswith(arg)
        if short and option.verb in self.short_label_verbs and arg and fits:
            return arg
        return special if special is not None else option.command

    def choice(self, option: Option) -> tuple[str, str]:
        """(shown name, typed argument) of an option in a typed command's autocomplete."""
        named = self.typed_choice(option)
        if named is not None:
            return named
        return option.arg or option.command, option.arg


def multi_command(verb: str, values: Iterable[str]) -> str:
    """The default composer of a multi-select's command: ``divide`` + ``["7", "1", "4"]`` ->
    ``divide 1 4 7`` (each value once, numbers in numeric order)."""
    ordered = sorted(set(values), key=lambda v: (not v.isdigit(), int(v) if v.isdigit() else 0, v))
    return " ".join([verb, *ordered])


def multi_select_for(controls: Controls, verb: str) -> MultiSelect | None:
    """The multi-select ``controls`` declare for ``verb`` (the verb a chosen set names)."""
    return next((m for m in controls.multi_select.values() if m.verb == verb), None)


def compose_multi(controls: Controls, verb: str, values: Sequence[str]) -> str:
    """The command a multi-select's chosen ``values`` stand for: the declared multi-select's
    own ``command`` composer for ``verb``, else :func:`multi_command`."""
    declared = multi_select_for(controls, verb)
    if declared is not None and declared.command is not None:
        return declared.command(list(values))
    return multi_command(verb, values)


__all__ = [
    "Controls",
    "MultiItems",
    "MultiSelect",
    "SlashCommand",
    "compose_multi",
    "multi_command",
    "multi_select_for",
]
