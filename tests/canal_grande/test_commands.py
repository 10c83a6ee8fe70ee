"""The command grammar: forgiving input, one canonical text, clear refusals that change nothing."""

from __future__ import annotations

import pytest

from engine.canal_grande.commands import parse
from engine.core import IllegalMove
from tests.canal_grande.helpers import position

VOTE_SETUP = {
    "divider": "Ben",
    "hands": {
        "Anna": ["sanmarco", "sanmarco", "gondola", "gondola", "castello", "dorsoduro"],
        "Ben": ["sanmarco", "gondola", "castello"],
    },
    "revealed": ["doge", "cannaregio", "cannaregio", "santacroce", "santacroce", "n1", "n1", "n2"],
}


def _in_vote() -> object:
    s = position(VOTE_SETUP)
    s.apply(1, "divide 1")
    s.apply(0, "take A")
    s.apply(0, "vote sanmarco")
    return s


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("place sanmarco", "place sanmarco"),
        ("PLACE San Marco", "place sanmarco"),
        ("place 2 sanmarco", "place 2 sanmarco"),
        ("place sanmarco sanmarco", "place 2 sanmarco"),
        ("place marco x2", "place 2 sanmarco"),
        ("place sanmarco + gondola + castello", "place sanmarco gondola castello"),
        ("tesz sm, gondola, dorsoduro", "place sanmarco gondola dorsoduro"),
        ("metti sanmarco gondola dorsoduro gondola castello", None),
        ("gioca 2 san-marco gondola castello", "place 2 sanmarco gondola castello"),
    ],
)
def test_placements_are_canonical(typed: str, canonical: str | None) -> None:
    s = _in_vote()
    text = s.canonical(0, typed)  # type: ignore[attr-defined]
    # gondolas are listed in district order whatever order they were typed in
    assert text == (canonical or "place sanmarco gondola dorsoduro gondola castello")


@pytest.mark.parametrize(
    ("typed", "needle"),
    [
        (
            "place castello",
            "come only on a gondola",
        ),  # CG-6.10  # another district without a gondola
        ("place sanmarco gondola", "must carry at least one card"),  # CG-G11: an empty gondola
        (
            "place sanmarco gondola sanmarco",
            "another district, not San Marco",
        ),  # CG-G11:  # a gondola with the chosen district
        (
            "place sanmarco gondola castello dorsoduro",
            "one single district",
        ),  # CG-6.12:  # two districts, one gondola
        # two gondolas may carry one district (CG-6.14), but Anna holds one Castello only
        ("place sanmarco gondola castello gondola castello", "1 Castello card, not 2"),
        ("place 3 sanmarco", "not 3"),
        ("place sanmarco 2 gondola castello", "each gondola"),
        ("place sanmarco doge", "cannot be placed"),
        ("place", "say what you place"),
        ("place gondola castello", "must include a San Marco card"),  # CG-6.9a
        ("place sanmarco gondola 2 castello", "not 2"),
        ("pass", "the challenger must open the vote"),  # CG-6.4
        ("vote castello", "not possible now"),
        ("take A", "not possible now"),
        ("fly away", "unknown command"),
        ("", "empty command"),
        ("place venice", "not a Canal Grande card"),
    ],
)
def test_refusals_say_why_and_change_nothing(typed: str, needle: str) -> None:
    s = _in_vote()
    before = s.to_json()  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove, match=needle):
        s.apply(0, typed)  # type: ignore[attr-defined]
    assert s.to_json() == before  # type: ignore[attr-defined]


def test_wrong_seat_is_refused() -> None:
    s = _in_vote()
    with pytest.raises(IllegalMove, match="Anna's decision"):
        s.apply(1, "pass")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("take a", "take A"),
        ("B", "take B"),
        ("choose offer b", "take B"),
        ("választ A", "take A"),
        ("prendi b", "take B"),
        ("scegli 1", "take A"),
    ],
)
def test_take_words(typed: str, canonical: str) -> None:
    s = position(VOTE_SETUP)
    s.apply(1, "divide 1")
    assert s.canonical(0, typed) == canonical


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("divide 7 1 4", "divide 1 4 7"),
        ("DIVIDE 1,4,7", "divide 1 4 7"),
        ("oszt doge n2", "divide 1 8"),
        ("dividi cannaregio cannaregio", "divide 2 3"),
        ("split santa croce z1", "divide 4 6"),
    ],
)
def test_divide_words(typed: str, canonical: str) -> None:
    s = position(VOTE_SETUP)
    assert s.canonical(1, typed) == canonical


def test_divide_refusals() -> None:
    s = position(VOTE_SETUP)
    before = s.to_json()
    for typed, needle in [
        ("divide spy", "no \\(further\\) spy"),
        ("divide n3", "number 3"),
        ("divide cannaregio cannaregio cannaregio", "Cannaregio"),
        ("divide 0", "does not exist"),
        ("divide 1 2 3 4 5 6 7 8", "each offer needs at least one card"),  # CG-4.3
    ]:
        with pytest.raises(IllegalMove, match=needle):
            s.apply(1, typed)
    assert s.to_json() == before


def test_vote_words() -> None:
    s = position(VOTE_SETUP)
    s.apply(1, "divide 1")
    s.apply(0, "take A")
    for typed in ("vote san marco", "szavazás marco", "vota SM", "district sanmarco"):
        assert s.canonical(0, typed) == "vote sanmarco"
    with pytest.raises(IllegalMove, match="you hold no San Polo"):
        s.canonical(0, "vote san polo")
    with pytest.raises(IllegalMove, match="not a district"):
        s.canonical(0, "vote gondola")


def test_parse_is_a_fixed_point_on_canonical_text() -> None:
    for text in (
        "divide 1 4 7",
        "take A",
        "vote castello",
        "pass",
        "place 2 sanmarco gondola castello",
    ):
        assert parse(text) == parse(text.upper())


def test_long_input_is_quoted_only_as_an_excerpt() -> None:
    s = position(VOTE_SETUP)
    with pytest.raises(IllegalMove) as exc:
        s.apply(1, "x" * 500)
    assert len(str(exc.value)) < 200


def test_an_unknown_word_lists_only_what_the_command_takes() -> None:
    """A vote names a district (CG-6.3), a placement districts and gondolas (CG-6.7b): the
    refusal of an unknown word offers nothing else."""
    from engine.canal_grande import commands as cmd

    with pytest.raises(IllegalMove) as vote:
        cmd.parse("vote venice")
    assert "'venice' is not a district" in str(vote.value)
    assert "traitor" not in str(vote.value) and "gondola" not in str(vote.value)
    with pytest.raises(IllegalMove) as place:
        cmd.parse("place sanmarco venice")
    assert "or gondola" in str(place.value) and "traitor" not in str(place.value)
    with pytest.raises(IllegalMove) as divide:
        cmd.parse("divide venice")
    assert "gondola, traitor, spy, doge" in str(divide.value)
