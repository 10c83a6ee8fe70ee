"""One registration per game: everything the table, the terminal, the AI, self-play, the
scenario runner and the benches need to know about a game, in one object.

A game package exports ``REGISTRATION`` from ``engine/<game>/registration.py``. The object holds
the game's cheap declared facts (name, title, aliases, AI levels, options, ...) and two typed
lazy loaders: ``parts()`` -> :class:`GameParts` (engine, grammar, texts, AI, scenario runner,
invariants, scores, progress, ...) and ``renderers()`` -> :class:`Renderers` (view ->
PNG). The loaders import on first call, so reading a registration imports no AI, no scenario
runner and never Pillow (``engine/`` must not depend on ``render/`` at import time), while mypy
still checks every part against its type. Layers above the engine (``bot/``, self-play, benches)
read the registration and never name a game.

How a game's decisions become chat controls (buttons, menus, slash commands) is not part of
this contract: the registration names the module of its presentation (:attr:`GameRegistration.
presentation`, a dotted path under ``chat/``), which only the adapters import
(:mod:`chat.registry`); nothing in ``engine/`` imports ``chat``.

Adding a game: write its engine package, its ``registration.py``, and add the module path to
:data:`REGISTRATION_MODULES`; the conformance suite (``tests/contract``) then runs over it. A game
that lives elsewhere (a test-only game, a plug-in) is added at run time with :func:`register` /
:func:`unregister`, or for a block with the context manager :func:`registered`; it comes after
the built-in games, so the default game stays the same (see docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from engine.core import (
    JSON,
    Decision,
    Game,
    GameState,
    IllegalMove,
    ViewHeader,
    view_game,
)
from engine.i18n import Later, Text, add_domain, counted, either
from engine.i18n.shared import N_, _
from engine.text import excerpt

if TYPE_CHECKING:
    from engine.ai.base import AiPlayer
    from engine.ai.levels import AiLevelSpec
    from engine.scenario_base import ScenarioResult

#: The registration modules; the first is :func:`first_registered` (a fresh lobby's choice).
REGISTRATION_MODULES: tuple[str, ...] = (
    "engine.venezia.registration",  # not for players
    "engine.canal_grande.registration",  # not for players
    "engine.amsterdam.registration",  # not for players
)


#: A self-play policy: (state, the decision to answer) -> a command.
Policy = Callable[[GameState, Decision], str]

#: What an option's text becomes for ``new_state`` (``None``: the option is left out).
OptionValue = int | str | None

#: The images a game draws: the public board, a player's hand, the end screen.
ImageKind = Literal["board", "hand", "end"]
IMAGE_KINDS: tuple[ImageKind, ...] = ("board", "hand", "end")


def uniform_random_policy(rng: random.Random) -> Policy:
    """Self-play's random policy for a game without side actions: uniform over the options."""

    def choose(state: GameState, decision: Decision) -> str:
        return rng.choice(decision.options)

    return choose


def deciding_seat(state: GameState, decision: Decision, command: str) -> int:
    """The seat that sends a command: the deciding one (games without side actions)."""
    return decision.seat


class AiFactory(Protocol):
    """Makes a new AI player of a level (``strong@0.3`` sets the budget too); ``budget_s``:
    the strong level's seconds per decision. An unknown level raises ValueError."""

    def __call__(self, level: str, budget_s: float | None = None) -> AiPlayer: ...


class ScenarioRunner(Protocol):
    """Runs one rule scenario file (without its ``game`` key) of the game."""

    def __call__(self, spec: JSON, name: str = "scenario") -> ScenarioResult: ...


