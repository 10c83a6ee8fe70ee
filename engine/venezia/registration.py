"""Venezia's registration: the one place the table, the AI and the tools learn about Venezia.

Parts are named as ``"module:attribute"`` and imported on first use (see :mod:`engine.registry`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Decision
from engine.registration_parts import conventional_parts, determinized_twin, texts_from
from engine.registry import GameRegistration, GameTexts, Grammar


def grammar() -> Grammar:
    from engine.venezia import commands as vc

    return Grammar(
        verbs=frozenset(vc.VERBS),
        aliases=dict(vc.ALIASES),
        parse=lambda text, state: vc.parse(text, state.board),  # type: ignore[attr-defined]
        help=dict(vc.HELP),
        anytime=frozenset({"exchange"}),
    )


def texts() -> GameTexts:
    from engine.venezia import summary
    from engine.venezia import texts as t

    return texts_from(
        t,
        active_seat=t.active_seat,
        reserved_names=t.reserved_names,
        summary_lines=summary.summary_lines,
        private_lines=summary.private_lines,
        standings_line=summary.track_line,
        option_cell=summary.option_cell,
        hand_prefixes=("your hand:", "your tokens:"),
    )


def scores(state: Any) -> list[int | None]:
    """The final gondola positions (V-E3)."""
    return [int(p) for p in state.pos]


def random_policy(rng: random.Random) -> Any:
    """Uniform over the pending options; now and then a random gold exchange (V-G1)."""
    from engine.venezia.gold import best_exchange

    def choose(state: Any, decision: Decision) -> str:
        seat = decision.seat
        gold = state.gold(seat) if seat == state.active else 0
        if gold >= 5 and not state.end_triggered and rng.random() < 0.15:
            values = best_exchange(state.tokens[seat], rng.randint(1, gold // 5))
            if values:
                return "exchange " + " ".join(map(str, values))
        return rng.choice(decision.options)

    return choose


def command_seat(state: Any, decision: Decision, command: str) -> int:
    """Who sends ``command``: the active player for a gold exchange, else the decider."""
    return int(state.active) if command.startswith("exchange") else decision.seat


def twin(state: Any, seat: int, rng: random.Random) -> Any:
    """A state that ``seat`` and the public cannot tell from ``state``: other hands, the deck
    order and token values re-imagined from ``seat``'s view (determinization), the history
    kept so the views match field by field."""
    from engine.venezia.determinize import determinize

    return determinized_twin(determinize, state, seat, rng)


REGISTRATION = GameRegistration(
    name="venezia",
    title="Venezia",
    aliases=("velence", "venedig", "venice", "ヴェネチア"),
    **conventional_parts("engine.venezia", "render.venezia"),
    ai="engine.venezia.ai:get_ai",
    ai_levels=("random", "greedy", "strong"),
    random_policy="engine.venezia.registration:random_policy",
    command_seat="engine.venezia.registration:command_seat",
    controls="engine.venezia.controls:controls",
    image_decisions=frozenset({"place", "drain", "district"}),
    hand_decisions=frozenset({"play", "draw", "take", "discard"}),
    own_words=(
        "engine.venezia",
        "Klaus",
        "gondola",
        "ponte",
        "palazzo",
        "basilica",
        "swamp",
        "treasure",
        "tokens",
        "state.pos",
        '"pos"',
        "drain",
        "architect",
    ),
)
