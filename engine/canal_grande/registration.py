"""Canal Grande's registration (see :mod:`engine.registry`)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path

from engine.ai.levels import EXPERT, GREEDY, RANDOM, STRONG
from engine.canal_grande.language import N_, _, later
from engine.canal_grande.state import CanalGrandeState
from engine.core import GameState
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


def grammar() -> Grammar:
    from engine.canal_grande import commands as cc
    from engine.canal_grande.presentation.help import HELP_LINES

    def parse(text: str, state: GameState) -> object:
        return cc.parse(text)

    return Grammar(
        verbs=frozenset(cc.VERBS),
        aliases=VerbAliases(),
        parse=parse,
        help=HELP_LINES,
    )


class VerbAliases(Mapping[str, str]):
    """Every word a player may type for a verb, in any language (the parser's aliases and each
    verb's word in every catalog), read on first use."""

    def __getitem__(self, word: str) -> str:
        from engine.canal_grande import commands as cc

        verb = cc.verb_of(word)
        if verb is None:
            raise KeyError(word)
        return verb

    def __iter__(self) -> Iterator[str]:
        from engine.canal_grande import commands as cc

        return iter(cc.every_alias())

    def __len__(self) -> int:
        from engine.canal_grande import commands as cc

        return len(cc.every_alias())


def texts() -> GameTexts:
    from engine.canal_grande.presentation import texts as t
    from engine.canal_grande.presentation.tasks import task

    return GameTexts(
        task=task,
        overview=t.OVERVIEW,
        rule_topics=t.RuleTopics(),
        rule_aliases=t.RuleAliases(),
        status_lines=t.status_lines,
        hand_text=t.hand_text,
        secret_part=t.secret_part,
        hand_prefixes=t.hand_prefixes(),
        option_cell=t.option_cell,
    )


def scores(state: GameState) -> list[int | None]:
    """Canal Grande has no points: the new Doge wins (CG-10.2), so the results carry places
    only (a count of victory cards would rank the loser ahead when he won more cards)."""
    return [None for _ in own_state(CanalGrandeState, state).players]


def victory_cards(state: GameState) -> list[float]:
    """The victory cards each seat holds: how the game goes turn by turn (``/game``'s graph),
    though the ranking is the Doge's alone (CG-10.2)."""
    return [float(len(cards)) for cards in own_state(CanalGrandeState, state).victory]


def progress_label(state: GameState) -> str:
    """The graph's caption in the language in force."""
    return _("victory cards")


def twin(state: GameState, seat: int, rng: random.Random) -> CanalGrandeState:
    """The opponent's hand and the draw pile re-imagined from ``seat``'s view."""
    from engine.canal_grande.determinize import determinize

    return determinized_twin(determinize, own_state(CanalGrandeState, state), seat, rng)


@cache
def parts() -> GameParts:
    """Canal Grande's parts, imported on the first call and built once (cached)."""
    from engine.canal_grande import GAME
    from engine.canal_grande.ai import get_ai
    from engine.canal_grande.invariants import violations
    from engine.canal_grande.scenario import run_scenario
    from engine.canal_grande.views import view_header

    return GameParts(
        game=GAME,
        grammar=grammar(),
        texts=texts(),
        make_ai=get_ai,
        run_scenario=run_scenario,
        invariants=for_state(CanalGrandeState, violations),
        scores=scores,
        twin=twin,
        header=view_header,
        progress=Progress(later(N_("victory cards")), victory_cards, label_of=progress_label),
    )


@cache
def renderers() -> Renderers:
    """Canal Grande's image functions: ``render`` (and Pillow) load only on the first call."""
    from render.canal_grande.board import render_board
    from render.canal_grande.end import render_end
    from render.canal_grande.hand import render_hand

    return Renderers(board=render_board, hand=render_hand, end=render_end)


REGISTRATION = GameRegistration(
    catalogs=Path(__file__).resolve().parents[2] / "data" / "canal_grande" / "locale",
    name="canal_grande",
    # the game's name as its readers read it (カナル・グランデ; Canal Grande: the seed 002)
    title=later(N_("Canal Grande")),
    aliases=("canal", "canalgrande", "canal-grande", "canal grande"),  # not for players
    parts=parts,
    renderers=renderers,
    # how its decisions become chat controls: chat/canal_grande (imported by the adapters only)
    presentation="chat.canal_grande",  # not for players
    ai_levels=(RANDOM, GREEDY, STRONG, EXPERT),
    options=(
        OptionSpec(
            "first_divider",
            later(N_("who divides first: seat 1 or 2, or drawn at random")),
            "random",
            choices=("random", "1", "2"),
            values={"random": None, "1": 0, "2": 1},
            labels={
                "random": later(N_("drawn at random")),
                "1": later(N_("seat 1 divides first")),
                "2": later(N_("seat 2 divides first")),
            },
        ),
        OptionSpec(
            "turn_limit",
            later(N_("safety cap on the number of turns")),
            "500",
            minimum=1,
        ),
    ),
    # decision kinds (not command verbs): the chooser's "take" is the decision "choose"
    image_decisions=frozenset({"choose", "district", "place"}),
    hand_decisions=frozenset({"choose", "district", "place"}),
    own_words=(
        "engine.canal_grande",  # not for players
        "divider",
        "chooser",
        "doge",
        "traitor",
        "sanmarco",
        "victory",
    ),
)
