"""Text for the terminal table: a compact summary of a view, numbered options, the ranking.

Everything here is pure formatting over the engine's JSON views (``public_view`` /
``player_view``, which the terminal gets from :meth:`bot.table.play.Play.view`).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Mapping, Sequence

from bot.table.ai_seat import labelled
from bot.table.grammar import shown_cells
from bot.table.saves import ResultRecord
from bot.terminal.width import clip, display_width, ljust
from engine.core import JSON, Option, ViewHeader, view_game
from engine.i18n import listed, say, sentence
from engine.i18n.shared import _, _n, asked
from engine.registry import GameTexts, registration, view_header

__all__ = [
    "header_of",
    "numbered_options",
    "private_lines",
    "ranking_lines",
    "summary_lines",
    "terminal_width",
]


def terminal_width(default: int = 100) -> int:
    """The columns a laid-out line may take (at most 120), or ``default`` when the terminal's
    width cannot be told: one less than the terminal's, since a line as wide as the terminal
    is wrapped by the console (:func:`bot.terminal.io.wrap`), which would break an option
    ('18) 2' / '5') inside."""
    try:
        cols = shutil.get_terminal_size((default + 1, 24)).columns
    except (OSError, ValueError):
        return default
    return max(40, min(cols - 1, 120))


# -- the summary ---------------------------------------------------------------------------


def summary_lines(
    view: JSON, title: str | None = None, texts: GameTexts | None = None
) -> list[str]:
    """The table in a few lines: the game's own summary if its registration has one, else a
    header, the game's status lines and whose decision it is."""
    reg = registration(view_game(view))
    texts = texts or reg.parts().texts
    title = title or reg.title
    if texts.summary_lines is not None:
        return texts.summary_lines(view, title)
    header = reg.parts().header(view)
    head = f"{title} · {header.counter_text}"
    if header.over:
        head += " · " + _("game over")
    lines = [head, *("  " + line for line in texts.status_lines(view))]
    if header.deciding and not header.over:
        names = [header.name(seat) for seat in header.deciding]
        lines.append("➡ " + asked(listed(names), header.prompt))
    return lines


def header_of(view: JSON | None) -> ViewHeader | None:
    """The typed header of a view the terminal shows (``None`` before there is one)."""
    return view_header(view) if view and "game" in view else None


def private_lines(view: JSON, texts: GameTexts | None = None) -> list[str]:
    """What only the deciding player may see (the game's own lines, else its hand line)."""
    texts = texts or registration(view_game(view)).parts().texts
    if texts.private_lines is not None:
        return texts.private_lines(view)
    line = texts.hand_text(view)
    return [sentence(line)]


#: A verb with more options than this shows only its first :data:`GROUP_SHOWN` (a vote's
#: placements or a split of revealed cards run into the hundreds); the numbers keep counting
#: the whole list, and a typed command reaches every option.
GROUP_MAX = 100
GROUP_SHOWN = 24


def numbered_options(
    options: Sequence[Option],
    width: int,
    texts: GameTexts,
    *,
    hints: Mapping[str, str] | None = None,
    everything: bool = False,
) -> list[str]:
    """Options numbered from 1, grouped by verb so long lists (drain: ~80 hexes) stay short:

    ``  take      1) take A  2) take B``

    A verb with more than :data:`GROUP_MAX` options shows its first :data:`GROUP_SHOWN` and a
    line saying how many more there are and how to type one (``hints``: verb -> the grammar's
    help text), unless ``everything``.
    """
    groups: dict[str, list[str]] = {}
    # a cell typed as shown is that option (bot.table.grammar.as_shown reads the same cells)
    for i, (option, rest) in enumerate(zip(options, shown_cells(texts, options), strict=True), 1):
        # a bare verb names itself ('done  83) done'): never an empty '83)'
        cell = f"{i}) {rest or option.verb}"
        if option.note:  # what choosing it would bring about, said before it is chosen
            cell += f" — {say(option.note)}"
        groups.setdefault(option.verb, []).append(cell)
    pad = max((display_width(v) for v in groups), default=4)
    lines: list[str] = []
    for verb, cells in groups.items():
        cut = not everything and len(cells) > GROUP_MAX
        lines.extend(
            _rewrap(
                cells[:GROUP_SHOWN] if cut else cells,
                f"  {ljust(verb, pad)}  ",
                " " * (pad + 4),
                width,
            )
        )
        if cut:
            indent = " " * (pad + 4)
            more = len(cells) - GROUP_SHOWN
            lines.append(
                indent
                + _n(
                    "… {n} more ('options all' lists them)",
                    "… {n} more ('options all' lists them)",
                    more,
                )
            )
            hint = (hints or {}).get(verb)
            if hint:
                lines.append(clip(indent + _("or type one: {hint}", hint=hint), width))
    return lines


def _rewrap(cells: Iterable[str], first: str, indent: str, width: int) -> list[str]:
    lines: list[str] = []
    line = first
    fresh = True
    for cell in cells:
        add = cell if fresh else "  " + cell
        if not fresh and display_width(line) + display_width(add) > width:
            lines.append(line.rstrip())
            line, add = indent, cell
        line += add
        fresh = False
    lines.append(line.rstrip())
    return lines


def ranking_lines(results: Sequence[ResultRecord]) -> list[str]:
    """``1. Anna — 53`` per player, in place order (ties share a place)."""
    lines = []
    for r in results:
        score = "" if r.score is None else f" — {r.score}"
        lines.append(f"  {r.place}. {labelled(r.name)}{score}")  # an AI seat by its label (#25)
    return lines
