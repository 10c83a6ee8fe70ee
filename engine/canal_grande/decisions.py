"""Who must decide what in Canal Grande: the pending Decision, its prompt and its complete
list of canonical options (divide, choose, district, place; CG-4, CG-6)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from engine.canal_grande import commands as cmd
from engine.canal_grande.cards import count_cards
from engine.canal_grande.language import _, _n
from engine.canal_grande.resolve import reveal_name
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.canal_grande.votes import legal_placements
from engine.core import Decision
from engine.i18n import counted, listed

_DIVIDE_OPTIONS: dict[int, tuple[str, ...]] = {}


def divide_options(n: int) -> tuple[str, ...]:
    """Every split of ``n`` revealed cards into two non-empty offers, by offer A's positions
    (2^n − 2 of them: 254 for 8 cards; A and B are named, so a split and its mirror are two
    commands with the same two offers)."""
    opts = _DIVIDE_OPTIONS.get(n)
    if opts is None:
        out = []
        for size in range(1, n):
            for combo in combinations(range(1, n + 1), size):
                out.append(cmd.format_divide(combo))
        opts = tuple(out)
        _DIVIDE_OPTIONS[n] = opts
    return opts


def make_decision(self: CanalGrandeFields) -> Decision:
    phase = self.phase
    if phase == "divide":
        n = len(self.revealed)
        return Decision(
            self.divider,
            "divide",
            lambda: _(
                "split the {n} revealed cards into two offers: name the positions of offer A "
                "(e.g. 'divide 1 4 7'); the rest is offer B",
                n=n,
            ),
            divide_options(n),
            public_options=True,
        )
    if phase == "choose":
        comp = self.comp
        offers = [[self.revealed[p - 1] for p in self.offer_positions(x)] for x in "AB"]

        def choose_prompt() -> str:
            a, b = (counted(reveal_name(c, comp) for c in cards) for cards in offers)
            return _("take offer A ({a}) or offer B ({b})", a=a, b=b)

        return Decision(self.chooser, "choose", choose_prompt, ("take A", "take B"))
    vote = self.vote
    assert vote is not None
    if phase == "district":
        seat = vote["challenger"]
        opts = tuple(f"vote {d}" for d in self.eligible_districts(seat))
        names = [self.comp.names[d] for d in self.voted]
        return Decision(
            seat,
            "district",
            lambda: _(
                "you challenge: name the district of the vote (you must place a card of it; "
                "already voted this turn: {voted})",
                voted=listed(names) or _("none"),
            ),
            opts,
            public_options=False,
        )
    seat = vote["to_act"]
    opts = tuple(_place_options(self, seat))
    optional = "pass" in opts
    said = _place_prompt(self, seat)
    return Decision(
        seat,
        "place",
        said,
        opts,
        optional=optional,
        public_options=False,
        decline="pass" if optional else None,
    )


def _place_prompt(self: CanalGrandeFields, seat: int) -> Callable[[], str]:
    """The place decision's prompt, said when read (from the vote as it stands now)."""
    vote = self.vote
    assert vote is not None
    dname = self.comp.names[vote["district"]]
    mine, theirs = vote["votes"][seat], vote["votes"][1 - seat]
    opening = seat == vote["challenger"] and not vote["placed"][seat]
    answering = not vote["placed"][seat]
    other = self.name(1 - seat)
    return lambda: _said_place_prompt(dname, mine, theirs, opening, answering, other)


def _said_place_prompt(
    dname: str, mine: int, theirs: int, opening: bool, answering: bool, other: str
) -> str:
    if opening:
        return _(
            "place at least one {district} card to open the vote in {district}", district=dname
        )
    if answering:
        return _n(
            "{name} has {n} vote in {district}: place more than that "
            "(at least one {district} card first), or pass",
            "{name} has {n} votes in {district}: place more than that "
            "(at least one {district} card first), or pass",
            theirs,
            name=other,
            district=dname,
        )
    return _(
        "you are behind {mine} to {theirs} in {district}: place enough to lead "
        "(more district cards, or a gondola with cards of another district), or pass",
        mine=mine,
        theirs=theirs,
        district=dname,
    )


def _place_options(self: CanalGrandeFields, seat: int) -> list[str]:
    vote = self.vote
    assert vote is not None
    district = vote["district"]
    opts = [
        cmd.format_place(district, k, groups)
        for k, groups in legal_placements(
            count_cards(self.hands[seat]),
            self.comp.districts,
            district,
            bool(vote["placed"][seat]),
            vote["votes"][1 - seat] - vote["votes"][seat] + 1,
        )
    ]
    if not (seat == vote["challenger"] and not vote["placed"][seat]):
        opts.append("pass")  # CG-6.4a: the challenger's opening is compulsory
    return opts
