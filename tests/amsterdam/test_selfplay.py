"""``venezia selfplay --game amsterdam --variant V``: whole games with every invariant checked,
and Amsterdam's AI levels in the per-game registry (engine.ai)."""

from __future__ import annotations

import random

import pytest

from bot.selfplay_cmd import main
from engine.ai import GAME_LEVELS, get_ai, policy_factory
from engine.amsterdam import GAME, VARIANTS
from engine.amsterdam.ai import GreedyAi, RandomAi
from engine.amsterdam.ai_strong import AmStrongAi
from engine.selfplay import run_selfplay


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_selfplay_keeps_every_invariant(variant: str) -> None:
    report = run_selfplay(2, 2, 7, game="amsterdam", options={"variant": variant})
    assert report.games == 2
    assert report.violations == []
    assert sum(report.wins_by_seat) == pytest.approx(2.0)


def test_ai_selfplay_with_a_variant() -> None:
    factories = [policy_factory(level, game="amsterdam") for level in ("greedy", "random")]
    report = run_selfplay(2, 1, 3, factories, game="amsterdam", options={"variant": "gulliver"})
    assert report.violations == []


def test_the_command_line_passes_the_variant_through(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "amsterdam", "--variant", "gulliver", "--games", "1", "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out
    assert main(["--game", "amsterdam", "--option", "variant=v6", "--games", "1"]) == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "amsterdam", "--variant", "nonsense"], "unknown Amsterdam variant"),
        (["--game", "amsterdam", "--option", "colour=red"], "unknown Amsterdam option"),
        (["--game", "venezia", "--variant", "gomoku"], "venezia takes no game options"),
        (["--game", "amsterdam", "--option", "variant"], "key=value"),
    ],
)
def test_bad_options_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*argv, "--games", "1"])
    assert message in capsys.readouterr().err


def test_amsterdam_levels_in_the_registry() -> None:
    assert GAME_LEVELS["amsterdam"] == ("random", "greedy", "strong")
    assert isinstance(get_ai("random", game="amsterdam"), RandomAi)
    assert isinstance(get_ai("greedy", game="amsterdam"), GreedyAi)
    strong = get_ai("strong", 0.3, game="amsterdam")
    assert isinstance(strong, AmStrongAi) and strong.budget_s == 0.3
    with pytest.raises(ValueError, match="Amsterdam has no AI level 'expert'"):
        get_ai("expert", game="amsterdam")
    st = GAME.new_state(["A", "B"], 1)
    d = st.pending_all()[0]
    answer = get_ai("greedy", game="amsterdam").choose(st.player_view(d.seat), d, random.Random(1))
    assert answer in d.options
