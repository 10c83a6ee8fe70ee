"""Canal Grande heuristics: how good a position is for a seat, and one-ply choices.

Everything here reads a state but only what the deciding seat may know: its own hand, the
opponent's hand *size* and the public table (victory cards, numbers, discard pile, offers, the
vote). Search code runs it on determinized worlds (``engine.canal_grande.determinize``), where
the opponent's hand is imagined, so reading only public fields keeps the greedy level honest.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.canal_grande.cards import count_cards
from engine.canal_grande.decisions import divide_options
from engine.canal_grande.resolve import is_number
from engine.canal_grande.state import CanalGrandeState
from engine.canal_grande.votes import Placement, legal_placements


@dataclass(frozen=True, slots=True)
class Weights:
    new_district: float = 1.0  # a first victory card of a district (towards six)
    repeat: float = 0.7  # a further victory card of a district (towards four)
    near_win: float = 2.5  # extra for being one card from a win
    two_from_win: float = 0.8
    hand_card: float = 0.22
    gondola: float = 0.28
    number: float = 0.05  # per point of number total (the lower total gets a bonus)
    spy: float = 0.45
    doge_strong: float = 0.9
    doge_weak: float = 0.35
    opponent: float = 1.0  # weight of the opponent's value (zero-sum)


DEFAULT = Weights()
WIN = 100.0


def victory_value(vic: list[str], districts: tuple[str, ...], w: Weights, four: int = 4) -> float:
    counts = Counter(vic)
    distinct = len(counts)
    most = max(counts.values(), default=0)
    if distinct == len(districts) or most >= four:
        return WIN
    value = w.new_district * distinct + w.repeat * (len(vic) - distinct)
    gap = min(len(districts) - distinct, four - most)
    if gap == 1:
        value += w.near_win
    elif gap == 2:
        value += w.two_from_win
    return value


def card_gain(vic: list[str], district: str, districts: tuple[str, ...], w: Weights) -> float:
    """How much one more victory card of ``district`` is worth to its owner."""
    return victory_value([*vic, district], districts, w) - victory_value(vic, districts, w)


def hand_value(hand: list[str], w: Weights) -> float:
    return sum(w.gondola if c == "gondola" else w.hand_card for c in hand)


def evaluate(state: CanalGrandeState, seat: int, w: Weights = DEFAULT) -> float:
    """The seat's value minus the opponent's (a finished game: ±WIN)."""
    if state.over:
        if state.winner is None:
            return 0.0
        return WIN if state.winner == seat else -WIN
    d = state.comp.districts
    total = 0.0
    for s, sign in ((seat, 1.0), (1 - seat, -w.opponent)):
        v = victory_value(state.victory[s], d, w, state.comp.win_same_district)
        v += hand_value(state.hands[s], w) if s == seat else w.hand_card * len(state.hands[s])
        v -= w.number * state.total(s)
        v += w.doge_weak * state.doges[s]
        total += sign * v
    return total


# --- offers ------------------------------------------------------------------------------------


def best_district_strength(state: CanalGrandeState, seat: int) -> int:
    """Votes the seat could muster in its best eligible district (own hand, own view)."""
    hand = Counter(state.hands[seat])
    best = 0
    gondolas = hand["gondola"]
    for d in state.comp.districts:
        if hand[d] and d not in state.voted:
            rest = sorted((hand[x] for x in state.comp.districts if x != d), reverse=True)
            best = max(best, hand[d] + sum(rest[:gondolas]))
    return best


def card_value(state: CanalGrandeState, seat: int, card: str, w: Weights) -> float:
    """Rough worth of receiving ``card`` in an offer (for ``seat``)."""
    if is_number(card):
        return -w.number * int(card[1:]) - (0.15 if state.total(seat) + int(card[1:]) >= 10 else 0)
    if card == "gondola":
        return w.gondola
    if card in state.comp.per_district:
        return w.hand_card
    if card == "traitor":
        return 2 * w.hand_card if state.hands[1 - seat] else 0.0
    if card == "spy":
        return w.spy
    # doge
    strength = best_district_strength(state, seat)
    if strength >= 3:
        return w.doge_strong
    if strength >= 1:
        return w.doge_weak + 0.15 * strength
    return -0.3 if state.hands[1 - seat] else 0.0


def offer_value(state: CanalGrandeState, seat: int, cards: list[str], w: Weights) -> float:
    value = sum(card_value(state, seat, c, w) for c in cards)
    doges = cards.count("doge")
    if doges > 1:  # a second doge needs a second district (CG-6.3)
        value -= 0.25 * (doges - 1)
    return value


def choose_offer(state: CanalGrandeState, seat: int, w: Weights = DEFAULT) -> str:
    a = [state.revealed[p - 1] for p in state.offer_positions("A")]
    b = [state.revealed[p - 1] for p in state.offer_positions("B")]
    other = 1 - seat
    net_a = offer_value(state, seat, a, w) - offer_value(state, other, b, w)
    net_b = offer_value(state, seat, b, w) - offer_value(state, other, a, w)
    return "take A" if net_a >= net_b else "take B"


_MASKS: dict[str, int] = {}


def _mask(option: str) -> int:
    """Offer A's positions of a 'divide …' option as a bit mask (bit ``p - 1`` for ``p``)."""
    m = _MASKS.get(option)
    if m is None:
        m = 0
        for word in option.split()[1:]:
            m |= 1 << (int(word) - 1)
        _MASKS[option] = m
    return m


