"""Amsterdam's registration (see :mod:`engine.registry`).

Amsterdam has decisions both seats answer at once and in secret (AM-4: ``pending_all`` holds
two sealed decisions, each with the stage's ``opened_at``); the table asks both seats at once
and keeps each answer sealed until the reveal (``bot.table.stages``).
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import IllegalMove
from engine.registration_parts import conventional_parts, determinized_twin, texts_from
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


def variant_alias(text: str) -> str | None:
    """A variant typed by its number (``0`` base, ``1``…``6`` for AM-V1…V6), ``v1``, ``5x5``,
    or its Hungarian name (engine.amsterdam.variants' aliases)."""
    from engine.amsterdam.variants import ALIASES, variant_key

    key = variant_key(text)
    if key.isdigit() and int(key) < len(VARIANT_NAMES):
        return VARIANT_NAMES[int(key)]
    return ALIASES.get(key.removeprefix("am"))


HELP: dict[str, str] = {
    "play": "play 12 / play tide — reveal a card from your hand in secret (AM-4); 'pass'",
    "pass": "pass — reveal no card this round; take 1 gulden from the bank (AM-4.4)",
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

    return texts_from(t, rule_topics_for=t.rule_topics_for)


def scores(state: Any) -> list[int | None]:
    """What the spec ranks by (AM-13.8): victory points; in gomoku (AM-V6, AM-G43) the areas
    won."""
    if state.variant.gomoku:
        return [int(w) for w in state.won]
    return [int(v) for v in state.vp]


def twin(state: Any, seat: int, rng: random.Random) -> Any:
    """The other seat's hand, every deck's order below its visible top and the other's sealed
    answer (if given) re-imagined from ``seat``'s view (engine.amsterdam.determinize); what is
    public but not in the view (the history, the idle-round count) is copied; so are the
    AM-G24 counts (public and in the view)."""
    from engine.amsterdam.determinize import determinize

    other = determinized_twin(determinize, state, seat, rng)
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
    **conventional_parts("engine.amsterdam", "render.amsterdam"),
    ai="engine.amsterdam.ai:get_ai",
    ai_levels=("random", "greedy", "strong"),
    random_policy="engine.registry:uniform_random_policy",
    command_seat="engine.registry:deciding_seat",
    options=(
        OptionSpec(
            "variant",
            "the base game or a variant (AM-V1…V6; also by number: 0 base, 1…6)",
            "base",
            choices=VARIANT_NAMES,
            alias=variant_alias,
        ),
    ),
    controls="engine.amsterdam.controls:controls",
    image_decisions=frozenset({"ship", "remove", "place"}),
    hand_decisions=frozenset({"choose", "contest", "order", "buy"}),
    own_words=("engine.amsterdam", "gulden", "warehouse", "harbour", "gomoku", "customs"),
)
