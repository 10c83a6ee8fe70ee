"""Amsterdam engine: contract, sealed answers, serialization, random games for every variant.

Rule IDs refer to shared/rules/amsterdam.md; the worked examples are scenarios (test_scenarios).
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from engine.amsterdam import GAME, VARIANTS, AmsterdamState
from engine.amsterdam.invariants import violations
from engine.core import Decision, IllegalMove
from engine.venezia import GAME as VENEZIA

PLAYERS = ["Anna", "Ben"]


def new(variant: str = "base", seed: int = 1) -> AmsterdamState:
    return GAME.new_state(PLAYERS, seed, {"variant": variant})


def random_move(st: AmsterdamState, rng: random.Random) -> tuple[int, str]:
    ds = st.pending_all()
    d = rng.choice(ds)
    return d.seat, rng.choice(d.options)


def play_to(st: AmsterdamState, rng: random.Random, moves: int) -> AmsterdamState:
    for _ in range(moves):
        if st.is_over:
            break
        st.apply(*random_move(st, rng))
    return st


# ---------------------------------------------------------------- options and setup
def test_variant_option_is_validated_and_stored() -> None:
    with pytest.raises(IllegalMove) as exc:
        GAME.new_state(PLAYERS, 1, {"variant": "chess"})
    for name in VARIANTS:
        assert name in str(exc.value)
    with pytest.raises(IllegalMove, match="only option is 'variant'"):
        GAME.new_state(PLAYERS, 1, {"colour": "red"})
    with pytest.raises(IllegalMove, match="exactly 2 players"):
        GAME.new_state(["A", "B", "C"], 1)
    for spelled, name in [
        ("Gulliver", "gulliver"),
        ("Canale Grande", "canale_grande"),
        ("amőba", "gomoku"),
        ("V4", "special_cards"),
        ("6x6", "water_play"),
        ("Pénztelenség", "penniless"),
        (None, "base"),
    ]:
        st = GAME.new_state(PLAYERS, 1, None if spelled is None else {"variant": spelled})
        assert json.loads(st.to_json())["variant"] == name
        assert GAME.from_json(st.to_json()).variant.name == name


def test_setup_of_the_base_game() -> None:
    """AM-2.1–2.13: AM-2.2 ship on the center, AM-2.3 shuffle, AM-2.4 cross, AM-2.5, AM-2.8,
    AM-2.13 hands, AM-2.6, AM-2.9 face-up decks, AM-2.7 red = seat 0, AM-2.10, AM-2.11 money,
    AM-1.10 20 gulden, AM-2.12 specials boxed; AM-0.9, AM-4.1."""
    st = new()
    assert len(st.top) == 9 and st.ship == st.center_cell
    for s in (0, 1):
        kinds = sorted(st.cs.cards[i].kind for i in st.hands[s])
        assert kinds == ["harbor", "harbor", "harbor", "water", "water"]
        assert all(
            st.cs.cards[i].owner == s for i in st.hands[s] if st.cs.cards[i].owner is not None
        )
        assert len(st.harbor_decks[s]) == 18
    assert st.gulden == [3, 3] and st.bank == 14
    assert len(st.water_deck) == 43 - 8 - 4
    assert (
        st.public_view()["decks"]["water"]["top"]["number"] == st.cs.cards[st.water_deck[-1]].number
    )
    assert not violations(st)


def test_variant_setups() -> None:
    """AM-V2.1/2.3 (center only, cranes without ship out), AM-V3.1/3.2 (cross, bank empty),
    AM-V4.1 (special pile), AM-V6.1/6.2 (8 × 8, no cranes), AM-G30 (Canale Grande start).
    AM-V1.3, AM-V2.5 and AM-V6.8 are design notes without a rules effect."""
    gul = new("gulliver")
    assert len(gul.top) == 1
    assert all(
        not (gul.cs.cards[i].crane and not gul.cs.cards[i].ship) for h in gul.hands for i in h
    )
    assert len(gul.boxed) == 2 + 6
    assert new("penniless").bank == 0
    assert len(new("special_cards").special_pile) == 6
    gom = new("gomoku")
    assert not any(gom.cs.cards[i].crane for d in gom.harbor_decks for i in d)
    assert len(new("canale_grande").top) == 9


def test_card_data_matches_the_decisions() -> None:
    """AM-G1: 11 of each goods per player; AM-T7 captions: card 8 black wine, card 11 red wine.
    AM-1.1, AM-1.1a, AM-1.1c, AM-1.2, AM-1.3, AM-1.4, AM-1.12; AM-G2 (the center is one of the
    44 water cards, without a number); AM-G4 (two cranes per player, one with a ship symbol).
    Help cards (AM-1.1d), warehouses, guards (AM-1.9) and the ship (AM-1.8, AM-1.11) are not
    cards; warehouses are derived (AM-G9, AM-G12)."""
    cs = new().cs
    for s in (0, 1):
        totals = [sum(cs.cards[i].goods[g] for i in cs.harbor[s]) for g in range(3)]
        assert totals == [11, 11, 11]
    assert len(cs.harbor[0]) == len(cs.harbor[1]) == 21 and len(cs.water) == 43
    assert len(cs.special) == 6 and cs.cards[cs.center].number is None
    for s in (0, 1):
        cranes = [cs.cards[i] for i in cs.harbor[s] if cs.cards[i].crane]
        assert sorted(c.ship for c in cranes) == [False, True]
    eight, eleven = cs.cards[cs.by_number[8]], cs.cards[cs.by_number[11]]
    assert (eight.owner, eight.goods) == (1, (0, 1, 0))
    assert (eleven.owner, eleven.goods, eleven.ship) == (0, (0, 1, 0), True)


def test_broken_card_data_is_refused_with_the_rule() -> None:
    from engine.amsterdam.cards import DATA_DIR, CardDataError, build_cards

    docs = {
        n: json.loads((DATA_DIR / f"{n}.json").read_text()) for n in ("harbor", "water", "special")
    }

    def broken(name: str, change: object) -> str:
        copy = json.loads(json.dumps(docs))
        change(copy[name]["cards"])  # type: ignore[operator]
        with pytest.raises(CardDataError) as exc:
            build_cards(copy["harbor"], copy["water"], copy["special"])
        return str(exc.value)

    assert "AM-G3" in broken("harbor", lambda c: c[1].update(number=2))
    assert "AM-1.2" in broken("harbor", lambda c: c.pop())
    assert "AM-1.5" in broken("harbor", lambda c: c[0].update(crane=True, goods={}))
    assert "AM-1.1b" in broken("water", lambda c: c.pop())
    assert "AM-1.6" in broken(
        "special", lambda c: c[0].update(kind="tide") or c[4].update(kind="tide")
    )
    assert "unknown keys" in broken("water", lambda c: c[3].update(colour="blue"))


# ---------------------------------------------------------------- the engine contract
def test_pending_all_in_a_sealed_stage() -> None:
    """AM-3.1/3.2, AM-4.2/4.3: both seats decide at once and are revealed together;
    pending() is the first open decision."""
    st = new()
    ds = st.pending_all()
    assert [d.seat for d in ds] == [0, 1]
    assert all(d.kind == "choose" and d.sealed and d.optional and not d.public_options for d in ds)
    assert all(d.options[-1] == "pass" for d in ds)
    assert st.pending() == ds[0]
    assert st.legal_commands(1) == list(ds[1].options)
    assert [p["options"] for p in st.public_view()["pending"]] == [None, None]
    st.apply(1, ds[1].options[0])
    assert [d.seat for d in st.pending_all()] == [0]
    assert st.legal_commands(1) == []
    with pytest.raises(IllegalMove, match="you have chosen; waiting for Anna"):
        st.apply(1, ds[1].options[1])


def test_venezia_has_a_trivial_pending_all() -> None:
    v = VENEZIA.new_state(["A", "B", "C"], 3)
    assert v.pending_all() == (v.pending(),)
    assert Decision(0, "k", "p", ()).sealed is False  # defaults keep the old meaning
    assert Decision(0, "k", "p", ()).public_options is True


def _same_until_reveal(st: AmsterdamState, seat: int) -> None:
    """Two different sealed answers of ``seat``: everything the others see is identical."""
    d = st.decision_for(seat)
    assert d is not None and d.sealed
    other = 1 - seat
    before_other = st.decision_for(other)
    for a, b in itertools.combinations(d.options, 2):
        s1, s2 = st.clone(), st.clone()
        e1, e2 = s1.apply(seat, a), s2.apply(seat, b)
        assert [(e.kind, e.text, e.seat, e.data) for e in e1] == [
            (e.kind, e.text, e.seat, e.data) for e in e2
        ]
        assert all(set(e.private) <= {seat} for e in e1 + e2)
        assert s1.public_view() == s2.public_view()
        assert s1.player_view(other) == s2.player_view(other)
        assert s1.decision_for(other) == s2.decision_for(other) == before_other
        assert s1.state_hash() != s2.state_hash()


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_sealed_answer_twins(variant: str) -> None:
    """For every sealed stage met in a few random games: before the reveal the public view, the
    other seat's view and every public event are the same whatever the answer (AM-4.2, AM-G23)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        st = new(variant, seed)
        while not st.is_over and checked < 40:
            ds = st.pending_all()
            if len(ds) == 2 and ds[0].sealed:
                _same_until_reveal(st, rng.choice((0, 1)))
                checked += 1
            st.apply(*random_move(st, rng))
    assert checked >= 20


