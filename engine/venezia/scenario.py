"""Rule scenarios: a set-up position, a list of commands, and what must hold afterwards.

The format is documented in ``docs/scenarios.md``. A scenario is plain data (parsed from TOML by
the caller); ``run_scenario`` builds the position, plays the steps and returns every failed
expectation in words, so a scenario file doubles as an executable rules test.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import IllegalMove
from engine.scenario_base import (
    Expectations,
    ScenarioError,
    ScenarioResult,
    piles_with_rest,
    play_steps,
    player_seat,
    refuse_unknown,
)
from engine.venezia.cards import ARCHITECT_TYPES, TYPE_ORDER, TYPES, card_type
from engine.venezia.state import VeneziaState

TOP_KEYS = {"name", "rules", "description", "players", "seed", "setup", "steps", "expect"}
SETUP_KEYS = {
    "active",
    "hands",
    "deck",
    "discard",
    "pool",
    "front",
    "positions",
    "tokens",
    "treasure",
    "supply",
    "buildings",
    "swamps",
    "drained",
    "rest",
}
EXPECT_KEYS = {
    "positions",
    "architects",
    "hands",
    "hand_sizes",
    "pool",
    "supply",
    "treasure_left",
    "tokens",
    "token_counts",
    "pending",
    "game_over",
    "ranking",
    "deck_size",
    "discard_size",
    "front",
    "swamps_left",
    "hexes",
    "options",
    "options_include",
    "options_exclude",
    "turn",
    "active",
}


def run_scenario(spec: dict[str, Any], name: str = "scenario") -> ScenarioResult:
    refuse_unknown(spec, TOP_KEYS, f"{name}: unknown top-level keys")
    players = [str(p) for p in spec.get("players", [])]
    if not 2 <= len(players) <= 5:
        raise ScenarioError(f"{name}: 'players' must list 2 to 5 names")
    state = VeneziaState.new(players, int(spec.get("seed", 1)))
    apply_setup(state, spec.get("setup", {}), name)
    return play_steps(
        state,
        spec,
        name,
        lambda who, where: _seat(state, who, where),
        lambda expect: check_expect(state, expect),
    )


def _seat(state: VeneziaState, who: Any, where: str) -> int:
    return player_seat(state.players, who, where, any_number=True)


def _cards(values: Any, where: str) -> list[str]:
    try:
        return [card_type(str(v)) for v in values]
    except IllegalMove as exc:
        raise ScenarioError(f"{where}: {exc}") from None


def apply_setup(state: VeneziaState, setup: dict[str, Any], name: str) -> None:
    """Rebuild the position so every component stays accounted for (cards, tokens, pieces)."""
    refuse_unknown(setup, SETUP_KEYS, f"{name}: unknown setup keys")
    if "active" in setup:
        state.active = _seat(state, setup["active"], name)
        state.recent["active"] = state.active
    _setup_cards(state, setup, name)
    _setup_board(state, setup, name)
    _setup_tokens(state, setup, name)
    for who, p in setup.get("positions", {}).items():
        state.pos[_seat(state, who, name)] = int(p)
    state.track_history = [list(state.pos)]
    for t, k in setup.get("supply", {}).items():
        state.supply[card_type(t)] = int(k)
    state._decision = None
    state._places = None


def _setup_cards(state: VeneziaState, setup: dict[str, Any], name: str) -> None:
    keys = ("hands", "deck", "discard", "pool", "front", "rest")
    if not any(k in setup for k in keys):
        return
    remaining = Counter({t: state.comp.cards[t] for t in TYPES})
    placed: list[str] = []
    hands = [list(h) for h in state.hands]
    if "hands" in setup:
        for who, cards in setup["hands"].items():
            hands[_seat(state, who, name)] = _cards(cards, f"{name} hands")
    cons: dict[str, list[list[int]]] = {t: [] for t in ARCHITECT_TYPES}
    seq = 0
    for entry in setup.get("front", []):
        who = entry.get("player")
        seat = state.imag if who in ("imaginary", "Klaus-Jürgen") else _seat(state, who, name)
        if seat < 0:
            raise ScenarioError(f"{name}: the imaginary player exists only with 2 players")
        t = _cards([entry["type"]], name)[0]
        if t == "casa":
            raise ScenarioError(f"{name}: casa cards never lie in front of a player")
        seq += 1
        cons[t].append([seat, int(entry["cards"]), seq])
        placed.extend([t] * int(entry["cards"]))
    pool = _cards(setup.get("pool", []), f"{name} pool")
    discard = _cards(setup.get("discard", []), f"{name} discard")
    deck_top = _cards(setup.get("deck", []), f"{name} deck")
    for hand in hands:
        placed.extend(hand)
    placed.extend(pool + discard + deck_top)
    used = Counter(placed)
    for t, k in used.items():
        if k > remaining[t]:
            raise ScenarioError(f"{name}: {k} {t} cards placed but the game has {remaining[t]}")
    rest = [t for t in TYPES for _ in range(remaining[t] - used[t])]
    state.rng.shuffle(rest)
    state.hands = [sorted(h, key=TYPE_ORDER.__getitem__) for h in hands]
    state.cons = cons
    state.seq = seq
    state.pool = pool
    # The deck's top is the end of the list; deck_top lists cards from the top down.
    state.discard, state.deck = piles_with_rest(setup, discard, rest, deck_top)


def _setup_board(state: VeneziaState, setup: dict[str, Any], name: str) -> None:
    board = state.board
    state.swamp = dict(state.swamp)  # changed here in place: a state's own copy first
    for entry in setup.get("buildings", []):
        t = _cards([entry["type"]], name)[0]
        hexes = []
        for label in entry["hexes"]:
            h = board.find_hex(str(label))
            if h is None:
                raise ScenarioError(f"{name}: unknown hex {label!r}")
            hexes.append(h.label)
        for label in hexes:
            if label in state.building_at:
                raise ScenarioError(f"{name}: {label} is already built on")
            if label in state.swamp:
                state.swamp_removed += 1
                del state.swamp[label]
        state._put_building(t, tuple(hexes), -1)
    for label in setup.get("drained", []):
        h = board.find_hex(str(label))
        if h is None or h.label not in state.swamp:
            raise ScenarioError(f"{name}: {label!r} is not a swamp hex to drain")
        del state.swamp[h.label]
        state.swamp_removed += 1
    explicit = setup.get("swamps", {})
    if explicit:
        for label in explicit:
            h = board.find_hex(str(label))
            if h is None or h.label not in state.swamp:
                raise ScenarioError(f"{name}: {label!r} holds no swamp token")
        # Give the named hexes their values by swapping with other swamp hexes.
        for label, v in explicit.items():
            target = board.find_hex(str(label))
            assert target is not None
            if state.swamp[target.label] == int(v):
                continue
            donor = next(
                (
                    h
                    for h, val in state.swamp.items()
                    if val == int(v) and h not in {board.find_hex(str(x)).label for x in explicit}  # type: ignore[union-attr]
                ),
                None,
            )
            if donor is None:
                raise ScenarioError(f"{name}: no swamp token worth {v} is left for {label}")
            state.swamp[donor], state.swamp[target.label] = state.swamp[target.label], int(v)


def _setup_tokens(state: VeneziaState, setup: dict[str, Any], name: str) -> None:
    state.swamp = dict(state.swamp)  # changed here in place: a state's own copy first
    if "tokens" in setup:
        for who, values in setup["tokens"].items():
            seat = _seat(state, who, name)
            for v in (int(x) for x in values):
                if v >= 3:
                    if v not in state.treasure:
                        raise ScenarioError(f"{name}: no treasure token worth {v} left")
                    state.treasure.remove(v)
                else:
                    # A held swamp token comes off some swamp hex worth that much.
                    donor = next((h for h, val in reversed(state.swamp.items()) if val == v), None)
                    if donor is None:
                        raise ScenarioError(f"{name}: no swamp token worth {v} left")
                    del state.swamp[donor]
                state.tokens[seat].append(v)
    if "treasure" in setup:
        top = [int(v) for v in setup["treasure"]]
        pile = Counter(state.treasure)
        for v, k in Counter(top).items():
            if pile[v] < k:
                raise ScenarioError(f"{name}: the treasure pile has no {k} token(s) worth {v}")
        rest = list(state.treasure)
        for v in top:
            rest.remove(v)
        state.treasure = rest + list(reversed(top))


def _name(state: VeneziaState, seat: Any) -> Any:
    if seat == "imaginary" or seat == state.imag:
        return "imaginary"
    if isinstance(seat, int):
        return state.players[seat]
    return seat


def check_expect(state: VeneziaState, expect: dict[str, Any]) -> list[str]:
    """Every expectation that does not hold, in words."""
    exp = Expectations(expect, EXPECT_KEYS)
    fails, check = exp.fails, exp.check

    seat = {p: i for i, p in enumerate(state.players)}
    for who, p in expect.get("positions", {}).items():
        check(f"position of {who}", state.pos[seat[who]], int(p))
    for t, who in expect.get("architects", {}).items():
        holder = state.architect(card_type(t))
        want = None if who in ("", "none", None) else who
        check(f"{t} architect", None if holder is None else _name(state, holder), want)
    for who, cards in expect.get("hands", {}).items():
        check(
            f"hand of {who}",
            sorted(state.hands[seat[who]]),
            sorted(card_type(c) for c in cards),
        )
    for who, k in expect.get("hand_sizes", {}).items():
        check(f"hand size of {who}", len(state.hands[seat[who]]), int(k))
    if "pool" in expect:
        check("pool", sorted(state.pool), sorted(card_type(c) for c in expect["pool"]))
    for t, k in expect.get("supply", {}).items():
        check(f"supply of {t}", state.supply[card_type(t)], int(k))
    if "treasure_left" in expect:
        check("treasure tokens left", len(state.treasure), int(expect["treasure_left"]))
    for who, values in expect.get("tokens", {}).items():
        check(f"tokens of {who}", sorted(state.tokens[seat[who]]), sorted(int(v) for v in values))
    for who, counts in expect.get("token_counts", {}).items():
        tokens = state.tokens[seat[who]]
        got = {"swamp": sum(v <= 2 for v in tokens), "treasure": sum(v >= 3 for v in tokens)}
        check(f"token counts of {who}", got, {k: int(v) for k, v in counts.items()})
    exp.pending(state.pending(), state.players)
    exp.game_over(state.over)
    exp.ranking(state.ranking, state.players)
    if "deck_size" in expect:
        check("deck size", len(state.deck), int(expect["deck_size"]))
    if "discard_size" in expect:
        check("discard size", len(state.discard), int(expect["discard_size"]))
    for who, front in expect.get("front", {}).items():
        s = state.imag if who == "imaginary" else seat[who]
        check(
            f"cards in front of {who}",
            state.front(s),
            {card_type(t): int(k) for t, k in front.items()},
        )
    if "swamps_left" in expect:
        check("swamps left", len(state.swamp), int(expect["swamps_left"]))
    for label, what in expect.get("hexes", {}).items():
        h = state.board.find_hex(label)
        if h is None:
            fails.append(f"hex {label}: no such hex")
            continue
        b = state.building_at.get(h.label)
        content = (
            state.buildings[b]["type"]
            if b is not None
            else "swamp"
            if h.label in state.swamp
            else "empty"
        )
        check(f"hex {label}", content, what)
    d = state.pending()
    exp.options(list(d.options) if d is not None else [])
    if "turn" in expect:
        check("turn", state.turn, int(expect["turn"]))
    if "active" in expect:
        check("active player", state.players[state.active], expect["active"])
    return fails
