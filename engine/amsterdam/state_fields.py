"""What the Amsterdam rule functions may read and change on a state, and its sealed phases.

:mod:`engine.amsterdam.board`, ``commands``, ``rounds``, ``scoring``, ``turns`` and ``views``
are plain functions of the game state. They take this Protocol rather than ``AmsterdamState``
itself, so none of them imports :mod:`engine.amsterdam.state` (which imports them);
``AmsterdamState`` satisfies it structurally.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.amsterdam.cards import CardSet
from engine.amsterdam.grid import Layout
from engine.amsterdam.variants import Variant
from engine.core import Decision
from engine.rng import Rng

#: Stages whose answers stay secret until the last one arrives (AM-3.2, AM-V4.2/4.4, AM-G35).
SEALED_PHASES = frozenset({"buy", "contest", "choose", "order"})


class AmsterdamFields(Protocol):
    """The fields of an Amsterdam state and the few methods its rule functions call."""

    _areas: tuple[list[list[int]], dict[int, int]] | None
    _decisions: tuple[Decision, ...] | None
    _place_cells: list[int] | None  # step 5 cells, cached while the place decision is open
    activity: bool
    asked: list[bool]
    bank: int
    boxed: list[int]
    center_cell: int
    cs: CardSet
    cs_harbor_type: list[bool]
    cs_water_type: list[bool]
    depots: set[int]
    end: dict[str, Any] | None
    guards: list[int]
    gulden: list[int]
    hands: list[list[int]]
    harbor_decks: list[list[int]]
    history: list[tuple[int, str]]
    idle: int
    last_reveal: dict[str, Any] | None
    layout: Layout
    must_play: list[int | None]
    order: list[int]
    over: bool
    passed: list[bool]
    peak: int  # the most cards the port has held at a round's end (AM-G24)
    phase: str
    players: list[str]
    removable: list[int]
    revealed: list[int | None]
    rng: Rng
    round: int
    scored: list[dict[str, Any]]
    scored_cells: set[int]
    sealed: list[str | None]
    seed: int
    ship: int
    span: list[int]
    special_pile: list[int]
    stall: int  # rounds in a row ended without the port growing past its peak (AM-G24)
    # per seat: cards revealed (or shown) and taken back into his hand, public until played
    # (AM-5.2, AM-5.4, AM-V4.4, AM-G35; AM-G23)
    taken_back: list[list[int]]
    top: dict[int, int]
    under: dict[int, list[int]]
    variant: Variant
    vp: list[int]
    water_deck: list[int]
    winner: int | None
    won: list[int]

    def sort_hand(self, hand: list[int]) -> None: ...

    def pending_all(self) -> tuple[Decision, ...]: ...

    def decision_for(self, seat: int) -> Decision | None: ...

    def ranking(self) -> list[list[int]]: ...
