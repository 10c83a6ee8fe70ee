"""Nothing public may depend on hidden information (V-C4, V-U5, V-G1; issue #10 defect 1).

For a random position and an observer seat, a *twin* state differs from the real one only in
what that observer cannot know: the other players' hands, the values of the other players'
tokens, the deck order and the values of the swamp tokens on the board and of the treasure pile
(all resampled by ``determinize`` from the observer's own view; the RNG and the history are kept).
The public view (the board image's input), the observer's player view, the decision offered
(seat, kind, prompt and the options where they are public) and every public event must then be
the same in both worlds — before and after the same command is applied to both.

A difference is allowed only where the rules themselves reveal something: a 2-player flip shows
the top card of the deck (V-T2) and the end of the game converts everybody's gold openly (V-E2).

Every game and variant: twins that differ only in which of identical copies lies where (a hand
and the deck, two hands; #29) must look the same to everybody, move after move (below).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Decision, Event, GameState
from engine.registry import GameRegistration, GameTexts, registrations
from engine.venezia import VeneziaState
from engine.venezia.decisions import PUBLIC_OPTION_KINDS
from engine.venezia.determinize import determinize


def random_position(players: int, seed: int, moves: int) -> VeneziaState:
    """A real game after ``moves`` random legal moves (exchanges now and then)."""
    state = VeneziaState.new([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        state.apply(*pick_command(state, state, rng))
    return state


def pick_command(a: VeneziaState, b: VeneziaState, rng: random.Random) -> tuple[int, str]:
    """A (seat, command) legal in both states: the decider's options, sometimes an exchange."""
    d = a.pending()
    assert d is not None
    both = [c for c in a.legal_commands(d.seat) if c in set(b.legal_commands(d.seat))]
    exchanges = [c for c in both if c.startswith("exchange")]
    if exchanges and rng.random() < 0.3:
        return d.seat, rng.choice(exchanges)
    options = [c for c in both if not c.startswith("exchange")] or both
    assert options, "the twins disagree on every option of the decider"
    return d.seat, rng.choice(options)


def twin_for(state: VeneziaState, observer: int, seed: int, mode: str = "sample") -> VeneziaState:
    """The same game with everything ``observer`` cannot know resampled.

    ``mode`` "rich" or "poor" then hands the active player (if he is not the observer) the
    highest or lowest values the unseen tokens allow, so value-dependent rules show up fast.
    """
    rng = random.Random(seed)
    sampled = determinize(state.player_view(observer), rng, board=state.board)
    data = sampled.to_dict()
    data["seed"] = state.seed
    data["rng"] = state.rng.state  # the RNG is hidden too, but keep it: fewer moving parts
    data["history"] = [list(h) for h in state.history]
    data["players"] = list(state.players)
    if mode != "sample" and state.active != observer:
        _extreme_tokens(data, observer, state.active, rich=mode == "rich", rng=rng)
    return VeneziaState.from_dict(data, state.board)


def _extreme_tokens(
    data: dict[str, Any], observer: int, target: int, *, rich: bool, rng: random.Random
) -> None:
    """Redeal the unseen token values so ``target`` holds the best (or worst) ones; the kinds
    each player holds (public, V-C4) and every multiset of values stay as they were."""
    others = [s for s in range(len(data["tokens"])) if s != observer]
    swamps = list(data["swamp"].values()) + [v for s in others for v in data["tokens"][s] if v <= 2]
    treasures = list(data["treasure"]) + [v for s in others for v in data["tokens"][s] if v >= 3]
    rng.shuffle(swamps)
    rng.shuffle(treasures)
    swamps.sort(reverse=rich)
    treasures.sort(reverse=rich)
    # the target takes from the front, everybody else from the shuffled rest
    mine = data["tokens"][target]
    data["tokens"][target] = [treasures.pop(0) if v >= 3 else swamps.pop(0) for v in mine]
    rng.shuffle(swamps)
    rng.shuffle(treasures)
    for s in others:
        if s != target:
            data["tokens"][s] = [
                treasures.pop() if v >= 3 else swamps.pop() for v in data["tokens"][s]
            ]
    for h in data["swamp"]:
        data["swamp"][h] = swamps.pop()
    data["treasure"] = treasures


def public_decision(d: Decision | None) -> Any:
    if d is None:
        return None
    options = d.options if d.kind in PUBLIC_OPTION_KINDS else None
    return (d.seat, d.kind, d.prompt, options)


def public_events(events: list[Event]) -> list[Any]:
    return [(e.kind, e.text, e.seat, e.data) for e in events]


def assert_look_alike(real: VeneziaState, twin: VeneziaState, observer: int, when: str) -> None:
    assert twin.public_view() == real.public_view(), f"public view differs {when}"
    assert twin.player_view(observer) == real.player_view(observer), (
        f"seat {observer}'s view differs {when}"
    )
    assert public_decision(twin.pending()) == public_decision(real.pending()), (
        f"decision differs {when}: {real.pending()} vs {twin.pending()}"
    )


