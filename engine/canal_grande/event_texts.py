"""Canal Grande's events as players read them: :func:`said` makes an event's texts (public
and private) in the language in force, when someone reads the event; applying a move makes
none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.canal_grande import events as e
from engine.canal_grande.cards import (
    Components,
    card_name,
    format_counts,
    load_components,
    special_name,
)
from engine.canal_grande.language import _, _n
from engine.canal_grande.resolve import reveal_name
from engine.core import Said
from engine.i18n import counted, listed


def said(event: e.CanalGrandeEvent) -> Said:
    """``event``'s texts in the language in force."""
    return _SAYS[type(event)](event)


def _name(ev: e.CanalGrandeEvent, seat: int | None) -> str:
    return ev.names[seat] if seat is not None and 0 <= seat < len(ev.names) else "?"


def _comp(ev: e.CanalGrandeEvent) -> Components:
    return ev.comp or load_components()


def _counts(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _offer_text(ev: Any, positions: list[int]) -> str:
    comp = _comp(ev)
    return counted(reveal_name(ev.revealed[p - 1], comp) for p in positions)


def _divider_resolves(ev: Any) -> Said:
    return Said(_("{name} resolves offer {offer}", name=_name(ev, ev.seat), offer=ev.offer))


def _challenger_passes(ev: Any) -> Said:
    return Said(
        _(
            # rule: CG-6.5
            "{name} has no card of a district still open for a vote: "
            "{other} becomes the challenger",
            name=_name(ev, ev.seat),
            other=_name(ev, ev.other),
        )
    )


def _doge_discarded(ev: Any) -> Said:
    return Said(
        _(
            # rule: CG-6.6
            "neither player holds a card of a district still open for a vote: the doge is discarded"
        )
    )


def _cap_reached(ev: Any) -> Said:
    return Said(
        _(
            # rule: CG-G20
            "game over: the safety cap of {limit} turns is reached, a draw (not part of the rules)",
            limit=ev.limit,
        )
    )


def _turn_ends(ev: Any) -> Said:
    return Said("")


def _revealed(ev: Any) -> Said:
    comp = _comp(ev)
    revealed = counted(
        # Translators: a revealed card and its position, e.g. "3 San Marco"
        _("{pos} {card}", pos=i + 1, card=reveal_name(c, comp))
        for i, c in enumerate(ev.revealed)
    )
    return Said(
        _(
            "turn {turn} (round {round}): {name} reveals {revealed}",
            turn=ev.turn,
            round=ev.round,
            name=_name(ev, ev.seat),
            revealed=revealed,
        )
    )


def _doge_wins(ev: Any) -> Said:
    # rule: CG-10.2
    return Said(_("game over: {name} becomes the Doge and wins", name=_name(ev, ev.seat)))


def _reshuffled(ev: Any) -> Said:
    return Said(
        _(
            # rule: CG-9.1
            "the draw pile is empty: the discard pile is shuffled into a new draw pile"
        )
    )


def _numbers(ev: Any) -> Said:
    return Said(
        _n(
            "{name} lays number card {numbers}: total {total}",
            "{name} lays number cards {numbers}: total {total}",
            len(ev.numbers),
            name=_name(ev, ev.seat),
            numbers=listed(map(str, ev.numbers)),
            total=ev.total,
        )
    )


def _to_hand(ev: Any) -> Said:
    return Said(
        _(
            "{name} takes {cards} into hand",
            name=_name(ev, ev.seat),
            cards=format_counts(_counts(ev.cards), _comp(ev)),
        )
    )


def _spy(ev: Any) -> Said:
    return Said(
        _n(
            # rule: CG-5.7
            "{name}'s spy draws {n} card",
            # rule: CG-5.7
            "{name}'s spy draws {n} cards",
            ev.draws,
            name=_name(ev, ev.seat),
        )
    )


def _nothing_stolen(ev: Any) -> Said:
    return Said(
        _(
            # rule: CG-5.6
            "{name}'s traitor finds nothing: {other} holds no cards",
            name=_name(ev, ev.seat),
            other=_name(ev, ev.other),
        )
    )


def _stolen(ev: Any) -> Said:
    who, whom = _name(ev, ev.seat), _name(ev, ev.other)
    card = card_name(ev.card, _comp(ev))
    return Said(
        _("{name}'s traitor steals a card from {other}'s hand", name=who, other=whom),
        {
            ev.seat: _("you stole {card} from {other}", card=card, other=whom),
            ev.other: _("{name} stole your {card}", name=who, card=card),
        },
    )


def _no_card(ev: Any) -> Said:
    return Said(
        _n(
            # rule: CG-G16
            "no card is left to draw: {n} draw skipped",
            # rule: CG-G16
            "no card is left to draw: {n} draws skipped",
            ev.skipped,
        )
    )


def _redrawn(ev: Any) -> Said:
    return Said(
        _(
            "{name} draws a {card}: discarded, another card is drawn ({rule})",
            name=_name(ev, ev.seat),
            card=special_name(ev.card),
            rule=ev.rule,
        )
    )


def _drew_traitor(ev: Any) -> Said:
    return Said(_("{name} draws a traitor", name=_name(ev, ev.seat)))


def _drew_doge(ev: Any) -> Said:
    return Said(_("{name} draws a doge: it will start a vote", name=_name(ev, ev.seat)))


def _drew_card(ev: Any) -> Said:
    return Said(
        _("{name} draws a card into hand", name=_name(ev, ev.seat)),
        {ev.seat: _("you draw {card}", card=card_name(ev.card, _comp(ev)))},
    )


def _vote_won(ev: Any) -> Said:
    vote = ev.vote
    comp = _comp(ev)
    winner = vote["winner"]
    loser = 1 - winner
    votes = vote["votes"]
    dname = comp.names[vote["district"]]
    back = vote["back_to_hand"]
    if back:
        return Said(
            _(
                "{name} wins the vote in {district} {won} to {lost} and sets a {district} card "
                "aside as a victory card; {loser} takes back {cards}",
                name=_name(ev, winner),
                district=dname,
                won=votes[winner],
                lost=votes[loser],
                loser=_name(ev, loser),
                cards=format_counts(_counts(back), comp),
            )
        )
    return Said(
        _(
            "{name} wins the vote in {district} {won} to {lost} and sets a {district} card "
            "aside as a victory card",
            name=_name(ev, winner),
            district=dname,
            won=votes[winner],
            lost=votes[loser],
        )
    )


def _round_ends(ev: Any) -> Said:
    return Said(
        _(
            # rule: CG-8.2
            "round {round} ends ({first} {first_total}, {second} "
            "{second_total}): {name} has the lower total and draws "
            "{count} bonus cards",
            round=ev.round,
            first=_name(ev, 0),
            first_total=ev.totals[0],
            second=_name(ev, 1),
            second_total=ev.totals[1],
            name=_name(ev, ev.seat),
            count=ev.bonus,
        )
    )


def _round_tied(ev: Any) -> Said:
    return Said(
        # rule: CG-8.5
        _(
            "round {round} ends with equal totals ({total}): no bonus",
            round=ev.round,
            total=ev.totals[0],
        )
    )


def _divided(ev: Any) -> Said:
    return Said(
        _(
            "{name} divides: offer A = {a}; offer B = {b}",
            name=_name(ev, ev.seat),
            a=_offer_text(ev, ev.a),
            b=_offer_text(ev, ev.b),
        )
    )


def _offer_taken(ev: Any) -> Said:
    comp = _comp(ev)
    return Said(
        _(
            "{name} takes offer {offer} ({cards})",
            name=_name(ev, ev.seat),
            offer=ev.offer,
            cards=counted(reveal_name(c, comp) for c in ev.cards),
        )
    )


def _vote_called(ev: Any) -> Said:
    return Said(
        _(
            "{name} calls a vote in {district}",
            name=_name(ev, ev.seat),
            district=_comp(ev).names[ev.district],
        )
    )


def _placement_words(ev: Any) -> str:
    names = _comp(ev).names
    parts = []
    if ev.count:
        parts.append(_("{count} {card}", count=ev.count, card=names[ev.district]))
    for d, m in ev.groups:
        parts.append(_("a gondola with {count} {district}", count=m, district=names[d]))
    return " + ".join(parts)


def _votes_placed(ev: Any) -> Said:
    ch = ev.challenger
    return Said(
        _(
            "{name} places {cards} (votes {challenger} {a} – {b} {defender})",
            name=_name(ev, ev.seat),
            cards=_placement_words(ev),
            challenger=_name(ev, ch),
            a=ev.votes[ch],
            b=ev.votes[1 - ch],
            defender=_name(ev, 1 - ch),
        )
    )


def _passed(ev: Any) -> Said:
    return Said(_("{name} passes", name=_name(ev, ev.seat)))


_SAYS: dict[type[e.CanalGrandeEvent], Callable[[Any], Said]] = {
    e.DividerResolves: _divider_resolves,
    e.ChallengerPasses: _challenger_passes,
    e.DogeDiscarded: _doge_discarded,
    e.CapReached: _cap_reached,
    e.TurnEnds: _turn_ends,
    e.Revealed: _revealed,
    e.DogeWins: _doge_wins,
    e.Reshuffled: _reshuffled,
    e.NumbersLaid: _numbers,
    e.ToHand: _to_hand,
    e.SpyDraws: _spy,
    e.NothingStolen: _nothing_stolen,
    e.Stolen: _stolen,
    e.NoCardLeft: _no_card,
    e.Redrawn: _redrawn,
    e.DrewTraitor: _drew_traitor,
    e.DrewDoge: _drew_doge,
    e.DrewCard: _drew_card,
    e.VoteWon: _vote_won,
    e.RoundEnds: _round_ends,
    e.RoundTied: _round_tied,
    e.Divided: _divided,
    e.OfferTaken: _offer_taken,
    e.VoteCalled: _vote_called,
    e.VotesPlaced: _votes_placed,
    e.Passed: _passed,
}
