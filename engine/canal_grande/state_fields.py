"""What the Canal Grande rule functions may read and change on a state.

:mod:`engine.canal_grande.checks`, ``decisions``, ``flow``, ``resolve``, ``serialize`` and
``views`` are plain functions of the game state. They take this Protocol rather than
``CanalGrandeState`` itself, so none of them imports :mod:`engine.canal_grande.state` (which
imports them); ``CanalGrandeState`` satisfies it structurally.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.canal_grande.cards import Components
from engine.core import Decision, Event
from engine.rng import Rng


class CanalGrandeFields(Protocol):
    """The fields of a Canal Grande state and the few methods its rule functions call."""

    game_name: str
    _decision: Decision | None
    _decision_lang: str
    _option_set: frozenset[str] | None
    comp: Components
    deck: list[str]
    discard: list[str]
    divider: int
    doges: list[int]
    draw: bool
    hands: list[list[str]]
    history: list[tuple[int, str]]
    last_round: dict[str, Any] | None
    last_vote: dict[str, Any] | None
    n: int
    num_deck: list[int]
    numbers: list[list[int]]
    offer_a: list[int] | None
    over: bool
    phase: str
    players: list[str]
    revealed: list[str]
    rng: Rng
    round: int
    seed: int
    stage: str
    taken: str | None
    turn: int
    turn_limit: int
    victory: list[list[str]]
    vote: dict[str, Any] | None
    voted: list[str]
    winner: int | None

    @property
    def chooser(self) -> int: ...

    @property
    def resolver(self) -> int: ...

    def name(self, seat: int) -> str: ...

    def total(self, seat: int) -> int: ...

    def offer_positions(self, letter: str) -> list[int]: ...

    def table_cards(self) -> list[str]: ...

    def eligible_districts(self, seat: int) -> list[str]: ...

    def ranking(self) -> list[list[int]]: ...

    def pending(self) -> Decision | None: ...

    def legal_commands(self, seat: int) -> list[str]: ...

    def _offer_text(self, letter: str) -> str: ...

    def _revealed_text(self) -> str: ...

    def start_vote(self, owner: int, ev: list[Event]) -> None: ...

    def finish(self, winner: int, ev: list[Event]) -> None: ...

    def _end_turn(self, ev: list[Event]) -> None: ...

    def _start_turn(self, ev: list[Event]) -> None: ...
