"""What a seat's typed command or chosen option names, or why it is refused: whose decision
it is, whether the command is one of the game's and legal now (the checks a move passes
before :class:`bot.table.session.Session` commits it)."""

from __future__ import annotations

from collections.abc import Callable

from bot.table import stages
from bot.table.grammar import as_shown, commands_help
from bot.table.outputs import Code
from bot.table.records import Refused, Table, first_word, why
from engine.core import Decision, IllegalMove, Option, UnknownCommand
from engine.i18n import either
from engine.i18n.shared import _, _n
from engine.text import excerpt


def check_move(table: Table, seat: int, text: str) -> str:
    """The canonical command, or :class:`Refused` with the specific reason.

    The game's own parser decides which first words it reads: a word that is none of the
    grammar's verbs goes to the parser (Amsterdam's bare cell, ``stay``, a card number), and a
    command the parser cannot read may still be one of the seat's options typed as the option
    list shows it (``deck``, ``C3``, ``play (nothing)``, see :func:`as_shown`)."""
    state = table.state
    record = table.record
    assert state is not None and record is not None
    grammar = table.parts.grammar
    word = first_word(text)
    if not word:
        raise Refused(Code.MALFORMED, _("empty command; /rules commands lists them"))
    verb = grammar.aliases.get(word, word)
    if verb in ("help", "?", "commands"):
        raise Refused(Code.HELP, commands_help(record.game_type))
    open_now = stages.open_decisions(state)
    if verb not in grammar.verbs:
        text, verb = _unlisted(table, seat, text)
    check_turn(table, seat, verb, open_now)
    try:  # a legal command is read once, here; a refused one is read again to say why
        return state.canonical(seat, text)
    except IllegalMove:
        pass
    try:
        grammar.parse(text, state)
    except IllegalMove as exc:
        shown = _shown_option(table, seat, text)
        if shown is None:
            message = _("cannot read '{text}': {problem}", text=excerpt(text), problem=why(exc))
            raise Refused(Code.MALFORMED, message) from exc
        text = shown.command
    try:
        return state.canonical(seat, text)
    except IllegalMove as exc:
        raise Refused(Code.ILLEGAL, _("illegal move: {problem}", problem=why(exc))) from exc


def check_turn(
    table: Table, seat: int, verb: str, open_now: tuple[Decision, ...] | None = None
) -> None:
    """:class:`Refused` if the seat may not move now: the game is over, he has chosen in
    this stage, or another seat decides (and ``verb`` is no side action his turn allows)."""
    state = table.state
    assert state is not None and table.record is not None
    if open_now is None:
        open_now = stages.open_decisions(state)
    if not open_now:
        raise Refused(Code.GAME_OVER, _("the game is over"))
    if all(d.seat != seat for d in open_now):
        chosen = stages.already_chosen(state, seat)
        if chosen is not None:
            raise Refused(Code.ALREADY_CHOSEN, chosen)
        d = open_now[0]
        active = table.parts.texts.active_seat(state.public_view())
        if not (verb in table.parts.grammar.anytime and seat == active):
            whose = state.players[d.seat]
            # the reader is not the decider: the decider's task (a noun phrase), never his
            # imperative prompt, which would order the reader in Hungarian and Italian (#25)
            task = table.parts.texts.task(d.kind)
            if seat == active and task:
                # Translators: {task} is what the decider is doing, a noun phrase
                msg = _(
                    "not your decision yet: {name} must decide first ({task})",
                    name=whose,
                    task=task,
                )
            elif seat == active:
                msg = _("not your decision yet: {name} must decide first", name=whose)
            elif task:
                # Translators: {task} is what the decider is doing, a noun phrase
                msg = _("not your decision: it is {name}'s turn ({task})", name=whose, task=task)
            else:
                msg = _("not your decision: it is {name}'s turn to decide", name=whose)
            raise Refused(Code.NOT_YOUR_DECISION, msg)


def _unlisted(table: Table, seat: int, text: str) -> tuple[str, str]:
    """A command whose first word is none of the game's verbs, as (text, verb): the game's
    parser reads it if it can (the text goes on as typed, with no verb of the grammar), else
    it is one of the seat's options as the option list shows it; else it is refused as an
    unknown command (or, when the parser read the first word, as malformed)."""
    state = table.state
    assert state is not None and table.record is not None
    grammar = table.parts.grammar
    problem: IllegalMove | None = None
    if stages.open_decisions(state):
        try:
            grammar.parse(text, state)
        except UnknownCommand:
            pass
        except IllegalMove as exc:
            if all(d.seat != seat for d in stages.open_decisions(state)):
                return text, ""  # read, but not his to answer: the next check says whose it is
            problem = exc
        else:
            return text, ""
        shown = _shown_option(table, seat, text)
        if shown is not None:
            return shown.command, shown.verb
    if problem is not None:
        message = _("cannot read '{text}': {problem}", text=excerpt(text), problem=why(problem))
        raise Refused(Code.MALFORMED, message)
    raise Refused(
        Code.UNKNOWN_COMMAND,
        _(
            "unknown command '{word}'; commands: {commands} (/rules commands explains them)",
            word=excerpt(first_word(text)),
            commands=either(sorted(grammar.verbs)),
        ),
    )


def _shown_option(table: Table, seat: int, text: str) -> Option | None:
    """The seat's option that ``text`` names as the option list shows it, if exactly one
    does; several: refused, with the commands to type instead."""
    state = table.state
    assert state is not None and table.record is not None
    mine = [d for d in stages.open_decisions(state) if d.seat == seat]
    if not mine:
        return None
    found = as_shown(table.parts.texts, mine[0].choices, text)
    if len(found) > 1:
        raise Refused(
            Code.MALFORMED,
            _(
                "'{typed}' names more than one option ({commands}): type the whole command",
                typed=excerpt(text),
                commands=either(f"'{o.command}'" for o in found),
            ),
        )
    return found[0] if found else None


#: How a command names its move: (table, seat, the seat's open decisions) -> the canonical
#: command, or :class:`Refused` with the reason (a typed text: :func:`check_move`; an option
#: shown by an adapter: :func:`pick_option`).
Pick = Callable[[Table, int, list[Decision]], str]


def pick_option(table: Table, seat: int, mine: list[Decision], choice: Option | int) -> str:
    """The canonical command of ``choice`` - an option of the seat's open decision (or a side
    action the game allows him now), or its place in his list of options (his decision's
    options, then the side actions: :meth:`GameState.legal_commands`) - or :class:`Refused`
    saying why it is none: not his decision (whose it is), or not one of his options now."""
    state = table.state
    assert state is not None
    options = mine[0].options if mine else ()
    if isinstance(choice, int):
        if 0 <= choice < len(options):
            return options[choice]
    elif choice.command in options:
        return choice.command
    # a side action the game allows him now (Venezia's gold exchange), else why not
    legal = state.legal_commands(seat) if table.parts.grammar.anytime else list(options)
    if isinstance(choice, int):
        if len(options) <= choice < len(legal):
            return legal[choice]
    elif choice.command in legal:
        return choice.command
    if not mine:
        check_turn(table, seat, "")
    if isinstance(choice, int):
        raise Refused(
            Code.ILLEGAL,
            _n(
                "there is no option {number}: your decision has {n} option",
                "there is no option {number}: your decision has {n} options",
                len(legal),
                number=choice + 1,
            ),
        )
    raise Refused(
        Code.ILLEGAL,
        _(
            "'{choice}' is not one of your options now: choose one your decision shows",
            choice=excerpt(choice.command),
        ),
    )
