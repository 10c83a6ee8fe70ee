"""A play that completes a building the board has no room for says so before it is chosen
(#24 item 25): an early third ponte, with every bridge site still under swamps or built on,
was offered as a plain 'play ponte' and its cards were discarded ("there is no room for the
ponte", V-1.10 step 1; a ponte needs both hexes of a bridge site, V-B3). The play option
carries a note (engine.core.Option.note, in every language); the terminal's option list and
Discord's menus show it."""

from __future__ import annotations

import random
from pathlib import Path

from bot.discord.controls import pick_selects
from bot.terminal.view import numbered_options
from engine.core import Event, GameState, Option
from engine.i18n import LANGUAGES, say, speaking
from engine.registry import registration
from engine.venezia.decisions import completions, has_room
from engine.venezia.state import VeneziaState
from tests.test_service_support import open_service, uid

REG = registration("venezia")
PLAYERS = ["P1", "P2", "P3"]


def no_room_position(seed: int = 0) -> tuple[VeneziaState, list[tuple[int, str]]]:
    """The first play decision of a random 3-player game (seeded) where a play would
    complete a ponte while no bridge site is free, and the moves that led there."""
    state = REG.parts().game.new_state(PLAYERS, seed, None)
    assert isinstance(state, VeneziaState)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    while True:
        d = state.pending_all()[0]
        if d.kind == "play" and any(c == "play ponte" for c, _note in d.notes):
            return state, moves
        command = rng.choice(d.options)
        state.apply(d.seat, command)
        moves.append((d.seat, command))


def resolved(state: GameState, seat: int, command: str) -> list[Event]:
    """The events of ``command`` and of every decision of the buildings it completes."""
    events = list(state.apply(seat, command))
    while state.pending_all() and state.pending_all()[0].kind in (
        "build",
        "place",
        "district",
        "exchange_window",
    ):
        d = state.pending_all()[0]
        events += state.apply(d.seat, d.options[0])
    return events


def test_an_early_ponte_with_no_free_bridge_site_is_announced_and_true() -> None:
    state, _moves = no_room_position()
    d = state.pending_all()[0]
    play = next(o for o in d.choices if o.command == "play ponte")
    assert "no room left for a ponte" in play.note and "discarded" in play.note
    # in every language, from the catalogs
    said = {lang: say(play.note, lang) for lang in LANGUAGES}
    assert len(set(said.values())) == len(LANGUAGES), said
    # the nothing-play is not touched
    assert next(o for o in d.choices if o.command == "play").note == ""
    # and it is true: the cards are discarded
    events = resolved(state.clone(), d.seat, "play ponte")
    assert any(e.kind == "no_room" and e.data.get("building") == "ponte" for e in events)


def test_notes_say_exactly_which_plays_lose_their_cards() -> None:
    """Over random games: the types a play completes are those the play finds (``_play``),
    a play is noted exactly when one of them has no room now, and each noted building is
    then discarded whatever order the buildings are resolved in."""
    noted = 0
    for seed in range(6):
        state = REG.parts().game.new_state(PLAYERS, seed, None)
        assert isinstance(state, VeneziaState)
        rng = random.Random(seed)
        while state.pending_all():
            d = state.pending_all()[0]
            if d.kind == "play":
                kinds = ("basilica", "palazzo", "campo", "ponte", "casa")
                full = {t for t in kinds if not has_room(state, t)}
                for option in d.choices:
                    counts = _counts(option)
                    done = completions(state, d.seat, counts)
                    copy = state.clone()
                    events = resolved(copy, d.seat, option.command) if done else []
                    # placing a type's last piece ends the game before the rest resolve
                    over = not copy.pending_all()
                    built = sorted(e.data["building"] for e in events if e.kind == "resolve")
                    if not over:
                        assert built == sorted(done), (option.command, built, done)
                    lost = {t for t in done if t in full}
                    assert bool(option.note) == bool(lost), (option.command, option.note)
                    if lost:
                        noted += 1
                        gone = {e.data["building"] for e in events if e.kind == "no_room"}
                        assert over or lost <= gone, (option.command, lost, gone)
            command = rng.choice(d.options)
            state.apply(d.seat, command)
    assert noted > 10


def _counts(option: Option) -> dict[str, int]:
    counts: dict[str, int] = {}
    k = 1
    for word in option.args:
        if word.isdigit():
            k = int(word)
        else:
            counts[word] = counts.get(word, 0) + k
            k = 1
    return counts


async def test_the_terminal_list_and_the_discord_menu_say_it_before_the_play(
    tmp_path: Path,
) -> None:
    """Through the table service: the seat's choices carry the note; the terminal's option
    list shows 'ponte — no room left …' ('橋 — …' in Japanese) and Discord's private menu has
    it under the label, in the reader's language."""
    _state, moves = no_room_position()
    svc = open_service(tmp_path / "t.sqlite3")
    try:
        for i, name in enumerate(PLAYERS):
            assert (await svc.lobby.join("c", uid(i), name, game="venezia")).accepted
        assert (await svc.lobby.start("c", uid(0), seed=0)).accepted
        for seat, command in moves:
            out = await svc.play.command("c", uid(seat), command)
            assert out.accepted, (command, out.error)
        d = await svc.play.decision("c")
        assert d is not None and d.kind == "play"
        choices = await svc.play.choices_for("c", d.user_id or "", limit=None)
        texts = REG.parts().texts
        for lang in LANGUAGES:
            with speaking(lang):
                play = next(o for o in choices if o.command == "play ponte")
                note = say(play.note)
                lines = "\n".join(numbered_options(choices, 400, texts))
                # the card named in the reader's words (#24 item 23), the note after it
                cell = texts.option_cell(play.verb, play.arg)
                assert f"{cell} — {note}" in lines, lines
                menus = pick_selects("555", 1, d.seq, choices, game_name="venezia")
                described = [o.description for m in menus for o in m.options if o.description]
                assert any(note[:40] in (text or "") for text in described), described
                assert say(play.note, "en") != note or lang == "en"
    finally:
        await svc.aclose()
