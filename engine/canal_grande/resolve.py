"""The automatic parts of Canal Grande: revealing, resolving an offer (numbers, hand cards,
traitors, spies, doges), drawing with reshuffles, settling a vote and ending a round.

Functions of the state (kept apart from ``state.py``, which holds the decisions and their
validation). Nothing here is a choice: every random pick uses the state's RNG.
"""

from __future__ import annotations

from engine.canal_grande import events as evt
from engine.canal_grande.cards import Components, card_name, number_name
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.core import Event


def is_number(card: str) -> bool:
    return card[0] == "n" and card[1:].isdigit()


def reveal_name(card: str, comp: Components) -> str:
    """A revealed card's name: 'San Marco', 'doge', 'number 2' (number cards are 'n2')."""
    if card.startswith("n") and card[1:].isdigit():
        return number_name(card[1:])
    return card_name(card, comp)


def draw_action(state: CanalGrandeFields, ev: list[Event]) -> str | None:
    """The top action card; an empty draw pile takes the shuffled discard pile (CG-9.1); with
    both empty the draw is skipped (CG-G16)."""
    if not state.deck:
        if not state.discard:
            return None
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        ev.append(evt.Reshuffled(names=state.players, comp=state.comp))
    return state.deck.pop()


def reveal(state: CanalGrandeFields, ev: list[Event]) -> list[str]:
    """CG-4.1: the top 5 action cards and top 3 number cards (fewer only if they do not exist,
    CG-G1, CG-G17). Number cards are written ``n<value>``."""
    comp = state.comp
    cards: list[str] = []
    for _k in range(comp.reveal_actions):
        c = draw_action(state, ev)
        if c is None:
            break
        cards.append(c)
    for _k in range(comp.reveal_numbers):
        if not state.num_deck:
            break
        cards.append(f"n{state.num_deck.pop()}")
    return cards


def add_to_hand(state: CanalGrandeFields, seat: int, cards: list[str]) -> None:
    if cards:
        hand = state.hands[seat]
        hand.extend(cards)
        hand.sort(key=state.comp.card_order.__getitem__)


def resolve_offer(state: CanalGrandeFields, seat: int, cards: list[str], ev: list[Event]) -> None:
    """CG-5.1, CG-5.2, CG-G3: numbers → districts and gondolas → traitors → spies → doges."""
    comp = state.comp
    nums = [int(c[1:]) for c in cards if is_number(c)]
    if nums:
        state.numbers[seat].extend(nums)  # CG-5.3
        ev.append(
            evt.NumbersLaid(
                seat=seat,
                numbers=nums,
                total=state.total(seat),
                names=state.players,
                comp=state.comp,
            )
        )
    to_hand = [c for c in cards if c in comp.per_district or c == "gondola"]
    if to_hand:
        add_to_hand(state, seat, to_hand)  # CG-5.4
        ev.append(evt.ToHand(seat=seat, cards=to_hand, names=state.players, comp=state.comp))
    for _k in range(cards.count("traitor")):
        steal(state, seat, ev)  # CG-5.5, CG-5.6
        state.discard.append("traitor")
    for _k in range(cards.count("spy")):
        ev.append(
            evt.SpyDraws(seat=seat, draws=comp.spy_draws, names=state.players, comp=state.comp)
        )
        draw_resolved(state, seat, comp.spy_draws, ev, bonus=False)
        state.discard.append("spy")  # CG-G5: after its draws
    doges = cards.count("doge")
    if doges:
        state.doges[seat] += doges  # CG-5.12: each starts a vote, after everything else


def steal(state: CanalGrandeFields, seat: int, ev: list[Event]) -> None:
    """CG-5.5, CG-G4: a uniformly random card of the opponent's hand; both are told which."""
    opp = 1 - seat
    hand = state.hands[opp]
    if not hand:
        ev.append(evt.NothingStolen(seat=seat, other=opp, names=state.players, comp=state.comp))
        return
    card = hand.pop(state.rng.below(len(hand)))
    add_to_hand(state, seat, [card])
    ev.append(evt.Stolen(seat=seat, other=opp, card=card, names=state.players, comp=state.comp))


#: The order in which the texts of one batch of draws are told (CG-G6): by kind, not by the
#: hidden order of the draw pile. The cards are still resolved in draw order (CG-5.10); only
#: the telling is grouped, so the texts do not show where a hidden card lay among public ones.
_TOLD_ORDER = {"redraw": 0, "drawn_traitor": 1, "steal": 1, "drawn_doge": 2, "draw": 3}


def draw_resolved(
    state: CanalGrandeFields, seat: int, count: int, ev: list[Event], bonus: bool
) -> None:
    """Draw until ``count`` cards are handled as a spy's draws (CG-5.8–5.11); a drawn spy (and
    in the round-end bonus a drawn doge, CG-8.3) is discarded and replaced. A draw that cannot
    be made is skipped (CG-G16). The events between reshuffles are told grouped by kind."""
    told: list[Event] = []
    _draw_resolved(state, seat, count, told, bonus)
    segment: list[Event] = []
    for e in told:
        if e.kind in _TOLD_ORDER:
            segment.append(e)
            continue
        ev.extend(sorted(segment, key=lambda x: _TOLD_ORDER[x.kind]))  # stable: steal follows
        segment = []
        ev.append(e)
    ev.extend(sorted(segment, key=lambda x: _TOLD_ORDER[x.kind]))


