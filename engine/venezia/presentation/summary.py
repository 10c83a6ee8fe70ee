"""Venezia's compact summary for the terminal table (from views only): the canal standings,
one line per player, pool and deck, architects, supply, and the private hand and token lines."""

from __future__ import annotations

from typing import Any

from engine.core import JSON


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


def summary_lines(view: JSON, title: str) -> list[str]:
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


def option_cell(verb: str, rest: str) -> str:
    """How a numbered option reads after its verb: ``play`` alone plays nothing, an exchange
    shows the steps it buys."""
    if not rest and verb == "play":
        return "(nothing)"
    if verb == "exchange" and rest.replace(" ", "").isdigit():
        steps = sum(int(v) for v in rest.split()) // 5
        return rest + f" → {steps} step{'s' if steps != 1 else ''}"
    return rest
