"""Amsterdam's registration (see :mod:`engine.registry`).

Amsterdam has decisions both seats answer at once and in secret (AM-4: ``pending_all`` holds
two sealed decisions). The table cannot drive several open sealed decisions yet, so the game is
registered with ``at_table=False``: everything engine-side (AI levels, self-play, the render
bench, the scenario runner, the engine conformance suite) uses this registration, the lobby
refuses it.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import IllegalMove
from engine.registry import GameRegistration, GameTexts, Grammar, OptionSpec

#: The variants as the lobby option offers them (engine.amsterdam.variants.VARIANTS' names).
VARIANT_NAMES: tuple[str, ...] = (
    "base",
    "canale_grande",
    "gulliver",
    "penniless",
    "special_cards",
    "water_play",
    "gomoku",
)

HELP: dict[str, str] = {
    "play": "play 12 / play tide — reveal a card from your hand in secret (AM-4); 'pass'",
    "buy": "buy / buy no — buy a special card or not (AM-V4.2)",
    "show": "show 12 — show a card to settle who buys or starts (AM-V4.4, AM-G35)",
    "ship": "ship E7 / ship stay — move the ship to a water card, or leave it (AM-7)",
    "remove": "remove F7 / remove none — remove a ship-symbol card next to the ship (AM-7.4)",
    "place": "place D5 — put your revealed card into a free cell (AM-8)",
}


def _parse(text: str, state: Any) -> str:
    from engine.amsterdam import commands as ac

    phase = getattr(state, "phase", "choose")
    if phase not in ac.STEP_VERB:
        raise IllegalMove("the game is over; no command is possible")
    return ac.parse(state, phase, text)


def grammar() -> Grammar:
    from engine.amsterdam import commands as ac

    verbs = frozenset(ac.VERBS.values())
    return Grammar(
        verbs=verbs,
        aliases={k: v for k, v in ac.VERBS.items() if k != v},
        parse=_parse,
        help=dict(HELP),
    )


def texts() -> GameTexts:
    from engine.amsterdam import texts as t

    return GameTexts(
        overview=t.OVERVIEW,
        rule_topics=t.RULE_TOPICS,
        rule_aliases=t.RULE_ALIASES,
        status_lines=t.status_lines,
        hand_text=t.hand_text,
        secret_part=t.secret_part,
    )


def scores(state: Any) -> list[int | None]:
    """What the spec ranks by (AM-13.8): victory points; in gomoku (AM-V6, AM-G43) the areas
    won."""
    if state.variant.gomoku:
        return [int(w) for w in state.won]
    return [int(v) for v in state.vp]


def make_ai(level: str, budget_s: float | None = None) -> Any:
    from engine.amsterdam.ai import get_ai

    return get_ai(level, budget_s)


def twin(state: Any, seat: int, rng: random.Random) -> Any:
    """The other seat's hand, every deck's order below its visible top and the other's sealed
    answer (if given) re-imagined from ``seat``'s view (engine.amsterdam.determinize); what is
    public but not in the view (the history, the idle- and stalled-round counts) is copied."""
    from engine.amsterdam.determinize import determinize

    other = determinize(state.player_view(seat), rng)
    other.history = list(state.history)
    other.idle = state.idle
    other.winner = state.winner
    other.activity = state.activity
    other.peak = state.peak
    other.stall = state.stall
    other._decisions = None
    return other


REGISTRATION = GameRegistration(
    name="amsterdam",
    title="Amsterdam",
    aliases=("am", "amszterdam"),
    game="engine.amsterdam:GAME",
    grammar="engine.amsterdam.registration:grammar",
    texts="engine.amsterdam.registration:texts",
    images={
        "board": "render.amsterdam.board:render_board",
        "hand": "render.amsterdam.hand:render_hand",
        "end": "render.amsterdam.end:render_end",
    },
    ai="engine.amsterdam.registration:make_ai",
    ai_levels=("random", "greedy", "strong"),
    scenario="engine.amsterdam.scenario",
    invariants="engine.amsterdam.invariants:violations",
    scores="engine.amsterdam.registration:scores",
    random_policy="engine.registry:uniform_random_policy",
    command_seat="engine.registry:deciding_seat",
    twin="engine.amsterdam.registration:twin",
    options=(
        OptionSpec(
            "variant",
            "the base game or a variant (AM-V1…V6)",
            "base",
            choices=VARIANT_NAMES,
        ),
    ),
    controls="engine.amsterdam.controls:controls",
    image_decisions=frozenset({"ship", "remove", "place"}),
    hand_decisions=frozenset({"choose", "contest", "order", "buy"}),
    own_words=("engine.amsterdam", "gulden", "warehouse", "harbour", "gomoku", "customs"),
    at_table=False,
)