def _draw_resolved(
    state: CanalGrandeFields, seat: int, count: int, ev: list[Event], bonus: bool
) -> None:
    replaced = {"spy", "doge"} if bonus else {"spy"}
    handled = 0
    while handled < count:
        card = None if _only(replaced, state) else draw_action(state, ev)
        if card is None:
            ev.append(
                evt.NoCardLeft(
                    seat=seat, skipped=count - handled, names=state.players, comp=state.comp
                )
            )
            return
        if card == "spy" or (bonus and card == "doge"):
            state.discard.append(card)
            rule = "CG-5.8" if card == "spy" else "CG-8.3"
            ev.append(
                evt.Redrawn(seat=seat, card=card, rule=rule, names=state.players, comp=state.comp)
            )
            continue
        handled += 1
        if card == "traitor":
            # rule: CG-5.10
            ev.append(evt.DrewTraitor(seat=seat, names=state.players, comp=state.comp))
            steal(state, seat, ev)
            state.discard.append("traitor")
        elif card == "doge":
            state.doges[seat] += 1  # CG-5.11
            ev.append(evt.DrewDoge(seat=seat, names=state.players, comp=state.comp))
        else:
            add_to_hand(state, seat, [card])  # CG-5.9: hidden from the opponent
            ev.append(evt.DrewCard(seat=seat, card=card, names=state.players, comp=state.comp))


def _only(replaced: set[str], state: CanalGrandeFields) -> bool:
    """True when the draw and discard piles hold nothing but cards that would be discarded and
    replaced: drawing on would cycle them for ever, so the draws cannot be made (CG-G16)."""
    return all(c in replaced for c in state.deck) and all(c in replaced for c in state.discard)


def settle_vote(state: CanalGrandeFields, winner: int, ev: list[Event]) -> None:
    """CG-6.17–6.22: victory card, discards, cards back to hand, then the win check."""
    vote = state.vote
    assert vote is not None
    comp = state.comp
    district = vote["district"]
    loser = 1 - winner
    discard: list[str] = []
    wp = vote["placed"][winner]
    chosen = sum(p[0] for p in wp)
    state.victory[winner].append(district)  # CG-6.18: the first placed chosen card
    discard.extend([district] * (chosen - 1))  # CG-6.19
    for p in wp:
        for d, m in p[1]:
            discard.append("gondola")
            discard.extend([d] * m)
    back: list[str] = []
    lp = vote["placed"][loser]
    if lp:
        discard.append(district)  # CG-6.20: the loser's first placed district card
        back.extend([district] * (sum(p[0] for p in lp) - 1))
        for p in lp:
            for d, m in p[1]:
                discard.append("gondola")
                back.extend([d] * m)  # CG-6.21: reinforcements go back too
        add_to_hand(state, loser, back)
    discard.append("doge")  # CG-6.19, CG-G22: whoever held the challenger role
    state.doges[vote["owner"]] -= 1
    state.discard.extend(discard)
    votes = vote["votes"]
    state.last_vote = {
        "district": district,
        "winner": winner,
        "owner": vote["owner"],
        "challenger": vote["challenger"],
        "votes": list(votes),
        "placed": [[[p[0], [list(g) for g in p[1]]] for p in side] for side in vote["placed"]],
        "back_to_hand": back,
        "discarded": discard,
    }
    state.vote = None
    state.phase = "resolve"
    ev.append(
        evt.VoteWon(seat=winner, vote=dict(state.last_vote), names=state.players, comp=state.comp)
    )
    mine = state.victory[winner]
    if len(set(mine)) == len(comp.districts) or mine.count(district) >= comp.win_same_district:
        state.finish(winner, ev)  # CG-10.1, CG-G19


def end_round(state: CanalGrandeFields, totals: list[int], ev: list[Event]) -> None:
    """CG-8.2–8.8: the lower total's bonus, the next divider, reshuffles, totals back to 0."""
    comp = state.comp
    low: int | None = None
    if totals[0] != totals[1]:
        low = 0 if totals[0] < totals[1] else 1
        ev.append(
            evt.RoundEnds(
                seat=low,
                round=state.round,
                totals=list(totals),
                bonus=comp.bonus_cards,
                names=state.players,
                comp=state.comp,
            )
        )
        draw_resolved(state, low, comp.bonus_cards, ev, bonus=True)
        state.divider = 1 - low  # CG-8.4
    else:
        ev.append(
            evt.RoundTied(
                round=state.round, totals=list(totals), names=state.players, comp=state.comp
            )
        )
        state.divider = state.chooser  # CG-8.5
    state.deck.extend(state.discard)  # CG-8.6
    state.discard = []
    state.rng.shuffle(state.deck)
    nums = state.num_deck + state.numbers[0] + state.numbers[1]  # CG-8.7
    state.numbers = [[], []]
    state.rng.shuffle(nums)
    state.num_deck = nums
    state.last_round = {
        "round": state.round,
        "totals": list(totals),
        "bonus": low,
        "next_divider": state.divider,
    }
    state.round += 1
