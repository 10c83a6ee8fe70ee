"""Amsterdam's registration (see :mod:`engine.registry`).

Amsterdam has decisions both seats answer at once and in secret (AM-4: ``pending_all`` holds
two sealed decisions, each with the stage's ``opened_at``); the table asks both seats at once
and keeps each answer sealed until the reveal (``bot.table.stages``).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from engine.ai.levels import EXPERT, GREEDY, RANDOM, STRONG
from engine.amsterdam.language import N_, _, messages
from engine.amsterdam.state import AmsterdamState
from engine.core import GameState, IllegalMove
from engine.registration_parts import determinized_twin, for_state, own_state
from engine.registry import (
    GameParts,
    GameRegistration,
    GameTexts,
    Grammar,
    OptionSpec,
    Progress,
    Renderers,
)

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


#: The variants' labels in the lobby's menu (their titles, engine.amsterdam.variants).
VARIANT_LABELS: dict[str, str] = {
    "base": N_("the base game"),
    "canale_grande": N_("Canale Grande (4×12)"),
    "gulliver": N_("Gulliver's Travels (5×5)"),
    "penniless": N_("Penniless"),
    "special_cards": N_("Special cards"),
    "water_play": N_("Water Play (6×6)"),
    "gomoku": N_("Gomoku (8×8)"),
}


def variant_alias(text: str) -> str | None:
    """A variant typed by its number (``0`` base, ``1``…``6`` for AM-V1…V6), ``v1``, ``5x5``,
    or its Hungarian name (engine.amsterdam.variants' aliases)."""
    from engine.amsterdam.variants import ALIASES, variant_key, variant_of

    key = variant_key(text)
    if key.isdigit() and int(key) < len(VARIANT_NAMES):
        return VARIANT_NAMES[int(key)]
    return ALIASES.get(key.removeprefix("am")) or variant_of(text)


def _parse(text: str, game_state: GameState) -> str:
    from engine.amsterdam import commands as ac

    state = own_state(AmsterdamState, game_state)
    phase = state.phase
    if phase not in ac.STEP_VERB:
        raise IllegalMove(_("the game is over; no command is possible"))
    return ac.parse(state, phase, text)


def grammar() -> Grammar:
    from engine.amsterdam import commands as ac
    from engine.amsterdam.presentation.help import HELP

    verbs = frozenset(ac.VERBS.values())
    return Grammar(
        verbs=verbs,
        aliases={k: v for k, v in ac.every_verb().items() if k != v},
        parse=_parse,
        help=HELP,
    )


def texts() -> GameTexts:
    from engine.amsterdam.presentation import texts as t
    from engine.amsterdam.presentation.tasks import task

    return GameTexts(
        task=task,
        overview=t.OVERVIEW,
        rule_topics=t.RULE_TOPICS,
        rule_aliases=t.RULE_ALIASES,
        status_lines=t.status_lines,
        hand_text=t.hand_text,
        secret_part=t.secret_part,
        rule_topics_for=t.rule_topics_for,
        hand_prefixes=messages.leads("your hand: {cards}", "cards"),  # not for players
    )


def scores(game_state: GameState) -> list[int | None]:
    """What the spec ranks by (AM-13.8): victory points; in gomoku (AM-V6, AM-G43) the areas
    won."""
    state = own_state(AmsterdamState, game_state)
    if state.variant.gomoku:
        return [int(w) for w in state.won]
    return [int(v) for v in state.vp]


def progress(game_state: GameState) -> list[float]:
    """What the game ranks by, now (``/game``'s graph): VP, in gomoku the areas won."""
    state = own_state(AmsterdamState, game_state)
    return [float(n) for n in (state.won if state.variant.gomoku else state.vp)]


def progress_label(game_state: GameState) -> str:
    """The graph's axis: what :func:`progress` counts in this variant."""
    return _("areas won") if own_state(AmsterdamState, game_state).variant.gomoku else _("VP")


def twin(game_state: GameState, seat: int, rng: random.Random) -> AmsterdamState:
    """The other seat's hand, every deck's order below its visible top and the other's sealed
    answer (if given) re-imagined from ``seat``'s view (engine.amsterdam.determinize); what is
    public but not in the view (the history, the idle-round count) is copied; so are the
    AM-G24 counts (public and in the view). The identical copies of the special cards are then
    exchanged at random wherever they lie (AM-1.6: which copy is where nobody knows)."""
    from engine.amsterdam.copies import swap_copies
    from engine.amsterdam.determinize import determinize

    state = own_state(AmsterdamState, game_state)
    other = determinized_twin(determinize, state, seat, rng)
    other.idle = state.idle
    other.winner = state.winner
    other.activity = state.activity
    other.peak = state.peak
    other.stall = state.stall
    other._decisions = None
    return swap_copies(other, rng)


def copy_twin(game_state: GameState, rng: random.Random) -> AmsterdamState:
    """The same game with the identical copies of the special cards (AM-1.6) exchanged at
    random wherever they lie (engine.amsterdam.copies)."""
    from engine.amsterdam.copies import swap_copies

    return swap_copies(own_state(AmsterdamState, game_state), rng)


@cache
def parts() -> GameParts:
    """Amsterdam's parts, imported on the first call and built once (cached)."""
    from engine.amsterdam import GAME
    from engine.amsterdam.ai import get_ai
    from engine.amsterdam.invariants import violations
    from engine.amsterdam.scenario import run_scenario
    from engine.amsterdam.views import view_header

    return GameParts(
        game=GAME,
        grammar=grammar(),
        texts=texts(),
        make_ai=get_ai,
        run_scenario=run_scenario,
        invariants=for_state(AmsterdamState, violations),
        scores=scores,
        twin=twin,
        copy_twin=copy_twin,
        header=view_header,
        progress=Progress("VP", progress, progress_label),
    )


@cache
def renderers() -> Renderers:
    """Amsterdam's image functions: ``render`` (and Pillow) load only on the first call."""
    from render.amsterdam.board import render_board
    from render.amsterdam.end import render_end
    from render.amsterdam.hand import render_hand

    return Renderers(board=render_board, hand=render_hand, end=render_end)


REGISTRATION = GameRegistration(
    catalogs=Path(__file__).resolve().parents[2] / "data" / "amsterdam" / "locale",
    name="amsterdam",
    # the game's name as its readers read it (アムステルダム, Amszterdam: the seed 001)
    title=messages.later(N_("Amsterdam")),
    aliases=("am", "amszterdam"),
    parts=parts,
    renderers=renderers,
    # how its decisions become chat controls: chat/amsterdam (imported by the adapters only)
    presentation="chat.amsterdam",  # not for players
    ai_levels=(RANDOM, GREEDY, STRONG, EXPERT),
    options=(
        OptionSpec(
            "variant",
            N_("the base game or a variant (also by number: 0 base, 1…6)"),
            "base",
            choices=VARIANT_NAMES,
            labels=VARIANT_LABELS,
            alias=variant_alias,
        ),
    ),
    image_decisions=frozenset({"ship", "remove", "place"}),
    hand_decisions=frozenset({"choose", "contest", "order", "buy"}),
    own_words=(
        "engine.amsterdam",  # not for players
        "gulden",
        "warehouse",
        "harbour",
        "gomoku",
        "customs",
    ),  # not for players
)
