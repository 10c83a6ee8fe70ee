"""The ``random`` level: a baseline that picks uniformly among the pending options."""

from __future__ import annotations

import random

from engine.core import JSON, Decision
from engine.venezia.ai.options import legal_options, split_options

EXCHANGE_CHANCE = 0.15


class RandomAi:
    """Uniform over the decision's options; now and then (15 %) a random gold exchange, like
    the engine's own random self-play policy."""

    level = "random"

    def choose(self, view: JSON, decision: Decision, rng: random.Random) -> str:
        others, exchanges = split_options(legal_options(view, decision))
        if exchanges and (not others or rng.random() < EXCHANGE_CHANCE):
            return rng.choice(exchanges)
        return rng.choice(others)
