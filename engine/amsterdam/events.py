"""Amsterdam's events as data: one small dataclass per kind, its parameters as fields (seats,
cards, cells, amounts, the reason a rule decided), never a text. Applying a move makes these
and nothing else; :mod:`engine.amsterdam.event_texts` says them when someone reads them, in
the reader's language.

Every event carries, as context for its texts, the players' names by seat and the game's card
set. Cards are named by their public id (one for identical copies, AM-1.6), so no event tells
which copy it was. Fields marked *hidden* hold one seat's hidden information: only that seat's
private text shows them; ``data`` (public facts) never does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from engine.amsterdam.cards import CardSet
from engine.core import CONTEXT, GAME_OVER, JSON, REVEAL, TURN_END, Said, Sayings, event_facts
from engine.i18n import SOURCE

#: Why the bank pays (``Income.why``): passing (AM-4.4), nobody could pay the tax (AM-5.4),
#: dredging (AM-11.1).
PAY_REASONS = ("passing", "no_tax", "dredging")
#: Why the game ended (``EndReason.key``): the port is full (AM-13.1), three idle rounds
#: (AM-G22), rounds without the port growing (AM-G24), no cards left (AM-G21), three areas
#: in a row (AM-V6.4), bankrupt (AM-V3.3).
END_KEYS = ("full", "idle", "stall", "no_cards", "row", "bankrupt")


@dataclass(frozen=True, slots=True)
class EndReason:
    """Why the game ended, as data: ``key`` (:data:`END_KEYS`) and the seat it names (three
    in a row, bankrupt)."""

    key: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class AreaReason:
    """Why an area went as it did (AM-10.2–10.6), as :func:`~engine.amsterdam.scoring.
    area_decision` says it: ``rule`` (difference, majorities, value, equal, tie) and its two
    numbers (the winner's and the other's; for ``value`` the two goods)."""

    rule: str
    a: int
    b: int


@dataclass(slots=True, kw_only=True)
class AmsterdamEvent:
    """The base of Amsterdam's events: names and card set, said by the game's texts."""

    #: the event's kind (reserved ones: :data:`engine.core.TURN_END`, ``GAME_OVER``, ``REVEAL``)
    kind: ClassVar[str] = ""
    #: the private text only confirms the seat's own answer (see :class:`engine.core.Event`)
    echo: ClassVar[bool] = False
    #: the seat it is about (``None``: nobody in particular)
    seat: int | None = None
    names: Sequence[str] = field(default=(), repr=False, compare=False, metadata=CONTEXT)
    cs: CardSet | None = field(default=None, repr=False, compare=False, metadata=CONTEXT)

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


#: How each event is said: filled by :mod:`engine.amsterdam.event_texts`, which the game's package
#: imports (so this module needs none of the texts, and applying a move makes none).
SAYS: Sayings[AmsterdamEvent] = Sayings()


@dataclass(slots=True, kw_only=True)
class Sealed(AmsterdamEvent):
    """``seat`` answered the sealed ``stage``; *hidden*: ``answer``, his command."""

    kind: ClassVar[str] = "sealed"
    echo: ClassVar[bool] = True  # no news once revealed; the hand line shows it while sealed
    stage: str
    answer: str

    @property
    def data(self) -> JSON:
        return {"stage": self.stage}


@dataclass(slots=True, kw_only=True)
class ShipStays(AmsterdamEvent):
    """``seat`` leaves the ship where it is (AM-7.3)."""

    kind: ClassVar[str] = "ship"


@dataclass(slots=True, kw_only=True)
class ShipMoved(AmsterdamEvent):
    """``seat`` moves the ship to ``cell``."""

    kind: ClassVar[str] = "ship"
    cell: str

    @property
    def data(self) -> JSON:
        return {"to": self.cell}


@dataclass(slots=True, kw_only=True)
class BuysRevealed(AmsterdamEvent):
    """The sealed buy answers: of the ``asked`` seats, ``wants`` buy (AM-V4.2)."""

    kind: ClassVar[str] = "reveal_buy"
    asked: list[int]
    wants: list[int]

    @property
    def data(self) -> JSON:
        return {"buy": self.wants}


@dataclass(slots=True, kw_only=True)
class ForcedPick(AmsterdamEvent):
    """Only ``seat`` (``drawn``: neither, the draw chose ``seat``) can show a numbered card:
    he gets ``what`` (``buy``: the last special card; ``start``: the first turn)."""

    kind: ClassVar[str] = "show"
    what: str
    drawn: bool


@dataclass(slots=True, kw_only=True)
class Shown(AmsterdamEvent):
    """Both showed numbered cards ``shown`` (by seat): ``seat`` gets ``what`` (AM-V4.4,
    AM-G35)."""

    kind: ClassVar[str] = "show"
    what: str
    shown: list[int]

    @property
    def data(self) -> JSON:
        return {"shown": self.shown}


@dataclass(slots=True, kw_only=True)
class Bought(AmsterdamEvent):
    """``seat`` pays 2 gulden for a special card (AM-V4.2); *hidden*: ``card``."""

    kind: ClassVar[str] = "buy"
    card: int


@dataclass(slots=True, kw_only=True)
class ChoicesRevealed(AmsterdamEvent):
    """Round ``round``'s sealed choices revealed: ``cards`` by seat (``None``: he passed),
    ``passed`` by seat."""

    kind: ClassVar[str] = REVEAL
    round: int
    cards: list[int | None]
    passed: list[bool]

    @property
    def data(self) -> JSON:
        """The reveal as the views show it (the faces described in English, as the state
        keeps them)."""
        cs = self.cs
        assert cs is not None
        faces = [
            None if c is None else cs.cards[c].to_view(SOURCE, internal=True) for c in self.cards
        ]
        return {
            "round": self.round,
            "cards": [None if c is None else cs.cards[c].label for c in self.cards],
            "faces": faces,
            "passed": list(self.passed),
        }


@dataclass(slots=True, kw_only=True)
class Bankrupt(AmsterdamEvent):
    """``seat`` cannot pay the harbor tax and the bank is empty (AM-V3.3)."""

    kind: ClassVar[str] = "bankrupt"


@dataclass(slots=True, kw_only=True)
class TaxPaid(AmsterdamEvent):
    """``seat`` pays 1 gulden harbor tax (AM-5.1)."""

    kind: ClassVar[str] = "tax"


@dataclass(slots=True, kw_only=True)
class Withdrawn(AmsterdamEvent):
    """``seat`` takes his revealed ``card`` back: he cannot pay the harbor tax (AM-5.2)."""

    kind: ClassVar[str] = "withdraw"
    card: int


@dataclass(slots=True, kw_only=True)
class Income(AmsterdamEvent):
    """The bank pays ``seats`` 1 gulden each for ``why`` (:data:`PAY_REASONS`)."""

    kind: ClassVar[str] = "income"
    seats: list[int]
    why: str

    @property
    def data(self) -> JSON:
        return {"seats": self.seats}


@dataclass(slots=True, kw_only=True)
class NoIncome(AmsterdamEvent):
    """``seats`` get no gulden for ``why``: the bank is empty (``empty``) or holds one with
    equal money (AM-G13)."""

    kind: ClassVar[str] = "no_income"
    seats: list[int]
    why: str
    empty: bool


@dataclass(slots=True, kw_only=True)
class NoPlace(AmsterdamEvent):
    """``seat``'s ``card`` has no legal place: a special goes under the pile (AM-G36), others
    back to hand (AM-G16)."""

    kind: ClassVar[str] = "no_place"
    card: int
    special: bool


@dataclass(slots=True, kw_only=True)
class Removed(AmsterdamEvent):
    """``seat`` removes ``card`` at ``cell``: under ``owner``'s deck (AM-7.9)."""

    kind: ClassVar[str] = "remove"
    card: int
    cell: str
    owner: int

    @property
    def data(self) -> JSON:
        return {"cell": self.cell}


