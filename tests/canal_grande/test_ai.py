"""Canal Grande AI levels, the per-game registries and determinization (AI sees views only)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai import get_ai, policy_factory
from engine.canal_grande import GAME, CanalGrandeState
from engine.canal_grande.ai.greedy import CgGreedyAi, CgRandomAi
from engine.canal_grande.ai.strong import CgStrongAi
from engine.canal_grande.determinize import determinize
from engine.canal_grande.invariants import violations
from engine.registry import table_game
from engine.selfplay import SelfplayReport, play_one, selfplay_game
from tests.canal_grande.helpers import random_game


def test_registries_know_canal_grande() -> None:
    assert table_game("Canal Grande") is GAME and table_game("canal") is GAME
    assert table_game("canal-grande").max_players == 2
    assert isinstance(get_ai("random", game="canal_grande"), CgRandomAi)
    assert isinstance(get_ai("greedy", game="canal"), CgGreedyAi)
    strong = get_ai("strong@0.05", game="canal_grande")
    assert isinstance(strong, CgStrongAi) and strong.budget_s == 0.05
    with pytest.raises(ValueError, match="Canal Grande has no AI level"):
        get_ai("genius", game="canal_grande")
    with pytest.raises(ValueError, match="no AI for the game"):
        get_ai("random", game="chess")
    # Venezia's API is unchanged
    assert get_ai("greedy").__class__.__name__ == "GreedyAi"


@pytest.mark.parametrize("seed", range(6))
def test_determinized_worlds_match_the_view(seed: int) -> None:
    s = random_game(seed, moves=4 + 6 * seed)
    if s.over:
        pytest.skip("over")
    d = s.pending()
    assert d is not None
    view = s.player_view(d.seat)
    for k in range(3):
        w = determinize(view, random.Random(k))
        assert violations(w) == []
        assert w.hands[d.seat] == s.hands[d.seat]
        assert len(w.hands[1 - d.seat]) == len(s.hands[1 - d.seat])
        assert Counter(w.deck + w.hands[1 - d.seat]) == Counter(s.deck + s.hands[1 - d.seat])
        wd = w.pending()
        assert wd is not None and wd.seat == d.seat and wd.options == d.options
        public = w.public_view()
        expected = s.public_view()
        public.pop("history_length")
        expected.pop("history_length")
        assert public == expected


def test_ais_answer_legal_commands_from_views_only() -> None:
    rng = random.Random(2)
    ais = [CgGreedyAi(), CgStrongAi(budget_s=0.02, max_worlds=2)]
    s = CanalGrandeState.new(["A", "B"], 9)
    for _ in range(60):
        if s.over:
            break
        d = s.pending()
        assert d is not None
        command = ais[d.seat].choose(s.player_view(d.seat), d, rng)
        assert command in d.options
        s.apply(d.seat, command)


def test_an_ai_refuses_another_seats_view() -> None:
    s = CanalGrandeState.new(["A", "B"], 9)
    d = s.pending()
    assert d is not None
    with pytest.raises(ValueError, match="view is seat"):
        CgGreedyAi().choose(s.player_view(1 - d.seat), d, random.Random(1))


def test_greedy_beats_random_in_a_few_games() -> None:
    report = SelfplayReport(players=2, wins_by_seat=[0.0, 0.0])
    game = selfplay_game("canal_grande")
    for g in range(6):
        levels = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        policies = [policy_factory(lv, game="canal_grande")(random.Random(g)) for lv in levels]
        state = play_one(2, g, policies, report, checks="end", game=game)
        assert state.winner is not None
        assert levels[state.winner] == "greedy"
    assert report.violations == []