def _subset_sums(values: list[float]) -> list[float]:
    """The sum of ``values`` over every subset (by bit mask), added in position order as
    ``sum()`` adds a split's positions, so every split's figure is the very same float."""
    sums = [0.0]
    for v in values:
        sums += [s + v for s in sums]
    return sums


_OPTION_MASKS: dict[int, list[int]] = {}


def best_divide(state: CanalGrandeState, seat: int, w: Weights = DEFAULT) -> str:
    """The first of the divide options with the best :func:`divide_scores` score, without
    scoring them one by one (a play-out's divide)."""
    n = len(state.revealed)
    options = divide_options(n)
    masks = _OPTION_MASKS.get(n)
    if masks is None:
        masks = _OPTION_MASKS[n] = [_mask(o) for o in options]
    scores = _mask_scores(state, seat, masks, w)
    return options[max(range(len(scores)), key=scores.__getitem__)]


def _mask_scores(state: CanalGrandeState, seat: int, masks: list[int], w: Weights) -> list[float]:
    """:func:`divide_scores`' figure for every split given by offer A's bit mask."""
    cards = state.revealed
    mine_v = [card_value(state, seat, c, w) for c in cards]
    theirs_v = [card_value(state, 1 - seat, c, w) for c in cards]
    tm = sum(mine_v)
    tt = sum(theirs_v)
    ms = _subset_sums(mine_v)
    ts = _subset_sums(theirs_v)
    doge_mask = 0
    for i, c in enumerate(cards):
        if c == "doge":
            doge_mask |= 1 << i
    doges = doge_mask.bit_count()
    if doges <= 1:  # no penalty either way (x - 0.0 is x: the same floats)
        return [-max(ts[a] - (tm - ms[a]), (tt - ts[a]) - ms[a]) for a in masks]
    out = []
    for a in masks:
        ma = ms[a]
        ta = ts[a]
        da = (a & doge_mask).bit_count()
        pen_a = 0.25 * max(0, da - 1)
        pen_b = 0.25 * max(0, doges - da - 1)
        # chooser's net for taking A / B
        net_a = (ta - pen_a) - (tm - ma - pen_b)
        net_b = (tt - ta - pen_b) - (ma - pen_a)
        out.append(-max(net_a, net_b))
    return out


def divide_scores(
    state: CanalGrandeState, seat: int, options: list[str], w: Weights = DEFAULT
) -> list[tuple[float, str]]:
    """Score of each split for the divider: what he gets when the chooser takes the offer that
    is better for the chooser. Splits with the same two card multisets share one score.

    Every subset's card values are summed once (over bit masks), not once per split."""
    scores = _mask_scores(state, seat, [_mask(o) for o in options], w)
    return list(zip(scores, options, strict=True))


# --- votes -------------------------------------------------------------------------------------


def pick_district(state: CanalGrandeState, seat: int, options: list[str], w: Weights) -> str:
    hand = Counter(state.hands[seat])
    d = state.comp.districts
    best: tuple[float, str] | None = None
    for opt in options:
        district = opt.split()[1]
        rest = sorted((hand[x] for x in d if x != district), reverse=True)
        strength = hand[district] + sum(rest[: hand["gondola"]])
        gain = card_gain(state.victory[seat], district, d, w)
        deny = card_gain(state.victory[1 - seat], district, d, w)
        unseen = _unseen_of(state, seat, district)
        score = gain + 0.6 * deny + 0.35 * strength - 0.25 * unseen
        if best is None or score > best[0]:
            best = (score, opt)
    assert best is not None
    return best[1]


def _unseen_of(state: CanalGrandeState, seat: int, district: str) -> int:
    known = state.hands[seat].count(district) + state.discard.count(district)
    known += state.victory[0].count(district) + state.victory[1].count(district)
    return max(0, state.comp.per_district[district] - known)


def placement_of(option: str) -> Placement:
    """Parse a canonical 'place …' option back into (k, groups)."""
    words = option.split()[1:]
    k = 0
    groups: list[tuple[str, int]] = []
    count = 1
    in_gondola = False
    for word in words:
        if word.isdigit():
            count = int(word)
            continue
        if word == "gondola":
            in_gondola = True
            continue
        if in_gondola:
            groups.append((word, count))
            in_gondola = False
        else:
            k += count
        count = 1
    return k, tuple(groups)


