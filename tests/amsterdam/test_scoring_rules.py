"""The pure scoring rules checked directly: AM-10.2–10.6 (largest difference, more majorities,
the wine > spice > tea > wine cycle, complete tie) and AM-13.6/13.7 with AM-G19 (five largest
areas, the distance tie-break and the drop of a tied size)."""

from __future__ import annotations

import pytest

from engine.amsterdam.event_texts import area_winner
from engine.amsterdam.scoring import five_largest

# goods order in every triple: [tea, wine, spice]


@pytest.mark.parametrize(
    ("red", "black", "winner", "reason"),
    [
        ([0, 3, 1], [2, 0, 1], 0, "largest difference"),  # AM-10.3: AM-T1
        ([0, 1, 2], [2, 0, 0], 0, "more majorities"),  # AM-10.4: AM-T2
        ([0, 2, 1], [2, 0, 1], 1, "beats"),  # AM-10.5: AM-T3: tea beats wine
        (
            [1, 0, 2],
            [0, 2, 0],
            0,
            "more majorities",
        ),  # AM-10.4: 2 against 2: red leads in tea and spice
        ([0, 2, 0], [0, 0, 2], 0, "beats"),  # AM-10.5: wine beats spice
        ([0, 0, 2], [0, 2, 0], 1, "beats"),  # AM-10.5: wine beats spice (black's wine)
        ([0, 0, 2], [2, 0, 0], 0, "beats"),  # AM-10.5: spice beats tea
        ([2, 0, 0], [0, 0, 2], 1, "beats"),  # AM-10.5: spice beats tea (black's spice)
        ([2, 0, 0], [0, 2, 0], 0, "beats"),  # AM-10.5: tea beats wine
        ([1, 1, 1], [1, 1, 1], None, "nobody scores"),  # AM-10.6: AM-T4
        ([0, 0, 0], [0, 0, 0], None, "nobody scores"),  # AM-10.6
        ([0, 0, 0], [0, 0, 1], 1, "largest difference"),  # AM-10.3
        (
            [3, 3, 0],
            [0, 0, 3],
            0,
            "more majorities",
        ),  # AM-10.4: 3 against 3, majorities 2 against 1
    ],
)
def test_area_winner(red: list[int], black: list[int], winner: int | None, reason: str) -> None:
    got, why = area_winner([red, black])
    assert got == winner
    assert reason in why and "AM-" not in why  # the rule ID stays here (#25 item 1)


def test_area_winner_largest_difference_beats_more_majorities() -> None:
    # AM-10.3 before AM-10.4: red leads in two goods by 1, black in one by 2
    assert area_winner([[1, 1, 0], [0, 0, 2]])[0] == 1


def test_five_largest_takes_all_of_five_or_fewer() -> None:
    # AM-G19: with at most 5 candidates every open area counts, whatever its size
    assert five_largest([(1, 9), (1, 9), (1, 9), (1, 9), (1, 9)]) == [0, 1, 2, 3, 4]


def test_five_largest_source_example() -> None:
    # AM-T5: A, B, C size 5; D, E, F size 1 at distance 2; G size 1 at distance 1
    cands = [(5, 0), (5, 3), (5, 1), (1, 2), (1, 2), (1, 2), (1, 1)]
    assert five_largest(cands) == [0, 1, 2, 6]


def test_five_largest_closer_area_takes_the_last_place() -> None:
    # AM-13.6: at the cut-off the tied area closer to the center counts, the farther not
    cands = [(4, 0), (4, 0), (4, 5), (4, 5), (2, 3), (2, 1), (1, 0)]
    assert five_largest(cands) == [0, 1, 2, 3, 5]


def test_five_largest_tie_that_does_not_fit_drops_its_whole_size() -> None:
    # AM-13.7, AM-G19: the two size-2 areas at distance 1 do not fit the last place, so no
    # size-2 area counts (not even the farther one); the smaller area takes the place
    cands = [(4, 0), (4, 0), (4, 0), (4, 0), (2, 1), (2, 1), (2, 4), (1, 7)]
    assert five_largest(cands) == [0, 1, 2, 3, 7]


def test_five_largest_no_smaller_area_leaves_places_empty() -> None:
    cands = [(3, 0), (3, 0), (3, 0), (3, 0), (2, 2), (2, 2)]
    assert five_largest(cands) == [0, 1, 2, 3]


def test_five_largest_size_beats_distance() -> None:
    # AM-13.5: a larger area counts before a nearer smaller one
    cands = [(1, 0), (1, 0), (1, 0), (3, 9), (3, 9), (3, 9)]
    assert five_largest(cands) == [3, 4, 5]  # three size-1 areas for 2 places: none


def test_distance_counts_cards_strictly_between() -> None:
    # AM-G20: next to the center 0, the cross tips 1, a card diagonal to the center 1
    from engine.amsterdam import GAME
    from engine.amsterdam import board as bd
    from engine.amsterdam.grid import key
    from engine.amsterdam.scoring import area_distance, distances

    st = GAME.new_state(["Anna", "Ben"], 3)
    harbor = st.harbor_decks[0][-1]
    bd.put(st, key(1, 1), harbor)
    dist = distances(st)
    assert dist[key(0, 1)] == 0 and dist[key(-1, 0)] == 0
    assert dist[key(0, 2)] == 1 and dist[key(-2, 0)] == 1
    assert dist[key(1, 1)] == 1
    assert area_distance(st, [key(1, 1)], dist) == 1