def test_reveal_shows_both_cards_in_one_event() -> None:
    st = new(seed=2)
    a = next(o for o in st.legal_commands(0) if o != "pass")
    b = next(o for o in st.legal_commands(1) if o != "pass")
    assert [e.text for e in st.apply(0, a)] == ["Anna has chosen"]
    reveal = next(e for e in st.apply(1, b) if e.kind == "reveal")
    assert a.split()[1] in reveal.text and b.split()[1] in reveal.text
    assert reveal.text.startswith("revealed: Anna reveals")


def test_contest_and_order_stages_are_sealed_too() -> None:
    """AM-V4.4 and AM-G35 show cards in secret as well."""
    rng = random.Random(11)
    kinds: set[str] = set()
    for seed in range(40):
        st = new("special_cards", seed)
        while not st.is_over and len(kinds) < 3:
            ds = st.pending_all()
            if (
                len(ds) == 2
                and ds[0].kind in ("buy", "contest", "order")
                and ds[0].kind not in kinds
            ):
                kinds.add(ds[0].kind)
                _same_until_reveal(st, 0)
            # buy eagerly so the pile runs low and contests happen
            seat, cmd = random_move(st, rng)
            if "buy" in st.legal_commands(seat):
                cmd = "buy"
            st.apply(seat, cmd)
        if len(kinds) == 3:
            break
    assert kinds == {"buy", "contest", "order"}


