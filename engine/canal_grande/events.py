"""Canal Grande's events as data: one small dataclass per kind, its parameters as fields
(seats, cards, districts, numbers), never a text. Applying a move makes these and nothing else;
:mod:`engine.canal_grande.event_texts` says them when someone reads them, in the reader's
language.

Every event carries, as context for its texts, the players' names by seat and the game's
components (the variant's districts and their names): the state's own objects, not copies.
Fields marked *hidden* hold one seat's hidden information: only that seat's private text shows
them (the opponent's, for a stolen card); ``data`` (public facts) never does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.canal_grande.cards import Components
from engine.core import CONTEXT, GAME_OVER, JSON, REVEAL, TURN_END, Said, Sayings, event_facts


@dataclass(slots=True, kw_only=True)
class CanalGrandeEvent:
    """The base of Canal Grande's events: names and components, said by the game's texts."""

    #: the event's kind (reserved ones: :data:`engine.core.TURN_END`, ``GAME_OVER``, ``REVEAL``)
    kind: ClassVar[str] = ""
    #: the private text only confirms the seat's own answer (see :class:`engine.core.Event`)
    echo: ClassVar[bool] = False
    #: the seat it is about (``None``: nobody in particular)
    seat: int | None = None
    names: Sequence[str] = field(default=(), repr=False, compare=False, metadata=CONTEXT)
    comp: Components | None = field(default=None, repr=False, compare=False, metadata=CONTEXT)

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


#: How each event is said: filled by :mod:`engine.canal_grande.event_texts`, which the game's
#: package imports (so this module needs none of the texts, and applying a move makes none).
SAYS: Sayings[CanalGrandeEvent] = Sayings()


@dataclass(slots=True, kw_only=True)
class DividerResolves(CanalGrandeEvent):
    """The divider (``seat``) resolves the offer the chooser left, ``offer`` (CG-7.1)."""

    kind: ClassVar[str] = "divider_offer"
    offer: str


@dataclass(slots=True, kw_only=True)
class ChallengerPasses(CanalGrandeEvent):
    """``seat`` has no card of an open district: ``other`` becomes the challenger (CG-6.5)."""

    kind: ClassVar[str] = "challenger_passes"
    other: int


@dataclass(slots=True, kw_only=True)
class DogeDiscarded(CanalGrandeEvent):
    """Neither player can vote: ``seat``'s doge is discarded (CG-6.6)."""

    kind: ClassVar[str] = "doge_discarded"


@dataclass(slots=True, kw_only=True)
class CapReached(CanalGrandeEvent):
    """The safety cap of ``limit`` turns is reached: a draw (CG-G20)."""

    kind: ClassVar[str] = GAME_OVER
    limit: int
    ranking: list[list[int]]

    @property
    def data(self) -> JSON:
        return {"ranking": self.ranking, "draw": True}


@dataclass(slots=True, kw_only=True)
class TurnEnds(CanalGrandeEvent):
    """A turn ended; ``turn`` is the next one's number (no text of its own)."""

    kind: ClassVar[str] = TURN_END
    turn: int

    @property
    def data(self) -> JSON:
        return {"turn": self.turn}


@dataclass(slots=True, kw_only=True)
class Revealed(CanalGrandeEvent):
    """Turn ``turn`` of round ``round``: the divider (``seat``) reveals ``revealed``."""

    kind: ClassVar[str] = REVEAL
    turn: int
    round: int
    revealed: list[str]

    @property
    def data(self) -> JSON:
        return {"revealed": list(self.revealed)}


@dataclass(slots=True, kw_only=True)
class DogeWins(CanalGrandeEvent):
    """``seat`` becomes the Doge and wins (CG-10.2)."""

    kind: ClassVar[str] = GAME_OVER
    ranking: list[list[int]]

    @property
    def data(self) -> JSON:
        return {"ranking": self.ranking, "winner": self.seat}


@dataclass(slots=True, kw_only=True)
class Reshuffled(CanalGrandeEvent):
    """The draw pile was empty: the discard pile is the new draw pile (CG-9.1)."""

    kind: ClassVar[str] = "reshuffle"


@dataclass(slots=True, kw_only=True)
class NumbersLaid(CanalGrandeEvent):
    """``seat`` lays number cards ``numbers``: his total is ``total`` (CG-5.3)."""

    kind: ClassVar[str] = "numbers"
    numbers: list[int]
    total: int

    @property
    def data(self) -> JSON:
        return {"numbers": self.numbers, "total": self.total}


@dataclass(slots=True, kw_only=True)
class ToHand(CanalGrandeEvent):
    """``seat`` takes ``cards`` (districts and gondolas of his offer) into hand (CG-5.4)."""

    kind: ClassVar[str] = "to_hand"
    cards: list[str]

    @property
    def data(self) -> JSON:
        return {"cards": self.cards}


@dataclass(slots=True, kw_only=True)
class SpyDraws(CanalGrandeEvent):
    """``seat``'s spy draws ``draws`` cards (CG-5.7)."""

    kind: ClassVar[str] = "spy"
    draws: int


@dataclass(slots=True, kw_only=True)
class NothingStolen(CanalGrandeEvent):
    """``seat``'s traitor finds nothing: ``other`` holds no cards (CG-5.6)."""

    kind: ClassVar[str] = "steal"
    other: int

    @property
    def data(self) -> JSON:
        return {"stolen": False}


