"""Venezia's events as players read them: :func:`said` makes an event's texts (public and
private) in the language in force, when someone reads the event; applying a move makes none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Said
from engine.i18n import counted, joined, listed
from engine.venezia import events as e
from engine.venezia.cards import building_name, cards_text, count_cards
from engine.venezia.language import _, _n
from engine.venezia.state_basics import IMAGINARY_NAME


def name(event: e.VeneziaEvent, seat: int | None) -> str:
    """A seat's name as the event's texts say it (the imaginary player sits after the two)."""
    if seat is None:
        return "?"
    names = event.names
    return names[seat] if 0 <= seat < len(names) else IMAGINARY_NAME


def said(event: e.VeneziaEvent) -> Said:
    """``event``'s texts in the language in force."""
    return _SAYS[type(event)](event)


def _played(ev: Any) -> Said:
    if any(ev.cards.values()):
        return Said(_("{name} plays {cards}", name=name(ev, ev.seat), cards=cards_text(ev.cards)))
    return Said(_("{name} plays no cards", name=name(ev, ev.seat)))


def _architect(ev: Any) -> Said:
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


def _discarded(ev: Any) -> Said:
    return Said(
        _(
            "{name} discards their {building} cards",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


def _flipped(ev: Any) -> Said:
    return Said(
        _(
            "{name} flips a {building} for {imaginary}",
            name=name(ev, ev.flipper),
            building=building_name(ev.building),
            imaginary=IMAGINARY_NAME,
        )
    )


def _flip_discarded(ev: Any) -> Said:
    return Said(_("a third type for {imaginary}: discarded", imaginary=IMAGINARY_NAME))


def _drained(ev: Any) -> Said:
    return Said(
        _("{name} drains {hex}", name=name(ev, ev.seat), hex=ev.hex),
        {
            ev.seat: _(
                "the swamp token from {hex} is worth {value} gold", hex=ev.hex, value=ev.value
            )
        },
    )


def _drain_done(ev: Any) -> Said:
    return Said(_("{name} drains no more", name=name(ev, ev.seat)))


def _drew(ev: Any) -> Said:
    return Said(
        _n(
            "{name} draws {n} card from the deck",
            "{name} draws {n} cards from the deck",
            len(ev.cards),
            name=name(ev, ev.seat),
        ),
        {
            ev.seat: _(
                "you drew: {cards}", cards=cards_text(count_cards(ev.cards), empty=_("nothing"))
            )
        },
    )


def _took(ev: Any) -> Said:
    return Said(
        _(
            "{name} takes a {building} from the pool",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


def _swapped(ev: Any) -> Said:
    return Said(
        _(
            "{name} puts a {building} into the pool",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


def _pool_cleared(ev: Any) -> Said:
    return Said(_("four cards in the pool: all are discarded"))


def _turn(ev: Any) -> Said:
    return Said(_("{name}'s turn", name=name(ev, ev.seat)))


def _completed(ev: Any) -> Said:
    return Said(
        _(
            "{name}'s {building} is complete",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
        )
    )


def _no_room(ev: Any) -> Said:
    return Said(
        _(
            "there is no room for the {building}: nothing is built, the cards are discarded",
            building=building_name(ev.building),
        )
    )


def _placed(ev: Any) -> Said:
    return Said(
        _(
            "{name} places the {building} on {hexes}",
            name=name(ev, ev.seat),
            building=building_name(ev.building),
            hexes=" ".join(ev.hexes),
        )
    )


def _last_built(ev: Any) -> Said:
    return Said(
        _(
            # rule: V-E1
            "the last {building} is built: the game ends",
            building=building_name(ev.building),
        )
    )


def _track_end(ev: Any) -> Said:
    # rule: V-E1
    return Said(_("{name} reaches {end}: the game ends", name=name(ev, ev.seat), end=ev.end))


def _district(ev: Any) -> Said:
    return Said(
        _(
            "{name} scores the ponte on {district}",
            name=name(ev, ev.seat),
            district=ev.district_name,
        )
    )


def _treasure(ev: Any) -> Said:
    return Said(
        _("{name} takes a treasure token", name=name(ev, ev.seat)),
        {ev.seat: _("your treasure token is worth {value} gold", value=ev.value)},
    )


def _no_treasure(ev: Any) -> Said:
    return Said(_("no treasure left for {name}", name=name(ev, ev.seat)))


def _moved(ev: Any) -> Said:
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


def _game_over(ev: Any) -> Said:
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


_SAYS: dict[type[e.VeneziaEvent], Callable[[Any], Said]] = {
    e.Played: _played,
    e.ArchitectMoved: _architect,
    e.Discarded: _discarded,
    e.Flipped: _flipped,
    e.FlipDiscarded: _flip_discarded,
    e.Drained: _drained,
    e.DrainDone: _drain_done,
    e.DrewFromDeck: _drew,
    e.TookFromPool: _took,
    e.Swapped: _swapped,
    e.PoolCleared: _pool_cleared,
    e.TurnBegins: _turn,
    e.Completed: _completed,
    e.NoRoom: _no_room,
    e.Placed: _placed,
    e.LastBuilt: _last_built,
    e.TrackEndReached: _track_end,
    e.DistrictScored: _district,
    e.TreasureTaken: _treasure,
    e.NoTreasure: _no_treasure,
    e.Moved: _moved,
    e.GameOver: _game_over,
}
