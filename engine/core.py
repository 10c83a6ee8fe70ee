"""The game-independent engine contract shared by Venezia, Canal Grande and Amsterdam.

A game is a pure state machine: ``(setup, list of moves)`` determines everything, because the
seeded RNG lives inside the state. Every move is a short canonical text (the chat command), the
state says who must decide what, and everything a player sends is validated by the state itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar, cast

from engine.i18n.shared import N_, _, _n

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

JSON = dict[str, Any]


class IllegalMove(ValueError):
    """A move the rules refuse; the message says what was wrong and what is allowed."""


class UnknownCommand(IllegalMove):
    """A game's parser does not read the command's first word at all (no verb, no shortcut of
    the game): the table then tries the words its option list shows, and else refuses it as an
    unknown command. Any other :class:`IllegalMove` of a parser says the command was read and
    is malformed."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal choice as a small typed value: its ``verb``, its ``args`` (the words after the
    verb) and its ``command``, the canonical text the engine accepts and the move log stores.

    The engine makes options (:attr:`Decision.choices`, :meth:`of`); every layer above it reads
    ``verb``, ``args`` and ``command`` and never splits a command itself. Moves stay texts in
    storage, so stored games replay unchanged.
    """

    verb: str
    args: tuple[str, ...]
    command: str
    #: what choosing it would bring about that a player may not expect, said before it is
    #: chosen (Venezia: a ponte with no room left is discarded, V-1.10); ``""``: nothing. Not
    #: part of the option's identity (``Decision.notes`` gives it; adapters show it, said
    #: with ``engine.i18n.say`` in the reader's language).
    note: str = field(default="", compare=False)

    @staticmethod
    def of(command: str) -> Option:
        """The option of a canonical command (``play 2 ponte`` -> verb ``play``, args ``("2",
        "ponte")``): the one place a command is split into its words."""
        return _option_of(command)

    @property
    def arg(self) -> str:
        """The arguments as one text (``2 ponte``; ``""`` without any)."""
        return " ".join(self.args)

    def __str__(self) -> str:
        return self.command


@lru_cache(maxsize=65536)
def _option_of(command: str) -> Option:
    words = command.split()
    if not words:
        raise ValueError("an option needs a verb")  # not for players
    return Option(words[0].casefold(), tuple(words[1:]), command)


def options_of(commands: Iterable[str]) -> tuple[Option, ...]:
    """The options of canonical commands, in order."""
    return tuple(_option_of(c) for c in commands)


class Note(Protocol):
    """An option's note as data (:attr:`Decision.notes`): its text is made when read."""

    def said(self) -> str:
        """The note in the language in force."""
        ...


@dataclass(slots=True)
class Decision:
    """Who must decide now, what kind of choice it is, and every legal canonical command.

    Treat it as immutable; it is not frozen only because frozen dataclasses are slow to build
    and one is built for every decision of every game (self-play, search).

    Simultaneous stages (Amsterdam's secret card choice) open one Decision per seat at once
    (``GameState.pending_all``). The fields below default to the turn-based meaning:

    * ``sealed``: the answer stays hidden from everybody else (public view, other seats' views,
      event texts) until the stage's last sealed answer arrives; then all are revealed together.
    * ``optional``: the seat may decline; the declining command is ``decline`` (when that is
      ``None``, the **last** option).
    * ``public_options``: the options may be shown in a public channel. False when they reveal
      the seat's hidden information (for example the cards in his hand).
    """

    seat: int
    kind: str
    #: what the decider must do: a text, or a function that says it in the language in force
    #: when someone reads :attr:`prompt` (a play-out's decisions are never read)
    prompt_source: str | Callable[[], str] = field(compare=False)
    options: tuple[str, ...]
    sealed: bool = False
    optional: bool = False
    public_options: bool = True
    #: the command that declines an optional decision (``done``, ``pass``), if the game names it
    decline: str | None = None
    #: the stale guard: the move count at which this decision opened. ``None``: the current
    #: move count (turn-based games). A simultaneous stage sets it, so one seat's sealed answer
    #: does not make the other seats' controls stale.
    opened_at: int | None = None
    #: (command, note) for options whose outcome a player may not expect (:attr:`Option.note`):
    #: a text, or a :class:`Note` said when the options are read; a game may give a lazy
    #: sequence that finds them only when read (not on every decision a play-out makes)
    notes: Sequence[tuple[str, str | Note]] = ()
    _choices: tuple[Option, ...] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def prompt(self) -> str:
        """What the decider must do, in the language in force (made now if the game gave a
        function)."""
        source = self.prompt_source
        return source if isinstance(source, str) else source()

    @property
    def choices(self) -> tuple[Option, ...]:
        """``options`` as typed :class:`Option` values (built on first use, then kept):
        what every layer above the engine reads. ``options`` stays the engine's fast form."""
        if self._choices is None:
            choices = options_of(self.options)
            if self.notes:
                noted = {c: n if isinstance(n, str) else n.said() for c, n in self.notes}
                choices = tuple(
                    replace(o, note=noted[o.command]) if o.command in noted else o for o in choices
                )
            self._choices = choices
        return self._choices