# ---------------------------------------------------------------- commands
def test_forgiving_parser_and_canonical_forms() -> None:
    st = new(seed=3)
    card = st.cs.cards[st.hands[0][0]].label
    assert st.canonical(0, f"  PLAY #{card} ") == f"play {card}"
    assert st.canonical(0, card) == f"play {card}"
    assert st.canonical(0, "passz") == "pass"
    assert st.canonical(0, "skip") == "pass"
    for bad, needle in [
        ("", "empty command"),
        ("dance", "unknown command"),
        ("play 999", "no card 999"),
        ("place E4", "not possible now"),
        ("play tide", "no card tide"),
    ]:
        with pytest.raises(IllegalMove, match=needle):
            st.canonical(0, bad)
    with pytest.raises(IllegalMove, match="no seat 5"):
        st.apply(5, "pass")
    # place step: cells in any reasonable spelling
    st.apply(0, next(o for o in st.legal_commands(0) if o != "pass" and _plain(st, o)))
    st.apply(1, "pass")
    cell = st.legal_commands(0)[0].split()[1]
    letter, number = cell[0], cell[1:]
    for spelled in (
        cell.lower(),
        f"{letter} 0{number}",
        f"{number}{letter.lower()}",
        f"put {cell}",
    ):
        assert st.canonical(0, spelled) == f"place {cell}"
    with pytest.raises(IllegalMove, match="not a cell"):
        st.canonical(0, "place Z99")
    with pytest.raises(IllegalMove, match="must place"):
        st.canonical(0, "none")


def _plain(st: AmsterdamState, option: str) -> bool:
    card = st.cs.cards[st.cs.by_number[int(option.split()[1])]]
    return not card.ship and not card.gulden


