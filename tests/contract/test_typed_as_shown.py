"""Every registered game at the table: what its option list shows is accepted when typed as
shown, in every language, through the table's shared check (``bot.table.move_check.check_move``),
which lets the game's own parser decide which first words it reads (#24 item 15); and the
verbs several games share are understood in every language in each game that has the verb."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage.records import GameRecord
from bot.table.grammar import shown_cells
from bot.table.move_check import check_move
from bot.table.outputs import Code
from bot.table.records import Refused, Table
from engine.core import Decision, GameState, options_of
from engine.i18n import LANGUAGES, speaking
from engine.i18n.verbs import WORDS, fold
from engine.registry import GameRegistration, table_registrations
from tests.fourth_game.conftest import with_test_games
from tests.test_service_support import open_service, uid

REGS = list(with_test_games(table_registrations))

#: positions looked at per game and option choice, and options tried per decision there
POSITIONS = 6
OPTIONS = 25


def settings(reg: GameRegistration) -> list[dict[str, str]]:
    """The game's defaults and each choice of its options with choices."""
    out: list[dict[str, str]] = [{}]
    for spec in reg.options:
        out += [{spec.name: c} for c in spec.choices if c != spec.default]
    return out


def table_of(reg: GameRegistration, state: GameState) -> Table:
    now = datetime.now(UTC)
    record = GameRecord(1, "c", reg.name, {}, 1, (), "active", -1, now, now, None)
    return Table("c", record=record, state=state)


def positions(reg: GameRegistration, options: dict[str, str], seed: int) -> list[GameState]:
    """Copies of a random game at :data:`POSITIONS` moments of its course."""
    game = reg.parts().game
    players = [f"P{i}" for i in range(game.min_players)]
    state = game.new_state(players, seed, reg.engine_options(options))
    rng = random.Random(seed)
    seen: list[GameState] = []
    for step in range(400):
        pending = state.pending_all()
        if not pending:
            break
        if step % 9 == 0 and len(seen) < POSITIONS:
            seen.append(game.from_json(state.to_json()))
        d = rng.choice(pending)
        state.apply(d.seat, rng.choice(d.options))
    return seen


def accepted(table: Table, d: Decision, typed: str) -> str:
    try:
        return check_move(table, d.seat, typed)
    except Refused as refused:
        return f"refused ({refused.code}): {refused.message}"


@pytest.mark.parametrize("reg", REGS, ids=lambda r: r.name)
def test_every_option_typed_as_shown_is_accepted_in_every_language(reg: GameRegistration) -> None:
    """#24 item 15: Amsterdam's option list showed '9) stay' and '2) no' and a bare cell,
    and the table refused them as unknown commands before the game's parser saw them."""
    texts = reg.parts().texts
    rng = random.Random(7)
    failures: list[str] = []
    tried = 0
    for options in settings(reg):
        for state in positions(reg, options, seed=3):
            table = table_of(reg, state)
            for d in state.pending_all():
                choices = list(d.choices)
                picked = rng.sample(range(len(choices)), min(OPTIONS, len(choices)))
                for lang in LANGUAGES:
                    with speaking(lang):
                        cells = shown_cells(texts, choices)
                        for i in picked:
                            option, cell = choices[i], cells[i]
                            shown = {option.command, f"{option.verb} {cell}".strip(), cell}
                            for typed in sorted(shown - {""}):
                                tried += 1
                                got = accepted(table, d, typed)
                                if got != option.command:
                                    failures.append(f"{lang} {options} {typed!r}: {got}")
    assert tried > 100
    assert not failures, "\n".join(failures[:20])


@pytest.mark.parametrize("reg", REGS, ids=lambda r: r.name)
def test_shared_verbs_work_in_every_language_where_the_game_has_the_verb(
    reg: GameRegistration,
) -> None:
    """#24 item 15: Italian 'giocare' played a card in Venezia and was refused in Amsterdam.
    Every word of engine.i18n.verbs for an English word the game accepts means the same."""
    grammar = reg.parts().grammar
    english = {
        word: grammar.aliases.get(word, word)
        for word in WORDS
        if grammar.aliases.get(word, word) in grammar.verbs
    }
    failures: list[str] = []
    tried = 0
    for options in settings(reg):
        for state in positions(reg, options, seed=5):
            table = table_of(reg, state)
            for d in state.pending_all():
                for option in list(d.choices)[:OPTIONS]:
                    for word, verb in english.items():
                        if verb != option.verb:
                            continue
                        for said in WORDS[word]:
                            for typed_word in {said, fold(said), said.upper()}:
                                typed = f"{typed_word} {option.arg}".strip()
                                tried += 1
                                got = accepted(table, d, typed)
                                if got != option.command:
                                    failures.append(f"{typed!r} ({word}): {got}")
    if english:
        assert tried > 0
    assert not failures, "\n".join(failures[:20])


