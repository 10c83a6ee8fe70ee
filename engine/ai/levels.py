"""The AI levels a game declares in its registration (``GameRegistration.ai_levels``).

A level is its name (what ``parts().make_ai`` and ``--ai`` take), the small integer a table
stores for an AI seat (SQLite ``seats.ai_level``, the stats' ``ai:<code>`` players), a short
title (the lobby's *Add AI* menu) and a label (the name of a player of that level, "Greedy AI").
The table's vocabulary of levels is the union of what the registered games declare
(:func:`bot.table.ai_seat.levels`): a game with a level of its own declares an
:class:`AiLevelSpec` in its registration, with a code no other level has, and no shared module
changes. The levels every game so far offers are :data:`RANDOM`, :data:`GREEDY`, :data:`STRONG`,
:data:`EXPERT`.

Codes are stored: never renumber a level, never give a used code to another name.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.i18n.shared import N_


@dataclass(frozen=True, slots=True)
class AiLevelSpec:
    """One AI level a game offers: ``name``, stored ``code``, ``title`` and ``label`` (both
    marked ``N_``, said with ``_`` by whoever shows them)."""

    name: str
    code: int
    title: str
    label: str


# Translators: the labels are the names of AI players (on /leaderboard, /history)
RANDOM = AiLevelSpec("random", 0, N_("random legal moves"), N_("Random AI"))
GREEDY = AiLevelSpec("greedy", 1, N_("one-ply heuristics"), N_("Greedy AI"))
STRONG = AiLevelSpec("strong", 2, N_("Monte-Carlo search"), N_("Strong AI"))
EXPERT = AiLevelSpec("expert", 3, N_("tree search over what it may know"), N_("Expert AI"))