def reveals_by_rule(command: str, events: list[Event]) -> bool:
    """A flip shows a deck card (V-T2); the game end shows everybody's gold (V-E2)."""
    return command == "flip" or any(e.kind == "game_over" for e in events)


def check_lockstep(players: int, seed: int, prefix: int, steps: int) -> int:
    """Walk ``steps`` moves from a random position; at every move a fresh twin for a random
    observer must look the same before and after the move. Returns the comparisons made."""
    real = random_position(players, seed, prefix)
    rng = random.Random(seed * 7919 + prefix)
    compared = 0
    for step in range(steps):
        if real.over:
            break
        observer = rng.randrange(players)
        mode = rng.choice(("sample", "rich", "poor"))
        twin = twin_for(real, observer, rng.randrange(1 << 30), mode)
        where = f"(seed {seed}, {players}p, move {prefix + step}, observer {observer}, {mode})"
        assert_look_alike(real, twin, observer, f"before the move {where}")
        seat, command = pick_command(real, twin, rng)
        real_events = real.apply(seat, command)
        twin_events = twin.apply(seat, command)
        compared += 1
        if reveals_by_rule(command, real_events) or reveals_by_rule(command, twin_events):
            continue
        after = f"after {seat}: {command!r} {where}"
        assert public_events(twin_events) == public_events(real_events), f"events differ {after}"
        assert twin.public_view() == real.public_view(), f"public view differs {after}"
        assert public_decision(twin.pending()) == public_decision(real.pending()), (
            f"decision differs {after}: {real.pending()} vs {twin.pending()}"
        )
        learned_real = [e.private.get(observer) for e in real_events]
        learned_twin = [e.private.get(observer) for e in twin_events]
        if learned_real == learned_twin:
            assert twin.player_view(observer) == real.player_view(observer), (
                f"seat {observer}'s view differs {after}"
            )
    return compared


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=10_000),
    prefix=st.integers(min_value=0, max_value=250),
)
def test_twins_that_differ_in_hidden_parts_look_the_same(
    players: int, seed: int, prefix: int
) -> None:
    assert check_lockstep(players, seed, prefix, steps=25) > 0


def test_the_gold_pause_depends_on_tokens_held_not_on_their_value() -> None:
    """V-G1 Decision: after his own move during a building's movement, the active player gets a
    pause when he holds at least one token, whatever it is worth; with none, no pause."""
    checked = 0
    for seed in range(60):
        found = _mover_case(random_position(4, seed, 0), random.Random(seed))
        if found is None:
            continue
        real, seat, command = found
        active = real.active
        kinds = [v >= 3 for v in real.tokens[active]]  # public (V-C4); the values are not
        outcomes = set()
        for low in (True, False):
            world = real.clone()
            world.tokens[active] = [(3 if low else 6) if t else (0 if low else 2) for t in kinds]
            world.apply(seat, command)
            d = world.pending()
            outcomes.add(d is not None and d.kind == "exchange_window")
        assert outcomes == {bool(kinds)}, (seed, kinds, command)
        checked += 1
        if checked >= 5:
            return
    raise AssertionError(f"only {checked} positions with a pause candidate found")


def _mover_case(state: VeneziaState, rng: random.Random) -> tuple[VeneziaState, int, str] | None:
    """A position whose next command resolves a building in which the active player moves
    first and someone after him still has steps to go (so a rich active player pauses);
    None if the game from this seed shows none soon."""
    for _ in range(600):
        if state.over:
            return None
        d = state.pending()
        assert d is not None
        if d.kind in ("place", "district") and state.res is not None and not state.end_triggered:
            res = state.res
            parts = [s for s in res["participants"] if s != state.imag]
            if len(parts) >= 2 and parts[0] == state.active and state.tokens[state.active]:
                # Candidate if a rich active player (all his tokens at their highest value)
                # pauses: the building moves someone after him.
                rich = state.clone()
                rich.tokens[state.active] = [6 if v >= 3 else 2 for v in rich.tokens[state.active]]
                if rich.gold(state.active) >= 5:
                    events = rich.apply(d.seat, d.options[0])
                    nd = rich.pending()
                    if (
                        nd is not None
                        and nd.kind == "exchange_window"
                        and not any(e.kind == "end_trigger" for e in events)
                    ):
                        return state, d.seat, d.options[0]
        state.apply(d.seat, rng.choice(d.options))
    return None


