"""Venezia's events as data: one small dataclass per kind, its parameters as fields (seats,
building types, hexes, amounts), never a text. Applying a move makes these and nothing else;
:mod:`engine.venezia.event_texts` says them when someone reads them, in the reader's language.

Every event carries ``names``, the players' names by seat (the state's own list, not a copy):
a text names the seats it is about. Fields marked *hidden* hold one seat's hidden information:
only that seat's private text shows them; ``data`` (public facts) never does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from engine.core import CONTEXT, GAME_OVER, JSON, TURN_END, Said, Sayings, event_facts


@dataclass(slots=True, kw_only=True)
class VeneziaEvent:
    """The base of Venezia's events: the players' names by seat, said by the game's texts."""

    #: the event's kind (reserved ones: :data:`engine.core.TURN_END`, ``GAME_OVER``, ``REVEAL``)
    kind: ClassVar[str] = ""
    #: the private text only confirms the seat's own answer (see :class:`engine.core.Event`)
    echo: ClassVar[bool] = False
    #: the seat it is about (``None``: nobody in particular)
    seat: int | None = None
    names: Sequence[str] = field(default=(), repr=False, compare=False, metadata=CONTEXT)

    def said(self) -> Said:
        return SAYS(self)  # texts only when someone reads them

    @property
    def text(self) -> str:
        """The public text, made now in the language in force (``""``: nothing to tell)."""
        return self.said().text

    @property
    def private(self) -> Mapping[int, str]:
        """Each seat's own extra text, made now in the language in force."""
        return self.said().private

    @property
    def data(self) -> JSON:
        """Public facts a reader may use (never hidden information): none unless the kind
        has some."""
        return {}

    def facts(self) -> JSON:
        """The event as plain data (see :meth:`engine.core.Event.facts`)."""
        return event_facts(self, self.kind)


#: How each event is said: filled by :mod:`engine.venezia.event_texts`, which the game's package
#: imports (so this module needs none of the texts, and applying a move makes none).
SAYS: Sayings[VeneziaEvent] = Sayings()


@dataclass(slots=True, kw_only=True)
class Played(VeneziaEvent):
    """``seat`` plays ``cards`` (V-1; possibly none)."""

    kind: ClassVar[str] = "play"
    cards: dict[str, int]

    @property
    def data(self) -> JSON:
        return {"cards": dict(self.cards)}


@dataclass(slots=True, kw_only=True)
class ArchitectMoved(VeneziaEvent):
    """The ``building`` architect went to ``seat`` (V-1.4), or back to its space (``None``)."""

    kind: ClassVar[str] = "architect"
    building: str

    @property
    def data(self) -> JSON:
        return {"building": self.building}


@dataclass(slots=True, kw_only=True)
class Discarded(VeneziaEvent):
    """``seat`` discards his ``building`` cards (V-1.12)."""

    kind: ClassVar[str] = "discard"
    building: str


@dataclass(slots=True, kw_only=True)
class Flipped(VeneziaEvent):
    """``flipper`` flips a ``building`` for the imaginary player (``seat``, V-T)."""

    kind: ClassVar[str] = "flip"
    flipper: int
    building: str


@dataclass(slots=True, kw_only=True)
class FlipDiscarded(VeneziaEvent):
    """A third type for the imaginary player (``seat``): discarded (V-T)."""

    kind: ClassVar[str] = "flip_discard"


@dataclass(slots=True, kw_only=True)
class Drained(VeneziaEvent):
    """``seat`` drains ``hex`` (V-2); *hidden*: ``value``, the swamp token's gold."""

    kind: ClassVar[str] = "drain"
    hex: str
    value: int

    @property
    def data(self) -> JSON:
        return {"hex": self.hex}


@dataclass(slots=True, kw_only=True)
class DrainDone(VeneziaEvent):
    """``seat`` drains no more (V-2)."""

    kind: ClassVar[str] = "drain_done"


@dataclass(slots=True, kw_only=True)
class DrewFromDeck(VeneziaEvent):
    """``seat`` draws from the deck (V-3); *hidden*: ``cards``, the cards he drew."""

    kind: ClassVar[str] = "draw"
    cards: list[str]

    @property
    def data(self) -> JSON:
        return {"deck": len(self.cards)}


@dataclass(slots=True, kw_only=True)
class TookFromPool(VeneziaEvent):
    """``seat`` takes a ``building`` card from the pool (V-3)."""

    kind: ClassVar[str] = "draw"
    building: str

    @property
    def data(self) -> JSON:
        return {"pool": self.building}


