"""Venezia's events as players read them: :func:`said` makes an event's texts (public and
private) in the language in force, when someone reads the event; applying a move makes none."""

from __future__ import annotations

from engine.core import Said, seat_of
from engine.i18n import counted, joined, listed
from engine.venezia import events as e
from engine.venezia.cards import building_name, cards_text, count_cards
from engine.venezia.language import _, _n
from engine.venezia.state_basics import IMAGINARY_NAME

#: the texts of each event type (one typed function per type, registered below)
_SAYS = e.SAYS


def name(event: e.VeneziaEvent, seat: int | None) -> str:
    """A seat's name as the event's texts say it (the imaginary player sits after the two)."""
    if seat is None:
        return "?"
    names = event.names
    return names[seat] if 0 <= seat < len(names) else IMAGINARY_NAME


def said(event: e.VeneziaEvent) -> Said:
    """``event``'s texts in the language in force."""
    return _SAYS(event)


@_SAYS.of(e.Played)
def _played(ev: e.Played) -> Said:
    if any(ev.cards.values()):
        return Said(_("{name} plays {cards}", name=name(ev, ev.seat), cards=cards_text(ev.cards)))
    return Said(_("{name} plays no cards", name=name(ev, ev.seat)))


@_SAYS.of(e.ArchitectMoved)
def _architect(ev: e.ArchitectMoved) -> Said:
    if ev.seat is not None:
        return Said(
            _(
                "{name} takes the {building} architect",
                name=name(ev, ev.seat),
                building=building_name(ev.building),
            )
        )
    return Said(
        _("the {building} architect returns to its space", building=building_name(ev.building))
    )


@_SAYS.of(e.Discarded)
def _discarded(ev: e.Discarded) -> Said:
    return Said(
        _(
            "{name} discards their {building} cards",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


@_SAYS.of(e.Flipped)
def _flipped(ev: e.Flipped) -> Said:
    return Said(
        _(
            "{name} flips a {building} for {imaginary}",
            name=name(ev, ev.flipper),
            building=building_name(ev.building),
            imaginary=IMAGINARY_NAME,
        )
    )


@_SAYS.of(e.FlipDiscarded)
def _flip_discarded(ev: e.FlipDiscarded) -> Said:
    return Said(_("a third type for {imaginary}: discarded", imaginary=IMAGINARY_NAME))


@_SAYS.of(e.Drained)
def _drained(ev: e.Drained) -> Said:
    return Said(
        _("{name} drains {hex}", name=name(ev, ev.seat), hex=ev.hex),
        {
            seat_of(ev): _(
                "the swamp token from {hex} is worth {value} gold", hex=ev.hex, value=ev.value
            )
        },
    )


@_SAYS.of(e.DrainDone)
def _drain_done(ev: e.DrainDone) -> Said:
    return Said(_("{name} drains no more", name=name(ev, ev.seat)))


@_SAYS.of(e.DrewFromDeck)
def _drew(ev: e.DrewFromDeck) -> Said:
    return Said(
        _n(
            "{name} draws {n} card from the deck",
            "{name} draws {n} cards from the deck",
            len(ev.cards),
            name=name(ev, ev.seat),
        ),
        {
            seat_of(ev): _(
                "you drew: {cards}", cards=cards_text(count_cards(ev.cards), empty=_("nothing"))
            )
        },
    )


@_SAYS.of(e.TookFromPool)
def _took(ev: e.TookFromPool) -> Said:
    return Said(
        _(
            "{name} takes a {building} from the pool",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


@_SAYS.of(e.Swapped)
def _swapped(ev: e.Swapped) -> Said:
    return Said(
        _(
            "{name} puts a {building} into the pool",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


@_SAYS.of(e.PoolCleared)
def _pool_cleared(ev: e.PoolCleared) -> Said:
    return Said(_("four cards in the pool: all are discarded"))


@_SAYS.of(e.TurnBegins)
def _turn(ev: e.TurnBegins) -> Said:
    return Said(_("{name}'s turn", name=name(ev, ev.seat)))


@_SAYS.of(e.Completed)
def _completed(ev: e.Completed) -> Said:
    return Said(
        _(
            "{name}'s {building} is complete",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


@_SAYS.of(e.NoRoom)
def _no_room(ev: e.NoRoom) -> Said:
    return Said(
        _(
            "there is no room for the {building}: nothing is built, the cards are discarded",
            building=building_name(ev.building),
        )
    )


@_SAYS.of(e.Placed)
def _placed(ev: e.Placed) -> Said:
    return Said(
        _(
            "{name} places the {building} on {hexes}",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
            hexes=" ".join(ev.hexes),
        )
    )


@_SAYS.of(e.LastBuilt)
def _last_built(ev: e.LastBuilt) -> Said:
    return Said(
        _(
            # rule: V-E1
            "the last {building} is built: the game ends",
            building=building_name(ev.building),
        )
    )


@_SAYS.of(e.TrackEndReached)
def _track_end(ev: e.TrackEndReached) -> Said:
    # rule: V-E1
    return Said(_("{name} reaches {end}: the game ends", name=name(ev, ev.seat), end=ev.end))


@_SAYS.of(e.DistrictScored)
def _district(ev: e.DistrictScored) -> Said:
    return Said(
        _(
            "{name} scores the ponte on {district}",
            name=name(ev, ev.seat),
            district=ev.district_name,
        )
    )


@_SAYS.of(e.TreasureTaken)
def _treasure(ev: e.TreasureTaken) -> Said:
    return Said(
        _("{name} takes a treasure token", name=name(ev, ev.seat)),
        {seat_of(ev): _("your treasure token is worth {value} gold", value=ev.value)},
    )


@_SAYS.of(e.NoTreasure)
def _no_treasure(ev: e.NoTreasure) -> Said:
    return Said(_("no treasure left for {name}", name=name(ev, ev.seat)))


@_SAYS.of(e.Moved)
def _moved(ev: e.Moved) -> Said:
    """A gondola's move: why it moves (``exchange``, ``score``, ``convert``)."""
    who = name(ev, ev.seat)
    if ev.why == "exchange":
        return Said(
            _n(
                "{name} exchanges {n} token for {steps}: gondola {start} → {end}",
                "{name} exchanges {n} tokens for {steps}: gondola {start} → {end}",
                ev.tokens,
                name=who,
                steps=_n("{n} step", "{n} steps", ev.steps),
                start=ev.start,
                end=ev.end,
            )
        )
    if ev.why == "score":
        return Said(
            _n(
                "{name} scores {n} point for the {building}: gondola {start} → {end}",
                "{name} scores {n} points for the {building}: gondola {start} → {end}",
                ev.steps,
                name=who,
                building=building_name(ev.building),
                start=ev.start,
                end=ev.end,
            )
        )
    return Said(
        _n(
            "{name} converts {gold} gold into {n} step: gondola {start} → {end}",
            "{name} converts {gold} gold into {n} steps: gondola {start} → {end}",
            ev.steps,
            name=who,
            gold=ev.gold,
            start=ev.start,
            end=ev.end,
        )
    )


@_SAYS.of(e.GameOver)
def _game_over(ev: e.GameOver) -> Said:
    return Said(
        _(
            "game over: {ranking}",
            ranking=counted(
                joined(
                    " ",
                    (f"{i + 1}.", listed(f"{name(ev, s)} ({ev.scores[s]})" for s in group)),
                )
                for i, group in enumerate(ev.ranking)
            ),
        )
    )