BOGUS = [
    "pass",
    "play 1",
    "play 85",
    "place A1",
    "place E5",
    "ship E5",
    "ship stay",
    "remove E6",
    "remove none",
    "buy",
    "buy no",
    "show 3",
    "hello",
    "place I9",
    "play tide",
    "12",
    "E4",
]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_refusals_change_nothing(variant: str) -> None:
    """Every refused command leaves to_json and state_hash byte-identical."""
    rng = random.Random(variant)
    refused = 0
    for seed in range(2):
        st = new(variant, seed)
        while not st.is_over:
            before, h = st.to_json(), st.state_hash()
            for seat in (0, 1):
                legal = set(st.legal_commands(seat))
                for text in rng.sample(BOGUS, 5):
                    try:
                        canon = st.canonical(seat, text)
                    except IllegalMove:
                        canon = None
                    if canon in legal:
                        continue
                    with pytest.raises(IllegalMove):
                        st.apply(seat, text)
                    refused += 1
                    assert st.to_json() == before and st.state_hash() == h
            st.apply(*random_move(st, rng))
        with pytest.raises(IllegalMove, match="over"):
            st.apply(0, "pass")
    assert refused > 100


# ---------------------------------------------------------------- serialization
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_json_round_trip_replay_and_clone(variant: str) -> None:
    rng = random.Random(7)
    st = new(variant, 9)
    snapshots = []
    while not st.is_over:
        if rng.random() < 0.1:
            snapshots.append((st.to_json(), len(st.history)))
        st.apply(*random_move(st, rng))
    # JSON round trip at every snapshot, and the restored state plays on identically
    for text, n in snapshots:
        back = AmsterdamState.from_json(text)
        assert back.to_json() == text
        for seat, cmd in st.history[n:]:
            back.apply(seat, cmd)
        assert back.to_json() == st.to_json()
    # replay from seed + move list
    replay = new(variant, 9)
    for seat, cmd in st.history:
        replay.apply(seat, cmd)
    assert replay.to_json() == st.to_json()
    assert replay.public_view() == st.public_view()


def test_clone_is_independent() -> None:
    rng = random.Random(3)
    st = play_to(new("special_cards", 4), rng, 25)
    before = st.to_json()
    c = st.clone()
    assert c.to_json() == before
    play_to(c, random.Random(8), 30)
    assert st.to_json() == before
    assert c.to_json() != before
    st2 = AmsterdamState.from_json(before)
    play_to(st2, random.Random(8), 30)
    assert st2.to_json() == c.to_json()


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_games_end_with_sound_states(variant: str) -> None:
    """Random play to the end, every invariant and both views checked after every move."""
    for seed in range(6):
        rng = random.Random(seed * 31 + 1)
        st = new(variant, seed)
        moves = 0
        while not st.is_over:
            st.apply(*random_move(st, rng))
            moves += 1
            assert not violations(st), (seed, moves, violations(st))
            pub = st.public_view()
            assert "me" not in pub
            if moves % 25 == 0:
                json.dumps(pub)  # views are JSON-safe (the renderer and the bot store them)
            mine = st.player_view(moves % 2)
            # the hand by public ids: identical copies share one (#29, AM-1.6)
            hand = [st.cs.cards[i].public for i in st.hands[moves % 2]]
            assert [c["id"] for c in mine["me"]["hand"]] == hand
            assert moves < 3000
        assert st.pending_all() == () and st.pending() is None
        assert st.end is not None and st.public_view()["ranking"] == st.ranking()
        json.dumps(st.public_view())
        json.dumps(st.player_view(0))
        flat = [s for group in st.ranking() for s in group]
        assert sorted(flat) == [0, 1]


def test_hidden_information_stays_hidden() -> None:
    """AM-G23: hands and the special pile are not in the public view; a seat sees its own hand."""
    st = play_to(new("special_cards", 2), random.Random(2), 12)
    text = json.dumps(st.public_view())
    assert '"hand"' not in text and '"special_pile"' not in text
    for s in (0, 1):
        view = st.player_view(s)
        assert view["me"]["seat"] == s
        assert {c["id"] for c in view["me"]["hand"]} == set(st.hands[s])
        other = {c["id"] for c in st.player_view(1 - s)["me"]["hand"]}
        assert other == set(st.hands[1 - s])


