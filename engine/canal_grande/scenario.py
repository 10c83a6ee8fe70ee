"""Canal Grande rule scenarios: a position, commands, expectations (``game = "canal_grande"``).

The file format is the one of ``docs/scenarios.md`` with Canal Grande's own setup and
expectation keys (documented there). The setup keeps every card accounted for: cards named in
hands, the revealed row, the discard pile, victory cards and the top of the draw pile come out of
the 52 action cards and the rest is shuffled beneath the named top of the draw pile; number cards
named as revealed, in front of players or on top of the number deck come out of the 14.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.canal_grande.cards import SPECIALS, card_id
from engine.canal_grande.state import CanalGrandeState
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

TOP_KEYS = {"game", "name", "rules", "description", "players", "seed", "setup", "steps", "expect"}
SETUP_KEYS = {
    "divider",
    "hands",
    "deck",
    "discard",
    "rest",
    "revealed",
    "numbers",
    "number_deck",
    "victory",
    "voted",
    "turn",
    "round",
    "turn_limit",
}
EXPECT_KEYS = {
    "hands",
    "hand_sizes",
    "victory",
    "numbers",
    "totals",
    "discard",
    "discard_size",
    "discard_contains",
    "deck_size",
    "pending",
    "options",
    "options_include",
    "options_exclude",
    "options_count",
    "game_over",
    "winner",
    "ranking",
    "divider",
    "turn",
    "round",
    "voted",
    "vote",
    "doges",
    "table",
    "events_include",
    "events_exclude",
}


def run_scenario(spec: dict[str, Any], name: str = "scenario") -> ScenarioResult:
    refuse_unknown(spec, TOP_KEYS, f"{name}: unknown top-level keys")
    players = [str(p) for p in spec.get("players", [])]
    if len(players) != 2:
        raise ScenarioError(f"{name}: Canal Grande needs exactly 2 'players'")
    setup = spec.get("setup", {})
    first = _seat_of(players, setup["divider"], name) if "divider" in setup else None
    state = CanalGrandeState.new(
        players, int(spec.get("seed", 1)), first, int(setup.get("turn_limit", 500))
    )
    apply_setup(state, setup, name)
    texts: list[str] = []
    return play_steps(
        state,
        spec,
        name,
        lambda who, where: _seat_of(players, who, where),
        lambda expect: check_expect(state, expect, texts),
        texts,
    )


def _seat_of(players: list[str], who: Any, where: str) -> int:
    return player_seat(players, who, where)


def _cards(values: Any, where: str) -> list[str]:
    out = []
    for v in values:
        text = str(v)
        if text.startswith("n") and text[1:].isdigit():
            out.append(text)
            continue
        try:
            out.append(card_id(text))
        except IllegalMove as exc:
            raise ScenarioError(f"{where}: {exc}") from None
    return out


def apply_setup(state: CanalGrandeState, setup: dict[str, Any], name: str) -> None:
    """Rebuild the position of the current (first) turn, keeping every card accounted for."""
    refuse_unknown(setup, SETUP_KEYS, f"{name}: unknown setup keys")
    comp = state.comp
    players = state.players
    hands = [list(h) for h in state.hands]
    for who, cards in setup.get("hands", {}).items():
        hand = _cards(cards, f"{name} hands")
        bad = [c for c in hand if (c in SPECIALS and c != "gondola") or c.startswith("n")]
        if bad:
            raise ScenarioError(f"{name}: hands hold districts and gondolas only, not {bad}")
        hands[_seat_of(players, who, name)] = hand
    victory = [[], []]  # type: list[list[str]]
    for who, cards in setup.get("victory", {}).items():
        victory[_seat_of(players, who, name)] = _cards(cards, f"{name} victory")
    revealed = (
        _cards(setup["revealed"], f"{name} revealed")
        if "revealed" in setup
        else list(state.revealed)
    )
    if len(revealed) < 2:
        raise ScenarioError(f"{name}: at least 2 revealed cards are needed (CG-4.3)")
    discard = _cards(setup.get("discard", []), f"{name} discard")
    deck_top = _cards(setup.get("deck", []), f"{name} deck")
    named = [c for h in hands for c in h] + [c for v in victory for c in v] + discard + deck_top
    named += [c for c in revealed if not c.startswith("n")]
    used = Counter(named)
    have = Counter(comp.action_cards)
    for c, k in used.items():
        if k > have[c]:
            raise ScenarioError(f"{name}: {k} {c} cards named but the game has {have[c]}")
    rest = list((have - used).elements())
    state.rng.shuffle(rest)
    # numbers
    fronts = [[], []]  # type: list[list[int]]
    for who, values in setup.get("numbers", {}).items():
        fronts[_seat_of(players, who, name)] = [int(v) for v in values]
    num_top = [int(v) for v in setup.get("number_deck", [])]
    nums_named = Counter(
        [v for f in fronts for v in f] + num_top + [int(c[1:]) for c in revealed if c[0] == "n"]
    )
    all_nums = Counter(comp.numbers)
    for v, k in nums_named.items():
        if k > all_nums[v]:
            raise ScenarioError(f"{name}: {k} number cards worth {v} named, the game has fewer")
    num_rest = list((all_nums - nums_named).elements())
    state.rng.shuffle(num_rest)
    state.hands = [state.sorted_cards(h) for h in hands]
    state.victory = victory
    state.revealed = revealed
    state.numbers = fronts
    state.num_deck = num_rest + list(reversed(num_top))
    state.discard, state.deck = piles_with_rest(setup, discard, rest, deck_top)
    state.voted = _cards(setup.get("voted", []), f"{name} voted")
    state.turn = int(setup.get("turn", state.turn))
    state.round = int(setup.get("round", state.round))
    state._decision = None
    state._option_set = None


def check_expect(state: CanalGrandeState, expect: dict[str, Any], texts: list[str]) -> list[str]:
    """Every expectation that does not hold, in words."""
    exp = Expectations(expect, EXPECT_KEYS)
    fails, check = exp.fails, exp.check
    seat = {p: i for i, p in enumerate(state.players)}

    def cards(values: Any) -> list[str]:
        return sorted(_cards(values, "expect"))

    for who, want in expect.get("hands", {}).items():
        check(f"hand of {who}", sorted(state.hands[seat[who]]), cards(want))
    for who, k in expect.get("hand_sizes", {}).items():
        check(f"hand size of {who}", len(state.hands[seat[who]]), int(k))
    for who, want in expect.get("victory", {}).items():
        check(f"victory cards of {who}", sorted(state.victory[seat[who]]), cards(want))
    for who, want in expect.get("numbers", {}).items():
        check(f"numbers of {who}", sorted(state.numbers[seat[who]]), sorted(map(int, want)))
    for who, want in expect.get("totals", {}).items():
        check(f"total of {who}", state.total(seat[who]), int(want))
    if "discard" in expect:
        check("discard pile", sorted(state.discard), cards(expect["discard"]))
    if "discard_size" in expect:
        check("discard size", len(state.discard), int(expect["discard_size"]))
    for c in expect.get("discard_contains", []):
        if _cards([c], "expect")[0] not in state.discard:
            fails.append(f"discard pile lacks {c}: {state.discard}")
    if "deck_size" in expect:
        check("deck size", len(state.deck), int(expect["deck_size"]))
    d = state.pending()
    exp.pending(d, state.players)
    exp.options(list(d.options) if d is not None else [], shown=20)
    exp.game_over(state.over)
    if "winner" in expect:
        got = None if state.winner is None else state.players[state.winner]
        check("winner", got, expect["winner"] or None)
    exp.ranking(state.ranking, state.players)
    if "divider" in expect:
        check("divider", state.players[state.divider], expect["divider"])
    if "turn" in expect:
        check("turn", state.turn, int(expect["turn"]))
    if "round" in expect:
        check("round", state.round, int(expect["round"]))
    if "voted" in expect:
        check("districts voted this turn", state.voted, _cards(expect["voted"], "expect"))
    if "vote" in expect:
        want = expect["vote"]
        vote = state.vote
        if not want:
            check("vote in progress", vote is not None, False)
        elif vote is None:
            fails.append(f"vote: expected {want!r}, but no vote is in progress")
        else:
            if "district" in want:
                check("vote district", vote["district"], _cards([want["district"]], "x")[0])
            if "challenger" in want:
                check("challenger", state.players[vote["challenger"]], want["challenger"])
            for who, k in want.get("votes", {}).items():
                check(f"votes of {who}", vote["votes"][seat[who]], int(k))
    for who, k in expect.get("doges", {}).items():
        check(f"doges waiting for {who}", state.doges[seat[who]], int(k))
    if "table" in expect:
        check("cards on the table", sorted(state.table_cards()), cards(expect["table"]))
    joined = "\n".join(texts).casefold()
    for needle in expect.get("events_include", []):
        if str(needle).casefold() not in joined:
            fails.append(f"no event text contains {needle!r}")
    for needle in expect.get("events_exclude", []):
        if str(needle).casefold() in joined:
            fails.append(f"an event text contains {needle!r}")
    return fails
