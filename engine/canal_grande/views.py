"""What each audience may see (CG-G6): the public view for the channel, a private view per seat.

Views are plain JSON-safe dicts, the only thing a renderer, the bot and the AI read. Hidden: both
hands, the draw pile's order, the number deck's order, the RNG. Public: both offers, number cards
in front of players, doges waiting, victory cards, the discard pile (face up), hand sizes.

Public view (``public_view(state)``)::

    {
      "game": "canal_grande",
      "turn": 3, "round": 1,                 # turn = one divide/choose cycle (HU "kör")
      "phase": "divide" | "choose" | "district" | "place" | "over",
      "divider": 0, "chooser": 1,            # seats
      "resolving": 1 | null,                 # whose offer is being resolved (after "take")
      "districts": [{"id": "sanmarco", "name": "San Marco"}, ...],   # 6, in card order
      "players": [                           # per seat
        {"seat": 0, "name": "Anna", "role": "divider" | "chooser",
         "hand_size": 5, "numbers": [2, 3], "number_total": 5,
         "victory": ["sanmarco", ...],       # victory cards in the order won
         "victory_counts": {"sanmarco": 1},  # district -> count (only districts held)
         "doges_waiting": 0,                 # doges in front that will still start a vote
         "to_decide": true}
      ],
      "revealed": [                          # the cards of this turn, positions 1..n
        {"pos": 1, "card": "sanmarco", "kind": "district" | "gondola" | "traitor" | "spy"
                   | "doge" | "number", "value": null | 1..3, "name": "San Marco",
         "offer": null | "A" | "B"}          # which offer it is in once divided
      ],
      "divide": {                            # how a UI offers the split (a multi-select):
        "select": "offer_a", "min": 1, "max": n - 1,   # pick 1..n-1 positions for offer A
        "command": "divide",                  # then send "divide <positions…>" (sorted)
        "example": "divide 1 4 7"} | null,    # null outside the divide decision
      "offers": {"A": [1, 4, 7], "B": [2, 3, 5, 6, 8]} | null,
      "taken": "A" | "B" | null,             # the chooser's pick
      "table": ["dorsoduro", "n2"],          # revealed cards still on the table
      "voted_districts": ["castello"],       # votes held this turn (CG-6.3)
      "vote": null | {                       # the vote in progress
        "owner": 0,                          # who played the doge
        "challenger": 0, "defender": 1,
        "district": "sanmarco" | null,       # null while the challenger chooses
        "votes": [3, 2],                     # per seat
        "placed": [[[k, [[district, m], ...]], ...], [...]],  # per seat, per placement:
                                             # k chosen-district cards, gondola groups
        "to_act": 1},
      "last_vote": null | {"district", "winner", "owner", "challenger", "votes", "placed",
                           "back_to_hand", "discarded"},
      "last_round": null | {"round", "totals", "bonus": seat | null, "next_divider"},
      "deck_size": 30, "number_deck_size": 11,
      "discard": ["traitor", ...],           # the face-up discard pile, bottom first
      "discard_size": 4,
      "pending": {"seat", "kind", "prompt", "name"} | null,
      "public_options": [...] | null,        # the options of "divide"/"choose" (public ones)
      "game_over": false, "winner": seat | null, "draw": false,   # draw only by the CG-G20 cap
      "ranking": [[0], [1]] | null,
      "history_length": 17,                  # moves so far
      "turn_limit": 500,                     # the CG-G20 safety cap (not a rule)
      "stage": "chooser" | "divider"         # whose offer is (or will be) resolved
    }

Decision kinds: ``divide`` (the divider; options: all 254 ``divide …`` splits, public),
``choose`` (the chooser; ``take A`` / ``take B``, public), ``district`` (the challenger;
``vote <district>``, private), ``place`` (the player to act in a vote; ``place …`` and ``pass``,
private: they depend on the hand). Card ids: ``cannaregio santacroce sanpolo sanmarco dorsoduro
castello gondola traitor spy doge``; revealed number cards are ``n1`` ``n2`` ``n3``.

Player view (``player_view(state, seat)``) = the public view plus::

    "me": {"seat": 0, "name": "Anna",
           "hand": ["sanmarco", "sanmarco", "gondola"],        # card order
           "hand_counts": {"sanmarco": 2, "gondola": 1},
           "options": [...],                # every legal command now (empty if not deciding)
           "decision": {"kind", "prompt"} | null}
"""

from __future__ import annotations

from typing import Any

from engine.canal_grande.cards import count_cards
from engine.canal_grande.resolve import is_number, reveal_name
from engine.canal_grande.state_fields import CanalGrandeFields
from engine.core import JSON, ViewHeader, ranking_part
from engine.view_parts import own_decision, pending_part

