"""High Card's registration: the same typed object the three real games export (see
engine/registry.py). Registered only by the tests (``tests/fourth_game/conftest.py``)."""

from __future__ import annotations

from functools import cache

from engine.ai.levels import GREEDY, RANDOM
from engine.registration_parts import for_state
from engine.registry import GameParts, GameRegistration, OptionSpec, Progress, Renderers
from tests.fourth_game.rules import KIND, NAME, TITLE, HighCardState


@cache
def parts() -> GameParts:
    from tests.fourth_game import parts as p
    from tests.fourth_game.rules import GAME

    return GameParts(
        game=GAME,
        grammar=p.grammar(),
        texts=p.texts(),
        make_ai=p.make_ai,
        run_scenario=p.run_scenario,
        invariants=for_state(HighCardState, p.violations),
        scores=p.scores,
        twin=p.twin,
        header=p.header,
        progress=Progress("rounds won", p.rounds_won),
    )


@cache
def renderers() -> Renderers:
    from tests.fourth_game.render import render_board, render_end, render_hand

    return Renderers(board=render_board, hand=render_hand, end=render_end)


REGISTRATION = GameRegistration(
    name=NAME,
    title=TITLE,
    aliases=("highcard", "hc"),
    parts=parts,
    renderers=renderers,
    presentation="tests.fourth_game.presentation",
    ai_levels=(RANDOM, GREEDY),
    options=(
        OptionSpec(
            "rounds",
            "how many rounds (and cards in each hand)",
            "13",
            choices=("13", "20"),
            values={"13": 13, "20": 20},
        ),
    ),
    hand_decisions=frozenset({KIND}),
    own_words=("engine.high_card", "high_card", "High Card", "highcard", "higher card"),
)
