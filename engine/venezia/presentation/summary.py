"""Venezia's compact summary for the terminal table (from views only): the canal standings,
one line per player, pool and deck, architects, supply, and the private hand and token lines."""

from __future__ import annotations

from typing import Any

from engine.core import JSON
from engine.i18n import counted, listed
from engine.i18n.shared import awaited
from engine.text import columns, pad
from engine.venezia.language import _, _n, _p
from engine.venezia.presentation.tasks import task
from engine.venezia.presentation.words import building_name, building_names


def _who(view: JSON, ref: Any) -> str:
    if ref is None:
        return "—"
    if ref == "imaginary":
        imag = view.get("imaginary") or {}
        return str(imag.get("name", "Klaus-Jürgen"))
    players = view.get("players") or []
    if isinstance(ref, int) and 0 <= ref < len(players):
        player = players[ref]
        return str(player["name"]) if "name" in player else _("seat {n}", n=ref + 1)
    return str(ref)


def _counts(counts: dict[str, Any] | None) -> str:
    if not counts:
        return "—"
    return counted(
        f"{n} {building_name(str(t))}" if int(n) != 1 else building_name(str(t))
        for t, n in counts.items()
        if n
    )


def track_line(view: JSON) -> str:
    """``Canal: Anna 12 · Bruno 9 · …`` farthest first (the order of the standings)."""
    players = sorted(
        view.get("players") or [], key=lambda p: (-int(p.get("position", 0)), p.get("seat", 0))
    )
    standings = " · ".join(f"{p.get('name')} {p.get('position')}" for p in players)
    return _("Canal: {standings}", standings=standings)


def _tokens(p: JSON) -> str:
    swamp, treasure = int(p.get("swamp_tokens", 0)), int(p.get("treasure_tokens", 0))
    if not swamp and not treasure:
        return _("no tokens")
    if swamp and treasure:
        return _n(
            "{swamp} swamp + {treasure} treasure token",
            "{swamp} swamp + {treasure} treasure tokens",
            swamp + treasure,
            swamp=swamp,
            treasure=treasure,
        )
    if swamp:
        return _n("{n} swamp token", "{n} swamp tokens", swamp)
    return _n("{n} treasure token", "{n} treasure tokens", treasure)


def summary_lines(view: JSON, title: str) -> list[str]:
    """The table in a few lines: header, one line per player, pool/deck, architects, supply,
    and whose decision it is."""
    players = view.get("players") or []
    lines: list[str] = []
    turn = view.get("turn")
    active = view.get("active")
    head = _("{title} · turn {turn}", title=title, turn=turn) if turn is not None else title
    if view.get("game_over"):
        head += " · " + _("game over")
    elif isinstance(active, int) and 0 <= active < len(players):
        head += " · " + _("{name}'s turn", name=players[active].get("name"))
    lines.append(head)
    width = max((columns(str(p.get("name", ""))) for p in players), default=4)
    for p in players:
        mark = "▶" if p.get("active") else " "
        position = f"{p.get('position')!s:>2}"
        lines.append(
            f" {mark} {pad(str(p.get('name')), width)}  "
            + _(
                "at {position} · hand {hand} · {tokens} · in front: {front}",
                position=position,
                hand=p.get("hand_size"),
                tokens=_tokens(p),
                front=_counts(p.get("front")),
            )
        )
    imag = view.get("imaginary")
    if imag:
        lines.append(
            "   "
            + _(
                "{name} (imaginary) · in front: {front}",
                name=imag.get("name"),
                front=_counts(imag.get("front")),
            )
        )
    pool = building_names(list(view.get("pool") or [])) or _("empty")
    extra = [_("pool: {cards}", cards=pool), _("deck {size}", size=view.get("deck_size", "?"))]
    if "discard_size" in view:
        extra.append(_("discard {size}", size=view["discard_size"]))
    if "treasure_left" in view:
        extra.append(_("treasure left {left}", left=view["treasure_left"]))
    lines.append("   " + " · ".join(extra))
    archs = []
    for t, ref in (view.get("architects") or {}).items():
        cons = (view.get("constructions") or {}).get(t) or []
        name = building_name(str(t))
        if ref is None and not cons:
            archs.append(f"{name} —")
            continue
        inside = counted(f"{_who(view, e.get('seat'))} ×{e.get('cards')}" for e in cons)
        archs.append(f"{name} {_who(view, ref)}" + (f" ({inside})" if inside else ""))
    if archs:
        lines.append("   " + _("architects: {list}", list=" · ".join(archs)))
    supply = view.get("supply") or {}
    if supply:
        pieces = " · ".join(f"{building_name(str(t))} {n}" for t, n in supply.items())
        lines.append("   " + _("pieces left: {pieces}", pieces=pieces))
    waiting = view.get("waiting_builds") or []
    if waiting:
        builds = listed(
            f"{building_name(str(w.get('type')))} ({_who(view, w.get('architect'))})"
            for w in waiting
        )
        lines.append("   " + _("waiting to be built: {builds}", builds=builds))
    pending = view.get("pending")
    if pending and not view.get("game_over"):
        lines.append("➡ " + awaited(pending.get("name"), task(str(pending.get("kind", "")))))
    return lines


def private_lines(view: JSON) -> list[str]:
    """What only the deciding player may see: his hand and his token values."""
    me = view.get("me") or {}
    hand = me.get("hand")
    lines: list[str] = []
    if hand is not None:
        lines.append(_("Your hand: {cards}", cards=building_names(list(hand)) or _("empty")))
    tokens = me.get("tokens")
    if tokens is not None:
        if tokens:
            gold = int(me.get("gold", sum(int(t) for t in tokens)))
            lines.append(
                _n(
                    "Your tokens: {tokens} = {gold} gold ({n} step if exchanged now)",
                    "Your tokens: {tokens} = {gold} gold ({n} steps if exchanged now)",
                    gold // 5,
                    tokens=" ".join(str(t) for t in tokens),
                    gold=gold,
                )
            )
        else:
            lines.append(_("Your tokens: none"))
    return lines


def option_cell(verb: str, rest: str) -> str:
    """How a numbered option reads after its verb: ``play`` alone plays nothing, an exchange
    shows the steps it buys, the cards are named in the reader's words (``2 教会`` for ``play
    2 basilica``; the number picks the option, the typed tokens stay accepted)."""
    if not rest and verb == "play":
        return _("(nothing)")
    if verb == "exchange" and rest.replace(" ", "").isdigit():
        steps = sum(int(v) for v in rest.split()) // 5
        return _n("{tokens} → {n} step", "{tokens} → {n} steps", steps, tokens=rest)
    return " ".join(_option_word(word) for word in rest.split(" "))


def _option_word(word: str) -> str:
    """One word of an option as the reader says it: a building type or the deck."""
    if word == "deck":
        # Translators: an option of the draw step: draw from the deck (one or two words)
        return _p("draw from", "deck")
    return building_name(word)
