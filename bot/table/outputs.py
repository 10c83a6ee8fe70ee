"""What the table service hands back to an adapter: plain data, never a Discord call.

An adapter (the Discord bot, the terminal table) translates these into messages:

* :class:`PublicUpdate` - text and maybe an image for the channel, posted in order;
* :class:`PrivateUpdate` - text and maybe an image for one player only (the Discord adapter
  DMs it or sends it ephemerally);
* :class:`Outcome` - the answer to anything that changes a table (join, start, a move, ...):
  either ``accepted`` with its updates, or refused with an ``error`` meant for the sender only;
* :class:`Reply` - the answer to a read command (board, hand, status, log, rules);
* :class:`DecisionInfo` - who must decide what next, with the game id and move number so an
  adapter can build persistent button ids that detect staleness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar, cast

from engine.core import Option, options_of
from engine.i18n import Text, say
from engine.registry import ImageKind as ImageKind  # the kinds every game draws

V = TypeVar("V")

#: A rule ID as the specifications write them: ``V-1.8``, ``CG-6.9a``, ``CG-G10``, ``AM-V4.10``.
RULE_ID = re.compile(r"\b[A-Z]{1,3}-[A-Z]{0,2}\d+(?:\.\d+)*[a-z]?\b")
_CITATION = re.compile(rf"\s*\((?:{RULE_ID.pattern}(?:/[\d.]+)?(?:,\s*|\s*\)))+(?<=\))")
_INNER = re.compile(rf",\s*(?:{RULE_ID.pattern}(?:/[\d.]+)?(?:,\s*)?)+(?=\))")


def _strip_citations(prompt: str) -> str:
    text = _CITATION.sub("", prompt)
    return _INNER.sub("", text)


class Question(Text):
    """A prompt with its rule citations left out that can still be said in another language
    (:func:`engine.i18n.say` says the prompt again and leaves the citations out again)."""

    _prompt: str

    def __new__(cls, prompt: str) -> Question:
        text = cast(Question, super().__new__(cls, _strip_citations(prompt)))
        text._prompt = prompt
        return text

    def in_language(self, lang: str) -> str:
        return Question(say(self._prompt, lang))

    def __reduce__(self) -> tuple[object, ...]:
        return (Question, (self._prompt,))


def question(prompt: str) -> str:
    """A decision's prompt as players read it: rule IDs cited in it belong in ``/rules``, not in
    a question (``choose a card (secret, AM-4.2)`` -> ``choose a card (secret)``). A prompt
    made as a :class:`~engine.i18n.Text` stays one (``say(question(p), "ja")`` works)."""
    if isinstance(prompt, Text):
        return Question(prompt)
    return _strip_citations(prompt)


class Code(StrEnum):
    """Machine-readable refusal codes (``Outcome.code`` / ``Reply.code``): a closed
    vocabulary, each member equal to its text (``Code.STALE == "stale"``)."""

    NO_GAME = "no_game"
    GAME_RUNNING = "game_running"
    ALREADY_STARTED = "already_started"
    NOT_SEATED = "not_seated"
    #: not seated because an AI plays the user's seat since a timeout (``/resume`` takes it
    #: back) ...
    TAKEN_OVER = "taken_over"
    #: ... or since the host moved him out (``/kick``: the host may ``/replace`` him back)
    MOVED_OUT = "moved_out"
    ALREADY_SEATED = "already_seated"
    NOT_YOUR_DECISION = "not_your_decision"
    #: a second answer of one seat in a simultaneous stage (it waits for the others)
    ALREADY_CHOSEN = "already_chosen"
    STALE = "stale"  # ``expect_seq`` differs: a decision from an earlier turn (or game)
    UNKNOWN_COMMAND = "unknown_command"
    MALFORMED = "malformed"
    ILLEGAL = "illegal"
    GAME_OVER = "game_over"
    TABLE_FULL = "table_full"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    NOT_ALLOWED = "not_allowed"
    UNKNOWN_GAME = "unknown_game"
    WRONG_GAME = "wrong_game"
    UNKNOWN_AI = "unknown_ai"
    NO_AI = "no_ai"
    DUPLICATE = "duplicate"
    BROKEN = "broken"
    INTERNAL = "internal"
    #: the database cannot be reached right now: nothing changed, the same command works
    #: once it is back (#27)
    UNAVAILABLE = "unavailable"
    UNKNOWN_TOPIC = "unknown_topic"
    HELP = "help"  # the sender asked for the command list (``error`` holds it)


@dataclass(frozen=True, slots=True)
class PublicUpdate:
    """One message for the whole channel.

    ``seq`` is the number of the last move it reports (``None`` for lobby messages); ``image``
    is PNG bytes of kind ``image_kind`` (``"board"`` or ``"end"``) or ``None``.
    """

    text: str
    image: bytes | None = None
    image_kind: ImageKind | None = None
    seq: int | None = None
    #: The last move it reports ended a turn (or the game): an adapter that keeps one
    #: message per turn closes that turn's message here.
    turn_over: bool = False


@dataclass(frozen=True, slots=True)
class PrivateUpdate:
    """One message for one player only (``user_id``; ``seat`` at the current game)."""

    user_id: str
    seat: int
    text: str
    image: bytes | None = None
    image_kind: ImageKind | None = None
    #: The one-line state of his hand after it (also the last line of ``text``), or "":
    #: an adapter that sends several updates at once shows only the newest summary.
    summary: str = ""
    #: Lines of ``text`` that only confirm his own answer (``Event.echo``): shown at once, left
    #: out of updates held for later (the summary shows an answer while it is still secret).
    echo: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DecisionInfo:
    """Who must decide now.

    ``seq`` is the number the next move will get (so ``(game_id, seq)`` identifies the decision
    point; a button carrying an older pair is stale). ``options`` is given only when the
    options reveal nothing hidden (placing, draining, choosing a building, ...); otherwise it is
    ``None`` and the adapter asks :meth:`bot.table.play.Play.choices_for` on behalf of that user.
    ``options`` holds the canonical commands; adapters read them typed, as :attr:`choices`.
    ``user_id`` is ``None`` for an AI seat.

    ``prompt`` is said in the table's language; when the engine made it as a message it is a
    :class:`~engine.i18n.Text`, so an adapter asking the decider privately says it in his
    language with ``engine.i18n.say(info.prompt, lang)`` (or :meth:`prompt_in`).
    """

    channel_id: str
    game_id: int
    seq: int
    seat: int
    user_id: str | None
    name: str
    kind: str
    prompt: str
    options: tuple[str, ...] | None = None
    is_ai: bool = False
    #: The game's turn counter and the seat whose turn it is, when the public view's typed
    #: header has them (``ViewHeader.number``/``active``): a decision inside another seat's
    #: turn (an architect placing) has ``seat != active``.
    turn: int | None = None
    #: the game's word for ``turn``'s counter (``turn``, ``round``: its view header's)
    counter: str | None = None
    active: int | None = None
    active_name: str | None = None
    #: The game's registered name (an adapter reads its labels and controls from the
    #: game's registration, :mod:`engine.registry`).
    game: str = field(kw_only=True)
    #: The decision may be declined (``decline`` names the command that declines it).
    optional: bool = False
    decline: str | None = None
    #: The decision offered as one multi-select (from the game's controls), if it declares one.
    multi: MultiChoice | None = None
    #: The answer stays secret until every seat of the stage has answered (adapters ask it
    #: privately: an ephemeral select, a hidden prompt).
    sealed: bool = False
    #: The game's side action (its controls' ``side_action``) may be open for the decider, as
    #: far as the public view tells (``Controls.side_action_open``): never his hidden
    #: information, so a public button may follow it. False when the game has none.
    side_action: bool = True

    @property
    def choices(self) -> tuple[Option, ...] | None:
        """The public options as typed :class:`~engine.core.Option` values (what adapters
        read: verb, arguments, command); ``None`` when the options are private."""
        return None if self.options is None else options_of(self.options)

    def prompt_in(self, lang: str) -> str:
        """The prompt said in ``lang`` (the decider's language, for a private ask)."""
        return say(self.prompt, lang)

    @property
    def decline_option(self) -> Option | None:
        """The declining command as an :class:`~engine.core.Option` (``None``: none named)."""
        return None if self.decline is None else Option.of(self.decline)


@dataclass(frozen=True, slots=True)
class MultiChoice:
    """A multi-select for one decision: choosing ``min``..``max`` of ``items`` (value, label,
    description) sends ``"<verb> " + " ".join(values)``."""

    verb: str
    items: tuple[tuple[str, str, str | None], ...]
    min: int
    max: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a command that may change a table.

    ``accepted`` is false for every refusal; then ``error`` (for the sender only) says why and
    ``code`` (see :class:`Code`) says which kind of refusal it was, and nothing changed.
    ``public`` holds the channel messages to post in order: the first reports the command
    itself (all events it caused, coalesced), later ones report AI seats that moved next (one
    per turn). ``private`` holds per-player messages. ``decision`` is the next decision of a
    human (``None`` when the game is over or no game runs). ``duplicate`` marks a retried
    delivery (same idempotency key) that was answered without doing anything again.

    One case carries updates although refused: AI seats left with a pending decision (after a
    restart cut an AI chain short) move before a human's command is judged; if that command is
    then refused, ``public``/``private`` report the AI moves (the refused command changed
    nothing).
    """

    accepted: bool
    error: str | None = None
    code: Code | None = None
    public: tuple[PublicUpdate, ...] = ()
    private: tuple[PrivateUpdate, ...] = ()
    decision: DecisionInfo | None = None
    game_id: int | None = None
    seq: int | None = None
    game_over: bool = False
    duplicate: bool = False
    #: Every open decision (several in a simultaneous stage, where all deciders are asked at
    #: once; ``decision`` is the first of them). Empty when the game is over.
    decisions: tuple[DecisionInfo, ...] = ()
    #: The outcome starts a game (the deal): an adapter that holds hand news until a turn
    #: ends sends the starting hands of those not deciding now.
    started: bool = False
    #: Users who no longer decide at this table since this outcome (their seat went to an
    #: AI, or the game ended while it waited for them): an adapter removes what it showed
    #: them as deciders (e.g. a reminder).
    released: tuple[str, ...] = ()
    #: The canonical command of the player's move this outcome accepted (``None``: no move
    #: of his), e.g. the option a ``#i`` reference named (``service.play.choose``).
    command: str | None = None
    #: A refused multi-select choice (``service.play.choose_many``): the chooser's own
    #: options of its verb now, so an adapter can offer the same menu again.
    choices: tuple[Option, ...] = ()

    @classmethod
    def refuse(cls, code: Code, error: str) -> Outcome:
        return cls(False, error=error, code=code)

    @property
    def texts(self) -> list[str]:
        """All public texts, in order (handy for logs and tests)."""
        return [u.text for u in self.public]

    def private_for(self, user_id: str) -> list[PrivateUpdate]:
        return [p for p in self.private if p.user_id == user_id]


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to a read command. ``private`` replies go to the asking user only."""

    text: str
    error: str | None = None
    code: Code | None = None
    image: bytes | None = None
    image_kind: ImageKind | None = None
    private: bool = False
    decision: DecisionInfo | None = None
    lines: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return self.error is None

    @classmethod
    def refuse(cls, code: Code, error: str, *, private: bool = False) -> Reply:
        return cls(text=error, error=error, code=code, private=private)


@dataclass(frozen=True, slots=True)
class Answer(Generic[V]):
    """The answer to a read whose value is not text (a game card, a replay, the leaderboard's
    lines): ``value``, or - refused or failed - ``None`` with ``error`` and ``code`` as a
    refused :class:`Reply`'s."""

    value: V | None = None
    error: str | None = None
    code: Code | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @classmethod
    def refuse(cls, code: Code, error: str) -> Answer[V]:
        return cls(None, error, code)