PUBLIC_OPTION_KINDS = frozenset({"divide", "choose"})


def _kind(card: str, districts: dict[str, int]) -> str:
    if is_number(card):
        return "number"
    return "district" if card in districts else card


def public_view(state: CanalGrandeFields) -> JSON:
    comp = state.comp
    d = state.pending()
    offers = None
    where: dict[int, str] = {}
    if state.offer_a is not None:
        offers = {"A": state.offer_positions("A"), "B": state.offer_positions("B")}
        for letter, positions in offers.items():
            for p in positions:
                where[p] = letter
    revealed = [
        {
            "pos": i + 1,
            "card": c,
            "kind": _kind(c, comp.per_district),
            "value": int(c[1:]) if is_number(c) else None,
            "name": reveal_name(c, comp),
            "offer": where.get(i + 1),
        }
        for i, c in enumerate(state.revealed)
    ]
    n = len(state.revealed)
    players: list[dict[str, Any]] = []
    for s in range(2):
        players.append(
            {
                "seat": s,
                "name": state.players[s],
                "role": "divider" if s == state.divider else "chooser",
                "hand_size": len(state.hands[s]),
                "numbers": list(state.numbers[s]),
                "number_total": state.total(s),
                "victory": list(state.victory[s]),
                "victory_counts": count_cards(state.victory[s]),
                # The doge being voted on still sits in front of its owner until the vote
                # settles; it no longer waits to start one.
                "doges_waiting": state.doges[s]
                - (1 if state.vote is not None and state.vote["owner"] == s else 0),
                "to_decide": d is not None and d.seat == s,
            }
        )
    vote = state.vote
    vote_view = None
    if vote is not None:
        vote_view = {
            "owner": vote["owner"],
            "challenger": vote["challenger"],
            "defender": 1 - vote["challenger"],
            "district": vote["district"],
            "votes": list(vote["votes"]),
            "placed": [[[p[0], [list(g) for g in p[1]]] for p in side] for side in vote["placed"]],
            "to_act": vote["to_act"],
        }
    return {
        "game": "canal_grande",
        "turn": state.turn,
        "round": state.round,
        "phase": state.phase,
        "divider": state.divider,
        "chooser": state.chooser,
        "resolving": state.resolver if state.taken is not None and not state.over else None,
        "districts": [{"id": x, "name": comp.names[x]} for x in comp.districts],
        "players": players,
        "revealed": revealed,
        "divide": (
            {
                "select": "offer_a",
                "min": 1,
                "max": n - 1,
                "command": "divide",
                "example": "divide 1 4 7" if n >= 7 else "divide 1",
            }
            if state.phase == "divide" and not state.over
            else None
        ),
        "offers": offers,
        "taken": state.taken,
        "table": state.table_cards(),
        "voted_districts": list(state.voted),
        "vote": vote_view,
        "last_vote": state.last_vote,
        "last_round": state.last_round,
        "deck_size": len(state.deck),
        "number_deck_size": len(state.num_deck),
        "discard": list(state.discard),
        "discard_size": len(state.discard),
        **pending_part(d, state.name, PUBLIC_OPTION_KINDS),
        "game_over": state.over,
        "winner": state.winner,
        "draw": state.draw,
        "ranking": state.ranking() if state.over else None,
        "history_length": len(state.history),
        "turn_limit": state.turn_limit,
        "stage": state.stage,
    }


def player_view(state: CanalGrandeFields, seat: int) -> JSON:
    """The public view plus what only ``seat`` may know: his hand and his options."""
    view = public_view(state)
    d = state.pending()
    view["me"] = {
        "seat": seat,
        "name": state.players[seat],
        "hand": list(state.hands[seat]),
        "hand_counts": count_cards(state.hands[seat]),
        "options": state.legal_commands(seat),
        "decision": own_decision(d, seat),
    }
    return view


def view_header(view: JSON) -> ViewHeader:
    """The typed header of a public or player view (engine.core.ViewHeader): Canal Grande
    counts turns (one divide/choose cycle); no seat "has the turn" (two seats share it)."""
    pending = view.get("pending")
    return ViewHeader(
        game=str(view["game"]),
        counter="turn",
        number=int(view["turn"]),
        players=tuple(str(p["name"]) for p in view["players"]),
        active=None,
        deciding=(int(pending["seat"]),) if pending else (),
        prompt=str(pending["prompt"]) if pending else None,
        over=bool(view.get("game_over")),
        ranking=ranking_part(view.get("ranking")),
    )


__all__ = ["PUBLIC_OPTION_KINDS", "player_view", "public_view", "view_header"]
