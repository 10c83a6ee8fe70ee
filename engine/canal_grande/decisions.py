"""Who must decide what in Canal Grande: the pending Decision, its prompt and its complete
list of canonical options (divide, choose, district, place; CG-4, CG-6)."""

from __future__ import annotations

from itertools import combinations

from engine.canal_grande import commands as cmd
from engine.canal_grande.cards import count_cards
from engine.canal_grande.language import _, _n
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.canal_grande.votes import legal_placements
from engine.core import Decision
from engine.i18n import listed

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
            _(
                "split the {n} revealed cards into two offers: name the positions of offer A "
                "(e.g. 'divide 1 4 7'); the rest is offer B",
                n=n,
            ),
            divide_options(n),
            public_options=True,
        )
    if phase == "choose":
        a = self._offer_text("A")
        b = self._offer_text("B")
        return Decision(
            self.chooser,
            "choose",
            _("take offer A ({a}) or offer B ({b})", a=a, b=b),
            ("take A", "take B"),
        )
    vote = self.vote
    assert vote is not None
    if phase == "district":
        seat = vote["challenger"]
        opts = tuple(f"vote {d}" for d in self.eligible_districts(seat))
        return Decision(
            seat,
            "district",
            _(
                "you challenge: name the district of the vote (you must place a card of it; "
                "already voted this turn: {voted})",
                voted=_voted_text(self),
            ),
            opts,
            public_options=False,
        )
    seat = vote["to_act"]
    opts = tuple(_place_options(self, seat))
    optional = "pass" in opts
    return Decision(
        seat,
        "place",
        _place_prompt(self, seat),
        opts,
        optional=optional,
        public_options=False,
        decline="pass" if optional else None,
    )


def _voted_text(self: CanalGrandeFields) -> str:
    return listed(self.comp.names[d] for d in self.voted) or _("none")


def _place_prompt(self: CanalGrandeFields, seat: int) -> str:
    vote = self.vote
    assert vote is not None
    dname = self.comp.names[vote["district"]]
    mine, theirs = vote["votes"][seat], vote["votes"][1 - seat]
    if seat == vote["challenger"] and not vote["placed"][seat]:
        return _(
            "place at least one {district} card to open the vote in {district}", district=dname
        )
    if not vote["placed"][seat]:
        return _n(
            "{name} has {n} vote in {district}: place more than that "
            "(at least one {district} card first), or pass",
            "{name} has {n} votes in {district}: place more than that "
            "(at least one {district} card first), or pass",
            theirs,
            name=self.name(1 - seat),
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