@dataclass(slots=True, kw_only=True)
class Swapped(VeneziaEvent):
    """``seat`` puts a ``building`` card into the pool (V-3)."""

    kind: ClassVar[str] = "swap"
    building: str


@dataclass(slots=True, kw_only=True)
class PoolCleared(VeneziaEvent):
    """Four cards in the pool: all are discarded (V-3.4)."""

    kind: ClassVar[str] = "pool_cleared"


@dataclass(slots=True, kw_only=True)
class TurnBegins(VeneziaEvent):
    """``seat``'s turn begins (the previous one ended)."""

    kind: ClassVar[str] = TURN_END


@dataclass(slots=True, kw_only=True)
class Completed(VeneziaEvent):
    """``seat``'s ``building`` is complete (V-1.10); ``how``: construction, solo or casa."""

    kind: ClassVar[str] = "resolve"
    building: str
    how: str

    @property
    def data(self) -> JSON:
        return {"building": self.building, "kind": self.how}


@dataclass(slots=True, kw_only=True)
class NoRoom(VeneziaEvent):
    """No room for the ``building``: nothing is built, the cards are discarded (V-1.10)."""

    kind: ClassVar[str] = "no_room"
    building: str

    @property
    def data(self) -> JSON:
        return {"building": self.building}


@dataclass(slots=True, kw_only=True)
class Placed(VeneziaEvent):
    """``seat`` places the ``building`` on ``hexes`` (V-1.10); ``index``: its place in the
    state's building list."""

    kind: ClassVar[str] = "place"
    building: str
    hexes: tuple[str, ...]
    index: int

    @property
    def data(self) -> JSON:
        return {"building": self.building, "hexes": list(self.hexes), "index": self.index}


@dataclass(slots=True, kw_only=True)
class LastBuilt(VeneziaEvent):
    """The last ``building`` is built: the game ends (V-E1)."""

    kind: ClassVar[str] = "end_trigger"
    building: str


@dataclass(slots=True, kw_only=True)
class TrackEndReached(VeneziaEvent):
    """``seat``'s gondola reaches ``end``: the game ends (V-E1)."""

    kind: ClassVar[str] = "end_trigger"
    end: int


@dataclass(slots=True, kw_only=True)
class DistrictScored(VeneziaEvent):
    """``seat`` scores the ponte on ``district`` (its board name: ``district_name``)."""

    kind: ClassVar[str] = "score_district"
    district: str
    district_name: str = field(default="", metadata=CONTEXT)

    @property
    def data(self) -> JSON:
        return {"district": self.district}


@dataclass(slots=True, kw_only=True)
class TreasureTaken(VeneziaEvent):
    """``seat`` takes a treasure token (V-1.10.2); *hidden*: ``value``, its gold."""

    kind: ClassVar[str] = "treasure"
    value: int


@dataclass(slots=True, kw_only=True)
class NoTreasure(VeneziaEvent):
    """No treasure left for ``seat`` (V-1.10.2)."""

    kind: ClassVar[str] = "treasure"


@dataclass(slots=True, kw_only=True)
class Moved(VeneziaEvent):
    """``seat``'s gondola moves ``steps`` from ``start`` to ``end``; ``why``: ``exchange``
    (``tokens`` exchanged), ``score`` (for the ``building``) or ``convert`` (``gold``)."""

    kind: ClassVar[str] = "move"
    why: str
    steps: int
    start: int
    end: int
    tokens: int = 0
    building: str = ""
    gold: int = 0

    @property
    def data(self) -> JSON:
        return {"from": self.start, "to": self.end, "steps": self.steps}


@dataclass(slots=True, kw_only=True)
class GameOver(VeneziaEvent):
    """The game is over: ``ranking`` (seats by place, ties together) and each seat's track
    position ``scores``."""

    kind: ClassVar[str] = GAME_OVER
    ranking: list[list[int]]
    scores: list[int]

    @property
    def data(self) -> JSON:
        return {"ranking": self.ranking}


#: Every Venezia event type (the contract test checks each event is one of them).
EVENT_TYPES: tuple[type[VeneziaEvent], ...] = (
    Played,
    ArchitectMoved,
    Discarded,
    Flipped,
    FlipDiscarded,
    Drained,
    DrainDone,
    DrewFromDeck,
    TookFromPool,
    Swapped,
    PoolCleared,
    TurnBegins,
    Completed,
    NoRoom,
    Placed,
    LastBuilt,
    TrackEndReached,
    DistrictScored,
    TreasureTaken,
    NoTreasure,
    Moved,
    GameOver,
)