def place_choice(state: CanalGrandeState, seat: int, options: list[str], w: Weights) -> str:
    vote = state.vote
    assert vote is not None
    district = vote["district"]
    places = [o for o in options if o != "pass"]
    if not places:
        return "pass"
    d = state.comp.districts
    stake = card_gain(state.victory[seat], district, d, w) + card_gain(
        state.victory[1 - seat], district, d, w
    )
    committed = vote["votes"][seat]

    def cost(opt: str) -> float:
        k, groups = placement_of(opt)
        return 0.2 * (k + sum(m for _, m in groups)) + 0.3 * len(groups)

    cheapest = min(places, key=cost)
    if "pass" not in options:
        return cheapest  # the opening is compulsory
    k, groups = placement_of(cheapest)
    votes_after = committed + k + sum(m for _, m in groups)
    price = w.hand_card * votes_after + 0.3 * len(groups)
    return cheapest if stake >= price else "pass"


_CHEAPEST: dict[tuple[object, ...], Placement | None] = {}


def cheapest_placement(
    hand: list[str], districts: tuple[str, ...], chosen: str, has_chosen: bool, need: int
) -> Placement | None:
    """The first of the legal placements (in the rules' order) with the lowest
    :func:`place_choice` cost, ``None`` if there is none; remembered per hand and vote."""
    k = max(need, 1, 0 if has_chosen else 1)
    if hand.count(chosen) >= k:
        # enough cards of the district alone: fewest votes and no gondola, cheaper than any
        # placement with a gondola (each costs more than the votes it adds)
        return k, ()
    key = (tuple(sorted(count_cards(hand).items())), districts, chosen, has_chosen, need)
    if key in _CHEAPEST:
        return _CHEAPEST[key]
    places = legal_placements(count_cards(hand), districts, chosen, has_chosen, need)
    best = min(places, key=_placement_cost) if places else None
    if len(_CHEAPEST) > 20000:
        _CHEAPEST.clear()
    _CHEAPEST[key] = best
    return best


def place_pick(state: CanalGrandeState, seat: int, w: Weights) -> Placement | None:
    """:func:`place_choice` on the rules' placements themselves (no command text built and
    parsed back): the same pick, ``None`` for pass. For play-outs."""
    vote = state.vote
    assert vote is not None
    district = vote["district"]
    opening = seat == vote["challenger"] and not vote["placed"][seat]
    cheapest = cheapest_placement(
        state.hands[seat],
        state.comp.districts,
        district,
        bool(vote["placed"][seat]),
        vote["votes"][1 - seat] - vote["votes"][seat] + 1,
    )
    if cheapest is None or opening:
        return cheapest  # nothing to place: pass; the opening is compulsory
    d = state.comp.districts
    stake = card_gain(state.victory[seat], district, d, w) + card_gain(
        state.victory[1 - seat], district, d, w
    )
    k, groups = cheapest
    votes_after = vote["votes"][seat] + k + sum(m for _, m in groups)
    price = w.hand_card * votes_after + 0.3 * len(groups)
    return cheapest if stake >= price else None


def _placement_cost(p: Placement) -> float:
    k, groups = p
    return 0.2 * (k + sum(m for _, m in groups)) + 0.3 * len(groups)


class HeuristicPolicy:
    """One-ply choices for any decision, on a (determinized) state."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.w = weights

    def scores(
        self, state: CanalGrandeState, seat: int, options: list[str]
    ) -> list[tuple[float, str]]:
        """A rough score per option (higher is better), used to pick search candidates."""
        d = state.pending()
        assert d is not None
        if d.kind == "divide":
            return divide_scores(state, seat, options, self.w)
        best = self.decide(state, seat, options)
        return [(1.0 if o == best else 0.0, o) for o in options]

    def decide(self, state: CanalGrandeState, seat: int, options: list[str]) -> str:
        if len(options) == 1:
            return options[0]
        d = state.pending()
        assert d is not None
        if d.kind == "divide":
            scored = divide_scores(state, seat, options, self.w)
            return max(scored, key=lambda x: x[0])[1]
        if d.kind == "choose":
            return choose_offer(state, seat, self.w)
        if d.kind == "district":
            return pick_district(state, seat, options, self.w)
        return place_choice(state, seat, options, self.w)

    def step(self, state: CanalGrandeState) -> None:
        """Whoever decides in ``state`` makes :meth:`decide`'s choice, applied as a move (no
        option texts listed, parsed or checked: a play-out's fast path, the same game)."""
        phase = state.phase
        if phase == "divide":
            seat = state.divider
            state.play_move(seat, "divide", best_divide(state, seat, self.w))
        elif phase == "choose":
            seat = state.chooser
            state.play_move(seat, "take", choose_offer(state, seat, self.w)[-1])
        elif phase == "district":
            vote = state.vote
            assert vote is not None
            seat = vote["challenger"]
            options = [f"vote {d}" for d in state.eligible_districts(seat)]
            if len(options) > 1:
                options = [pick_district(state, seat, options, self.w)]
            state.play_move(seat, "vote", options[0].split(" ", 1)[1])
        else:
            vote = state.vote
            assert vote is not None
            seat = vote["to_act"]
            state.play_move(seat, "place", place_pick(state, seat, self.w))
