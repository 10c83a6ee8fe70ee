"""Venezia's registration: the one place the table, the AI and the tools learn about Venezia.

The parts are imported on the first ``parts()`` / ``renderers()`` call (see
:mod:`engine.registry`); everything here is typed, so mypy checks Venezia against the table.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from engine.ai.levels import EXPERT, GREEDY, RANDOM, STRONG
from engine.core import Decision, GameState
from engine.registration_parts import determinized_twin, for_state, own_state
from engine.registry import (
    GameParts,
    GameRegistration,
    GameTexts,
    Grammar,
    Policy,
    Progress,
    Renderers,
)
from engine.venezia.language import N_, _, messages
from engine.venezia.state import VeneziaState


def grammar() -> Grammar:
    from engine.venezia import commands as vc
    from engine.venezia.presentation.help import HELP
    from engine.venezia.presentation.words import said_texts

    def parse(text: str, state: GameState) -> object:
        return vc.parse(text, own_state(VeneziaState, state).board)

    return Grammar(
        verbs=frozenset(vc.VERBS),
        aliases=vc.verb_aliases(),  # every language's command words (#20)
        parse=parse,
        help=said_texts(HELP),
        anytime=frozenset({"exchange"}),
    )


def texts() -> GameTexts:
    from engine.venezia.presentation import summary
    from engine.venezia.presentation import texts as t
    from engine.venezia.presentation.tasks import task
    from engine.venezia.presentation.words import said_texts

    return GameTexts(
        task=task,
        overview=t.OVERVIEW,
        rule_topics=said_texts(t.RULE_TOPICS),
        rule_aliases=t.rule_aliases(),
        status_lines=t.status_lines,
        hand_text=t.hand_text,
        secret_part=t.secret_part,
        active_seat=t.active_seat,
        reserved_names=t.reserved_names,
        summary_lines=summary.summary_lines,
        private_lines=summary.private_lines,
        standings_line=summary.track_line,
        option_cell=summary.option_cell,
        hand_prefixes=t.hand_prefixes(),
    )


def _progress_label(state: GameState) -> str:
    """The graph's axis caption, in the language in force."""
    return _("gondola position")


def scores(state: GameState) -> list[int | None]:
    """The final gondola positions (V-E3)."""
    return [int(p) for p in own_state(VeneziaState, state).pos]


def gondola_positions(state: GameState) -> list[float]:
    """Each gondola's position on the track now (``/game``'s graph; V-E3 ranks by it)."""
    return [float(p) for p in own_state(VeneziaState, state).pos]


def random_policy(rng: random.Random) -> Policy:
    """Uniform over the pending options; now and then a random gold exchange (V-G1)."""
    from engine.venezia.gold import best_exchange

    def choose(game_state: GameState, decision: Decision) -> str:
        state = own_state(VeneziaState, game_state)
        seat = decision.seat
        gold = state.gold(seat) if seat == state.active else 0
        if gold >= 5 and not state.end_triggered and rng.random() < 0.15:
            values = best_exchange(state.tokens[seat], rng.randint(1, gold // 5))
            if values:
                return "exchange " + " ".join(map(str, values))
        return rng.choice(decision.options)

    return choose


def command_seat(state: GameState, decision: Decision, command: str) -> int:
    """Who sends ``command``: the active player for a gold exchange, else the decider."""
    if command.startswith("exchange"):
        return int(own_state(VeneziaState, state).active)
    return decision.seat


def twin(state: GameState, seat: int, rng: random.Random) -> VeneziaState:
    """A state that ``seat`` and the public cannot tell from ``state``: other hands, the deck
    order and token values re-imagined from ``seat``'s view (determinization), the history
    kept so the views match field by field."""
    from engine.venezia.determinize import determinize

    return determinized_twin(determinize, own_state(VeneziaState, state), seat, rng)


@cache
def parts() -> GameParts:
    """Venezia's parts, imported on the first call and built once (cached)."""
    from engine.venezia import GAME
    from engine.venezia.ai import get_ai
    from engine.venezia.invariants import violations
    from engine.venezia.scenario import run_scenario
    from engine.venezia.views import view_header

    return GameParts(
        game=GAME,
        grammar=grammar(),
        texts=texts(),
        make_ai=get_ai,
        run_scenario=run_scenario,
        invariants=for_state(VeneziaState, violations),
        scores=scores,
        twin=twin,
        header=view_header,
        random_policy=random_policy,
        command_seat=command_seat,
        progress=Progress(N_("gondola position"), gondola_positions, _progress_label),
    )


@cache
def renderers() -> Renderers:
    """Venezia's image functions: ``render`` (and Pillow) load only on the first call."""
    from render.venezia.board import render_board
    from render.venezia.end import render_end
    from render.venezia.hand import render_hand

    return Renderers(board=render_board, hand=render_hand, end=render_end)


REGISTRATION = GameRegistration(
    catalogs=Path(__file__).resolve().parents[2] / "data" / "venezia" / "locale",
    name="venezia",
    # the game's name as its readers read it (ヴェネチア, Velence: the seeds 003, 000)
    title=messages.later(N_("Venezia")),
    aliases=("velence", "venedig", "venice", "ヴェネチア"),
    parts=parts,
    renderers=renderers,
    # how its decisions become chat controls: chat/venezia (imported by the adapters only)
    presentation="chat.venezia",  # not for players
    ai_levels=(RANDOM, GREEDY, STRONG, EXPERT),
    image_decisions=frozenset({"place", "drain", "district"}),
    hand_decisions=frozenset({"play", "draw", "take", "discard"}),
    own_words=(
        "engine.venezia",  # not for players
        "Klaus",
        "gondola",
        "ponte",
        "palazzo",
        "basilica",
        "swamp",
        "treasure",
        "tokens",
        "state.pos",  # not for players
        '"pos"',
        "drain",
        "exchange",
        "district",
        "gold",
        "architect",
    ),
)
