"""What a game's images declare for the shared golden images (``render.golden``) and the render
benchmark (``canalside bench render``): its golden cases and its bench case.

A game declares them in the ``cases`` module of its render package - the package of the image
functions its registration's ``renderers()`` returns (``render.<game>.board.render_board`` ->
``render.<game>.cases``) - as ``CASES = RenderCases(...)``. :func:`game_cases` walks the
registry, so a new game's goldens and bench need no edit in a shared module; a game whose render
package has no ``cases`` module simply has neither.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.core import JSON, GameState
from engine.registry import GameRegistration, registrations

#: A game state, as the render tools drive it: ``is_over``, ``pending()``, ``apply(seat,
#: option)``, ``public_view()``, ``player_view(seat)``, ``clone()``. The games' state classes
#: share no base class, so the tools treat them structurally.
State = Any
S = TypeVar("S", bound=GameState)


def play_random(state: S, seed: int, until: Callable[[S], bool], limit: int = 20000) -> S:
    """``state`` played on with seeded random legal moves (``random.Random(seed)``) until
    ``until(state)`` holds, the game ends, or ``limit`` moves were made."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over or until(state):
            break
        d = state.pending()
        assert d is not None
        state.apply(d.seat, rng.choice(d.options))
    return state


@dataclass(frozen=True)
class GoldenCases:
    """A game's golden images (``tests/golden/<game>/<name>.png``) and the docs' samples."""

    #: the kinds stored in the goldens (each game's own, unique across games) -> image kind
    #: (``board``, ``hand``, ``end``: :meth:`engine.registry.Renderers.of`)
    kinds: Mapping[str, str]
    #: the goldens' names, known without playing
    names: tuple[str, ...]
    #: -> name -> (stored kind, view), from seeded games (plays them: the engine is needed)
    views: Callable[[], dict[str, tuple[str, JSON]]]
    #: the docs' sample images: ``docs/<image>.png`` -> the golden name it shows
    docs: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class BenchCase:
    """What ``bench render`` needs of a game."""

    what: str  # "mid-game 5-player board": how the figures are introduced
    default_turns: int
    #: (seed, turns, variant or None for the game's default) -> a mid-game state
    build: Callable[[int, int, str | None], State]
    kinds: tuple[str, ...]  # the kinds timed when --kind is not given
    target_ms: float
    target_bytes: int
    target_width: int = 0
    #: forgets the cached panels (``--cold-panels``)
    clear_regions: Callable[[], None] | None = None
    variants: tuple[str, ...] = ()  # the game's variants (--variant), if it has any
    #: the image kind whose figures print as the first benchmark printed them: a plain title,
    #: no game and kind in its JSON line (scripts read it)
    plain_kind: str | None = None


@dataclass(frozen=True)
class RenderCases:
    """A game's ``CASES``: its golden images and its bench case."""

    goldens: GoldenCases | None = None
    bench: BenchCase | None = None


def render_package(reg: GameRegistration) -> str:
    """The package of the game's image functions (``render.<game>`` for the built-in games)."""
    return reg.renderers().board.__module__.rpartition(".")[0]


def cases_of(reg: GameRegistration) -> RenderCases | None:
    """The game's ``CASES`` (None: its render package declares none)."""
    package = render_package(reg)
    if not package or importlib.util.find_spec(f"{package}.cases") is None:
        return None
    cases = importlib.import_module(f"{package}.cases").CASES
    if not isinstance(cases, RenderCases):
        raise TypeError(f"{package}.cases.CASES is not a RenderCases")  # not for players
    return cases


def game_cases() -> dict[str, RenderCases]:
    """game -> its render cases, for every registered game that declares some, in the
    registry's order."""
    out: dict[str, RenderCases] = {}
    for reg in registrations():
        cases = cases_of(reg)
        if cases is not None:
            out[reg.name] = cases
    return out


def golden_cases() -> dict[str, GoldenCases]:
    """game -> its golden cases (registry order)."""
    return {g: c.goldens for g, c in game_cases().items() if c.goldens is not None}


def bench_cases() -> dict[str, BenchCase]:
    """game -> its bench case (registry order)."""
    return {g: c.bench for g, c in game_cases().items() if c.bench is not None}
