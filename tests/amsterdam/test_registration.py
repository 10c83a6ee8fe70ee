"""Amsterdam as one registration: engine-side everything uses it (AI levels, self-play with
the variant option, scenarios, images), the table refuses it until it can drive several open
sealed decisions (issue #13)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from bot.devtools import selfplay_cmd
from engine.ai import get_ai
from engine.amsterdam import VARIANTS as ENGINE_VARIANTS
from engine.amsterdam.determinize import visible_cards
from engine.amsterdam.scenario import run_scenario
from engine.core import IllegalMove
from engine.games import GAMES, get_game
from engine.registry import registration, table_registrations
from engine.scenarios import scenario_hook
from render.amsterdam.board import render_board
from render.amsterdam.end import render_end
from render.amsterdam.hand import render_hand
from tests.test_service_support import open_service, uid

REG = registration("amsterdam")
VARIANTS = REG.option("variant").choices


def test_the_registration_names_its_parts() -> None:
    assert registration("am") is REG and REG.title == "Amsterdam"
    images = REG.renderers()
    assert (images.board, images.hand, images.end) == (render_board, render_hand, render_end)
    assert REG.option("variant").default == "base"
    assert set(VARIANTS) == set(ENGINE_VARIANTS)
    assert REG.engine_options({"variant": "Gulliver"}) == {"variant": "gulliver"}
    with pytest.raises(IllegalMove, match="choices: base"):
        REG.check_options({"variant": "venice"})
    assert scenario_hook({"game": "amsterdam"}) == ("amsterdam", run_scenario)


def test_ai_levels_through_the_one_framework() -> None:
    state = REG.parts().game.new_state(["A", "B"], 3, {"variant": "special_cards"})
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
    state = REG.parts().game.new_state(["A", "B"], 5, {"variant": variant})
    policy = REG.parts().random_policy(random.Random(5))
    while not state.is_over:
        d = state.pending()
        assert d is not None
        state.apply(d.seat, policy(state, d))
    scores = REG.parts().scores(state)
    ranking = state.ranking()
    if state.winner is None and len(ranking) == 2:
        assert scores[ranking[0][0]] >= scores[ranking[1][0]]
    assert all(isinstance(s, int) for s in scores)
    # /game's graph follows the same numbers, labelled by the variant (#19)
    assert REG.parts().progress_at(state) == [float(s) for s in scores if s is not None]
    label = REG.parts().progress_label(state)
    assert label == ("areas won" if variant == "gomoku" else "VP")


def test_the_twin_reimagines_the_other_seat_s_sealed_answer() -> None:
    """The other seat has answered (AM-4: sealed): the twin keeps everything the deciding seat
    sees, its own sealed answer included, and only imagines the other's answer and hand."""
    state = REG.parts().game.new_state(["A", "B"], 8)
    both = state.pending_all()
    assert len(both) == 2 and all(d.sealed for d in both)
    state.apply(1, both[1].options[0])
    make_twin = REG.parts().twin
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


def test_the_table_hosts_it() -> None:
    assert REG in table_registrations() and "amsterdam" in GAMES
    assert get_game("amsterdam") is GAMES["amsterdam"]


def test_a_game_not_at_the_table_is_refused_clearly() -> None:
    """The ``at_table`` switch (kept for games to come): the lobby's message names the game."""
    hidden = dataclasses.replace(REG, at_table=False)
    with pytest.raises(IllegalMove, match="Amsterdam is not playable at the table yet"):
        hidden.check_at_table()
    REG.check_at_table()


async def test_join_and_start_with_a_variant(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "a.sqlite3")
    try:
        assert (await svc.lobby.join("c", uid(0), "P1", game="amsterdam")).accepted
        assert (await svc.lobby.join("c", uid(1), "P2")).accepted
        out = await svc.lobby.start("c", uid(0), seed=1, options={"variant": "6"})
        assert out.accepted, out.error
        record = svc.storage.games.active_game("c")
        assert record is not None and record.game_type == "amsterdam"
        assert record.options == {"variant": "gomoku"}
        assert len(out.decisions) == 2 and all(d.sealed for d in out.decisions)
    finally:
        await svc.aclose()