@dataclass(slots=True, kw_only=True)
class Stolen(CanalGrandeEvent):
    """``seat``'s traitor steals a card from ``other`` (CG-5.5); *hidden*: ``card``, known to
    the two of them only."""

    kind: ClassVar[str] = "steal"
    other: int
    card: str

    @property
    def data(self) -> JSON:
        return {"stolen": True, "from": self.other}


@dataclass(slots=True, kw_only=True)
class NoCardLeft(CanalGrandeEvent):
    """No card is left to draw: ``skipped`` draws of ``seat`` are skipped (CG-G16)."""

    kind: ClassVar[str] = "no_card"
    skipped: int


@dataclass(slots=True, kw_only=True)
class Redrawn(CanalGrandeEvent):
    """``seat`` draws a ``card`` that is discarded and replaced (``rule``: why)."""

    kind: ClassVar[str] = "redraw"
    card: str
    rule: str

    @property
    def data(self) -> JSON:
        return {"card": self.card}


@dataclass(slots=True, kw_only=True)
class DrewTraitor(CanalGrandeEvent):
    """``seat`` draws a traitor (CG-5.10)."""

    kind: ClassVar[str] = "drawn_traitor"


@dataclass(slots=True, kw_only=True)
class DrewDoge(CanalGrandeEvent):
    """``seat`` draws a doge: it will start a vote (CG-5.11)."""

    kind: ClassVar[str] = "drawn_doge"


@dataclass(slots=True, kw_only=True)
class DrewCard(CanalGrandeEvent):
    """``seat`` draws a card into hand (CG-5.9); *hidden*: ``card``."""

    kind: ClassVar[str] = "draw"
    card: str


@dataclass(slots=True, kw_only=True)
class VoteWon(CanalGrandeEvent):
    """``seat`` wins the vote (CG-6.17–6.22); ``vote``: the settled vote as the state keeps it
    (``last_vote``: district, winner, owner, challenger, votes, placed, back_to_hand,
    discarded, all public)."""

    kind: ClassVar[str] = "vote_won"
    vote: dict[str, Any]

    @property
    def data(self) -> JSON:
        return dict(self.vote)


@dataclass(slots=True, kw_only=True)
class RoundEnds(CanalGrandeEvent):
    """Round ``round`` ends with ``totals``: ``seat`` has the lower one and draws ``bonus``
    cards (CG-8.2)."""

    kind: ClassVar[str] = "round_end"
    round: int
    totals: list[int]
    bonus: int

    @property
    def data(self) -> JSON:
        return {"totals": list(self.totals), "bonus": self.seat}


@dataclass(slots=True, kw_only=True)
class RoundTied(CanalGrandeEvent):
    """Round ``round`` ends with equal ``totals``: no bonus (CG-8.5)."""

    kind: ClassVar[str] = "round_end"
    round: int
    totals: list[int]

    @property
    def data(self) -> JSON:
        return {"totals": list(self.totals), "bonus": None}


@dataclass(slots=True, kw_only=True)
class Divided(CanalGrandeEvent):
    """The divider (``seat``) splits ``revealed`` into offers A (positions ``a``) and B
    (``b``)."""

    kind: ClassVar[str] = "divide"
    a: list[int]
    b: list[int]
    revealed: list[str]

    @property
    def data(self) -> JSON:
        return {"a": list(self.a), "b": list(self.b)}


@dataclass(slots=True, kw_only=True)
class OfferTaken(CanalGrandeEvent):
    """The chooser (``seat``) takes ``offer``, the revealed ``cards``."""

    kind: ClassVar[str] = "take"
    offer: str
    cards: list[str]

    @property
    def data(self) -> JSON:
        return {"offer": self.offer}


@dataclass(slots=True, kw_only=True)
class VoteCalled(CanalGrandeEvent):
    """``seat`` calls a vote in ``district``."""

    kind: ClassVar[str] = "vote"
    district: str

    @property
    def data(self) -> JSON:
        return {"district": self.district}


@dataclass(slots=True, kw_only=True)
class VotesPlaced(CanalGrandeEvent):
    """``seat`` places ``count`` cards of ``district`` and gondolas ``groups`` ((district,
    cards) each); the votes are then ``votes`` (by seat), ``challenger`` the challenger."""

    kind: ClassVar[str] = "place"
    district: str
    count: int
    groups: tuple[tuple[str, int], ...]
    challenger: int
    votes: list[int]

    @property
    def data(self) -> JSON:
        from engine.canal_grande.commands import format_place

        placement = format_place(self.district, self.count, self.groups).removeprefix("place ")
        return {"placement": placement, "votes": list(self.votes)}


@dataclass(slots=True, kw_only=True)
class Passed(CanalGrandeEvent):
    """``seat`` passes (CG-6.17)."""

    kind: ClassVar[str] = "pass"


#: Every Canal Grande event type (the contract test checks each event is one of them).
EVENT_TYPES: tuple[type[CanalGrandeEvent], ...] = (
    DividerResolves,
    ChallengerPasses,
    DogeDiscarded,
    CapReached,
    TurnEnds,
    Revealed,
    DogeWins,
    Reshuffled,
    NumbersLaid,
    ToHand,
    SpyDraws,
    NothingStolen,
    Stolen,
    NoCardLeft,
    Redrawn,
    DrewTraitor,
    DrewDoge,
    DrewCard,
    VoteWon,
    RoundEnds,
    RoundTied,
    Divided,
    OfferTaken,
    VoteCalled,
    VotesPlaced,
    Passed,
)
