"""Committed moves become outputs: public updates per turn, private hand updates, decisions."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TypedDict

from bot.storage.store import PlayerInfo
from bot.table import stages
from bot.table.dispatch import HandImages, RenderDispatch
from bot.table.languages import Languages
from bot.table.outputs import (
    DecisionInfo,
    ImageKind,
    MultiChoice,
    Outcome,
    PrivateUpdate,
    PublicUpdate,
    question,
)
from bot.table.records import Applied, Table
from chat.controls import Controls
from chat.registry import controls_of
from engine.core import JSON, Decision, GameState, ViewHeader, stale_guard
from engine.i18n import current_language, joined, say, speaking

log = logging.getLogger("bot.service")


class TurnFields(TypedDict, total=False):
    """The turn fields of a :class:`DecisionInfo` (see :func:`turn_fields`)."""

    turn: int
    counter: str
    active: int
    active_name: str


def turn_fields(header: ViewHeader) -> TurnFields:
    """``turn``/``counter``/``active``/``active_name`` of a :class:`DecisionInfo` from a public
    view's typed header, for a game with a seat whose turn it is (others leave them empty)."""
    if header.active is None:
        return {}
    return {
        "turn": header.number,
        "counter": header.counter,
        "active": header.active,
        "active_name": header.name(header.active),
    }


def multi_choice(controls: Controls, kind: str, view: JSON) -> MultiChoice | None:
    """The public multi-select a game's controls declare for this decision kind (``None``:
    none; a select built from private options is offered to the decider only, on request)."""
    declared = controls.multi_select.get(kind)
    if declared is None or declared.items is None:
        return None
    items, low, high = declared.items(view)
    return MultiChoice(declared.verb, tuple(items), low, high)


def side_action_open(controls: Controls, view: JSON, seat: int) -> bool:
    """Whether the game's side action may be open for ``seat``, from the public view only."""
    return controls.side_action is not None and controls.side_action_open(view, seat)


def decision_info(
    table: Table, state: GameState | None, public_view: JSON | None = None
) -> DecisionInfo | None:
    """The first open decision (the only one in a turn-based stage)."""
    infos = decisions_info(table, state, public_view)
    return infos[0] if infos else None


def decisions_info(
    table: Table, state: GameState | None, public_view: JSON | None = None
) -> tuple[DecisionInfo, ...]:
    """Every open decision: one per seat still to answer in a simultaneous stage."""
    if state is None or state.is_over or table.record is None:
        return ()
    open_now = stages.open_decisions(state)
    if not open_now:
        return ()
    view = public_view if public_view is not None else state.public_view()
    record = table.record
    controls = controls_of(table.game)
    out = []
    for d in open_now:
        p = table.players[d.seat]
        out.append(
            DecisionInfo(
                channel_id=table.channel_id,
                game_id=record.id,
                seq=stale_guard(state, d),
                seat=d.seat,
                user_id=p.user_id,
                name=state.players[d.seat],
                kind=d.kind,
                prompt=question(d.prompt),
                options=tuple(d.options) if d.public_options else None,
                game=state.game_name,
                optional=d.optional,
                decline=d.decline,
                is_ai=p.is_ai,
                multi=multi_choice(controls, d.kind, view),
                sealed=d.sealed,
                side_action=side_action_open(controls, view, d.seat),
                **turn_fields(table.parts.header(view)),
            )
        )
    return tuple(out)


def next_line(state: GameState, d: Decision | None) -> str:
    if d is None:
        return ""
    # a public text: whom everybody waits for and his task, never his imperative prompt (#25)
    return f"➡ {stages.waiting_line(state)}"


