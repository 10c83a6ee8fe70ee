"""Canal Grande's registration (see :mod:`engine.registry`)."""

from __future__ import annotations

import random
from typing import Any

from engine.registration_parts import conventional_parts, determinized_twin, texts_from
from engine.registry import GameRegistration, GameTexts, Grammar, OptionSpec


def grammar() -> Grammar:
    from engine.canal_grande import commands as cc

    return Grammar(
        verbs=frozenset(cc.VERBS),
        aliases=dict(cc.ALIASES),
        parse=lambda text, state: cc.parse(text),
        help=dict(cc.HELP),
    )


def texts() -> GameTexts:
    from engine.canal_grande import texts as t

    return texts_from(t)


def scores(state: Any) -> list[int | None]:
    """Canal Grande has no points: the new Doge wins (CG-10.2), so the results carry places
    only (a count of victory cards would rank the loser ahead when he won more cards)."""
    return [None for _ in state.players]


def twin(state: Any, seat: int, rng: random.Random) -> Any:
    """The opponent's hand and the draw pile re-imagined from ``seat``'s view."""
    from engine.canal_grande.determinize import determinize

    return determinized_twin(determinize, state, seat, rng)


REGISTRATION = GameRegistration(
    name="canal_grande",
    title="Canal Grande",
    aliases=("canal", "canalgrande", "canal-grande", "canal grande"),
    **conventional_parts("engine.canal_grande", "render.canal_grande"),
    ai="engine.canal_grande.ai:get_ai",
    ai_levels=("random", "greedy", "strong"),
    random_policy="engine.registry:uniform_random_policy",
    command_seat="engine.registry:deciding_seat",
    options=(
        OptionSpec(
            "first_divider",
            "who divides first: drawn from the seed (CG-G18), or seat 1 or 2",
            "random",
            choices=("random", "1", "2"),
            values={"random": None, "1": 0, "2": 1},
        ),
        OptionSpec("turn_limit", "safety cap on the number of turns (CG-G20)", "500", minimum=1),
    ),
    controls="engine.canal_grande.controls:controls",
    # decision kinds (not command verbs): the chooser's "take" is the decision "choose"
    image_decisions=frozenset({"choose", "district", "place"}),
    hand_decisions=frozenset({"choose", "district", "place"}),
    own_words=(
        "engine.canal_grande",
        "divider",
        "chooser",
        "doge",
        "traitor",
        "sanmarco",
        "victory",
    ),
)
