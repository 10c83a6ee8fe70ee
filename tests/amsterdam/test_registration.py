"""Amsterdam as one registration: engine-side everything uses it (AI levels, self-play with
the variant option, scenarios, images), the table refuses it until it can drive several open
sealed decisions (issue #13)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot import selfplay_cmd
from bot.outputs import Code
from engine.ai import get_ai
from engine.amsterdam.determinize import visible_cards
from engine.core import IllegalMove
from engine.games import GAMES, get_game
from engine.registry import load, registration, table_registrations
from engine.scenarios import scenario_hook
from render.amsterdam import RENDERERS
from tests.test_service_support import open_service, uid

REG = registration("amsterdam")
VARIANTS = REG.option("variant").choices


def test_the_registration_names_its_parts() -> None:
    assert registration("am") is REG and REG.title == "Amsterdam"
    assert dict(REG.images) == RENDERERS
    assert REG.option("variant").default == "base"
    assert set(VARIANTS) == set(load("engine.amsterdam:VARIANTS"))
    assert REG.engine_options({"variant": "Gulliver"}) == {"variant": "gulliver"}
    with pytest.raises(IllegalMove, match="choices: base"):
        REG.check_options({"variant": "venice"})
    assert scenario_hook({"game": "amsterdam"}) == ("amsterdam", "engine.amsterdam.scenario")


def test_ai_levels_through_the_one_framework() -> None:
    state = REG.load_game().new_state(["A", "B"], 3, {"variant": "special_cards"})
    d = state.pending()
    assert d is not None
    for level in ("random", "greedy"):
        ai = get_ai(level, game="amsterdam")
        assert ai.choose(state.player_view(d.seat), d, random.Random(1)) in d.options
    with pytest.raises(ValueError, match="no AI level 'genius'"):
        get_ai("genius", game="amsterdam")


@pytest.mark.parametrize("variant", VARIANTS)
def test_scores_are_what_the_ranking_uses(variant: str) -> None:
    """AM-13.8: VP decide (gomoku, AM-V6/AM-G43: the areas won) unless a winner was declared."""
    state = REG.load_game().new_state(["A", "B"], 5, {"variant": variant})
    policy = load(REG.random_policy)(random.Random(5))
    while not state.is_over:
        d = state.pending()
        assert d is not None
        state.apply(d.seat, policy(state, d))
    scores = load(REG.scores)(state)
    ranking = state.ranking()
    if state.winner is None and len(ranking) == 2:
        assert scores[ranking[0][0]] >= scores[ranking[1][0]]
    assert all(isinstance(s, int) for s in scores)


def test_the_twin_reimagines_the_other_seat_s_sealed_answer() -> None:
    """The other seat has answered (AM-4: sealed): the twin keeps everything the deciding seat
    sees, its own sealed answer included, and only imagines the other's answer and hand."""
    state = REG.load_game().new_state(["A", "B"], 8)
    both = state.pending_all()
    assert len(both) == 2 and all(d.sealed for d in both)
    state.apply(1, both[1].options[0])
    make_twin = load(REG.twin)
    answers = set()
    for k in range(12):
        twin = make_twin(state, 0, random.Random(k))
        assert twin.public_view() == state.public_view()
        assert twin.player_view(0) == state.player_view(0)
        assert twin.sealed[1] is not None
        answers.add(twin.sealed[1])
    assert len(answers) > 1  # sampled, never read
    assert visible_cards(state.player_view(0)) == visible_cards(twin.player_view(0))


def test_selfplay_takes_the_variant_and_generic_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay_cmd.main(["--game", "amsterdam", "--variant", "gulliver", "--games", "2"]) == 0
    assert "variant=gulliver" in capsys.readouterr().out
    args = ["--game", "amsterdam", "--option", "variant=gomoku", "--games", "1", "--json"]
    assert selfplay_cmd.main(args) == 0
    assert '"options": {"variant": "gomoku"}' in capsys.readouterr().out
    with pytest.raises(SystemExit):
        selfplay_cmd.main(["--game", "amsterdam", "--variant", "nope", "--games", "1"])
    assert "choices: base" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        selfplay_cmd.main(["--game", "amsterdam", "--option", "variant", "--games", "1"])


def test_the_table_does_not_host_it_yet() -> None:
    assert REG not in table_registrations() and "amsterdam" not in GAMES
    with pytest.raises(IllegalMove, match="Amsterdam is not playable at the table yet"):
        get_game("amsterdam")


async def test_join_and_start_refuse_it_and_change_nothing(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "a.sqlite3")
    try:
        out = await svc.join("c", uid(0), "P1", game="amsterdam")
        assert not out.accepted and out.code == Code.UNKNOWN_GAME
        assert "Amsterdam is not playable at the table yet" in (out.error or "")
        assert svc.storage.list_seats("c") == []
        assert (await svc.join("c", uid(0), "P1")).accepted
        assert (await svc.join("c", uid(1), "P2")).accepted
        out = await svc.start("c", uid(0), seed=1, game="amsterdam")
        assert not out.accepted and "not playable at the table yet" in (out.error or "")
        assert svc.storage.active_game("c") is None
    finally:
        await svc.aclose()
