"""AI seats: the names and stored codes of the AI levels a table offers.

An AI seat is an ordinary seat whose decisions the table service asks a policy for. The policy
sees exactly what a human in that seat would see - the seat's ``player_view`` and the pending
``Decision`` - never the game state, and answers one command text, which goes through the same
validation and commit as a human's.

There is one AI framework: :mod:`engine.ai` (``get_ai(level, game=...)``), which asks the game's
registration for its levels. Each game's registration declares its levels
(:class:`engine.ai.levels.AiLevelSpec`: name, the small integer stored in SQLite
``seats.ai_level``, title, label); the table's vocabulary is their union (:func:`levels`), so a
game with a level of its own needs no edit here. A level the game lacks is an error
(:class:`UnknownAiLevel`), never a silent random player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ai import AiPlayer, game_levels
from engine.ai import get_ai as engine_ai
from engine.ai.levels import AiLevelSpec
from engine.core import GameState
from engine.i18n import SeatName, either, joined
from engine.i18n.shared import _
from engine.registry import registrations
from engine.text import excerpt, is_number

__all__ = [
    "DEFAULT_LEVEL",
    "AiLevel",
    "AiPlayer",
    "UnknownAiLevel",
    "ai_level",
    "ai_levels",
    "ai_seat_name",
    "get_ai",
    "labelled",
    "labelled_names",
    "labelled_seats",
    "levels",
]


class UnknownAiLevel(LookupError):
    """No AI level of that name or code (or not for that game)."""


@dataclass(frozen=True, slots=True)
class AiLevel:
    """One AI level: its name, its stored ``code``, a short title and its label (the name
    of a player of that level: "Greedy AI", marked ``N_``, said with ``_``)."""

    name: str
    code: int
    title: str
    label: str

    def create(self, game: str) -> AiPlayer:
        """A new policy object of this level for ``game`` (one per seat and game)."""
        name = game
        if self.name not in game_levels(name):
            raise UnknownAiLevel(
                _(
                    "no {level} AI for {game}; levels: {levels}",
                    level=self.name,
                    game=name,
                    levels=either(game_levels(name)),
                )
            )
        return engine_ai(self.name, game=name)


#: The level of an AI seat nobody chose a level for (and of a stored seat without one).
DEFAULT_LEVEL = "random"


def levels() -> dict[str, AiLevel]:
    """name -> level: every level a registered game declares, weakest (lowest code) first.
    ``code`` is what SQLite stores, so one name has one code in every game and no two names
    share a code (ValueError names the clash)."""
    by_name: dict[str, AiLevelSpec] = {}
    by_code: dict[int, AiLevelSpec] = {}
    for reg in registrations():
        for spec in reg.ai_levels:
            clash = by_name.get(spec.name) or by_code.get(spec.code)
            if clash is not None and clash != spec:
                mine = f"{reg.name}'s AI level {spec.name!r} (code {spec.code})"  # not for players
                theirs = f"{clash.name!r} (code {clash.code}) of another game"  # not for players
                raise ValueError(f"{mine} clashes with {theirs}")  # not for players
            by_name[spec.name] = by_code[spec.code] = spec
    ordered = sorted(by_name.values(), key=lambda spec: spec.code)
    return {s.name: AiLevel(s.name, s.code, s.title, s.label) for s in ordered}


def _default() -> AiLevel:
    known = levels()
    return known.get(DEFAULT_LEVEL) or next(iter(known.values()))


def ai_levels(game: str | None = None) -> list[str]:
    """Names of the levels (those ``game`` has, if given), weakest (lowest code) first."""
    names = list(levels())
    if game is None:
        return names
    have = game_levels(game)
    return [n for n in names if n in have]


def ai_level(level: str | int | None) -> AiLevel:
    """The level named ``level`` (case-insensitive) or with that stored code."""
    known = levels()
    names = list(known)
    if level is None:
        return _default()
    if isinstance(level, int):
        for lv in known.values():
            if lv.code == level:
                return lv
        shown = str(level) if -1000 < level < 1000 else _("out of range")
        choices = either(names)
        raise UnknownAiLevel(
            _("unknown AI level code {code}; levels: {levels}", code=shown, levels=choices)
        )
    key = level.strip().casefold()
    if is_number(key) and len(key) <= 3:  # "²" is a digit to isdigit(), not a number
        return ai_level(int(key))
    found = known.get(key)
    if found is None:
        choices = either(names)
        raise UnknownAiLevel(
            _(
                "unknown AI level '{name}'; levels: {levels}",
                name=excerpt(level),
                levels=choices,
            )
        )
    return found


def ai_seat_name(name: str, level: str | int | None) -> str:
    """An AI seat's name as its reader reads it. A name the table gave the seat (its level's
    label, "Greedy AI", or that and a letter, "Greedy AI B") is the label in the language in
    force; any other (a person's seat an AI took over) keeps the name and says the label."""
    try:
        label = ai_level(level).label
    except UnknownAiLevel:
        label = _default().label
    rest = name.removeprefix(label)
    if rest != name and (not rest or (len(rest) == 2 and rest[0] == " " and rest[1].isupper())):
        return joined("", (_(label), rest))
    # Translators: a player's seat an AI plays: his name, the AI's label ("Bob (Greedy AI)")
    return _("{name} ({ai})", name=name, ai=_(label))


def labelled(name: str) -> str:
    """A seat's stored name as its readers read it: a name the table gave an AI seat (a
    level's label, "Greedy AI", or that and a letter, "Greedy AI B") becomes a
    :class:`~engine.i18n.SeatName`, the label said in the reader's language wherever the name
    is shown; any other name is kept as it is. The value (stored, hashed) does not change."""
    if isinstance(name, SeatName):
        return name
    for lv in levels().values():
        rest = name.removeprefix(lv.label)
        if rest == name:
            continue
        if not rest or (len(rest) == 2 and rest[0] == " " and rest[1].isupper()):
            return SeatName(name, lv.label, rest)
    return name


def labelled_names(names: Sequence[str]) -> list[str]:
    """:func:`labelled` of each name, in seat order."""
    return [labelled(n) for n in names]


def labelled_seats(state: GameState) -> GameState:
    """``state`` with its AI seats' names :func:`labelled` (in place; the state's hash and
    JSON are the same): a state made or loaded from what is stored names its AI seats by the
    stored English label, which no reader should read (#25)."""
    state.players[:] = labelled_names(state.players)
    return state


def get_ai(level: str | int | None, game: str) -> AiPlayer:
    """A new policy object of a level (``None``: the default level) for ``game``."""
    return ai_level(level).create(game)