@dataclass(frozen=True, slots=True)
class ViewHeader:
    """The few facts every game's view states, typed, so that layers above the engine read
    them without knowing the game's keys: each game's ``view_header(view)`` (its registration's
    ``parts().header``) builds it from a public or player view. The rest of a view stays the
    game's own (opaque JSON for its renderers and texts).

    Every view names its game under the one shared key ``"game"`` (:func:`view_game`), so the
    header function can be found from the view alone.
    """

    #: the game's registered name
    game: str
    #: the game's own word for its counter ("turn", "round")
    counter: str
    #: the counter's value (``GameState.turn``)
    number: int
    #: the players' names, by seat
    players: tuple[str, ...]
    #: the seat whose turn it is, for games that have one (``None``: none, or the game is over)
    active: int | None
    #: the seats that must decide now, in seat order (empty when the game is over)
    deciding: tuple[int, ...]
    #: the first open decision's prompt (public text; ``None``: nobody decides)
    prompt: str | None
    #: whether the game has ended
    over: bool
    #: a finished game's ranking (seats by place, ties together); ``None`` while it runs
    ranking: tuple[tuple[int, ...], ...] | None

    def name(self, seat: int) -> str:
        """The name of ``seat`` ("?" for a seat the game has no player for)."""
        return self.players[seat] if 0 <= seat < len(self.players) else "?"

    @property
    def counter_text(self) -> str:
        """``turn 3`` / ``round 2`` (in the language in force)."""
        return counter_text(self.counter, self.number)

    @property
    def counter_word(self) -> str:
        """``turn`` / ``round`` (in the language in force)."""
        return counter_word(self.counter)


#: The counters games count in (``ViewHeader.counter`` holds the English token).
_COUNTER_TEXTS = {"turn": N_("turn {n}"), "round": N_("round {n}")}
_COUNTER_WORDS = {"turn": N_("turn"), "round": N_("round")}


def counter_text(counter: str, number: int) -> str:
    """``turn 3`` / ``round 2``: a counter token and its value, as players read them."""
    pattern = _COUNTER_TEXTS.get(str(counter))
    return _(pattern, n=number) if pattern is not None else f"{counter} {number}"


def counter_word(counter: str) -> str:
    """``turn`` / ``round``: a counter token as players read it."""
    word = _COUNTER_WORDS.get(str(counter))
    return _(word) if word is not None else str(counter)


def counter_count(counter: str, n: int) -> str:
    """``12 turns`` / ``1 round``: how many of a counter, as players read it."""
    if counter == "turn":
        return _n("{n} turn", "{n} turns", n)
    if counter == "round":
        return _n("{n} round", "{n} rounds", n)
    return f"{n} {counter}"


def view_game(view: JSON) -> str:
    """The game a view belongs to (the shared ``"game"`` key every view carries)."""
    game = view.get("game")
    if not isinstance(game, str) or not game:
        raise ValueError("a view must name its game under 'game'")  # not for players
    return game


def ranking_part(ranking: object) -> tuple[tuple[int, ...], ...] | None:
    """A view's ``ranking`` (a list of lists of seats, or ``None``) as a header's ranking."""
    if not isinstance(ranking, list):
        return None
    return tuple(tuple(int(s) for s in group) for group in ranking)


#: Reserved event kinds every game uses the same way: a turn ended (the table shows the board
#: as it was then), the game ended (its ``text`` is the summary), sealed answers were revealed.
TURN_END = "turn"
GAME_OVER = "game_over"
REVEAL = "reveal"


def stale_guard(state: GameState, decision: Decision) -> int:
    """The move number a control for ``decision`` must carry to be current."""
    return decision.opened_at if decision.opened_at is not None else len(state.history)


@dataclass(frozen=True, slots=True)
class Said:
    """An event as its readers read it, in the language in force: ``text`` for everybody,
    ``private`` a seat's own extra text (the card he drew, the value of the token he took)."""

    text: str
    private: Mapping[int, str] = field(default_factory=dict)