# ---------------------------------------------------------------- identical copies (#29)
#
# Which of two identical copies of a component lies where is hidden from everybody: nothing a
# player may know tells them apart (Amsterdam's special cards come in pairs, AM-1.6, AM-G35).
# A *copy twin* (the registration's ``copy_twin``) is the same game with such copies exchanged
# wherever they lie: between a hand and the deck, between two hands, the port. Every output of
# the two worlds - the public view, every seat's own view, the decisions, every event with its
# data and private texts, the status and hand texts - must be the same, now and after the same
# moves; a second, fresh swap now and then covers copies that moved since.


def copy_cases() -> list[tuple[GameRegistration, tuple[tuple[str, str], ...]]]:
    """Every game and every choice of its options (each Amsterdam variant)."""
    out: list[tuple[GameRegistration, tuple[tuple[str, str], ...]]] = []
    for reg in registrations():
        out.append((reg, ()))
        for spec in reg.options:
            out += [(reg, ((spec.name, c),)) for c in spec.choices if c != spec.default]
    return out


def copy_case_id(case: tuple[GameRegistration, tuple[tuple[str, str], ...]]) -> str:
    reg, options = case
    return reg.name + "".join(f"-{k}={v}" for k, v in options)


def outputs(state: GameState, texts: GameTexts) -> dict[str, Any]:
    """Everything anybody is shown of ``state``."""
    public = state.public_view()
    seats = range(len(state.players))
    return {
        "public view": public,
        "status lines": texts.status_lines(public),
        "decisions": state.pending_all(),
        **{f"seat {s}'s view": state.player_view(s) for s in seats},
        **{f"seat {s}'s hand text": texts.hand_text(state.player_view(s)) for s in seats},
    }


def shown(events: list[Event]) -> list[Any]:
    return [
        (e.kind, str(e.text), e.seat, e.data, {s: str(t) for s, t in e.private.items()}, e.echo)
        for e in events
    ]


def first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    return next((k for k in a if a[k] != b[k]), "nothing")


@pytest.mark.parametrize("case", copy_cases(), ids=copy_case_id)
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_twins_that_swap_identical_copies_look_the_same(
    case: tuple[GameRegistration, tuple[tuple[str, str], ...]], seed: int
) -> None:
    """#29 item 2: twins that differ only in which identical copy lies where (a hand and the
    deck, two hands, the port) show the same everywhere, move after move, to the end."""
    reg, options = case
    parts = reg.parts()
    make_twin = parts.copy_twin
    if make_twin is None:
        pytest.skip(f"{reg.name} keeps no copy identity (see the test below)")
    engine = reg.engine_options(dict(options)) if reg.options else None
    real = parts.game.new_state(["P1", "P2"], seed, engine)
    rng = random.Random(seed)
    policy = parts.random_policy(random.Random(seed))
    twin = make_twin(real, rng)
    swapped = 0
    for move in range(3000):
        if real.is_over:
            break
        if move % 5 == 0:  # a fresh swap of where the copies lie now
            twin = make_twin(twin, rng)
            swapped += twin.to_json() != real.to_json()
        where = f"{copy_case_id(case)} seed {seed} move {move}"
        mine, other = outputs(real, parts.texts), outputs(twin, parts.texts)
        assert other == mine, f"{first_difference(mine, other)} differs ({where})"
        decision = real.pending()
        assert decision is not None
        command = policy(real, decision)
        seat = parts.command_seat(real, decision, command)
        events, twin_events = real.apply(seat, command), twin.apply(seat, command)
        assert shown(twin_events) == shown(events), f"events differ after {command!r} ({where})"
    assert real.is_over and twin.is_over
    assert outputs(twin, parts.texts) == outputs(real, parts.texts)
    if options == (("variant", "special_cards"),):
        assert swapped, "the copies of the special cards never lay apart"


def test_games_without_a_copy_twin_keep_no_copy_identity() -> None:
    """#29: Venezia's cards are building types and its tokens values, Canal Grande's cards are
    district or special names and numbers: their states name a component by what it is, so
    identical copies cannot tell apart there (no ``copy_twin`` needed)."""
    from engine.canal_grande import CanalGrandeState
    from engine.canal_grande.cards import SPECIALS
    from engine.venezia.cards import TYPES

    without = {r.name for r in registrations() if r.parts().copy_twin is None}
    assert without == {"venezia", "canal_grande"}
    venezia = random_position(4, 5, 60)
    kinds = set(TYPES)
    assert all(card in kinds for hand in venezia.hands for card in hand)
    assert all(card in kinds for card in venezia.deck + venezia.discard)
    assert all(isinstance(v, int) for tokens in venezia.tokens for v in tokens)
    canal = CanalGrandeState.new(["P1", "P2"], 5)
    names = set(canal.comp.districts) | set(SPECIALS)
    assert all(card in names for hand in canal.hands for card in hand)
    assert all(card in names for card in canal.deck)
    assert all(isinstance(n, int) for n in canal.num_deck)
