"""#26 "peers not yet peers": the AI levels come from each game's registration
(``GameRegistration.ai_levels``, :class:`engine.ai.levels.AiLevelSpec`); the table's vocabulary
(:mod:`bot.table.ai_seat`) is their union, so a game with a level of its own needs no edit in a
shared module, and the stored codes of the levels so far stay what they were."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.discord.lobby import ai_menu
from bot.table.ai_seat import ai_level, ai_levels, ai_seat_name, get_ai, levels
from engine.ai.base import AiPlayer
from engine.ai.levels import EXPERT, GREEDY, RANDOM, STRONG, AiLevelSpec
from engine.registry import GameParts, registered, registrations
from tests.fourth_game import parts as hc_parts
from tests.fourth_game.registration import REGISTRATION as HIGH_CARD

MASTER = AiLevelSpec("master", 7, "twice the greedy care", "Master AI")


def _parts() -> GameParts:
    def make_ai(level: str, budget_s: float | None = None) -> AiPlayer:
        return hc_parts.make_ai("greedy" if level == "master" else level, budget_s)

    return replace(HIGH_CARD.parts(), make_ai=make_ai)


WITH_MASTER = replace(HIGH_CARD, ai_levels=(RANDOM, GREEDY, MASTER), parts=_parts)


def test_the_built_in_games_declare_the_levels_and_codes_stored_so_far() -> None:
    """#26: same names, same stored codes (stored seats and stats keep loading)."""
    for reg in registrations():
        assert reg.ai_levels == (RANDOM, GREEDY, STRONG, EXPERT), reg.name  # expert: #28
    assert {name: lv.code for name, lv in levels().items()} == {
        "random": 0,
        "greedy": 1,
        "strong": 2,
        "expert": 3,
    }
    assert [ai_level(code).name for code in (0, 1, 2)] == ["random", "greedy", "strong"]
    assert ai_level(None).name == "random"


def test_a_games_own_level_is_offered_with_no_edit_in_a_shared_module() -> None:
    """#26: High Card declaring a ``master`` level (code 7): named, stored, offered, played."""
    assert "master" not in ai_levels()
    with registered(WITH_MASTER):
        assert ai_levels()[-1] == "master"
        assert ai_levels(WITH_MASTER.name) == ["random", "greedy", "master"]
        assert ai_level("Master") == ai_level(7) == levels()["master"]
        assert ai_seat_name("Master AI", 7) == "Master AI"
        menu = ai_menu("1", WITH_MASTER.name)
        assert [o.value for o in menu.options] == ["random", "greedy", "master"]
        assert isinstance(get_ai("master", WITH_MASTER.name), AiPlayer)
        with pytest.raises(LookupError, match="master"):
            get_ai("master", registrations()[0].name)  # the other games have no such level
    assert "master" not in ai_levels()


def test_a_level_whose_stored_code_clashes_is_refused() -> None:
    """#26: one name one code in every game, one code one name (codes are stored)."""
    taken = replace(HIGH_CARD, ai_levels=(RANDOM, AiLevelSpec("master", 1, "x", "Master AI")))
    with registered(taken), pytest.raises(ValueError, match="'master' \\(code 1\\) clashes"):
        levels()
    renamed = replace(HIGH_CARD, ai_levels=(RANDOM, AiLevelSpec("greedy", 5, "x", "Greedy AI")))
    with registered(renamed), pytest.raises(ValueError, match="'greedy' \\(code 5\\) clashes"):
        levels()
