"""What each audience may see (V-U): the public view for the channel, a private view per seat.

Views are plain JSON-safe dicts, the only thing the renderer, the bot and the AI read. Hidden
information (hands, token values, swamp values, deck and treasure order, the RNG) appears only in
the private view of its owner, and never in the public one.
"""

from __future__ import annotations

from typing import Any

from engine.core import JSON, ViewHeader, ranking_part
from engine.venezia import decisions
from engine.venezia.cards import ARCHITECT_TYPES, TYPES, count_cards
from engine.venezia.decisions import PUBLIC_OPTION_KINDS
from engine.venezia.gold import exchange_options
from engine.venezia.state_basics import StateBasics
from engine.view_parts import own_decision, pending_part


def _seat_ref(state: StateBasics, seat: int | None) -> int | str | None:
    if seat is None:
        return None
    return "imaginary" if seat == state.imag else seat


def public_view(state: StateBasics) -> JSON:
    d = decisions.pending(state)
    players: list[dict[str, Any]] = []
    for s in range(state.n):
        tokens = state.tokens[s]
        treasure = sum(1 for v in tokens if v >= 3)
        players.append(
            {
                "seat": s,
                "name": state.players[s],
                "position": state.pos[s],
                "hand_size": len(state.hands[s]),
                "front": state.front(s),
                "swamp_tokens": len(tokens) - treasure,
                "treasure_tokens": treasure,
                "active": s == state.active and not state.over,
                "to_decide": d is not None and d.seat == s,
            }
        )
    res = state.res
    resolving = None
    if res is not None:
        resolving = {
            "type": res["type"],
            "kind": res["kind"],
            "architect": _seat_ref(state, res["architect"]),
            "placer": _seat_ref(state, res["placer"]),
            "participants": [_seat_ref(state, s) for s in res["participants"]],
            "hexes": list(res["hexes"]),
        }
    waiting = []
    for pb in state.pending_builds:
        t = pb["type"]
        if pb["kind"] == "construction":
            arch = state.architect(t)
            parts = [
                _seat_ref(state, s)
                for s in state.seats_clockwise_from(arch if arch is not None else 0)
                if any(e[0] == s for e in state.cons[t])
            ]
        else:
            arch = pb["seat"] if pb["seat"] is not None else state.imag
            parts = [_seat_ref(state, arch)] if pb["seat"] is not None else []
        waiting.append(
            {
                "type": t,
                "kind": pb["kind"],
                "architect": _seat_ref(state, arch),
                "participants": parts,
            }
        )
    hexes: dict[str, dict[str, Any]] = {}
    for label in state.board.hexes:
        b = state.building_at.get(label)
        hexes[label] = {
            "building": None if b is None else state.buildings[b]["type"],
            "building_index": b,
            "swamp": label in state.swamp,
        }
    view: JSON = {
        "game": "venezia",
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "players": players,
        "imaginary": (
            {"name": "Klaus-Jürgen", "front": state.front(state.imag)} if state.imag >= 0 else None
        ),
        "architects": {t: _seat_ref(state, state.architect(t)) for t in ARCHITECT_TYPES},
        "constructions": {
            t: [
                {"seat": _seat_ref(state, e[0]), "cards": e[1]}
                for e in sorted(state.cons[t], key=lambda e: (-e[1], e[2]))
            ]
            for t in ARCHITECT_TYPES
        },
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_counts": count_cards(state.discard),
        "pool": list(state.pool),
        "supply": {t: state.supply[t] for t in TYPES},
        "treasure_left": len(state.treasure),
        "swamps_left": len(state.swamp),
        "hexes": hexes,
        "buildings": [
            {
                "index": i,
                "type": b["type"],
                "hexes": list(b["hexes"]),
                "builder": _seat_ref(state, b["builder"] if b["builder"] >= 0 else None),
            }
            for i, b in enumerate(state.buildings)
        ],
        "resolving": resolving,
        "waiting_builds": waiting,
        **pending_part(d, state.name, PUBLIC_OPTION_KINDS),
        "recent": _turn_changes(state.recent),
        "last_turn": _turn_changes(state.last_turn) if state.last_turn else None,
        "track_history": [list(p) for p in state.track_history],
        "flipped": state.flipped,
        "game_over": state.over,
        "ranking": state.ranking() if state.over else None,
        "end_triggered": state.end_triggered,
        # The public part of the engine's own bookkeeping, so a seat (an AI) can rebuild a
        # full state by sampling only what it cannot see (engine.venezia.determinize).
        "engine": {
            "phase": state.phase,
            "seq": state.seq,
            "cons": {t: [list(e) for e in v] for t, v in state.cons.items()},
            "pending_builds": [dict(pb) for pb in state.pending_builds],
            "res": _public_res(state),
            "after_res": state.after_res,
            "take_left": state.take_left,
            "swapped": state.swapped,
            "drained": state.drained,
            "discard": list(state.discard),
            "swamp_hexes": list(state.swamp),
            "swamp_removed": state.swamp_removed,
            "supply": dict(state.supply),
            "positions": list(state.pos),
            "history_length": len(state.history),
        },
    }
    return view


def _turn_changes(recent: dict[str, Any]) -> JSON:
    """What one turn changed (new buildings, drained hexes, gondola moves) for highlights."""
    return {
        "active": recent["active"],
        "buildings": list(recent["buildings"]),
        "drained": list(recent["drained"]),
        "moved": {k: list(v) for k, v in recent["moved"].items()},
    }


def _public_res(state: StateBasics) -> JSON | None:
    if state.res is None:
        return None
    return {**state.res, "movers": [list(m) for m in state.res["movers"]]}


def player_view(state: StateBasics, seat: int) -> JSON:
    """The public view plus what only ``seat`` may know: hand, token values, own options."""
    view = public_view(state)
    tokens = sorted(state.tokens[seat], reverse=True)
    d = decisions.pending(state)
    view["me"] = {
        "seat": seat,
        "name": state.players[seat],
        "hand": list(state.hands[seat]),
        "tokens": tokens,
        "gold": sum(tokens),
        "options": decisions.legal_commands(state, seat),
        "decision": own_decision(d, seat),
        "exchanges": (
            exchange_options(state.tokens[seat])
            if seat == state.active and not state.end_triggered and not state.over
            else []
        ),
    }
    return view


def view_header(view: JSON) -> ViewHeader:
    """The typed header of a public or player view (engine.core.ViewHeader): Venezia counts
    turns, one player's each; the active seat is the one whose turn it is."""
    pending = view.get("pending")
    over = bool(view.get("game_over"))
    return ViewHeader(
        game=str(view["game"]),
        counter="turn",
        number=int(view["turn"]),
        players=tuple(str(p["name"]) for p in view["players"]),
        active=None if over else int(view["active"]),
        deciding=(int(pending["seat"]),) if pending else (),
        prompt=str(pending["prompt"]) if pending else None,
        over=over,
        ranking=ranking_part(view.get("ranking")),
    )
