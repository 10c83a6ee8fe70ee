"""Amsterdam's events as players read them: :func:`said` makes an event's texts (public and
private) in the language in force, when someone reads the event; applying a move makes none.
Also the texts of the reasons events carry as data (why the bank pays, why the game ended,
why an area went as it did)."""

from __future__ import annotations

from engine.amsterdam import events as e
from engine.amsterdam.cards import CardSet, color_name, good_name, load_cards
from engine.amsterdam.language import _, _n, _p, joined
from engine.amsterdam.scoring import area_decision
from engine.amsterdam.state_fields import AmsterdamFields
from engine.amsterdam.turns import STALL_ROUNDS, stored_end
from engine.core import Said, seat_of
from engine.i18n import Text

#: the texts of each event type (one typed function per type, registered below)
_SAYS = e.SAYS


def said(event: e.AmsterdamEvent) -> Said:
    """``event``'s texts in the language in force."""
    return _SAYS(event)


def _name(ev: e.AmsterdamEvent, seat: int | None) -> str:
    return ev.names[seat] if seat is not None and 0 <= seat < len(ev.names) else "?"


def _cs(ev: e.AmsterdamEvent) -> CardSet:
    return ev.cs or load_cards()


def _card(ev: e.AmsterdamEvent, card: int) -> Text:
    return _cs(ev).cards[card].describe()


def sealed_text(stage: str, name: str) -> Text:
    """The public line for a sealed answer of ``stage`` (what was chosen stays secret)."""
    if stage == "buy":
        return _("{name} has decided whether to buy", name=name)
    if stage == "choose":
        return _("{name} has chosen", name=name)
    if stage in ("contest", "order"):
        return _("{name} has chosen a card to show", name=name)
    raise KeyError(stage)


def pay_reason(why: str) -> Text:
    """Why the bank pays (:data:`~engine.amsterdam.events.PAY_REASONS`)."""
    if why == "passing":
        # rule: AM-4.4
        return _("passing")
    if why == "no_tax":
        # rule: AM-5.4
        return _("neither could pay the tax")
    # rule: AM-11.1
    return _("dredging")


def end_reason_text(reason: e.EndReason, names: list[str] | tuple[str, ...]) -> Text:
    """Why the game ended (:class:`~engine.amsterdam.events.EndReason`), in the language in
    force."""
    key = reason.key
    if key == "full":
        # rule: AM-13.1
        return _("the port is full")
    if key == "idle":
        # rule: AM-G22
        return _("three rounds without a card placed or money moved")
    if key == "stall":
        return _n(
            # rule: AM-G24
            "{n} round without the port growing",
            # rule: AM-G24
            "{n} rounds without the port growing",
            STALL_ROUNDS,
        )
    if key == "no_cards":
        # rule: AM-G21
        return _("neither player holds a card")
    name = names[reason.seat] if reason.seat is not None else "?"
    if key == "row":
        # rule: AM-V6.4
        return _("{name} has three areas in a row", name=name)
    # rule: AM-V3.3
    return _("{name} went bankrupt", name=name)


def area_reason_text(reason: e.AreaReason) -> Text:
    """Why an area went as it did (AM-10.2–10.6), in the language in force."""
    rule, a, b = reason.rule, reason.a, reason.b
    if rule == "difference":
        # rule: AM-10.3
        return _("largest difference {a} against {b}", a=a, b=b)
    if rule == "majorities":
        # rule: AM-10.4
        return _("more majorities, {a} against {b}", a=a, b=b)
    if rule == "value":
        # rule: AM-10.5
        return _("{better} beats {worse}", better=good_name(a), worse=good_name(b))
    if rule == "equal":
        # rule: AM-10.6
        return _("equal goods: nobody scores")
    # rule: AM-10.6
    return _("complete tie: nobody scores")


def _names(ev: e.AmsterdamEvent, seats: list[int]) -> Text | str:
    """One player's name, or both joined ("Anna and Ben")."""
    if len(seats) == 1:
        return _name(ev, seats[0])
    return _("{first} and {second}", first=_name(ev, seats[0]), second=_name(ev, seats[1]))