class Presenter:
    """Turns committed moves into outputs, with the images ``draw`` renders."""

    def __init__(self, draw: RenderDispatch, languages: Languages | None = None) -> None:
        self.draw = draw
        #: Whose language each private update is said in (the table's language is the one
        #: in force while outputs are built: the service sets it).
        self.languages = languages if languages is not None else Languages()

    def reseated(
        self,
        table: Table,
        before: GameState,
        moves: list[Applied],
        header: str,
        players: list[PlayerInfo],
        game_id: int,
    ) -> Outcome:
        """A seat changed hands in a running game (``players``: its seats then): its
        announcement, then what the AI seats played at once - up to the game's end, which
        leaves the table without a game - or the decision now open."""
        if not moves:
            return self.announce(table, header)
        lead = (PublicUpdate(header),)
        return self.outcome(table, before, moves, players, game_id, lead=lead)

    @staticmethod
    def announce(table: Table, text: str) -> Outcome:
        """One public line about a running game (a seat changed hands, a pause, a return),
        with the decisions open now so the adapter keeps its controls current."""
        assert table.record is not None and table.state is not None
        return Outcome(
            True,
            public=(PublicUpdate(text),),
            decision=decision_info(table, table.state),
            decisions=decisions_info(table, table.state),
            game_id=table.record.id,
        )

    def outcome(
        self,
        table: Table,
        before: GameState,
        moves: list[Applied],
        players: list[PlayerInfo],
        game_id: int,
        header: str | None = None,
        lead: Sequence[PublicUpdate] = (),
    ) -> Outcome:
        """The outputs of committed moves; if building them fails (a bug), the moves still
        count: the players get the texts alone rather than a false "nothing changed"."""
        try:
            return self.build_outcome(table, before, moves, players, game_id, header, lead)
        except Exception:
            log.exception("channel %s: building the outputs failed", table.channel_id)
            lines = ([header] if header else []) + [m.text for m in moves]
            state = table.state
            return Outcome(
                True,
                public=(*lead, PublicUpdate("\n".join(lines) or "(done)")),
                decision=decision_info(table, state) if state is not None else None,
                decisions=decisions_info(table, state) if state is not None else (),
                game_id=game_id,
                seq=moves[-1].seq if moves else None,
                game_over=state is None,
            )

    def build_outcome(
        self,
        table: Table,
        before: GameState,
        moves: list[Applied],
        players: list[PlayerInfo],
        game_id: int,
        header: str | None = None,
        lead: Sequence[PublicUpdate] = (),
    ) -> Outcome:
        """Coalesce committed moves into public updates (one per turn: the first reports the
        command, later ones AI turns) and private ones; ``header`` starts the first update
        (and forces a board image and a hand update for everybody, as at the start)."""
        after = table.state
        if after is None:
            assert table.finished is not None and table.finished.state is not None
            after = table.finished.state
        publics: list[PublicUpdate] = list(lead)
        lines: list[str] = [header] if header else []
        turn_over = False
        ended = after.is_over
        reg = table.game
        words = table.parts.texts
        for i, m in enumerate(moves):
            lines.append(m.text)
            turn_over = m.turn_view is not None
            if m.turn_view is not None and i < len(moves) - 1:
                # A turn ended inside an AI chain: one update per turn, with the board as it
                # was at that turn's end.
                image = self.draw.render("board", m.turn_view, table.channel_id)
                publics.append(
                    PublicUpdate(
                        joined("\n", lines),
                        image,
                        "board" if image is not None else None,
                        m.seq,
                        turn_over=True,
                    )
                )
                lines = []
        d = None if ended else after.pending()
        view: JSON | None = None
        if lines or len(publics) == len(lead):
            kind: ImageKind | None = None
            if ended:
                kind = "end"
            elif (
                turn_over
                or header is not None
                or (
                    d is not None
                    and d.kind in reg.image_decisions
                    and not players[d.seat].is_ai  # an AI needs no picture
                )
            ):
                kind = "board"
            if not ended:
                lines.append(next_line(after, d))
            image = None
            if kind is not None:
                view = moves[-1].turn_view if moves and turn_over else after.public_view()
                assert view is not None
                image = self.draw.render(kind, view, table.channel_id)
                if image is not None and kind == "board":
                    lang = current_language()
                    table.images[("board", -1, lang)] = (game_id, len(after.history), image)
            publics.append(
                PublicUpdate(
                    # joined, not glued: its first line is said again in a reader's language
                    joined("\n", [x for x in lines if x]),
                    image,
                    kind if image is not None else None,
                    seq=moves[-1].seq if moves else len(after.history) - 1,
                    turn_over=bool(moves) and (turn_over or ended),
                )
            )
        # Private: each event's private text, and a hand update for every player whose secret
        # part (the registration's secret_part) changed. Only seats named by an event can change.
        texts: dict[int, list[str]] = {}
        echoes: dict[int, list[str]] = {}
        touched: set[int] = set()
        for m in moves:
            for e in m.events:
                if e.seat is not None:
                    touched.add(e.seat)
                for seat, text in e.private.items():
                    texts.setdefault(seat, []).append(text)
                    if e.echo:
                        echoes.setdefault(seat, []).append(text)
                    touched.add(seat)
        privates: list[PrivateUpdate] = []
        dirty = table.hand_dirty
        table_lang = current_language()
        nxt = None if after.is_over else after.pending()
        # A seat no event named kept its secret: its known one stays true after these moves.
        stamp_before = (game_id, len(before.history))
        for seat, known in list(table.secrets.items()):
            if seat not in touched and known[:2] == stamp_before:
                table.secrets[seat] = (game_id, len(after.history), known[2])
        for seat, p in enumerate(players):
            if p.is_ai or p.user_id is None:
                continue
            if header is None and seat not in touched and seat not in dirty:
                continue
            view_after = after.player_view(seat)
            secret_after = words.secret_part(view_after)
            changed = header is not None
            if not changed and seat in touched:
                remembered = table.secrets.get(seat)
                secret_before = (
                    remembered[2]
                    if remembered is not None and remembered[:2] == (game_id, len(before.history))
                    else words.secret_part(before.player_view(seat))
                )
                changed = secret_before != secret_after
            table.secrets[seat] = (game_id, len(after.history), secret_after)
            if changed and self.draw.hand_images is not HandImages.OFF:
                dirty.add(seat)
            # The hand image: at every change ("always"), or once the player's own run of
            # decisions has settled - the next decision is someone else's, or is about his
            # cards, or the turn is over ("settled"; the texts still go out at every change).
            settled = (
                header is not None
                or self.draw.hand_images is HandImages.ALWAYS
                or turn_over
                or nxt is None
                or nxt.seat != seat
                or nxt.kind in reg.hand_decisions
            )
            # Everything below only this player reads: said in his language.
            reader = self.languages.person(p.user_id, fallback=table_lang)
            hand_image = None
            if seat in dirty and settled:
                dirty.discard(seat)
                hand_image = self.draw.render("hand", view_after, table.channel_id, reader)
                if hand_image is not None:
                    key = ("hand", seat, reader)
                    table.images[key] = (game_id, len(after.history), hand_image)
            if not changed and seat not in texts and hand_image is None:
                continue
            body = [say(t, reader) for t in texts.get(seat, [])]
            summary = ""
            if changed or hand_image is not None:
                with speaking(reader):
                    summary = words.hand_text(view_after)
                body.append(summary)
            privates.append(
                PrivateUpdate(
                    p.user_id,
                    seat,
                    "\n".join(body),
                    hand_image,
                    "hand" if hand_image is not None else None,
                    summary=summary,
                    echo=tuple(say(t, reader) for t in echoes.get(seat, ())),
                )
            )
        decisions: tuple[DecisionInfo, ...] = ()
        if table.state is not None:
            decisions = decisions_info(
                table, table.state, view if view is not None and table.state is after else None
            )
        return Outcome(
            True,
            public=tuple(publics),
            private=tuple(privates),
            decision=decisions[0] if decisions else None,
            decisions=decisions,
            game_id=game_id,
            seq=moves[-1].seq if moves else None,
            game_over=ended,
            started=header is not None,
        )
