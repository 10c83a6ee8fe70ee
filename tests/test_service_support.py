"""Shared helpers for the table-service tests (no tests in here).

``make_renderer()`` prefers the real renderer (``render.venezia.board`` & co.) when it is
importable and falls back to the service's tiny deterministic Pillow placeholder; tests that
check images use it. The game-heavy tests (hundreds of moves, each with images) use the placeholder
(``make_renderer(prefer_real=False)``, the default of ``open_service``): the real hand image
alone costs tens of milliseconds. ``CANALSIDE_TEST_RENDERER`` (``real`` / ``fake``; the old name
``VENEZIA_TEST_RENDERER`` too) forces one renderer everywhere.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

from bot.product import env_value
from bot.table.outputs import Outcome
from bot.table.render import ModuleRenderer, PlaceholderRenderer, Renderer, RendererUnavailable
from bot.table.service import TableService
from engine.core import JSON, GameState
from engine.registry import table_game

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def make_renderer(prefer_real: bool = True) -> Renderer:
    choice = env_value(os.environ, "CANALSIDE_TEST_RENDERER")
    if choice == "fake" or (not prefer_real and choice != "real"):
        return PlaceholderRenderer()
    try:
        return ModuleRenderer().check()
    except RendererUnavailable:
        if choice == "real":
            raise
        return PlaceholderRenderer()


def open_service(
    path: Path | str, renderer: Renderer | None = None, **kwargs: object
) -> TableService:
    renderer = renderer or make_renderer(prefer_real=False)
    return TableService.open(path, renderer, **kwargs)  # type: ignore[arg-type]


def names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def uid(i: int) -> str:
    return f"user{i}"


async def seat(svc: TableService, channel: str, n: int) -> None:
    for i, name in enumerate(names(n)):
        out = await svc.lobby.join(channel, uid(i), name)
        assert out.accepted, out.error


async def start(svc: TableService, channel: str, n: int, seed: int) -> Outcome:
    await seat(svc, channel, n)
    out = await svc.lobby.start(channel, uid(0), seed=seed)
    assert out.accepted, out.error
    return out


@dataclass
class Script:
    """A whole game decided in advance with the engine alone: (seat, command) per move."""

    players: int
    seed: int
    moves: list[tuple[int, str]]
    final: GameState

    @property
    def final_hash(self) -> str:
        return self.final.state_hash()


def script_game(players: int, seed: int, policy_seed: int, exchange_rate: float = 0.2) -> Script:
    """Random legal moves, including gold exchanges by the active player at any moment."""
    state = table_game("venezia").new_state(names(players), seed)
    rng = random.Random(policy_seed)
    moves: list[tuple[int, str]] = []
    while not state.is_over:
        d = state.pending()
        assert d is not None
        active: int = state.active  # type: ignore[attr-defined]
        exchanges = [c for c in state.legal_commands(active) if c.startswith("exchange")]
        if exchanges and rng.random() < exchange_rate:
            seat_no, command = active, rng.choice(exchanges)
        else:
            seat_no, command = d.seat, rng.choice(list(d.options))
        state.apply(seat_no, command)
        moves.append((seat_no, command))
    return Script(players, seed, moves, state)


async def play_script(
    svc: TableService, channel: str, moves: list[tuple[int, str]], key_prefix: str | None = None
) -> list[Outcome]:
    outs = []
    for i, (seat_no, command) in enumerate(moves):
        key = None if key_prefix is None else f"{key_prefix}-{i}"
        out = await svc.play.command(channel, uid(seat_no), command, idempotency_key=key)
        assert out.accepted, (i, seat_no, command, out.code, out.error)
        outs.append(out)
    return outs


async def play_random(
    svc: TableService, channel: str, first: Outcome, rng: random.Random, limit: int = 5000
) -> list[Outcome]:
    """Drive a game through the service only: each pending decision's options come from
    ``options_for`` of the deciding user."""
    outs = [first]
    out = first
    for _ in range(limit):
        d = out.decision
        if d is None:
            return outs
        assert d.user_id is not None
        options = await svc.play.options_for(channel, d.user_id, limit=None)
        assert options, d
        out = await svc.play.command(channel, d.user_id, rng.choice(options))
        assert out.accepted, (out.code, out.error)
        outs.append(out)
    raise AssertionError("game did not end")


class FlakyRenderer(PlaceholderRenderer):
    """Placeholder images, but a board render kills its process while ``crash_file`` exists
    (deleting it first: one crash), and one raises while ``raise_file`` exists. Picklable,
    for render processes."""

    def __init__(self, crash_file: Path, raise_file: Path) -> None:
        super().__init__()
        self.crash_file = crash_file
        self.raise_file = raise_file

    def board(self, public_view: JSON) -> bytes:
        if self.crash_file.exists():
            self.crash_file.unlink()
            os._exit(3)
        if self.raise_file.exists():
            raise ValueError("the board could not be drawn")
        return super().board(public_view)
