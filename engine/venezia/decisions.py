"""Who must decide what in Venezia, and every legal option with its reasons.

The pending decision (prompt and complete canonical options), the legal card plays (V-1.8),
placements (V-1.10) and draws (V-3), and the messages that say why a play is not legal. Plain
read-only functions of the state's data (:class:`~engine.venezia.state_basics.StateBasics`); the
decision is cached on the state until the next move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import overload

from engine.core import Decision
from engine.i18n import Text, either, joined
from engine.i18n.language import LANGUAGE as _LANGUAGE
from engine.venezia.cards import TYPES, building_name, cards_text, count_cards
from engine.venezia.gold import exchange_options
from engine.venezia.language import _, _n, memo
from engine.venezia.shapes import Footprints
from engine.venezia.state_basics import StateBasics, _build_label


def phase_prompt(self: StateBasics, phase: str) -> Text:
    """What the deciding seat must do now, in the language in force."""
    return said_prompt(phase, _prompt_key(self, phase))


def _prompt_key(self: StateBasics, phase: str) -> object:
    """What a phase's prompt says besides the phase: the building to place, the swamps or
    cards left to take."""
    if phase == "place":
        assert self.res is not None
        return self.res["type"]
    if phase == "drain":
        return 2 - self.drained
    if phase == "take":
        return self.take_left
    return None


def said_prompt(phase: str, key: object) -> Text:
    """The prompt of ``phase`` (with its :func:`_prompt_key`) in the language in force, made
    once per phase, key and language."""
    found = _PROMPTS.get((lang := _LANGUAGE.get(), phase, key))
    if found is None:
        found = _PROMPTS[(lang, phase, key)] = _make_prompt(phase, key)
    return found


#: Each prompt once per language, phase and building or count (a Text never changes).
_PROMPTS: dict[tuple[str, str, object], Text] = {}


def _make_prompt(phase: str, key: object) -> Text:
    if phase == "play":
        return _("play cards (or none)")
    if phase == "build":
        return _("choose the next building to complete")
    if phase == "place":
        b = str(key)
        return _("place the {building} ({shape})", building=building_name(b), shape=shape_words(b))
    if phase == "district":
        return _("name the district the ponte scores")
    if phase == "exchange_window":
        return _("exchange gold before the others move, or continue")
    if phase == "discard":
        return _("discard a whole type (at most two types may stay in front of you)")
    if phase == "drain":
        left = int(str(key))
        return _n("drain up to {n} swamp, or done", "drain up to {n} swamps, or done", left)
    if phase == "draw":
        return _("draw cards")
    if phase == "take":
        return _n(
            "take {n} more card: pool cards first, then the deck",
            "take {n} more cards: pool cards first, then the deck",
            int(str(key)),
        )
    if phase == "flip_end":
        return _("flip a card for Klaus-Jürgen, or done")
    raise KeyError(phase)


#: Decisions a player may decline with ``done`` (the gold pause, V-G1; draining, V-2.1; the
#: flip after drawing, V-T1).
OPTIONAL_PHASES = frozenset({"exchange_window", "drain", "flip_end"})

# Decisions whose options reveal nothing hidden (they depend on the board only).
PUBLIC_OPTION_KINDS = frozenset(
    {"build", "place", "district", "discard", "drain", "take", "flip_end"}
)


def shape_words(building: str) -> Text:
    """The hexes a building covers (V-1.10), in the language in force."""
    return memo(("shape", building), lambda: _shape_words(building))


def _shape_words(building: str) -> Text:
    if building == "basilica":
        return _("3 hexes in a triangle")
    if building == "palazzo":
        return _("2 adjacent hexes")
    if building == "ponte":
        return _("a bridge site")
    return _("1 hex")


# "", "ponte", "2 ponte", … per type and count: card words of canonical play commands.
_CARD_WORDS = {t: ["", t, *(f"{k} {t}" for k in range(2, 11))] for t in TYPES}
_DRAW_TEXT = {t: f"draw {t}" for t in TYPES}
_SWAP_TEXT = {t: f"swap {t}" for t in TYPES}


# ------------------------------------------------------------------ decisions
def pending(self: StateBasics) -> Decision | None:
    if self.over:
        return None
    d = self._decision
    if d is None:
        d = self._decision = make_decision(self)
    return d


def pending_all(self: StateBasics) -> tuple[Decision, ...]:
    """Venezia is turn-based: at most one open decision (engine.core contract)."""
    d = pending(self)
    return () if d is None else (d,)


def decider(self: StateBasics) -> int:
    if self.phase in ("place", "district") and self.res is not None:
        return int(self.res["placer"])
    return self.active


def make_decision(self: StateBasics) -> Decision:
    seat = decider(self)
    phase = self.phase
    # said when read, in the reader's language (a play-out's decisions are never read)
    prompt = partial(said_prompt, phase, _prompt_key(self, phase))
    optional = phase in OPTIONAL_PHASES
    notes: Sequence[tuple[str, NoRoomNote]] = ()
    if phase == "play":
        completing: list[tuple[str, int, int]] = []
        plays = _legal_plays(self, seat, completing)
        if self._can_flip():
            plays.append("flip")
        options = tuple(plays)
        if completing:
            notes = PlayNotes(
                self.fp, self.swamp, self.building_at, self.comp.needed, options, completing
            )
    else:
        options = tuple(_options(self, phase, seat))
    return Decision(
        seat,
        phase,
        prompt,
        options,
        optional=optional,
        public_options=phase in PUBLIC_OPTION_KINDS,
        decline="done" if optional else None,
        notes=notes,
    )


def has_room(self: StateBasics, building: str) -> bool:
    """Whether the board has an empty footprint for ``building`` now (V-1.10: else a completed
    one is not built and its cards are discarded)."""
    blocked = self.fp.labels_mask(self.swamp) | self.fp.labels_mask(self.building_at)
    return any(not mask & blocked for mask, _fp in self.fp.masks[building])


def completions(self: StateBasics, seat: int, counts: dict[str, int]) -> list[str]:
    """The building types a play of ``counts`` by ``seat`` completes, once per building (a
    solo set, V-1.7; a construction reaching its cards, V-1.8; each casa, V-1.9), as
    :func:`engine.venezia.turns._play` finds them."""
    done: list[str] = []
    for t in TYPES:
        k = counts.get(t, 0)
        if not k:
            continue
        if t == "casa":
            done.extend([t] * k)
            continue
        n = self.comp.needed[t]
        s = c = 0
        for e in self.cons[t]:
            c += e[1]
            if e[0] == seat:
                s += e[1]
        j = k
        if s == 0 and k >= n and (k - n) <= (n - c if c > 0 else n - 1):
            done.append(t)
            j = k - n
        if j and c + j == n:
            done.append(t)
    return done


@dataclass(frozen=True, slots=True)
class NoRoomNote:
    """The note of a play that completes ``buildings`` the board has no room for: data, said
    (:func:`no_room_note`) only when someone reads the options."""

    buildings: tuple[str, ...]

    def said(self) -> str:
        return no_room_note(list(self.buildings))


def play_notes(
    self: StateBasics, seat: int, options: tuple[str, ...]
) -> tuple[tuple[str, NoRoomNote], ...]:
    """(play option, note) for each play that completes a building the board has no room for
    now: nothing is built and its cards are discarded (V-1.10 step 1; for a ponte, V-B3: both
    hexes of a bridge site must be empty). Said before the play is chosen (#24 item 25)."""
    completing: list[tuple[str, int, int]] = []
    _legal_plays(self, seat, completing)
    needed = self.comp.needed
    return tuple(PlayNotes(self.fp, self.swamp, self.building_at, needed, options, completing))


class PlayNotes(Sequence[tuple[str, NoRoomNote]]):
    """A play decision's notes (:func:`play_notes`), found when first read: a play-out's
    decisions are never read, so it never looks for them. Holds what they depend on as the
    decision opened: the board's occupied hexes (the state replaces those dicts, never changes
    them in place), the options and, for each type some play completes (``completing``), the
    decider's and everyone's cards of it in construction."""

    __slots__ = ("_args", "_found")

    def __init__(
        self,
        fp: Footprints,
        swamp: dict[str, int],
        built: dict[str, int],
        needed: dict[str, int],
        options: tuple[str, ...],
        completing: list[tuple[str, int, int]],
    ) -> None:
        self._args = (fp, swamp, built, needed, options, completing)
        self._found: tuple[tuple[str, NoRoomNote], ...] | None = None

    def _notes(self) -> tuple[tuple[str, NoRoomNote], ...]:
        if self._found is None:
            self._found = _play_notes(*self._args)
        return self._found

    @overload
    def __getitem__(self, index: int) -> tuple[str, NoRoomNote]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[str, NoRoomNote]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[str, NoRoomNote] | Sequence[tuple[str, NoRoomNote]]:
        return self._notes()[index]

    def __len__(self) -> int:
        return len(self._notes())


def _play_notes(
    fp: Footprints,
    swamp: dict[str, int],
    built: dict[str, int],
    needed: dict[str, int],
    options: tuple[str, ...],
    completing: list[tuple[str, int, int]],
) -> tuple[tuple[str, NoRoomNote], ...]:
    """:func:`play_notes` from what it depends on."""
    full = {
        t: (s, c)
        for t, s, c in completing
        if not any(
            all(h not in swamp and h not in built for h in hexes) for _mask, hexes in fp.masks[t]
        )
    }
    if not full:
        return ()
    notes: list[tuple[str, NoRoomNote]] = []
    for option in options:
        words = option.split()[1:]
        if not any(t in words for t in full):
            continue
        counts = _counts(words)
        lost = []
        for t, (s, c) in full.items():  # in rulebook order, as completions() lists them
            k = counts.get(t, 0)
            if k and (t == "casa" or _completes(needed[t], s, c, k)):
                lost.append(t)
        if lost:
            notes.append((option, NoRoomNote(tuple(lost))))
    return tuple(notes)


def _completes(n: int, s: int, c: int, k: int) -> bool:
    """Whether ``k`` cards of a type needing ``n`` complete a building, as :func:`completions`
    finds it: a solo set (none of his own in front, V-1.7) or filling the construction
    (``c`` cards in it, V-1.8)."""
    if s == 0 and k >= n and (k - n) <= (n - c if c > 0 else n - 1):
        return True  # a solo set (what is left over joins the construction)
    return c + k == n


def _counts(words: list[str]) -> dict[str, int]:
    """The cards of a canonical play's words (``2 ponte casa`` -> ponte 2, casa 1)."""
    counts: dict[str, int] = {}
    k = 1
    for word in words:
        if word.isdigit():
            k = int(word)
        else:
            counts[word] = counts.get(word, 0) + k
            k = 1
    return counts


def no_room_note(buildings: list[str]) -> Text:
    """What a play that completes ``buildings`` with no room on the board would bring about."""
    if len(buildings) == 1:
        t = buildings[0]
        if t == "ponte":
            return _(
                "no room left for a ponte (no bridge site has both hexes free): the cards "
                "would be discarded"
            )
        return _(
            "no room left for a {building} ({shape}): the cards would be discarded",
            building=building_name(t),
            shape=shape_words(t),
        )
    return _(
        "no room left for these buildings: {buildings}; their cards would be discarded",
        buildings=joined(", ", [building_name(t) for t in buildings]),
    )


def _options(self: StateBasics, phase: str, seat: int) -> list[str]:
    if phase == "play":
        opts = _legal_plays(self, seat)
        if self._can_flip():
            opts.append("flip")
        return opts
    if phase == "build":
        seen: list[str] = []
        for pb in self.pending_builds:
            label = _build_label(pb)
            if label not in seen:
                seen.append(label)
        return [f"build {label}" for label in seen]
    if phase == "place":
        text = self.fp.place_text
        return [text[fp] for fp in legal_places(self)]
    if phase == "district":
        assert self.res is not None
        return [f"score {d}" for d in self.res["districts"]]
    if phase == "exchange_window":
        return ["done", *exchange_options(self.tokens[seat])]
    if phase == "discard":
        return [f"discard {t}" for t in self.front(seat)]
    if phase == "drain":
        drain_text = self.fp.drain_text
        return [drain_text[label] for label in self.swamp] + ["done"]
    if phase == "draw":
        return draw_options(self, seat)
    if phase == "take":
        opts = [f"draw {t}" for t in self.pool if t != self.swapped]
        if self.deck or self.discard:
            opts.append("draw deck")  # not for players
        return opts
    if phase == "flip_end":
        return ["flip", "done"]
    raise AssertionError(phase)


def legal_commands(self: StateBasics, seat: int) -> list[str]:
    """Everything ``seat`` may send now: the pending decision's options, and for the
    active player gold exchanges at any moment of his own turn (V-G1)."""
    if self.over:
        return []
    d = pending(self)
    assert d is not None
    opts = list(d.options) if d.seat == seat else []
    if seat == self.active and d.kind != "exchange_window" and not self.end_triggered:
        opts.extend(exchange_options(self.tokens[seat]))  # none once the end is triggered
    return opts


# ------------------------------------------------------------------ play legality (V-1.8)
def play_error(self: StateBasics, seat: int, counts: dict[str, int]) -> str | None:
    """Why this card submission is illegal, or None. Judged on the whole submission."""
    hand = count_cards(self.hands[seat])
    for t, k in counts.items():
        if k > hand.get(t, 0):
            return _(
                "you have {have} {building} in hand, not {wanted} (your hand: {hand})",
                have=hand.get(t, 0),
                building=building_name(t),
                wanted=k,
                hand=cards_text(hand, empty=_("empty")),
            )
    for t, k in counts.items():
        if t == "casa" or k == 0:
            continue
        legal = legal_counts(self, seat, t)
        if k not in legal:
            return _count_reason(self, seat, t, k, legal)
    return None


def legal_counts(self: StateBasics, seat: int, building: str) -> list[int]:
    """All legal numbers of ``building`` cards to play now, whatever the hand holds."""
    return _counts_and_goal(self, seat, building)[0]


def _counts_and_goal(
    self: StateBasics, seat: int, building: str
) -> tuple[list[int], int, int, int]:
    """:func:`legal_counts`, the smallest count that completes a building (filling the
    construction, V-1.8, or a solo set when none lies in front of anyone, V-1.7), and the
    construction's cards: the decider's and everyone's."""
    n = self.comp.needed[building]
    c = s = 0
    for e in self.cons[building]:
        c += e[1]
        if e[0] == seat:
            s = e[1]
    top = n - c if c > 0 else n - 1
    joins = list(range(top + 1))
    # A way-2 solo set (n more) only with none of one's own cards in it; n > top always.
    legal = joins + [n + j for j in joins] if s == 0 else joins
    return legal, (n - c if c > 0 else n), s, c


def _count_reason(self: StateBasics, seat: int, t: str, k: int, legal: list[int]) -> str:
    n = self.comp.needed[t]
    entries = self.cons[t]
    c = sum(e[1] for e in entries)
    s = sum(e[1] for e in entries if e[0] == seat)
    allowed = either(str(x) for x in legal)
    name = building_name(t)
    if c == 0:
        why = _(
            "no {building} cards lie in front of anyone; {n} build it alone", building=name, n=n
        )
    elif s > 0:
        why = _(
            "the {building} construction holds {c} of {n} cards, {s} of them yours",
            building=name,
            c=c,
            n=n,
            s=s,
        )
    else:
        why = _(
            "the {building} construction holds {c} of {n} cards (none yours); "
            "{n} more build one alone",
            building=name,
            c=c,
            n=n,
        )
    # Translators: {why} is one of the messages 'no … cards lie in front of anyone; …' or
    # 'the … construction holds …'.
    return _(
        # rule: V-1.8
        "you cannot play {k} {building}: {why}. Allowed now: {allowed}",
        k=k,
        building=name,
        why=why,
        allowed=allowed,
    )


def _legal_plays(
    self: StateBasics, seat: int, completing: list[tuple[str, int, int]] | None = None
) -> list[str]:
    """Every legal card submission, as canonical ``play …`` commands; the types some of them
    complete (each casa; a solo set; a construction reaching its cards, V-1.7–1.9) are
    appended to ``completing``."""
    hand = self.hands[seat]
    texts: list[str] = [""]
    for t in TYPES:
        have = hand.count(t)
        if not have:
            continue
        if t == "casa":
            counts: list[int] | range = range(have + 1)
            if completing is not None:
                completing.append((t, 0, 0))
        else:
            legal, goal, s, c = _counts_and_goal(self, seat, t)
            counts = [k for k in legal if k <= have]
            if completing is not None and counts[-1] >= goal:
                completing.append((t, s, c))
        words = [_CARD_WORDS[t][k] for k in counts]
        texts = [f"{p} {w}" if w and p else p or w for p in texts for w in words]
    return [f"play {p}" if p else "play" for p in texts]


# ------------------------------------------------------------------ placement
def legal_places(self: StateBasics) -> list[tuple[str, ...]]:
    """Empty footprints for the building being resolved (cached within one move)."""
    assert self.res is not None
    if self._places is not None:
        return self._places
    fp = self.fp
    blocked = fp.labels_mask(self.swamp) | fp.labels_mask(self.building_at)
    places = fp.free_places(self.res["type"], blocked)
    self._places = places
    return places


def place_error(self: StateBasics, hexes: tuple[str, ...]) -> str | None:
    assert self.res is not None
    building = self.res["type"]
    need = self.comp_hexes(building)
    if len(hexes) != need:
        return _n(
            "the {building} needs {shape}; you named {n} hex",
            "the {building} needs {shape}; you named {n} hexes",
            len(hexes),
            building=building_name(building),
            shape=shape_words(building),
        )
    if len(set(hexes)) != len(hexes):
        return _("a hex is named twice")
    for h in hexes:
        if h in self.building_at:
            b = self.buildings[self.building_at[h]]
            return _(
                "{hex} is already built on (a {building})",
                hex=h,
                building=building_name(b["type"]),
            )
        if h in self.swamp:
            # rule: V-1.10
            return _("{hex} is still a swamp: only empty hexes can be built on", hex=h)
    key = tuple(sorted(hexes, key=self.fp.order.__getitem__))
    if key not in self.fp.for_type(building):
        districts = {self.board.hexes[h].district for h in hexes}
        if building == "ponte":
            return _(
                "{hexes} is not a bridge site; a ponte needs the two hexes of one",
                hexes=" ".join(key),
            )
        if len(districts) > 1:
            return _("all hexes of a building must lie in one district")
        return _("{hexes} is not {shape}", hexes=" ".join(key), shape=shape_words(building))
    return None


# ------------------------------------------------------------------ draw options (V-3)
def draw_options(self: StateBasics, seat: int) -> list[str]:
    h = len(self.hands[seat])
    opts: list[str] = []
    if h <= self.comp.hand_limit - 1:
        if self._cards_available():
            opts.append("draw deck")  # not for players
        opts.extend([_DRAW_TEXT[t] for t in self.pool])
    if 1 <= h <= self.comp.hand_limit - 2 and (self.pool or self._cards_available()):
        hand = self.hands[seat]  # kept sorted in rulebook order
        pool = self.pool
        opts.extend(
            [
                _SWAP_TEXT[t]
                for i, t in enumerate(hand)
                if t not in pool and (i == 0 or hand[i - 1] != t)
            ]
        )
    return opts