def _revealed(words: list[Text]) -> Text:
    # Translators: between two players' answers in "revealed: {answers}" ("Anna passes; Ben
    # reveals red 12"): the language's own punctuation (#25: Japanese 、)
    between = _p("between answers", "; ")
    # Translators: {answers} lists each player's answer, separated by the message "; ".
    return _("revealed: {answers}", answers=joined(between, words))


@_SAYS.of(e.Sealed)
def _sealed(ev: e.Sealed) -> Said:
    return Said(
        sealed_text(ev.stage, _name(ev, ev.seat)),
        {seat_of(ev): _("your secret answer: {command}", command=ev.answer)},
    )


@_SAYS.of(e.ShipStays)
def _ship_stays(ev: e.ShipStays) -> Said:
    # rule: AM-7.3
    return Said(_("{name} leaves the ship where it is", name=_name(ev, ev.seat)))


@_SAYS.of(e.ShipMoved)
def _ship_moved(ev: e.ShipMoved) -> Said:
    return Said(_("{name} moves the ship to {cell}", name=_name(ev, ev.seat), cell=ev.cell))


@_SAYS.of(e.BuysRevealed)
def _buys_revealed(ev: e.BuysRevealed) -> Said:
    words = [
        _("{name} buys", name=_name(ev, s))
        if s in ev.wants
        else _("{name} does not buy", name=_name(ev, s))
        for s in ev.asked
    ]
    return Said(_revealed(words))


@_SAYS.of(e.ForcedPick)
def _forced_pick(ev: e.ForcedPick) -> Said:
    name = _name(ev, ev.seat)
    if not ev.drawn:
        if ev.what == "buy":
            return Said(
                _("{name} gets the last special card: only he holds a numbered card", name=name)
            )
        return Said(_("{name} gets the first turn: only he holds a numbered card", name=name))
    if ev.what == "buy":
        return Said(
            _(
                "nobody can show a numbered card: the draw gives the last special card to {name}",
                name=name,
            )
        )
    return Said(
        _("nobody can show a numbered card: the draw gives the first turn to {name}", name=name)
    )


@_SAYS.of(e.Shown)
def _shown(ev: e.Shown) -> Said:
    names = {"first": _name(ev, 0), "second": _name(ev, 1), "winner": _name(ev, ev.seat)}
    if ev.what == "buy":
        return Said(
            _(
                # rule: AM-V4.4
                "revealed: {first} shows {a}, {second} shows {b}: {winner} gets the "
                "last special card; both cards go back to hand",
                a=ev.shown[0],
                b=ev.shown[1],
                **names,
            )
        )
    return Said(
        _(
            # rule: AM-G35
            "revealed: {first} shows {a}, {second} shows {b}: {winner} gets the "
            "first turn; both cards go back to hand",
            a=ev.shown[0],
            b=ev.shown[1],
            **names,
        )
    )


@_SAYS.of(e.Bought)
def _bought(ev: e.Bought) -> Said:
    return Said(
        # rule: AM-V4.2
        _("{name} pays 2 gulden for a special card", name=_name(ev, ev.seat)),
        {seat_of(ev): _("you bought: {card}", card=_card(ev, ev.card))},
    )


@_SAYS.of(e.ChoicesRevealed)
def _choices_revealed(ev: e.ChoicesRevealed) -> Said:
    words = []
    for s, card in enumerate(ev.cards):
        if card is None:
            words.append(_("{name} passes", name=_name(ev, s)))
        else:
            words.append(_("{name} reveals {card}", name=_name(ev, s), card=_card(ev, card)))
    return Said(_revealed(words))


@_SAYS.of(e.Bankrupt)
def _bankrupt(ev: e.Bankrupt) -> Said:
    return Said(
        _(
            # rule: AM-V3.3
            "{name} cannot pay the harbor tax and the bank is empty: bankrupt",
            name=_name(ev, ev.seat),
        )
    )


@_SAYS.of(e.TaxPaid)
def _tax(ev: e.TaxPaid) -> Said:
    # rule: AM-5.1
    return Said(_("{name} pays 1 gulden harbor tax", name=_name(ev, ev.seat)))


