"""Every Amsterdam variant's self-play ends within a move limit (AM-G22, AM-G24).

Greedy against greedy once looped for ever in Gomoku (AM-V6): both players moved the ship,
removed a card and put one back into the gap, round after round. The seed below is a game in
which the port stops growing; AM-G24 ends it. A limit of decisions well above any real game
makes a loop a failure.
"""

from __future__ import annotations

import random

import pytest

from engine.ai import policy_factory
from engine.amsterdam import VARIANTS
from engine.amsterdam.turns import STALL_ROUNDS
from engine.selfplay import SelfplayReport, play_one, selfplay_game

MOVE_LIMIT = 1500  # decisions; real games take about 100–300
# greedy vs greedy stalls here (the greedy of #28 item 2; the one before looped on 160215742132725)
LOOPED_GOMOKU_SEED = 187107734748021


def _play(variant: str, seed: int, level: str) -> tuple[SelfplayReport, object]:
    kind = selfplay_game("amsterdam", {"variant": variant})
    if level == "random":
        policies = [kind.random_policy(random.Random(seed + i)) for i in range(2)]
    else:
        factory = policy_factory(level, game="amsterdam")
        policies = [factory(random.Random(seed + i)) for i in range(2)]
    report = SelfplayReport(players=2, wins_by_seat=[0.0, 0.0])
    state = play_one(2, seed, policies, report, "end", max_decisions=MOVE_LIMIT, game=kind)
    return report, state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_games_end_within_the_move_limit(variant: str, level: str) -> None:
    for seed in (11, 12):
        report, state = _play(variant, seed, level)
        assert report.violations == [], report.violations
        assert state.over  # type: ignore[attr-defined]
        assert report.decisions < MOVE_LIMIT


def test_the_gomoku_loop_ends_by_am_g24() -> None:
    report, state = _play("gomoku", LOOPED_GOMOKU_SEED, "greedy")
    assert report.violations == [], report.violations
    assert state.over  # type: ignore[attr-defined]
    assert "AM-G24" in state.end["reason"]  # the state keeps the rule ID, players read none  # type: ignore[attr-defined]
    assert state.stall == STALL_ROUNDS  # type: ignore[attr-defined]