class Event(Protocol):
    """Something that happened, as data: each game has one event base (a dataclass with
    ``seat``, the context its texts need, and the members below) and one small dataclass per
    kind subclassing that base, its parameters as fields (seats, cards, amounts; never a text),
    so applying a move makes no text at all (self-play and the AI's play-outs apply thousands).
    A structural type: a game's base implements it without subclassing it (the small functions
    below, :func:`event_facts` and :class:`Sayings`, are what it shares).

    Texts are made when someone reads them, by the game's texts for events
    (:meth:`said`), in the language in force: :attr:`text` is safe for the public channel,
    :attr:`private` maps a seat to the text only that seat may see. A field that holds a seat's
    hidden information (a drawn card, a token's value) is read only by :meth:`said`'s private
    texts; :attr:`data` (public facts) and :attr:`text` never show it. ``echo``: the private
    text only confirms the seat's own answer (a sealed choice): worth showing at once, no news
    later (a hand DM sent after the stage leaves it out; the hand line shows an answer while it
    is still sealed).
    """

    @property
    def kind(self) -> str:
        """The event's kind (reserved ones: :data:`TURN_END`, :data:`GAME_OVER`, :data:`REVEAL`)."""
        ...

    @property
    def echo(self) -> bool: ...

    @property
    def seat(self) -> int | None:
        """The seat it is about (``None``: nobody in particular)."""
        ...

    def said(self) -> Said:
        """The event's texts in the language in force (each game's texts say it)."""
        ...

    @property
    def text(self) -> str:
        """The public text, made now in the language in force (``""``: nothing to tell)."""
        ...

    @property
    def private(self) -> Mapping[int, str]:
        """Each seat's own extra text, made now in the language in force."""
        ...

    @property
    def data(self) -> JSON:
        """Public facts a reader may use (never hidden information)."""
        ...

    def facts(self) -> JSON:
        """The event as plain data: its kind and every parameter (hidden ones too: for the
        engine's own checks and tests, never for a public channel), without the context its
        texts look names up in (fields marked :data:`CONTEXT`)."""
        ...


def event_facts(event: DataclassInstance, kind: str) -> JSON:
    """An event dataclass's :meth:`Event.facts`: ``kind`` and every field not marked
    :data:`CONTEXT`, as plain JSON data."""
    out: JSON = {"kind": kind}
    for f in fields(event):
        if not f.metadata.get("context"):
            out[f.name] = _plain(getattr(event, f.name))
    return out


def seat_of(event: Event) -> int:
    """The seat an event about one seat is about (where its private text goes)."""
    if event.seat is None:
        raise ValueError(f"{type(event).__name__} is about no seat")  # not for players
    return event.seat


_E = TypeVar("_E")
_B = TypeVar("_B")


class Sayings(Generic[_B]):
    """A game's texts for events, by event type: ``@sayings.of(Played)`` registers the
    function that says a ``Played`` (typed by its event class); calling the table says any of
    the game's events (base ``_B``)."""

    def __init__(self) -> None:
        self._by: dict[type, Callable[[_B], Said]] = {}

    def of(self, kind: type[_E]) -> Callable[[Callable[[_E], Said]], Callable[[_E], Said]]:
        """Register the decorated function as the texts of events of type ``kind``."""

        def register(say: Callable[[_E], Said]) -> Callable[[_E], Said]:
            # the one place the types meet: the table calls ``say`` only with a ``kind``
            self._by[kind] = cast("Callable[[_B], Said]", say)
            return say

        return register

    def __call__(self, event: _B) -> Said:
        return self._by[type(event)](event)

    def kinds(self) -> frozenset[type]:
        """The event types that have texts."""
        return frozenset(self._by)


#: ``field(metadata=CONTEXT)``: an event's field that is no parameter of what happened but
#: what its texts look names up in (the players' names, a variant's components).
CONTEXT: Final = {"context": True}


def _plain(value: object) -> object:
    """``value`` as JSON data (tuples as lists, mapping keys as texts)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


class GameState(Protocol):
    """What the table service, the renderer and the AI rely on, for every game."""

    game_name: str
    players: list[str]
    history: list[tuple[int, str]]

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int:
        """The turn number (self-play reports the mean game length in turns)."""
        ...

    def pending(self) -> Decision | None:
        """The first open decision (the only one in a turn-based stage), or None at game end."""
        ...

    def pending_all(self) -> tuple[Decision, ...]:
        """Every open decision, one per seat that must still answer, in seat order.

        Turn-based stages return ``(pending(),)``; a simultaneous stage returns one entry per
        seat that has not answered yet (answers come as separate ``apply`` calls, in any order).
        Empty when the game is over.
        """
        ...

    def legal_commands(self, seat: int) -> list[str]: ...

    def apply(self, seat: int, command: str) -> list[Event]: ...

    def canonical(self, seat: int, command: str) -> str: ...

    def ranking(self) -> list[list[int]]: ...

    def public_view(self) -> JSON: ...

    def player_view(self, seat: int) -> JSON: ...

    def to_json(self) -> str: ...

    def state_hash(self) -> str: ...

    def clone(self) -> GameState: ...


class Game(Protocol):
    """A game type: builds fresh states and restores saved ones."""

    name: str
    title: str
    min_players: int
    max_players: int

    def new_state(
        self, players: list[str], seed: int, options: JSON | None = None
    ) -> GameState: ...

    def from_json(self, text: str) -> GameState: ...