@_SAYS.of(e.Withdrawn)
def _withdrawn(ev: e.Withdrawn) -> Said:
    return Said(
        # Translators: {why} says why, e.g. "cannot pay the harbor tax (AM-5.2)".
        _(
            "{name} takes {card} back: {why}",
            name=_name(ev, ev.seat),
            card=_card(ev, ev.card),
            # rule: AM-5.2
            why=_("cannot pay the harbor tax"),
        )
    )


@_SAYS.of(e.Income)
def _income(ev: e.Income) -> Said:
    # Translators: {why} says what the gulden is for ("dredging, AM-11.1").
    return Said(_("{names} +1 gulden ({why})", names=_names(ev, ev.seats), why=pay_reason(ev.why)))


@_SAYS.of(e.NoIncome)
def _no_income(ev: e.NoIncome) -> Said:
    names, why = _names(ev, ev.seats), pay_reason(ev.why)
    if ev.empty:
        # rule: AM-G13
        return Said(_("{names}: the bank is empty, no gulden ({why})", names=names, why=why))
    return Said(
        _(
            # rule: AM-G13
            "{names}: one gulden in the bank, equal money, no gulden ({why})",
            names=names,
            why=why,
        )
    )


@_SAYS.of(e.NoPlace)
def _no_place(ev: e.NoPlace) -> Said:
    if ev.special:
        return Said(
            _(
                # rule: AM-G36
                "{name}'s {card} has no legal place: it goes under the special pile",
                name=_name(ev, ev.seat),
                card=_card(ev, ev.card),
            )
        )
    return Said(
        _(
            # rule: AM-G16
            "{name}'s {card} has no legal cell: back to hand, the turn ends",
            name=_name(ev, ev.seat),
            card=_card(ev, ev.card),
        )
    )


@_SAYS.of(e.Removed)
def _removed(ev: e.Removed) -> Said:
    return Said(
        _(
            # rule: AM-7.9
            "{name} removes {card} at {cell}: under {owner}'s deck",
            name=_name(ev, ev.seat),
            card=_card(ev, ev.card),
            cell=ev.cell,
            owner=_name(ev, ev.owner),
        )
    )


@_SAYS.of(e.Placed)
def _placed(ev: e.Placed) -> Said:
    return Said(
        _(
            "{name} places {card} at {cell}",
            name=_name(ev, ev.seat),
            card=_card(ev, ev.card),
            cell=ev.cell,
        )
    )


@_SAYS.of(e.CannotDraw)
def _cannot_draw(ev: e.CannotDraw) -> Said:
    name = _name(ev, ev.seat)
    if ev.water:
        # rule: AM-G21
        return Said(_("{name} cannot draw: the water deck is empty", name=name))
    # rule: AM-G21
    return Said(_("{name} cannot draw: the harbor deck is empty", name=name))


@_SAYS.of(e.Drew)
def _drew(ev: e.Drew) -> Said:
    name, card = _name(ev, ev.seat), _card(ev, ev.card)
    if ev.water:
        return Said(_("{name} draws {card} from the water deck", name=name, card=card))
    return Said(_("{name} draws {card} from the harbor deck", name=name, card=card))


@_SAYS.of(e.StartPlayer)
def _start_player(ev: e.StartPlayer) -> Said:
    # rule: AM-6.1
    return Said(_("{name} starts", name=_name(ev, ev.seat)))


@_SAYS.of(e.RoundEnds)
def _round_ends(ev: e.RoundEnds) -> Said:
    return Said(_("round {round} ends", round=ev.round))