def test_guards_run_out_but_points_do_not() -> None:
    """AM-10.8, AM-G12: six won areas give 6 VP although only 5 guards exist."""
    from engine.amsterdam.scoring import score_closed

    st = new()
    cell = next(iter(st.top))
    for _ in range(6):
        # a lone red wine card scored six times stands for six won areas
        st.top[cell] = st.cs.by_number[7]
        score_closed(st, [cell], [], "test")
    assert st.vp[0] == 6 and st.won[0] == 6 and st.guards[0] == 0


def test_round_ends_for_a_player_who_withdrew() -> None:
    """AM-3.3/3.4: the start player does steps 4-7 in full, then the other; a withdrawn or
    passing player does nothing more (see the AM-T8...T11 scenarios for the money)."""
    rng = random.Random(4)
    st = new(seed=4)
    while st.round < 30 and not st.is_over:
        if st.phase in ("ship", "remove", "place"):
            actor = st.order[0]
            assert st.revealed[actor] is not None and not st.passed[actor]
        st.apply(*random_move(st, rng))


def test_one_gulden_for_two_payments_goes_to_the_poorer_player() -> None:
    """AM-G13: with one gulden in the bank and two payments due, the player with fewer gulden is
    paid; with equal money nobody is; an empty bank pays nothing."""
    from engine.amsterdam.turns import bank_pay

    st = new("penniless")
    st.bank, st.gulden = 1, [1, 4]
    bank_pay(st, [0, 1], [], "test")
    assert (st.bank, st.gulden) == (0, [2, 4])
    st.bank, st.gulden = 1, [2, 3]
    bank_pay(st, [1, 0], [], "test")
    assert (st.bank, st.gulden) == (0, [3, 3])
    st.bank = 1
    events: list = []
    bank_pay(st, [0, 1], events, "test")
    assert (st.bank, st.gulden) == (1, [3, 3])
    assert "equal money, no gulden" in events[-1].text


def test_special_card_names_in_any_language() -> None:
    """AM-V4: 'dagály', 'híd', 'vámház', 'customs house' name the special cards."""
    from engine.amsterdam.commands import parse

    st = new("special_cards")
    for text, canon in [
        ("play dagály", "play tide"),
        ("híd", "play bridge"),
        ("play customs house", "play customs"),
        ("vámház", "play customs"),
        ("PLAY Tide", "play tide"),
    ]:
        assert parse(st, "choose", text) == canon
    assert parse(st, "buy", "no") == "buy no"
    assert parse(st, "buy", "don't buy") == "buy no"
    assert parse(st, "buy", "yes") == "buy"
    assert parse(st, "ship", "stay") == "ship stay"
    assert parse(st, "remove", "keep") == "remove none"
    assert parse(st, "contest", "17") == "show 17"
    with pytest.raises(IllegalMove, match="'buy' or 'buy no'"):
        parse(st, "buy", "buy maybe")


def test_two_numbers_are_refused_not_read_as_one_card() -> None:
    """AM-4.2: one card is revealed; 'play 1 2' must not become 'play 12' (a real card)."""
    from engine.amsterdam.commands import parse

    st = new("base")
    for text in ("play 1 2", "1 2", "show 12 13"):
        with pytest.raises(IllegalMove, match="one card at a time"):
            parse(st, "contest" if text.startswith("show") else "choose", text)
    assert parse(st, "choose", "play #12") == "play 12"


def test_an_end_area_without_warehouses_says_nobody_scores() -> None:
    """AM-13.4: a counted area where neither player has a warehouse gives no VP; the log says
    so instead of 'nobody +1 VP'."""
    state = GAME.new_state(["A", "B"], 2, {"variant": "base"})
    rng = random.Random(2)
    events = []
    while not state.is_over:
        d = state.pending()
        assert d is not None
        events += state.apply(d.seat, rng.choice(state.legal_commands(d.seat)))
    empty = [e for e in events if e.kind == "end_area" and not e.data["scorers"]]
    assert empty, "seed 2 reaches an end area without warehouses"
    assert all("nobody scores" in e.text and "+1 VP" not in e.text for e in empty)
