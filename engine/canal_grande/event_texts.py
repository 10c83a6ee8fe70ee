"""Canal Grande's events as players read them: :func:`said` makes an event's texts (public
and private) in the language in force, when someone reads the event; applying a move makes
none."""

from __future__ import annotations

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
from engine.core import Said, seat_of
from engine.i18n import counted, listed

#: the texts of each event type (one typed function per type, registered below)
_SAYS = e.SAYS


def said(event: e.CanalGrandeEvent) -> Said:
    """``event``'s texts in the language in force."""
    return _SAYS(event)


def _name(ev: e.CanalGrandeEvent, seat: int | None) -> str:
    return ev.names[seat] if seat is not None and 0 <= seat < len(ev.names) else "?"


def _comp(ev: e.CanalGrandeEvent) -> Components:
    return ev.comp or load_components()


def _counts(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _offer_text(ev: e.Divided, positions: list[int]) -> str:
    comp = _comp(ev)
    return counted(reveal_name(ev.revealed[p - 1], comp) for p in positions)


@_SAYS.of(e.DividerResolves)
def _divider_resolves(ev: e.DividerResolves) -> Said:
    return Said(_("{name} resolves offer {offer}", name=_name(ev, ev.seat), offer=ev.offer))


@_SAYS.of(e.ChallengerPasses)
def _challenger_passes(ev: e.ChallengerPasses) -> Said:
    return Said(
        _(
            # rule: CG-6.5
            "{name} has no card of a district still open for a vote: "
            "{other} becomes the challenger",
            name=_name(ev, ev.seat),
            other=_name(ev, ev.other),
        )
    )


@_SAYS.of(e.DogeDiscarded)
def _doge_discarded(ev: e.DogeDiscarded) -> Said:
    return Said(
        _(
            # rule: CG-6.6
            "neither player holds a card of a district still open for a vote: the doge is discarded"
        )
    )


@_SAYS.of(e.CapReached)
def _cap_reached(ev: e.CapReached) -> Said:
    return Said(
        _(
            # rule: CG-G20
            "game over: the safety cap of {limit} turns is reached, a draw (not part of the rules)",
            limit=ev.limit,
        )
    )


@_SAYS.of(e.TurnEnds)
def _turn_ends(ev: e.TurnEnds) -> Said:
    return Said("")


@_SAYS.of(e.Revealed)
def _revealed(ev: e.Revealed) -> Said:
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


@_SAYS.of(e.DogeWins)
def _doge_wins(ev: e.DogeWins) -> Said:
    # rule: CG-10.2
    return Said(_("game over: {name} becomes the Doge and wins", name=_name(ev, ev.seat)))


@_SAYS.of(e.Reshuffled)
def _reshuffled(ev: e.Reshuffled) -> Said:
    return Said(
        _(
            # rule: CG-9.1
            "the draw pile is empty: the discard pile is shuffled into a new draw pile"
        )
    )


@_SAYS.of(e.NumbersLaid)
def _numbers(ev: e.NumbersLaid) -> Said:
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


@_SAYS.of(e.ToHand)
def _to_hand(ev: e.ToHand) -> Said:
    return Said(
        _(
            "{name} takes {cards} into hand",
            name=_name(ev, ev.seat),
            cards=format_counts(_counts(ev.cards), _comp(ev)),
        )
    )


@_SAYS.of(e.SpyDraws)
def _spy(ev: e.SpyDraws) -> Said:
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


@_SAYS.of(e.NothingStolen)
def _nothing_stolen(ev: e.NothingStolen) -> Said:
    return Said(
        _(
            # rule: CG-5.6
            "{name}'s traitor finds nothing: {other} holds no cards",
            name=_name(ev, ev.seat),
            other=_name(ev, ev.other),
        )
    )


@_SAYS.of(e.Stolen)
def _stolen(ev: e.Stolen) -> Said:
    who, whom = _name(ev, ev.seat), _name(ev, ev.other)
    card = card_name(ev.card, _comp(ev))
    return Said(
        _("{name}'s traitor steals a card from {other}'s hand", name=who, other=whom),
        {
            seat_of(ev): _("you stole {card} from {other}", card=card, other=whom),
            ev.other: _("{name} stole your {card}", name=who, card=card),
        },
    )


@_SAYS.of(e.NoCardLeft)
def _no_card(ev: e.NoCardLeft) -> Said:
    return Said(
        _n(
            # rule: CG-G16
            "no card is left to draw: {n} draw skipped",
            # rule: CG-G16
            "no card is left to draw: {n} draws skipped",
            ev.skipped,
        )
    )


@_SAYS.of(e.Redrawn)
def _redrawn(ev: e.Redrawn) -> Said:
    return Said(
        _(
            "{name} draws a {card}: discarded, another card is drawn ({rule})",
            name=_name(ev, ev.seat),
            card=special_name(ev.card),
            rule=ev.rule,
        )
    )


@_SAYS.of(e.DrewTraitor)
def _drew_traitor(ev: e.DrewTraitor) -> Said:
    return Said(_("{name} draws a traitor", name=_name(ev, ev.seat)))


@_SAYS.of(e.DrewDoge)
def _drew_doge(ev: e.DrewDoge) -> Said:
    return Said(_("{name} draws a doge: it will start a vote", name=_name(ev, ev.seat)))


@_SAYS.of(e.DrewCard)
def _drew_card(ev: e.DrewCard) -> Said:
    return Said(
        _("{name} draws a card into hand", name=_name(ev, ev.seat)),
        {seat_of(ev): _("you draw {card}", card=card_name(ev.card, _comp(ev)))},
    )


@_SAYS.of(e.VoteWon)
def _vote_won(ev: e.VoteWon) -> Said:
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


@_SAYS.of(e.RoundEnds)
def _round_ends(ev: e.RoundEnds) -> Said:
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


@_SAYS.of(e.RoundTied)
def _round_tied(ev: e.RoundTied) -> Said:
    return Said(
        # rule: CG-8.5
        _(
            "round {round} ends with equal totals ({total}): no bonus",
            round=ev.round,
            total=ev.totals[0],
        )
    )


@_SAYS.of(e.Divided)
def _divided(ev: e.Divided) -> Said:
    return Said(
        _(
            "{name} divides: offer A = {a}; offer B = {b}",
            name=_name(ev, ev.seat),
            a=_offer_text(ev, ev.a),
            b=_offer_text(ev, ev.b),
        )
    )


@_SAYS.of(e.OfferTaken)
def _offer_taken(ev: e.OfferTaken) -> Said:
    comp = _comp(ev)
    return Said(
        _(
            "{name} takes offer {offer} ({cards})",
            name=_name(ev, ev.seat),
            offer=ev.offer,
            cards=counted(reveal_name(c, comp) for c in ev.cards),
        )
    )


@_SAYS.of(e.VoteCalled)
def _vote_called(ev: e.VoteCalled) -> Said:
    return Said(
        _(
            "{name} calls a vote in {district}",
            name=_name(ev, ev.seat),
            district=_comp(ev).names[ev.district],
        )
    )


def _placement_words(ev: e.VotesPlaced) -> str:
    names = _comp(ev).names
    parts = []
    if ev.count:
        parts.append(_("{count} {card}", count=ev.count, card=names[ev.district]))
    for d, m in ev.groups:
        parts.append(_("a gondola with {count} {district}", count=m, district=names[d]))
    return " + ".join(parts)


@_SAYS.of(e.VotesPlaced)
def _votes_placed(ev: e.VotesPlaced) -> Said:
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


@_SAYS.of(e.Passed)
def _passed(ev: e.Passed) -> Said:
    return Said(_("{name} passes", name=_name(ev, ev.seat)))