def _counts_text(ev: e.AreaScored) -> Text:
    """``Anna 2 tea/0 wine/1 spice; Ben 0 tea/1 wine/0 spice``: each player's warehouses."""
    lines = []
    for s in (0, 1):
        goods = []
        for g, k in enumerate(ev.counts[s]):
            # Translators: a number of warehouses of one goods ("2 tea").
            goods.append(_p("warehouses", "{count} {good}", count=k, good=good_name(g)))
        # Translators: a player's warehouses in an area; {counts} is "2 tea/0 wine/1 spice".
        # Translators: between the counts of two goods in "2 tea/0 wine/1 spice"
        said = joined(_p("between goods", "/"), goods)
        lines.append(_("{name} {counts}", name=_name(ev, s), counts=said))
    # Translators: between two players' warehouse counts ("Anna 2 tea/…; Ben 0 tea/…"):
    # the language's own punctuation (#25: Japanese 、)
    return joined(_p("between players", "; "), lines)


@_SAYS.of(e.AreaScored)
def _area_scored(ev: e.AreaScored) -> Said:
    label, text, reason = ev.cells[0], _counts_text(ev), area_reason_text(ev.reason)
    if ev.seat is None:
        if ev.closing:
            return Said(
                _(
                    "closed area at {cell} ({counts}): {reason}",
                    cell=label,
                    counts=text,
                    reason=reason,
                )
            )
        return Said(
            _(
                "game end: area at {cell} ({counts}): {reason}",
                cell=label,
                counts=text,
                reason=reason,
            )
        )
    names = {"cell": label, "counts": text, "name": _name(ev, ev.seat), "vp": ev.vp}
    if ev.closing:
        return Said(
            _(
                "closed area at {cell} ({counts}): {name} scores {vp} VP — {reason}",
                reason=reason,
                **names,
            )
        )
    return Said(
        _(
            "game end: area at {cell} ({counts}): {name} scores {vp} VP — {reason}",
            reason=reason,
            **names,
        )
    )


@_SAYS.of(e.EndArea)
def _end_area(ev: e.EndArea) -> Said:
    scorers = ev.scorers
    if len(scorers) == 2:
        gain = _(
            "{first} and {second} +{vp} VP",
            first=_name(ev, scorers[0]),
            second=_name(ev, scorers[1]),
            vp=ev.vp,
        )
    elif scorers:
        gain = _("{name} +{vp} VP", name=_name(ev, scorers[0]), vp=ev.vp)
    else:
        gain = _("no warehouse in it, nobody scores")
    return Said(
        _(
            # rule: AM-13.4
            "game end: area at {cell} (size {size}): {gain}",
            cell=ev.cells[0],
            size=ev.size,
            gain=gain,
        )
    )


@_SAYS.of(e.GameOver)
def _game_over(ev: e.GameOver) -> Said:
    ranking = ev.ranking
    if len(ranking) == 1:
        result = _("a draw")
    else:
        first = ranking[0][0]
        result = _("{name} ({color}) wins", name=_name(ev, first), color=color_name(first))
    score = joined(
        ", ",
        [
            _(
                "{name} {vp} VP / {gulden} gulden",
                name=_name(ev, s),
                vp=ev.vp[s],
                gulden=ev.gulden[s],
            )
            for s in (0, 1)
        ],
    )
    return Said(
        _(
            # Translators: {reason} why the game ended; {score} both players' VP and gulden;
            # {result} who wins ("Anna (red) wins") or "a draw".
            "game over: {reason}; {score}; {result}",
            reason=end_reason_text(ev.reason, tuple(ev.names)),
            score=score,
            result=result,
        )
    )


def area_winner(counts: list[list[int]]) -> tuple[int | None, Text]:
    """AM-10.2–10.6: who wins an area with goods ``counts[seat] = [tea, wine, spice]``, and why
    (in the language in force)."""
    winner, rule, a, b = area_decision(counts)
    return winner, area_reason_text(e.AreaReason(rule, a, b))


def end_reason(st: AmsterdamFields) -> Text | str:
    """Why the game ended, in the language in force (the state keeps it in English)."""
    stored = str((st.end or {}).get("reason", ""))
    reasons = [e.EndReason(key) for key in ("full", "idle", "stall", "no_cards")]
    reasons += [e.EndReason(key, s) for s in range(len(st.players)) for key in ("row", "bankrupt")]
    for reason in reasons:
        if stored_end(reason, st.players) == stored:
            return end_reason_text(reason, st.players)
    return stored