def test_amsterdam_has_the_shared_verbs() -> None:
    """The test above is not empty where it matters: Amsterdam plays, passes and places."""
    reg = next(r for r in REGS if r.name == "amsterdam")
    aliases = reg.parts().grammar.aliases
    assert aliases["giocare"] == "play" and aliases["passzol"] == "pass"
    assert aliases["piazzare"] == "place"


def test_unknown_words_stay_unknown_and_words_after_a_shortcut_are_malformed() -> None:
    """A word neither the grammar nor the game's parser reads nor any shown option is an
    unknown command; a shortcut the parser read with words after it is refused as malformed,
    with the parser's reason (not 'unknown command')."""
    reg = next(r for r in REGS if r.name == "amsterdam")
    game = reg.parts().game
    state = game.new_state(["A", "B"], 4, None)
    rng = random.Random(1)
    while state.pending_all()[0].kind != "ship":
        d = state.pending_all()[0]
        state.apply(d.seat, rng.choice(d.options))
    d = state.pending_all()[0]
    table = table_of(reg, state)
    with pytest.raises(Refused) as unknown:
        check_move(table, d.seat, "dance")
    assert unknown.value.code == Code.UNKNOWN_COMMAND
    with pytest.raises(Refused) as extra:
        check_move(table, d.seat, "stay now")
    assert extra.value.code == Code.MALFORMED and "'ship stay'" in extra.value.message
    assert check_move(table, d.seat, "stay") == "ship stay"


async def test_amsterdam_shortcuts_through_the_service(tmp_path: Path) -> None:
    """#24 item 15 at the table service (what Discord's /move text: sends): every decision
    of an Amsterdam game with special cards answered by the cell its option list shows
    ('no', 'stay', '12', 'E7'), never a verb."""
    svc = open_service(tmp_path / "t.sqlite3")
    rng = random.Random(2)
    typed: list[str] = []
    try:
        for i in range(2):
            joined = await svc.lobby.join("c", uid(i), f"P{i + 1}", game="amsterdam")
            assert joined.accepted, joined.error
        out = await svc.lobby.set_options("c", uid(0), {"variant": "special_cards"})
        assert out.accepted, out.error
        assert (await svc.lobby.start("c", uid(0), seed=4)).accepted
        texts = next(r for r in REGS if r.name == "amsterdam").parts().texts
        for _ in range(60):
            decisions = await svc.play.decisions("c")
            if not decisions:
                break
            d = decisions[0]
            user = d.user_id or ""
            options = options_of(await svc.play.options_for("c", user, limit=None))
            cells = shown_cells(texts, options)
            i = rng.randrange(len(options))
            text = cells[i] or options[i].command
            out = await svc.play.command("c", user, text)
            assert out.accepted, (text, out.error)
            typed.append(text)
    finally:
        await svc.aclose()
    assert {"no", "stay"} <= set(typed) or len(set(typed)) > 10, typed
    assert any(t[:1].isalpha() and t[1:].isdigit() for t in typed), typed  # a bare cell
    assert any(t.isdigit() for t in typed), typed  # a bare card number


def test_a_shown_cell_of_several_options_is_refused_with_the_commands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cell the option list shows for two options ('ponte' under 'draw' and under 'swap')
    names neither: it is refused with the two commands to type instead (#24 item 15)."""
    reg = next(r for r in REGS if r.name == "venezia")
    state = reg.parts().game.new_state(["A", "B", "C"], 8, None)
    seat = state.pending_all()[0].seat
    both = Decision(seat, "draw", "draw a card", ("draw ponte", "swap ponte"))
    monkeypatch.setattr(type(state), "pending_all", lambda self: (both,))
    with pytest.raises(Refused) as refused:
        check_move(table_of(reg, state), seat, "ponte")
    assert refused.value.code == Code.MALFORMED
    assert "'draw ponte'" in refused.value.message and "'swap ponte'" in refused.value.message


def test_a_shortcut_from_a_seat_that_does_not_decide_is_told_whose_decision_it_is() -> None:
    """'12' from the player who is not deciding at Amsterdam's ship step is read by the game
    (a cell would be), so the refusal says whose decision it is, not 'unknown command'."""
    reg = next(r for r in REGS if r.name == "amsterdam")
    state = reg.parts().game.new_state(["A", "B"], 4, None)
    rng = random.Random(1)
    while state.pending_all()[0].kind != "ship":
        d = state.pending_all()[0]
        state.apply(d.seat, rng.choice(d.options))
    d = state.pending_all()[0]
    with pytest.raises(Refused) as refused:
        check_move(table_of(reg, state), 1 - d.seat, "stay")
    assert refused.value.code == Code.NOT_YOUR_DECISION
    with pytest.raises(Refused) as other:
        check_move(table_of(reg, state), 1 - d.seat, "12")
    assert other.value.code == Code.NOT_YOUR_DECISION
