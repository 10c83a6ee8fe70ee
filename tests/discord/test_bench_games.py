"""``canalside bench discord`` for every table game: the issue's per-turn targets (#11) for Canal
Grande and Amsterdam (base and variants), as for Venezia (test_table_game.py).

A game's turn is its view's ``turn`` (Canal Grande: one divide/choose cycle) or ``round``
(Amsterdam: both players' sealed choice and what follows). Where a target is missed for a
reason in the game's shape rather than a bug, :data:`KNOWN_MISSES` holds the measured bound and
the reason; the test still fails if the figure gets worse than that bound.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.devtools.bench_discord import TARGETS, play

#: (game, options, humans, ais) -> figure -> (bound measured with seed 7, why the issue's
#: target is missed). Reasons marked "not investigated" are open questions for the table code.
KNOWN_MISSES: dict[tuple[str, str, int, int], dict[str, tuple[float, str]]] = {
    ("canal_grande", "turn_limit=6", 2, 0): {
        # CG-3: a turn is the divider's split, the chooser's take and both players' votes or
        # placements; Discord pings only with a new message, so each hand-over to the other
        # human is one pinged post (measured 2.167 messages, 2.0 pings). The ping is deleted
        # once answered: the channel keeps one message a turn (channel_messages_kept).
        "channel_messages_per_turn": (2.2, "each hand-over to the other human is a pinged post"),
        "pings_per_turn": (2.0, "divider and chooser are both pinged every turn"),
        # held hand DMs go out at a turn's end to the player not opening the next one: about
        # every other turn, and the chooser's starting hand (measured 0.667 over 6 turns; 0.6
        # over a whole game); at most one a turn (test_held_dms.py)
        "dms_per_player_per_turn": (0.67, "both players' hands change in every turn"),
    },
    ("canal_grande", "turn_limit=10", 1, 1): {
        # the starting hand (the AI divides first) and one DM at the end of each turn the AI
        # opens (measured 0.7; at most one a turn, test_held_dms.py)
        "dms_per_player_per_turn": (0.7, "the human's hand changes in every turn"),
    },
}

#: pictures uploaded per turn (posts and edits), measured with seed 7. Each comes with an
#: edit the decision makes anyway (its text), so it costs bytes, not requests. Canal Grande
#: shows every decision after the divide the board as it is - the offers to the chooser, the
#: running vote to each placement (5.5 with two humans; 3.4 with an AI, whose own moves need
#: none); an Amsterdam round shows the board to each player's ship move, removal and
#: placement as the other one left it (2.83).
UPLOADS: dict[tuple[str, str, int, int], float] = {
    ("canal_grande", "turn_limit=6", 2, 0): 5.6,
    ("canal_grande", "turn_limit=10", 1, 1): 3.5,
    ("amsterdam", "variant=base", 2, 0): 2.9,
    ("amsterdam", "variant=special_cards", 1, 1): 2.3,
}

CASES = [
    ("canal_grande", "turn_limit=6", 2, 0),
    ("canal_grande", "turn_limit=10", 1, 1),
    ("amsterdam", "variant=base", 2, 0),
    ("amsterdam", "variant=special_cards", 1, 1),
]


def _options(text: str) -> dict[str, str]:
    return dict(pair.split("=", 1) for pair in text.split())


@pytest.mark.parametrize(("game", "options", "humans", "ais"), CASES)
async def test_the_per_turn_targets_hold_for_every_table_game(
    game: str, options: str, humans: int, ais: int
) -> None:
    report: dict[str, Any] = await play(7, "random", humans, ais, game, _options(options))
    print(report)
    assert report["game"] == game and report["turns"] >= 5
    assert report["decisions"] > 10
    misses = KNOWN_MISSES.get((game, options, humans, ais), {})
    for figure, target in TARGETS.items():
        bound = misses.get(figure, (target, ""))[0]
        assert report[figure] <= bound, (figure, report[figure], bound)
    assert report["earlier_messages_with_live_controls"] == 0
    assert report["max_new_messages_per_action"] <= 2
    # what the channel keeps (pings inside a turn are deleted once answered) meets the target
    # in every game
    assert report["channel_messages_kept_per_turn"] <= TARGETS["channel_messages_per_turn"]
    # pictures: one each time a decision looks at a changed board, one as the turn left it;
    # more would be waste (bounds measured with seed 7, UPLOADS)
    assert report["images_uploaded_per_turn"] <= UPLOADS[(game, options, humans, ais)]
