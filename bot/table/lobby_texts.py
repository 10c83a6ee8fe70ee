"""The lobby's words: the lobby line, seat labels, player counts, the refusal while a game
runs, who joins and leaves. Generic: nothing here knows a game."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.store import SeatRecord
from bot.table import lobby_options
from bot.table.ai_seat import ai_seat_name
from bot.table.records import Refused, Table, join_names, unique_names
from bot.table.stages import names_text
from engine.core import Game
from engine.i18n import joined
from engine.i18n.shared import _, _n
from engine.registry import registration, view_header


def lobby_text(game: Game, seats: list[SeatRecord], table: Table | None = None) -> str:
    host = lobby_host(seats)
    names = [seat_label(s, s is host) for s in seats]
    n = len(seats)
    ready = (
        _("/start when ready")
        if game.min_players <= n <= game.max_players
        else _n("{n} more needed", "{n} more needed", game.min_players - n)
        if n < game.min_players
        else _("too many players")
    )
    text: str = _(
        "{game} table: {seated}/{most} seated — {names}. {ready}.",
        game=game.title,
        seated=n,
        most=game.max_players,
        names=join_names(names),
        ready=ready,
    )
    if table is not None:
        options = lobby_options.current_options(table, game.name)
        # joined, not glued: the text can still be said in another reader's language
        text = joined("", (text, lobby_options.describe(game.name, options)))
    return text


def seat_label(seat: SeatRecord, host: bool = False) -> str:
    """A lobby seat as the lobby lists it: ``Alice (host)``, ``Greedy AI [AI]``."""
    label: str = seat.display_name
    if seat.is_ai:  # a seat named after its level reads as the level's label (#25)
        return ai_label(ai_seat_name(label, seat.ai_level))
    if host:
        label = _("{name} (host)", name=label)
    return label


def ai_label(name: str) -> str:
    # Translators: an AI seat's name in a list of seats
    return _("{name} [AI]", name=name)


def player_count(low: int, high: int) -> str:
    """``exactly 2 players`` or ``2–5 players``: a range whose ends agree is one number."""
    if low == high:
        return _n("exactly {n} player", "exactly {n} players", low)
    return _("{low}–{high} players", low=low, high=high)


def lobby_host(seats: list[SeatRecord]) -> SeatRecord | None:
    return next((s for s in seats if not s.is_ai), None)


def running_refusal(table: Table, code: str, what: str) -> Refused:
    state = table.state
    assert state is not None
    d = state.pending()
    where = view_header(state.public_view()).counter_text
    who = _("{name} to decide", name=state.players[d.seat]) if d is not None else _("ending")
    title = registration(table.record.game_type).title if table.record else _("a game")
    return Refused(
        code,
        _(
            "{what}: {game} is already running here ({where}, {who}); it must end or be "
            "aborted (/abort, host or channel manager) first",
            what=what,
            game=title,
            where=where,
            who=who,
        ),
    )


def joins(name: str, lobby: str) -> str:
    return joined(" ", (_("{name} joins.", name=name), lobby))


def leaves(name: str, lobby: str) -> str:
    return joined(" ", (_("{name} leaves.", name=name), lobby))


def and_names(names: Sequence[str]) -> str:
    """``Alice and Bob``, ``Alice, Bob and Carol``."""
    return names_text(list(names))


def ai_name(base: str, taken: Sequence[str]) -> str:
    """A new AI seat's name: ``base``, else ``base`` and a letter (``Greedy AI B``). Not a
    number: texts put numbers right after names ("Greedy AI 2 3 VP", "votes Greedy AI 1 – 0
    Greedy AI 2"), where a numbered name reads as a score."""
    used = {t.casefold() for t in taken}
    for letter in " BCDEFGHIJKLMNOPQRSTUVWXYZ":
        name = base if letter == " " else f"{base} {letter}"
        if name.casefold() not in used:
            return name
    return unique_names([base], taken)[0]