@dataclass(slots=True, kw_only=True)
class Placed(AmsterdamEvent):
    """``seat`` places ``card`` at ``cell``."""

    kind: ClassVar[str] = "place"
    card: int
    cell: str

    @property
    def data(self) -> JSON:
        return {"cell": self.cell}


@dataclass(slots=True, kw_only=True)
class CannotDraw(AmsterdamEvent):
    """``seat`` cannot draw: the water (``water``) or his harbor deck is empty (AM-G21)."""

    kind: ClassVar[str] = "draw"
    water: bool


@dataclass(slots=True, kw_only=True)
class Drew(AmsterdamEvent):
    """``seat`` draws ``card``, the face-up top of the water or his harbor deck."""

    kind: ClassVar[str] = "draw"
    card: int
    water: bool


@dataclass(slots=True, kw_only=True)
class StartPlayer(AmsterdamEvent):
    """``seat`` starts (AM-6.1)."""

    kind: ClassVar[str] = "start_player"


@dataclass(slots=True, kw_only=True)
class RoundEnds(AmsterdamEvent):
    """Round ``round`` ends."""

    kind: ClassVar[str] = TURN_END
    round: int

    @property
    def data(self) -> JSON:
        return {"round": self.round}


@dataclass(slots=True, kw_only=True)
class AreaScored(AmsterdamEvent):
    """An area (``cells``, labels) is scored at its close (``closing``) or at the game's end:
    ``counts`` warehouses by seat and goods, ``reason`` why; ``seat`` wins ``vp`` (``None``:
    nobody scores)."""

    kind: ClassVar[str] = "area_scored"
    cells: list[str]
    counts: list[list[int]]
    reason: AreaReason
    closing: bool
    vp: int = 0

    @property
    def data(self) -> JSON:
        if self.seat is None:
            return {"cells": list(self.cells), "winner": None}
        return {"cells": list(self.cells), "winner": self.seat, "vp": self.vp}


@dataclass(slots=True, kw_only=True)
class EndArea(AmsterdamEvent):
    """Game-end scoring of one of the largest areas (AM-13.4): ``cells``, ``size``, and the
    ``scorers`` who gain ``vp`` each."""

    kind: ClassVar[str] = "end_area"
    cells: list[str]
    size: int
    scorers: list[int]
    vp: int

    @property
    def data(self) -> JSON:
        return {"cells": self.cells, "scorers": self.scorers}


@dataclass(slots=True, kw_only=True)
class GameOver(AmsterdamEvent):
    """The game is over for ``reason``: ``ranking``, each seat's ``vp`` and ``gulden``."""

    kind: ClassVar[str] = GAME_OVER
    reason: EndReason
    ranking: list[list[int]]
    vp: list[int]
    gulden: list[int]

    @property
    def data(self) -> JSON:
        return {"ranking": self.ranking}


#: Every Amsterdam event type (the contract test checks each event is one of them).
EVENT_TYPES: tuple[type[AmsterdamEvent], ...] = (
    Sealed,
    ShipStays,
    ShipMoved,
    BuysRevealed,
    ForcedPick,
    Shown,
    Bought,
    ChoicesRevealed,
    Bankrupt,
    TaxPaid,
    Withdrawn,
    Income,
    NoIncome,
    NoPlace,
    Removed,
    Placed,
    CannotDraw,
    Drew,
    StartPlayer,
    RoundEnds,
    AreaScored,
    EndArea,
    GameOver,
)
