"""AI players: the one AI framework. Each game's registration names its levels and a factory
(``GameRegistration.ai_levels``, ``parts().make_ai``); ``get_ai(level, game=...)`` asks it (the
default game if ``None``).

Levels, weakest first: ``random`` (baseline), ``greedy`` (one-ply heuristics on one imagined
world), ``strong`` (Monte-Carlo search over many imagined worlds with a wall-clock budget) and
``expert`` (ISMCTS over imagined worlds, :mod:`engine.ai.ismcts`). The search levels take a
budget: ``strong@0.3`` (seconds per decision) or ``strong@200p`` (play-outs: reproducible).

Every AI is an :class:`~engine.ai.base.AiPlayer`: ``ai.choose(view, decision, rng)`` where
``view`` is the deciding seat's ``state.player_view(seat)``; it returns one of
``view["me"]["options"]`` (gold exchanges only when that seat is the active player). An AI object
may remember things between decisions of its seat, so use one object per seat and game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ai.base import AiPlayer
from engine.core import Decision, GameState

#: A self-play policy: (state, the decision to answer) -> a command (engine.registry.Policy).
Policy = Callable[[GameState, Decision], str]

LEVELS: tuple[str, ...] = ("random", "greedy", "strong", "expert")


def ai_game(game: str | None) -> str:
    """The registered name of ``game`` (``None``: nobody named one - the first registered
    game); ValueError if unknown."""
    from engine.core import IllegalMove
    from engine.registry import first_registered, registration

    try:
        return registration(game or first_registered()).name
    except IllegalMove as exc:
        raise ValueError(f"no AI for the game {game!r}: {exc}") from exc  # not for players


def game_levels(game: str | None) -> tuple[str, ...]:
    """The AI levels ``game`` has (its registration's), weakest first."""
    from engine.registry import registration

    return tuple(level.name for level in registration(ai_game(game)).ai_levels)


def get_ai(level: str, budget_s: float | None = None, game: str | None = None) -> AiPlayer:
    """A new AI player of ``level`` for ``game`` (one per seat and game).

    ``budget_s``: the ``strong`` level's wall-clock budget per decision (default 0.3 s); the level
    name ``strong@0.3`` sets it too. A level the game does not have raises ValueError (never a
    silent random player).
    """
    from engine.registry import registration

    reg = registration(ai_game(game))
    key = level.strip().casefold()
    names = game_levels(reg.name)
    if key.partition("@")[0] not in names:
        levels = ", ".join(names)
        raise ValueError(
            f"{reg.title} has no AI level {level!r}; levels: {levels}"  # not for players
        )
    return reg.parts().make_ai(key, budget_s)


def policy_factory(
    level: str, budget_s: float | None = None, game: str | None = None
) -> Callable[[random.Random], Policy]:
    """For self-play: ``policy_factory(level)(rng)`` is a Policy ``(state, decision) -> str``.

    The policy hands the AI only ``state.player_view(decision.seat)`` (never the state), so a
    self-play game exercises exactly what a table seat sees.
    """
    get_ai(level, budget_s, game)  # fail early on an unknown level

    def make(rng: random.Random) -> Policy:
        ai = get_ai(level, budget_s, game)

        def policy(state: GameState, decision: Decision) -> str:
            return ai.choose(state.player_view(decision.seat), decision, rng)

        return policy

    return make


__all__ = ["LEVELS", "AiPlayer", "Policy", "ai_game", "game_levels", "get_ai", "policy_factory"]
