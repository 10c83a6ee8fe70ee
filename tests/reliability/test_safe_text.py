"""Untrusted names and quotes (issue #10, defects 2-4)."""

from hypothesis import given
from hypothesis import strategies as st

from bot.table.safe_text import MAX_EXCERPT, MAX_NAME, excerpt, is_clean_identifier, normalize_name


def test_name_drops_controls_bidi_and_surrogates() -> None:
    assert normalize_name("Al\x00ice\x1b[31m") == "Alice[31m"
    assert normalize_name("\u202eevil\u202c  name\n") == "evil name"
    assert normalize_name("\ud800") == "player"
    assert normalize_name("   ") == "player"


def test_name_is_capped() -> None:
    assert len(normalize_name("x" * 10_000)) == MAX_NAME


@given(st.text())
def test_name_always_encodes_and_is_bounded(raw: str) -> None:
    name = normalize_name(raw)
    name.encode("utf-8")  # a lone surrogate would raise here
    assert 0 < len(name) <= MAX_NAME
    assert "\n" not in name and "\x00" not in name


@given(st.text())
def test_excerpt_is_short_and_clean(raw: str) -> None:
    quote = excerpt(raw)
    quote.encode("utf-8")
    assert len(quote) <= MAX_EXCERPT
    assert not any(ord(ch) < 32 for ch in quote)


def test_excerpt_marks_a_cut() -> None:
    assert excerpt("play " + "9" * 5000).endswith("…")
    assert excerpt("play 2 ponte") == "play 2 ponte"


def test_identifiers() -> None:
    assert is_clean_identifier("123456789012345678")
    assert not is_clean_identifier("\ud800")
    assert not is_clean_identifier("a b")
    assert not is_clean_identifier("")
    assert not is_clean_identifier("x" * 101)
