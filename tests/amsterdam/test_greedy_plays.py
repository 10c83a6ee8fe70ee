"""#28 item 2 (greedy that plays Amsterdam): greedy closes the areas it leads and contests the
other's, so two greedy players score areas in a base game, and Gomoku games end with three
areas in a row more often than on the stall rule (AM-G24). Fixed seeds; before this item two
greedy players closed 0.05 areas a base game and made a row in 1 Gomoku game of 8."""

from __future__ import annotations

import random

from engine.amsterdam.ai.greedy import GreedyAi
from engine.amsterdam.scoring import three_in_a_row
from engine.amsterdam.state import AmsterdamState
from engine.amsterdam.variants import VARIANTS


def _greedy_games(variant: str, games: int, seed: int) -> list[AmsterdamState]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        game_seed = rng.getrandbits(32)
        st = AmsterdamState.new(["a", "b"], game_seed, VARIANTS[variant])
        ais = [GreedyAi(), GreedyAi()]
        moves = random.Random(game_seed)
        while not st.over:
            d = st.pending_all()[0]
            st.apply(d.seat, ais[d.seat].choose(st.player_view(d.seat), d, moves))
        out.append(st)
    return out


def test_two_greedy_players_score_several_areas_in_base_games() -> None:
    """#28 item 2: closed areas won by someone, over 8 base games (was 0 or 1)."""
    games = _greedy_games("base", 8, 12)
    won = sum(1 for st in games for a in st.scored if a["winner"] is not None)
    assert won >= 6, won


def test_greedy_gomoku_games_end_with_a_row_more_often() -> None:
    """#28 item 2: three areas in a row (AM-V6.4) in Gomoku games between two greedy players."""
    games = _greedy_games("gomoku", 10, 12)
    rows = sum(1 for st in games if three_in_a_row(st) is not None)
    areas = sum(st.won[0] + st.won[1] for st in games)
    assert rows >= 2, rows
    assert areas >= 30, areas
