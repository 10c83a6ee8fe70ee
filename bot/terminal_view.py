"""Text for the terminal table: a compact summary of a view, numbered options, the ranking.

Everything here is pure formatting over the engine's JSON views (``public_view`` /
``player_view``, which the terminal gets from :meth:`bot.service.TableService.view`).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Sequence
from typing import Any

from bot.storage import ResultRecord
from engine.core import JSON

__all__ = [
    "numbered_options",
    "private_lines",
    "ranking_lines",
    "summary_lines",
    "terminal_width",
    "track_line",
]


def terminal_width(default: int = 100) -> int:
    """The terminal's width (at most 120), or ``default`` when it cannot be told."""
    try:
        cols = shutil.get_terminal_size((default, 24)).columns
    except (OSError, ValueError):
        return default
    return max(40, min(cols, 120))


# -- the summary ---------------------------------------------------------------------------


def _who(view: JSON, ref: Any) -> str:
    if ref is None:
        return "—"
    if ref == "imaginary":
        imag = view.get("imaginary") or {}
        return str(imag.get("name", "Klaus-Jürgen"))
    players = view.get("players") or []
    if isinstance(ref, int) and 0 <= ref < len(players):
        return str(players[ref].get("name", f"seat {ref + 1}"))
    return str(ref)


def _counts(counts: dict[str, Any] | None) -> str:
    if not counts:
        return "—"
    return ", ".join(f"{n} {t}" if int(n) != 1 else str(t) for t, n in counts.items() if n)


def track_line(view: JSON) -> str:
    """``Canal: Anna 12 · Bruno 9 · …`` farthest first (the order of the standings)."""
    players = sorted(
        view.get("players") or [], key=lambda p: (-int(p.get("position", 0)), p.get("seat", 0))
    )
    return "Canal: " + " · ".join(f"{p.get('name')} {p.get('position')}" for p in players)


def _tokens(p: JSON) -> str:
    swamp, treasure = int(p.get("swamp_tokens", 0)), int(p.get("treasure_tokens", 0))
    if not swamp and not treasure:
        return "no tokens"
    parts = []
    if swamp:
        parts.append(f"{swamp} swamp")
    if treasure:
        parts.append(f"{treasure} treasure")
    return " + ".join(parts) + " token" + ("s" if swamp + treasure != 1 else "")


def summary_lines(view: JSON, title: str = "Venezia") -> list[str]:
    """The table in a few lines: header, one line per player, pool/deck, architects, supply,
    and whose decision it is."""
    players = view.get("players") or []
    lines: list[str] = []
    turn = view.get("turn")
    active = view.get("active")
    head = f"{title} · turn {turn}" if turn is not None else title
    if view.get("game_over"):
        head += " · game over"
    elif isinstance(active, int) and 0 <= active < len(players):
        head += f" · {players[active].get('name')}'s turn"
    lines.append(head)
    width = max((len(str(p.get("name", ""))) for p in players), default=4)
    for p in players:
        mark = "▶" if p.get("active") else " "
        lines.append(
            f" {mark} {p.get('name')!s:<{width}}  at {p.get('position')!s:>2} · "
            f"hand {p.get('hand_size')} · {_tokens(p)} · in front: {_counts(p.get('front'))}"
        )
    imag = view.get("imaginary")
    if imag:
        lines.append(f"   {imag.get('name')} (imaginary) · in front: {_counts(imag.get('front'))}")
    pool = ", ".join(view.get("pool") or []) or "empty"
    extra = [f"pool: {pool}", f"deck {view.get('deck_size', '?')}"]
    if "discard_size" in view:
        extra.append(f"discard {view['discard_size']}")
    if "treasure_left" in view:
        extra.append(f"treasure left {view['treasure_left']}")
    lines.append("   " + " · ".join(extra))
    archs = []
    for t, ref in (view.get("architects") or {}).items():
        cons = (view.get("constructions") or {}).get(t) or []
        if ref is None and not cons:
            archs.append(f"{t} —")
            continue
        inside = ", ".join(f"{_who(view, e.get('seat'))} ×{e.get('cards')}" for e in cons)
        archs.append(f"{t} {_who(view, ref)}" + (f" ({inside})" if inside else ""))
    if archs:
        lines.append("   architects: " + " · ".join(archs))
    supply = view.get("supply") or {}
    if supply:
        lines.append("   pieces left: " + " · ".join(f"{t} {n}" for t, n in supply.items()))
    waiting = view.get("waiting_builds") or []
    if waiting:
        lines.append(
            "   waiting to be built: "
            + ", ".join(f"{w.get('type')} ({_who(view, w.get('architect'))})" for w in waiting)
        )
    pending = view.get("pending")
    if pending and not view.get("game_over"):
        lines.append(f"➡ {pending.get('name')}: {pending.get('prompt')}")
    return lines


def private_lines(view: JSON) -> list[str]:
    """What only the deciding player may see: his hand and his token values."""
    me = view.get("me") or {}
    hand = me.get("hand")
    lines = []
    if hand is not None:
        lines.append("Your hand: " + (", ".join(str(c) for c in hand) or "empty"))
    tokens = me.get("tokens")
    if tokens is not None:
        if tokens:
            gold = int(me.get("gold", sum(int(t) for t in tokens)))
            lines.append(
                f"Your tokens: {' '.join(str(t) for t in tokens)} = {gold} gold "
                f"({gold // 5} step{'s' if gold // 5 != 1 else ''} if exchanged now)"
            )
        else:
            lines.append("Your tokens: none")
    return lines


def numbered_options(options: Sequence[str], width: int = 100) -> list[str]:
    """Options numbered from 1, grouped by verb so long lists (drain: ~80 hexes) stay short:

    ``  play      1) (nothing)  2) casa  3) 2 ponte``
    """
    groups: dict[str, list[str]] = {}
    for i, option in enumerate(options, 1):
        verb, _, rest = option.partition(" ")
        if not rest and verb == "play":
            rest = "(nothing)"
        elif verb == "exchange" and rest.replace(" ", "").isdigit():
            steps = sum(int(v) for v in rest.split()) // 5
            rest += f" → {steps} step{'s' if steps != 1 else ''}"
        groups.setdefault(verb, []).append(f"{i}) {rest}" if rest else f"{i})")
    pad = max((len(v) for v in groups), default=4)
    lines: list[str] = []
    for verb, cells in groups.items():
        lines.extend(_rewrap(cells, f"  {verb:<{pad}}  ", " " * (pad + 4), width))
    return lines


def _rewrap(cells: Iterable[str], first: str, indent: str, width: int) -> list[str]:
    lines: list[str] = []
    line = first
    fresh = True
    for cell in cells:
        add = cell if fresh else "  " + cell
        if not fresh and len(line) + len(add) > width:
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
        lines.append(f"  {r.place}. {r.name}{score}")
    return lines
