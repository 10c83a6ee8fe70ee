"""Why a command is refused: the checks behind ``CanalGrandeState.apply`` that need more than
an exact match with an option (divide by card names, district choice, placements, CG-4, CG-6).

Functions of the state (``self`` is the state); they only read it.
"""

from __future__ import annotations

from engine.canal_grande import commands as cmd
from engine.canal_grande.cards import count_cards
from engine.canal_grande.language import _
from engine.canal_grande.resolve import reveal_name
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.canal_grande.votes import Placement, placement_error, placement_votes
from engine.core import IllegalMove
from engine.i18n import either


def divide_positions(self: CanalGrandeFields, move: cmd.Move) -> tuple[int, ...]:
    n = len(self.revealed)
    chosen: list[int] = []
    for pick in move.picks:
        if isinstance(pick, int):
            if not 1 <= pick <= n:
                raise IllegalMove(
                    _(
                        "position {pos} does not exist: the revealed cards are 1–{n}",
                        pos=pick,
                        n=n,
                    )
                )
            if pick in chosen:
                raise IllegalMove(_("position {pos} is named twice", pos=pick))
            chosen.append(pick)
            continue
        spot = next(
            (i + 1 for i, c in enumerate(self.revealed) if c == pick and i + 1 not in chosen),
            None,
        )
        if spot is None:
            what = reveal_name(pick, self.comp)
            raise IllegalMove(
                _(
                    "no (further) {card} among the revealed cards: {revealed}",
                    card=what,
                    revealed=self._revealed_text(),
                )
            )
        chosen.append(spot)
    if len(chosen) >= n:
        raise IllegalMove(
            _(
                # rule: CG-4.3
                "offer A would hold all {n} cards: each offer needs at least one card",
                n=n,
            )
        )
    return tuple(sorted(chosen))


def district_reason(self: CanalGrandeFields, seat: int, district: str) -> str:
    """Why ``seat`` cannot open a vote in ``district`` (held, and not voted this turn)."""
    name = self.comp.names[district]
    allowed = either(self.eligible_districts(seat))
    if district in self.voted:
        return _(
            # rule: CG-6.3, CG-7.2
            "you cannot open a vote in {district}: a vote was already held in "
            "{district} this turn. Allowed: {allowed}",
            district=name,
            allowed=allowed,
        )
    return _(
        # rule: CG-6.4
        "you cannot open a vote in {district}: you hold no {district} card. Allowed: {allowed}",
        district=name,
        allowed=allowed,
    )


def placement(self: CanalGrandeFields, seat: int, move: cmd.Move) -> Placement:
    vote = self.vote
    assert vote is not None
    chosen = vote["district"]
    names = self.comp.names
    k = 0
    for d, m in move.plain:
        if d == "gondola":
            continue
        if d != chosen:
            raise IllegalMove(
                _(
                    # rule: CG-6.10
                    "{district} is not the chosen district ({chosen}): cards of "
                    "another district come only on a gondola, e.g. 'place "
                    "gondola {id}'",
                    district=names[d],
                    chosen=names[chosen],
                    id=d,
                )
            )
        k += m
    groups: list[tuple[str, int]] = []
    for g in move.groups:
        # rule: CG-G11
        if not g:
            raise IllegalMove(_("a gondola must carry at least one card"))
        if len(g) > 1:
            raise IllegalMove(
                # rule: CG-6.12
                _(
                    "one gondola carries cards of one single district: write "
                    "'gondola castello gondola dorsoduro'"
                )
            )
        d, m = g[0]
        if d == chosen:
            raise IllegalMove(
                # rule: CG-G11
                _(
                    "a gondola carries cards of another district, not "
                    "{district}; place chosen-district cards without a gondola",
                    district=names[chosen],
                )
            )
        groups.append((d, m))  # two gondolas may carry the same district (CG-6.7b, CG-6.14)
    order = self.comp.card_order
    placement: Placement = (k, tuple(sorted(groups, key=lambda g: (order[g[0]], g[1]))))
    if placement_votes(placement) == 0:
        raise IllegalMove(_("that places nothing: name cards, or 'pass'"))
    err = placement_error(
        count_cards(self.hands[seat]),
        chosen,
        bool(vote["placed"][seat]),
        vote["votes"][1 - seat] - vote["votes"][seat] + 1,
        placement,
        names,
    )
    if err:
        raise IllegalMove(err)
    return placement