@dataclass(frozen=True, slots=True)
class Renderers:
    """A game's image functions, view -> PNG bytes. Plain callables (no Pillow here): the
    game's ``renderers()`` loader imports its ``render`` package when first called."""

    board: Callable[[JSON], bytes]  # public view -> the board
    hand: Callable[[JSON], bytes]  # ``player_view(seat)`` -> that player's hand
    end: Callable[[JSON], bytes]  # public view of a finished game -> the end screen

    def of(self, kind: str) -> Callable[[JSON], bytes]:
        """The function drawing ``kind``; KeyError names an unknown kind."""
        if kind == "board":
            return self.board
        if kind == "hand":
            return self.hand
        if kind == "end":
            return self.end
        raise KeyError(f"no image kind {kind!r}; kinds: {', '.join(IMAGE_KINDS)}")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One lobby option of a game, typed so the lobby, Discord choices, the terminal's flags
    and ``/status`` are generated from it.

    ``choices``: the allowed texts (empty: any whole number from ``minimum`` up). ``values``
    maps a choice to what ``new_state`` receives (a choice missing there is passed as its
    integer if ``choices`` is empty, else as the text); ``None`` leaves the option out.
    """

    name: str
    help: str
    default: str
    choices: tuple[str, ...] = ()
    values: Mapping[str, OptionValue] = field(default_factory=dict)
    minimum: int = 1
    #: a choice -> its label as players read it in a menu (a message of the game's catalog,
    #: ``N_``); a choice without one shows as typed
    labels: Mapping[str, str] = field(default_factory=dict)
    #: a typed text that is none of ``choices`` -> the choice it means (``None``: no choice),
    #: e.g. a variant's number or its name in another language
    alias: Callable[[str], str | None] = lambda text: None

    def check(self, text: str) -> str:
        """The canonical text of a choice; :class:`IllegalMove` says what is allowed."""
        value = " ".join(str(text).split()).casefold()
        if self.choices:
            for choice in self.choices:
                if choice.casefold() == value:
                    return choice
            meant = self.alias(value)
            if meant in self.choices:
                return meant
            raise IllegalMove(
                _(
                    "option {name} cannot be '{value}'; choices: {choices}",
                    name=self.name,
                    value=excerpt(str(text)),
                    choices=either(self.choices),
                )
            )
        if not value.isascii() or not value.isdigit() or len(value) > 9:
            raise IllegalMove(
                _(
                    "option {name} is a whole number from {minimum}, not '{value}'",
                    name=self.name,
                    minimum=self.minimum,
                    value=excerpt(str(text)),
                )
            )
        if int(value) < self.minimum:
            raise IllegalMove(
                _(
                    "option {name} is at least {minimum}, not {value}",
                    name=self.name,
                    minimum=self.minimum,
                    value=value,
                )
            )
        return str(int(value))

    def engine_value(self, text: str) -> OptionValue:
        if text in self.values:
            return self.values[text]
        return text if self.choices else int(text)


@dataclass(frozen=True, slots=True)
class Grammar:
    """A game's command grammar: tells an unknown verb and unreadable arguments apart from an
    illegal move. ``parse(text, state)`` raises :class:`IllegalMove` for unreadable text;
    ``anytime`` verbs may be sent by ``active_seat`` while another seat decides (Venezia's gold
    exchange)."""

    verbs: frozenset[str]
    aliases: Mapping[str, str]
    parse: Callable[[str, GameState], object]
    help: Mapping[str, str]
    anytime: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class GameTexts:
    """What the table says about a game in words, built from views only."""

    overview: str
    rule_topics: Mapping[str, str]
    rule_aliases: Mapping[str, str]
    #: public view -> lines about the players and the supply (after the generic header)
    status_lines: Callable[[JSON], list[str]]
    #: player view -> one line about the player's own secret things (hand, tokens, ...)
    hand_text: Callable[[JSON], str]
    #: player view -> the part whose change sends the player a new hand update
    secret_part: Callable[[JSON], object]
    #: public view -> the seat whose turn it is (for decisions inside another seat's turn)
    active_seat: Callable[[JSON], int | None] = lambda view: None
    #: number of players -> names the table may not give a player (an imaginary player)
    reserved_names: Callable[[int], tuple[str, ...]] = lambda n: ()
    #: terminal: (public view, title) -> a compact summary (None: header + status lines)
    summary_lines: Callable[[JSON, str], list[str]] | None = None
    #: terminal: player view -> the private lines shown before a decision (None: hand_text)
    private_lines: Callable[[JSON], list[str]] | None = None
    #: public view -> a one-line standings text, shown when it changes (None: no such line)
    standings_line: Callable[[JSON], str | None] = lambda view: None
    #: (verb, rest) of a numbered option -> how the rest reads
    option_cell: Callable[[str, str], str] = lambda verb, rest: rest
    #: how the private hand line starts (the terminal prints the hand with the decision)
    #: (marked for the catalogs: compare with ``_(prefix)``, the hand line is translated)
    hand_prefixes: tuple[str, ...] = (N_("your hand:"),)
    #: the table's checked options -> its rules topics (None: ``rule_topics`` whatever the
    #: options; a game whose variants change the rules says so here)
    rule_topics_for: Callable[[Mapping[str, str]], Mapping[str, str]] | None = None
    #: a decision's kind -> what the seat is doing, as the others read it: a noun phrase
    #: ("drawing cards") for "waiting for Anna (drawing cards)"; the prompt asks the decider
    #: himself (None: the others read only whom the table waits for)
    task: Callable[[str], str | None] = lambda kind: None

    def topics(self, options: Mapping[str, str] | None = None) -> Mapping[str, str]:
        """The rules topics for a table with ``options`` (``None``: the game's defaults)."""
        if options is None or self.rule_topics_for is None:
            return self.rule_topics
        return self.rule_topics_for(options)


@dataclass(frozen=True, slots=True)
class Progress:
    """How a game's standing is measured turn by turn: the y axis of ``/game``'s graph.

    ``measure(state)``: one number per seat (a gondola's position, victory cards held, VP,
    rounds won); ``label``: what the numbers are, in the game's words (the axis's caption);
    ``label_of(state)``: the caption when it depends on the options (a variant that ranks by
    something else), ``None``: always ``label``."""

    label: str
    measure: Callable[[GameState], Sequence[float]]
    label_of: Callable[[GameState], str] | None = None

    def label_for(self, state: GameState) -> str:
        """The axis caption for ``state``'s game (its options)."""
        return self.label if self.label_of is None else self.label_of(state)


#: The caption of a progress measured by the scores (a game without its own :class:`Progress`).
SCORE_LABEL = "score"


@dataclass(frozen=True, slots=True)
class GameParts:
    """The parts of a game that cost an import: what ``GameRegistration.parts()`` returns.
    Functions take the :class:`~engine.core.GameState` protocol; a game's own ones narrow it
    to the game's state class."""

    game: Game
    grammar: Grammar
    texts: GameTexts
    make_ai: AiFactory
    run_scenario: ScenarioRunner
    #: state -> the invariants it violates (self-play, the conformance suite)
    invariants: Callable[[GameState], list[str]]
    #: state -> a score per seat (the results' numbers; ``None``: the game has no points)
    scores: Callable[[GameState], list[int | None]]
    #: (state, seat, rng) -> a twin state that differs only in what ``seat`` and the public
    #: cannot see (the conformance suite's hidden-information check)
    twin: Callable[[GameState, int, random.Random], GameState]
    #: a public or player view -> its typed header (turn or round, players, who decides, the
    #: end): all that layers above the engine read of a view; the rest goes to the game's own
    #: renderers and texts
    header: Callable[[JSON], ViewHeader]
    #: rng -> self-play's random policy
    random_policy: Callable[[random.Random], Policy] = uniform_random_policy
    #: (state, decision, command) -> the seat that sends a policy's command
    command_seat: Callable[[GameState, Decision, str], int] = deciding_seat
    #: the standing per seat after every turn (``/game``'s graph); ``None``: the scores
    progress: Progress | None = None
    #: (state, rng) -> the same game with identical copies of a component (cards nothing a
    #: player may know tells apart) exchanged at random wherever they lie: every view and
    #: event must stay the same (the twin tests). ``None``: the game's state keeps no copy
    #: identity (its cards are kinds, its tokens values)
    copy_twin: Callable[[GameState, random.Random], GameState] | None = None

    def progress_at(self, state: GameState) -> list[float | None]:
        """Each seat's progress in ``state`` (:attr:`progress`, else the scores; ``None``: a
        seat without a number)."""
        if self.progress is not None:
            return [float(v) for v in self.progress.measure(state)]
        return [None if s is None else float(s) for s in self.scores(state)]

    def progress_label(self, state: GameState) -> str:
        """What :meth:`progress_at` measures, for ``state``'s game (the graph's axis)."""
        return SCORE_LABEL if self.progress is None else self.progress.label_for(state)


@dataclass(frozen=True, slots=True)
class GameRegistration:
    """Everything about one game (see the module docstring): cheap facts as fields, the rest
    behind the typed lazy loaders ``parts`` and ``renderers`` (cached by the game)."""

    name: str
    title: str
    aliases: tuple[str, ...]
    #: -> the game's engine, grammar, texts, AI, ... (imports the game's modules; cached)
    parts: Callable[[], GameParts]
    #: -> the image functions (imports the game's ``render`` package and Pillow; cached)
    renderers: Callable[[], Renderers]
    #: the levels ``parts().make_ai`` knows, weakest first (:mod:`engine.ai.levels`: name,
    #: stored code, title, label; the table offers the union of the games' levels)
    ai_levels: tuple[AiLevelSpec, ...]
    options: tuple[OptionSpec, ...] = ()
    #: the module of the game's chat presentation (``chat.<game>``, exporting ``PRESENTATION``:
    #: how its decisions become buttons, menus and slash commands; :mod:`chat.registry`). A
    #: dotted path, never imported here: the engine knows nothing of chat UI. ``None``: plain
    #: option lists and commands generated from the grammar.
    presentation: str | None = None
    #: decisions whose update carries the board image (the decider must look at the board)
    image_decisions: frozenset[str] = frozenset()
    #: decisions about one's own cards: a pending hand image goes out before them
    hand_decisions: frozenset[str] = frozenset()
    #: the game's own words: no shared layer may contain them (tests/test_game_agnostic.py)
    own_words: tuple[str, ...] = ()
    #: False: engine-side only (AI, self-play, benches, scenarios, the engine conformance
    #: suite); the table's lobby, start and join refuse the game (:meth:`check_at_table`)
    at_table: bool = True
    #: the folder of the game's message catalogs (``<lang>/LC_MESSAGES/<name>.po``, the
    #: domain is the game's name); registering the game makes them known to every reader of
    #: the catalogs (the slash commands' translator too). ``None``: the game speaks English.
    catalogs: Path | None = None

    def message(self, text: str) -> Text:
        """A text the registration holds (marked ``N_`` or said already) as a message of the
        game's catalogs, said in whatever language it is read in."""
        return text if isinstance(text, Text) else Later(self.name, text)

    def check_at_table(self) -> None:
        """:class:`IllegalMove` with a clear message if the table cannot host this game."""
        if not self.at_table:
            raise IllegalMove(_("{game} is not playable at the table yet", game=self.title))

    def option(self, name: str) -> OptionSpec:
        key = name.strip().casefold().replace("-", "_")
        for spec in self.options:
            if spec.name == key:
                return spec
        known = either(s.name for s in self.options) or _("none")
        raise IllegalMove(
            _(
                "{game} has no option '{name}'; options: {options}",
                game=self.title,
                name=excerpt(name),
                options=known,
            )
        )

    def check_options(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """Canonical option texts (every option, defaults filled in)."""
        out = {spec.name: spec.default for spec in self.options}
        for name, text in chosen.items():
            spec = self.option(name)
            out[spec.name] = spec.check(text)
        return out

    def engine_options(self, chosen: Mapping[str, str]) -> JSON:
        """What ``new_state`` receives for canonical option texts (``None`` values left out)."""
        out: JSON = {}
        for name, text in self.check_options(chosen).items():
            value = self.option(name).engine_value(text)
            if value is not None:
                out[name] = value
        return out

    def describe_options(self, chosen: Mapping[str, str]) -> str:
        """``name=value`` of every option, for the lobby and ``/status`` ("" without any)."""
        return counted(f"{k}={v}" for k, v in self.check_options(chosen).items())


@cache
def _built_in() -> tuple[GameRegistration, ...]:
    """The games of :data:`REGISTRATION_MODULES`, imported once."""
    out = []
    for module_name in REGISTRATION_MODULES:
        reg = importlib.import_module(module_name).REGISTRATION
        if not isinstance(reg, GameRegistration):
            raise TypeError(f"{module_name}.REGISTRATION is not a GameRegistration")
        out.append(reg)
        _add_catalogs(reg)
    return tuple(out)


def _add_catalogs(reg: GameRegistration) -> None:
    """Make the game's message catalogs known (:func:`engine.i18n.add_domain`)."""
    if reg.catalogs is not None:
        add_domain(reg.name, reg.catalogs)


#: Games added at run time (:func:`register`), in the order they were added.
_added: list[GameRegistration] = []


def registrations() -> tuple[GameRegistration, ...]:
    """Every registered game: the built-in ones in :data:`REGISTRATION_MODULES` order, then
    those added at run time by :func:`register`."""
    return _built_in() + tuple(_added)


def _keys(reg: GameRegistration) -> set[str]:
    return {reg.name, *reg.aliases}


def register(reg: GameRegistration) -> None:
    """Add a game at run time (after the built-in ones). ValueError if its name or one of its
    aliases is already taken by a registered game. Layers that read the registry when asked
    (the table service, the terminal, the engine suite) see it from now on; a Discord bot
    builds its slash commands when created, so register before creating it."""
    if not isinstance(reg, GameRegistration):
        raise TypeError(f"not a GameRegistration: {reg!r}")
    for other in registrations():
        clash = _keys(reg) & _keys(other)
        if clash:
            clashing = ", ".join(sorted(clash))
            raise ValueError(
                f"{reg.name}: {clashing} already names {other.name}"  # not for players
            )
    _added.append(reg)
    _add_catalogs(reg)


def unregister(name: str) -> None:
    """Remove a game added by :func:`register` (KeyError if there is none of that name; the
    built-in games cannot be removed)."""
    for i, reg in enumerate(_added):
        if reg.name == name:
            del _added[i]
            return
    raise KeyError(f"no game {name!r} was registered at run time")


@contextmanager
def registered(reg: GameRegistration) -> Iterator[GameRegistration]:
    """``with registered(reg):`` the game is registered inside the block (and removed after it,
    even on an error); re-entering for a game registered already is a no-op (nested use)."""
    if any(r is reg for r in registrations()):
        yield reg
        return
    register(reg)
    try:
        yield reg
    finally:
        unregister(reg.name)


def table_registrations() -> tuple[GameRegistration, ...]:
    """The games the table hosts (``at_table``), in registration order."""
    return tuple(r for r in registrations() if r.at_table)


def first_registered() -> str:
    """The first registered game: the ONE place a game is picked for a person who has not
    chosen one - a fresh lobby shows it (and says another can be picked in its menu), the
    terminal's ``play`` without ``--game`` and without a save, the default of the developer
    tools' ``--game`` flags. Everywhere else the game is known (a table's, a channel's, a
    view's, a save's) and passed explicitly; nothing falls back to this silently."""
    return registrations()[0].name


def table_game(name: str) -> Game:
    """The rules of a game the table hosts, by its name or an alias: :class:`IllegalMove`
    lists the games if unknown, and says so for a registered game the table cannot host yet."""
    reg = registration(name)
    reg.check_at_table()
    return reg.parts().game


def view_header(view: JSON) -> ViewHeader:
    """The typed header of any game's public or player view (its game's ``parts().header``)."""
    return registration(view_game(view)).parts().header(view)


def registration(name: str) -> GameRegistration:
    """The registration of a game by its name or an alias; :class:`IllegalMove` if unknown."""
    key = " ".join(str(name).casefold().split())
    for reg in registrations():
        if key == reg.name or key in reg.aliases:
            return reg
    names = either(r.name for r in registrations())
    raise IllegalMove(
        _("unknown game '{name}'; available: {games}", name=excerpt(str(name)), games=names)
    )


__all__ = [
    "IMAGE_KINDS",
    "REGISTRATION_MODULES",
    "SCORE_LABEL",
    "AiFactory",
    "GameParts",
    "GameRegistration",
    "GameTexts",
    "Grammar",
    "ImageKind",
    "OptionSpec",
    "OptionValue",
    "Policy",
    "Progress",
    "Renderers",
    "ScenarioRunner",
    "deciding_seat",
    "first_registered",
    "register",
    "registered",
    "registration",
    "registrations",
    "table_game",
    "table_registrations",
    "uniform_random_policy",
    "unregister",
    "view_header",
]
