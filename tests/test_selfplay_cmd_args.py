"""``canalside selfplay`` refuses a seat count the game cannot seat in plain words."""

from __future__ import annotations

import pytest

from bot.devtools import selfplay_cmd


def test_a_two_player_game_says_exactly_two(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        selfplay_cmd.main(["--game", "amsterdam", "--players", "3", "--games", "1"])
    err = capsys.readouterr().err
    assert "amsterdam is for exactly 2 players, not 3" in err, err
    assert "2 to 2" not in err
