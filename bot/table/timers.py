"""Turn timers: per-table settings, stored deadlines, reminders, timeouts, takeovers.

Deadlines are rows, not sleeping tasks: after every action on a table :meth:`Timers.sync`
stores, for each human seat with an open decision (in a sealed stage: each seat that has not
answered), when its reminder and its timeout are due, timed from the service's clock. A
scheduler (:meth:`bot.table.service.TableService.tick`, driven by that injectable clock) fires
what is due; each row carries fired-flags, set in the database in the transaction that stores
the timeout's effect (the seat handed to an AI, or the pause; a reminder's flag is all it
stores), so a crash leaves a timeout either done and marked or neither, and it fires exactly
once, also after a restart; the same transaction stores the fired timer's notice, which stays
until the adapter confirms that it posted the announcement (``tick(confirm=True)``), so a
crash before the post loses no announcement either. A timeout either hands the seat to an AI
(the table's level; it answers from that seat's view, as every AI seat) - announced, and the
player takes it back with ``/resume`` - or pauses the game (it waits for the player). While
a game is paused at a timeout the other human players vote (:meth:`Timers.vote`, stored
votes): let an AI play the seat, keep waiting, or end the game; a strict majority of them
decides at once, and the paused player's own decision (or ``/resume``) ends the vote.
Generic: nothing here knows a game.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass, replace

from bot.storage.repositories import GameRepository, LobbyRepository, TimerRepository
from bot.storage.store import Deadline, PlayerInfo, TimerSettings
from bot.storage.timers import Notice
from bot.table.ai_driving import AiDriver, check_level
from bot.table.ai_seat import AiLevel, UnknownAiLevel, ai_level
from bot.table.handover import Handover, Reclaim
from bot.table.languages import Languages, parse_language
from bot.table.lobby import lobby_game, lobby_text
from bot.table.outputs import Code, Outcome, PublicUpdate
from bot.table.presentation import Presenter, decision_info, decisions_info
from bot.table.records import Refused, Table, why
from bot.table.restore import Restore
from bot.table.stats import abort_standings
from engine.i18n import NATIVE_NAMES, either, negotiate, speaking
from engine.i18n.shared import N_, _, _n
from engine.text import excerpt

log = logging.getLogger("bot.service")

MIN_TIMER = 60
MAX_TIMER = 7 * 86400
#: The shortest reminder one may set (it must come before the time runs out, too).
MIN_REMIND = 60
MIN_ARCHIVE_DAYS = 1
MAX_ARCHIVE_DAYS = 365
DEFAULT_ARCHIVE_DAYS = 14
#: Digits a setting's number may have (leading zeros aside): far past every range, and a
#: 5,000-digit value is refused as out of range without converting it.
_MAX_NUMBER_DIGITS = 9

#: Presets a person understands: name -> (turn timer seconds, short description).
PRESETS: dict[str, int | None] = {
    "off": None,
    "live": 120,
    "evening": 15 * 60,
    "correspondence": 86400,
}

_UNITS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "seconds": 1,
    "m": 60,
    "min": 60,
    "mins": 60,
    "minute": 60,
    "minutes": 60,
    "h": 3600,
    "hour": 3600,
    "hours": 3600,
    "d": 86400,
    "day": 86400,
    "days": 86400,
    # the units in the other languages the table speaks (typed words are understood at
    # any table): Japanese, Hungarian, Italian
    "秒": 1,
    "分": 60,
    "時間": 3600,
    "日": 86400,
    "mp": 1,
    "másodperc": 1,
    "perc": 60,
    "óra": 3600,
    "ó": 3600,
    "nap": 86400,
    "n": 86400,
    "secondo": 1,
    "secondi": 1,
    "minuto": 60,
    "minuti": 60,
    "ora": 3600,
    "ore": 3600,
    "g": 86400,
    "giorno": 86400,
    "giorni": 86400,
}


class _BadNumber(ValueError):
    """A setting's value that is not a number in range: ``problem`` says what is wrong
    (the caller adds what the setting allows)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _plain(text: str) -> str:
    """``text`` as a setting reads it: the full-width letters, digits and spaces of an East
    Asian input method made plain (``１０ｍ`` -> ``10m``), as the games' commands read them;
    superscripts, circled digits and the like are left as typed (and refused as digits)."""
    folded = "".join(
        unicodedata.normalize("NFKC", ch) if "\uff01" <= ch <= "\uff5e" else ch for ch in text
    )
    return folded.replace("\u3000", " ").strip().casefold()


def _read_amount(text: str, default_unit: int) -> int:
    """Seconds of ``90s``, ``2m``, ``15分``, ``1h``, ``1d`` (a bare number is ``default_unit``
    seconds); :class:`_BadNumber` if the digits are not 0-9 or it is no time at all. A number
    past :data:`_MAX_NUMBER_DIGITS` digits reads as too large to be in any range."""
    plain = _plain(text)
    quoted = excerpt(text, limit=20)
    if any(ch.isnumeric() and not "0" <= ch <= "9" for ch in plain):
        raise _BadNumber(_("'{value}' is not written with the digits 0–9.", value=quoted))
    m = re.fullmatch(r"([0-9]+)\s*([^\W\d_]*)", plain)
    if m is None or (m.group(2) and m.group(2) not in _UNITS):
        raise _BadNumber(_("'{value}' is not a time.", value=quoted))
    digits = m.group(1).lstrip("0") or "0"
    if len(digits) > _MAX_NUMBER_DIGITS:
        raise _BadNumber(_("'{value}' is out of range.", value=quoted))
    return int(digits) * (_UNITS[m.group(2)] if m.group(2) else default_unit)


def parse_duration(text: str) -> int:
    """``90s``, ``2m``, ``15 min``, ``1h``, ``1d`` -> seconds (``ValueError`` otherwise); a
    bare number is minutes."""
    try:
        return _read_amount(text, 60)
    except _BadNumber as exc:
        raise ValueError(
            _("not a duration: {text} (say e.g. 90s, 2m, 15min, 1h, 1d)", text=repr(text))
        ) from exc


def duration_text(seconds: float) -> str:
    """``2 min``, ``1 h 30 min``, ``1 day``: a short human duration."""
    s = max(0, round(seconds))
    if s % 86400 == 0 and s >= 86400:
        return _n("{n} day", "{n} days", s // 86400)
    parts: list[str] = []
    for size, unit in _DURATION_UNITS:
        if s >= size:
            parts.append(_(unit, n=s // size))
            s %= size
    return " ".join(parts[:2]) or _(_DURATION_UNITS[-1][1], n=0)


#: Short duration units (said at use: made at import, before anybody's language is known).
_DURATION_UNITS = (
    (86400, N_("{n} d")),
    (3600, N_("{n} h")),
    (60, N_("{n} min")),
    (1, N_("{n} s")),
)


def preset_name(turn_seconds: int | None) -> str | None:
    return next((k for k, v in PRESETS.items() if v == turn_seconds), None)


def parse_settings(text: str, current: TimerSettings) -> TimerSettings:
    """Apply ``text`` to ``current``: a preset (``off``, ``live``, ``evening``,
    ``correspondence``) and/or ``timer <duration>``, ``remind <duration>|half|off``,
    ``timeout ai [level]|pause``, ``level <ai level>``, ``archive <days>``
    (``key=value`` works too). ``ValueError`` says what is wrong and what is allowed.

    Every number has its range: the turn timer 1 min to 7 days (a bare number is minutes),
    the reminder at least 1 min and before the time runs out, archive 1 to 365 whole days (a
    bare number is days). Numbers are written with the digits 0-9, also full-width (as an
    East Asian input method types them); superscripts, circled digits and other number
    characters are refused.

    The whole ``/settings`` grammar also has ``language <code or name>`` (``language ja``,
    ``language Magyar``, ``language italiano``; the key may be ``lang``, ``nyelv``,
    ``lingua`` or ``言語``): the table's language, taken out first by
    :func:`bot.table.languages.parse_language` and kept by
    :class:`bot.table.languages.Languages`, not in the timer settings."""
    words = _plain(text).replace("=", " ").replace(",", " ").split()
    s = current
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        if w in PRESETS:
            s = replace(s, turn_seconds=PRESETS[w], remind_seconds=None)
            i += 1
            continue
        if nxt is None:
            raise ValueError(
                _("{setting} needs a value", setting=repr(w)) if w in _KEYS else _unknown(w)
            )
        if w in ("timer", "turn"):
            if nxt in PRESETS:
                s = replace(s, turn_seconds=PRESETS[nxt])
            else:
                s = replace(s, turn_seconds=_timer(nxt))
        elif w in ("remind", "reminder"):
            s = replace(
                s,
                remind_seconds=None if nxt == "half" else 0 if nxt == "off" else _remind(nxt, s),
            )
        elif w == "timeout":
            if nxt not in ("ai", "pause"):
                raise ValueError(_("timeout must be ai or pause"))
            s = replace(s, on_timeout=nxt)
            if nxt == "ai" and i + 2 < len(words) and words[i + 2] not in _KEYS:
                s = replace(s, ai_level=_level(words[i + 2]))
                i += 1
        elif w in ("level", "ai"):
            s = replace(s, ai_level=_level(nxt))
        elif w == "archive":
            s = replace(s, archive_days=_archive(nxt))
        else:
            raise ValueError(_unknown(w))
        i += 2
    remind = s.remind_seconds
    if s.turn_seconds is not None and remind and remind >= s.turn_seconds:
        problem = _(
            "A reminder after {remind} comes when the time has run out ({timer}).",
            remind=duration_text(remind),
            timer=duration_text(s.turn_seconds),
        )
        raise ValueError(_refusal(problem, _remind_rule(s)))
    return s


_KEYS = ("timer", "turn", "remind", "reminder", "timeout", "level", "ai", "archive")


def _refusal(problem: str, allowed: str) -> str:
    # Translators: a refused /settings value: what was wrong, then what the setting allows
    # (two sentences)
    return _("{problem} {allowed}", problem=problem, allowed=allowed)


def _timer(value: str) -> int:
    """The turn timer's seconds: :data:`MIN_TIMER` to :data:`MAX_TIMER`."""
    rule = _(
        "The turn timer takes a time from {least} to {most} (e.g. timer 90s, timer 10m, "
        "timer 2h, timer 1d; a bare number is minutes) or a preset: live, evening, "
        "correspondence, off.",
        least=duration_text(MIN_TIMER),
        most=duration_text(MAX_TIMER),
    )
    try:
        seconds = _read_amount(value, 60)
    except _BadNumber as exc:
        raise ValueError(_refusal(exc.problem, rule)) from exc
    if not MIN_TIMER <= seconds <= MAX_TIMER:
        raise ValueError(_refusal(_out_of_range(value), rule))
    return seconds


def _remind_rule(s: TimerSettings) -> str:
    if s.turn_seconds is None:
        return _(
            "remind takes half, off or a time from {least}, shorter than the turn timer "
            "(e.g. remind 5m; a bare number is minutes).",
            least=duration_text(MIN_REMIND),
        )
    return _(
        "remind takes half, off or a time from {least}, shorter than the turn timer of "
        "{timer} (e.g. remind 5m; a bare number is minutes).",
        least=duration_text(MIN_REMIND),
        timer=duration_text(s.turn_seconds),
    )


def _remind(value: str, s: TimerSettings) -> int:
    """The reminder's seconds after a decision opens: at least :data:`MIN_REMIND`, less than
    :data:`MAX_TIMER` (less than the turn timer is checked once every setting is read)."""
    try:
        seconds = _read_amount(value, 60)
    except _BadNumber as exc:
        raise ValueError(_refusal(exc.problem, _remind_rule(s))) from exc
    if not MIN_REMIND <= seconds < MAX_TIMER:
        raise ValueError(_refusal(_out_of_range(value), _remind_rule(s)))
    return seconds


def _archive(value: str) -> int:
    """Whole days, :data:`MIN_ARCHIVE_DAYS` to :data:`MAX_ARCHIVE_DAYS` (a bare number is
    days; ``14d`` and ``336h`` are 14 days)."""
    rule = _(
        "archive takes whole days from {least} to {most} (e.g. archive 14 or archive 14d).",
        least=MIN_ARCHIVE_DAYS,
        most=MAX_ARCHIVE_DAYS,
    )
    try:
        seconds = _read_amount(value, 86400)
    except _BadNumber as exc:
        raise ValueError(_refusal(exc.problem, rule)) from exc
    if seconds % 86400:
        problem = _("'{value}' is not a whole number of days.", value=excerpt(value, limit=20))
        raise ValueError(_refusal(problem, rule))
    if not MIN_ARCHIVE_DAYS <= seconds // 86400 <= MAX_ARCHIVE_DAYS:
        raise ValueError(_refusal(_out_of_range(value), rule))
    return seconds // 86400


def _out_of_range(value: str) -> str:
    return _("'{value}' is out of range.", value=excerpt(value, limit=20))


def _unknown(word: str) -> str:
    return _(
        "unknown setting {setting}; say a preset (off, live, evening, correspondence) or "
        "timer 10m, remind 5m|half|off, timeout ai [level]|pause, level <AI level>, archive 14d, "
        "language <name>",
        setting=repr(excerpt(word)),
    )


def _level(text: str) -> str:
    try:
        return ai_level(text).name
    except UnknownAiLevel as exc:
        raise ValueError(why(exc)) from exc


def describe_settings(s: TimerSettings) -> str:
    """One line for the lobby and /status."""
    if s.turn_seconds is None:
        return _("Turn timer: off (/settings live, evening or correspondence to set one).")
    preset = preset_name(s.turn_seconds)
    timer = duration_text(s.turn_seconds) + (f" ({preset})" if preset else "")
    remind = s.remind_after
    reminder = (
        _("no reminder")
        if remind is None
        else _("reminder after {duration}", duration=duration_text(remind))
    )
    if s.on_timeout == "pause":
        then = _("then the game pauses")
    else:
        then = _(
            "then an AI ({level}) takes the seat until /resume", level=ai_level(s.ai_level).name
        )
    return _(
        "Turn timer: {timer} per decision; {reminder}; {then}.",
        timer=timer,
        reminder=reminder,
        then=then,
    )


#: What the other players may vote for while a game is paused at a timeout.
#: (labels marked for the catalogs: say them with ``_(label)`` at use)
VOTE_CHOICES: dict[str, str] = {
    "ai": N_("Let an AI play the seat"),
    "wait": N_("Keep waiting"),
    "end": N_("End the game"),
}
_VOTE_WORDS = {
    "ai": "ai",
    "wait": "wait",
    "keep": "wait",
    "end": "end",
    "abort": "end",
    # in the other languages the table speaks
    "mi": "ai",
    "ia": "ai",
    "待つ": "wait",
    "終了": "end",
    "vár": "wait",
    "várunk": "wait",
    "vége": "end",
    "aspetta": "wait",
    "aspettare": "wait",
    "fine": "end",
    "termina": "end",
}


def parse_vote(text: str) -> str:
    """``ai``, ``wait`` or ``end`` (``ValueError`` otherwise)."""
    choice = _VOTE_WORDS.get(text.strip().casefold())
    if choice is None:
        raise ValueError(_("vote ai, wait or end"))
    return choice


@dataclass(frozen=True, slots=True)
class VoteTally:
    """The running vote on a seat paused at a timeout: ``votes`` counts each choice of the
    ``voters`` (the other human players); ``needed`` is a strict majority of them."""

    seat: int
    name: str
    user_id: str | None
    voters: tuple[str, ...]
    votes: dict[str, str]
    needed: int

    def count(self, choice: str) -> int:
        return sum(1 for v in self.votes.values() if v == choice)

    @property
    def winner(self) -> str | None:
        return next((c for c in VOTE_CHOICES if self.count(c) >= self.needed), None)

    def text(self) -> str:
        """The tally as a person would say it: who ran out of time, the votes so far for
        each choice, how many votes decide."""
        ai, wait, end = (self.count(c) for c in VOTE_CHOICES)
        voters = len(self.voters)
        # Translators: who votes and how many votes decide a pause vote; {n} is the number
        # of players who vote (1: just the one other player), {needed} a strict majority
        majority = _n(
            "The other player's vote decides.",
            "The other {n} players vote: {needed} votes decide.",
            voters,
            needed=self.needed,
        )
        return "🗳️ " + _(
            "{name} ran out of time. Votes so far: {ai}, {wait}, {end}. {majority} Until "
            "then, {name} can still decide.",
            name=self.name,
            ai=_n("{n} vote to let an AI play", "{n} votes to let an AI play", ai),
            wait=_n("{n} vote to keep waiting", "{n} votes to keep waiting", wait),
            end=_n("{n} vote to end the game", "{n} votes to end the game", end),
            majority=majority,
        )


@dataclass(frozen=True, slots=True)
class TimerEvent:
    """Something the scheduler did: ``kind`` is ``reminder``, ``takeover``, ``pause`` or
    ``archive``; ``outcome`` holds the channel messages (and, after a takeover, the AI's
    moves); ``user_id``/``seat`` name the player it concerns (a reminder pings him)."""

    channel_id: str
    kind: str
    outcome: Outcome
    user_id: str | None = None
    seat: int | None = None
    name: str = ""
    #: for a reminder: when the time runs out (epoch seconds of the service's clock)
    timeout_at: float | None = None
    #: the stored notice of a fired timer, ``(game id, seat, kind)``: an adapter that
    #: confirms its posts (``tick(confirm=True)``) hands it back once the event is posted
    notice: tuple[int, int, str] | None = None


class Timers:
    """The table's timers (see the module docstring)."""

    def __init__(
        self,
        timers: TimerRepository,
        lobby: LobbyRepository,
        games: GameRepository,
        restore: Restore,
        ai: AiDriver,
        presenter: Presenter,
        handover: Handover,
        languages: Languages | None = None,
    ) -> None:
        self.timers = timers
        self.lobby = lobby
        self.games = games
        self.restore = restore
        self.ai = ai
        self.presenter = presenter
        #: the one path that hands a seat to an AI (shared with the lobby's /leave, /replace)
        self.handover = handover
        #: The table's language is one of its settings (``/settings language ...``).
        self.languages = languages if languages is not None else Languages()
        #: At a timeout with no other human seat, pause instead of handing the seat to an AI
        #: (an AI-only game would play itself to its end before the player is back). The
        #: terminal turns it off: it steps the AI move by move and reads 'resume' meanwhile.
        self.keep_a_human = True

    # -- settings -----------------------------------------------------------------------------

    def settings(self, table: Table, user_id: str, text: str, can_manage: bool) -> Outcome:
        """Show (``text`` empty) or change the table's timer settings: a seated player in the
        lobby, the host or a channel manager may change them."""
        current = self.timers.get_timer_settings(table.channel_id)
        if not text.strip():
            return Outcome(
                True, public=(PublicUpdate(self.settings_line(table.channel_id, current)),)
            )
        self.restore.ensure_loaded(table)
        if not can_manage:
            if table.state is not None:
                host = table.host()
                if host is None or host.user_id != user_id:
                    raise Refused(
                        Code.NOT_ALLOWED,
                        _("during a game only the host or a channel manager changes the settings"),
                    )
            elif not any(s.user_id == user_id for s in self.lobby.list_seats(table.channel_id)):
                raise Refused(Code.NOT_SEATED, _("sit down (/join) to change the table's settings"))
        tag, text = parse_language(text)
        lang = None if tag is None else negotiate(tag)
        if tag is not None and lang is None:
            names = either(NATIVE_NAMES.values())
            raise Refused(
                Code.MALFORMED,
                _("unknown language '{name}': this table speaks {names}", name=tag, names=names),
            )
        new = current
        if text.strip():
            try:
                new = parse_settings(text, current)
                if new.on_timeout == "ai" and new.ai_level and table.record is not None:
                    check_level(table.record.game_type, new.ai_level, _("the timeout AI"))
            except ValueError as exc:
                raise Refused(Code.MALFORMED, why(exc)) from exc
        # every part checked: now the changes (a refusal above changed nothing)
        if lang is not None:
            self.languages.set_table(table.channel_id, lang)
        if text.strip():
            self.timers.set_timer_settings(table.channel_id, new)
            if table.record is not None:
                # new times apply to decisions opened from now on; open ones are re-timed
                self.timers.clear_deadlines(table.record.id)
        with speaking(lang):  # the answer in the table's new language
            return self._settings_changed(table, new)

    def _settings_changed(self, table: Table, new: TimerSettings) -> Outcome:
        text: str = _("Settings: {settings}", settings=self.settings_line(table.channel_id, new))
        seats = self.lobby.list_seats(table.channel_id)
        if table.state is None and seats:  # the lobby message keeps its seat list
            text += "\n" + lobby_text(lobby_game(table, seats), seats, table)
        return Outcome(True, public=(PublicUpdate(text),))

    def settings_line(self, channel_id: str, settings: TimerSettings | None = None) -> str:
        """The table's settings in one line: its turn timer and its language."""
        s = settings or self.timers.get_timer_settings(channel_id)
        lang = self.languages.table(channel_id)
        # Translators: {language} is a language's name in itself (English, 日本語, ...)
        said = _("Table language: {language}.", language=NATIVE_NAMES[lang])
        return f"{describe_settings(s)} {said}"

    def status_lines(self, table: Table, now: float) -> list[str]:
        s = self.timers.get_timer_settings(table.channel_id)
        lines = [describe_settings(s)]
        if table.record is not None and table.state is not None:
            for d in self.timers.deadlines(table.record.id):
                name = table.state.players[d.seat]
                if d.timed_out:
                    lines.append(_("Paused: waiting for {name} (time ran out).", name=name))
                else:
                    left = duration_text(d.timeout_at - now)
                    lines.append(_("{name}: {duration} left to decide.", name=name, duration=left))
            tally = self.tally(table)
            if tally is not None:
                lines.append(tally.text())
        return lines

    # -- the vote at a paused timeout -----------------------------------------------------------

    def paused(self, table: Table) -> Deadline | None:
        """The first human seat whose time ran out and whose game waits for it."""
        if table.state is None or table.record is None:
            return None
        open_seats = self.open_human_seats(table)
        return next(
            (
                d
                for d in self.timers.deadlines(table.record.id)
                if d.timed_out and d.seat in open_seats
            ),
            None,
        )

    def tally(self, table: Table) -> VoteTally | None:
        """The running vote of a game paused at a timeout (``None``: no vote, e.g. nobody
        else is there to vote)."""
        d = self.paused(table)
        if d is None or table.state is None or table.record is None:
            return None
        voters = tuple(
            dict.fromkeys(
                p.user_id
                for i, p in enumerate(table.players)
                if not p.is_ai and p.user_id and i != d.seat and p.user_id != d.user_id
            )
        )
        if not voters:
            return None
        votes = self.timers.timeout_votes(table.record.id, d.seat)
        votes = {v: c for v, c in votes.items() if v in voters}
        name = table.state.players[d.seat]
        return VoteTally(d.seat, name, d.user_id, voters, votes, len(voters) // 2 + 1)

    def vote_status(self, table: Table) -> str | None:
        self.restore.ensure_loaded(table)
        tally = self.tally(table)
        return None if tally is None else tally.text()

    def vote(self, table: Table, user_id: str, text: str, now: float) -> Outcome:
        """One of the other human players votes (or changes his vote) on the seat paused at
        a timeout; a strict majority decides at once: an AI takes the seat (at the table's
        level; ``/resume`` takes it back), or the game ends as aborted. Until then the
        outcome carries no public update (see :meth:`vote_status` for the tally)."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        try:
            choice = parse_vote(text)
        except ValueError as exc:
            raise Refused(Code.MALFORMED, why(exc)) from exc
        d = self.paused(table)
        if d is None:
            raise Refused(Code.NOT_ALLOWED, _("no game is paused for a vote here"))
        if d.user_id == user_id:
            raise Refused(Code.NOT_ALLOWED, _("the others vote: make your decision (or /resume)"))
        tally = self.tally(table)
        if tally is None or user_id not in tally.voters:
            raise Refused(Code.NOT_SEATED, _("only the other players of this game vote"))
        self.timers.set_timeout_vote(table.record.id, d.seat, user_id, choice, now)
        tally = replace(tally, votes={**tally.votes, user_id: choice})
        winner = tally.winner
        if winner == "ai":  # the handover forgets the votes in its transaction
            lv = self._timeout_level(table, self.timers.get_timer_settings(table.channel_id))
            header = "🗳️ " + _(
                "The players voted: an AI ({level}) plays {name}'s seat "
                "{seat} for now. {name} takes it back with /resume.",
                level=lv.name,
                name=tally.name,
                seat=d.seat + 1,
            )
            out = self.handover.to_ai(
                table, d.seat, lv, header, now, reclaim=self._reclaim(table, d.seat, "timeout")
            )
            assert out is not None  # only a timeout's handover can find it done already
            return out
        if winner == "end":
            record = table.record
            self.games.abort_game(record.id, abort_standings(table))  # kept for stats
            self.lobby.clear_seats(table.channel_id)
            self.timers.clear_deadlines(record.id)
            self.timers.clear_timeout_votes(record.id)
            table.reset_game()
            table.finished = None
            text = "🗳️ " + _(
                "The players voted to end the game while waiting for {name}: it is "
                "aborted (its record is kept). /join to start over.",
                name=tally.name,
            )
            released = () if d.user_id is None else (d.user_id,)
            return Outcome(True, public=(PublicUpdate(text),), game_id=record.id, released=released)
        return Outcome(True, game_id=table.record.id)

    # -- deadlines ----------------------------------------------------------------------------

    def open_human_seats(self, table: Table) -> dict[int, str | None]:
        return {
            d.seat: d.user_id
            for d in decisions_info(table, table.state)
            if not d.is_ai and d.user_id is not None
        }

    def sync(self, table: Table, now: float, moved: str | None = None) -> None:
        """Store the deadlines of the open human decisions (``moved``: that user just moved,
        so his next decision is timed afresh)."""
        if not table.loaded or table.state is None or table.record is None:
            return
        settings = self.timers.get_timer_settings(table.channel_id)
        restart = frozenset({s for s in [table.seat_of(moved)] if s is not None} if moved else ())
        self.timers.sync_deadlines(
            table.channel_id,
            table.record.id,
            self.open_human_seats(table),
            now,
            settings,
            restart,
        )

    def fire(self, table: Table, now: float, confirm: bool = False) -> list[TimerEvent]:
        """Fire the table's due reminders and timeouts, each once: a timeout's effect (the
        seat handed to an AI, or the pause) is stored in the transaction that marks it fired,
        so a crash leaves it either done and marked or neither - fired by the next tick.

        Each fired timer also stores its notice in that transaction. ``confirm``: the caller
        confirms each event once it is posted (:meth:`posted`), and the events of notices
        left unconfirmed - a process died before its adapter posted them, or the post
        failed - are made again (each while it still applies); else the notices are
        cleared at once."""
        self.restore.ensure_loaded(table)
        events = self._fire(table, now)
        if confirm:
            fired = {e.notice for e in events}
            for n in self.timers.notices(table.channel_id):
                if (n.game_id, n.seat, n.kind) not in fired:
                    again = self._again(table, n, now)
                    if again is None:
                        self.timers.clear_notice(n.game_id, n.seat, n.kind)
                    else:
                        events.append(again)
        else:
            for e in events:
                self.posted(e)
        return events

    def posted(self, event: TimerEvent) -> None:
        """The event is posted: its notice is done."""
        if event.notice is not None:
            self.timers.clear_notice(*event.notice)

    def _again(self, table: Table, n: Notice, now: float) -> TimerEvent | None:
        """The event of a fired timer whose announcement was not confirmed, as it stands now
        (``None``: it no longer applies - the game or the seat moved on)."""
        if table.state is None or table.record is None or table.record.id != n.game_id:
            return None
        key = (n.game_id, n.seat, n.kind)
        if n.kind == "takeover":
            t = self.timers.seat_takeover(n.game_id, n.seat)
            if t is None or t.kind != "timeout" or not table.players[n.seat].is_ai:
                return None
            name = table.state.players[n.seat]
            header = self._takeover_header(name, ai_level(table.players[n.seat].ai_level), n.seat)
            out = replace(self.presenter.announce(table, header), released=(t.user_id,))
            return TimerEvent(
                table.channel_id, "takeover", out, t.user_id, n.seat, name, notice=key
            )
        d = next((d for d in self.timers.deadlines(n.game_id) if d.seat == n.seat), None)
        if d is None or d.seat not in self.open_human_seats(table):
            return None
        # (a decision opened afresh since has a new row, not reminded yet: that one is moot)
        if n.kind == "reminder" and d.reminded and not d.timed_out and now < d.timeout_at:
            return replace(self.reminder(table, d), notice=key)
        if n.kind == "pause" and d.timed_out:
            settings = self.timers.get_timer_settings(table.channel_id)
            return self._pause_event(table, d, settings)
        return None

    def _fire(self, table: Table, now: float) -> list[TimerEvent]:
        if table.state is None or table.record is None:
            return []
        settings = self.timers.get_timer_settings(table.channel_id)
        open_seats = self.open_human_seats(table)
        events: list[TimerEvent] = []
        for d in self.timers.deadlines(table.record.id):
            if d.seat not in open_seats or table.record is None:
                continue
            remind_due = not d.reminded and d.remind_at is not None and d.remind_at <= now
            # past the timeout too (a long outage): the reminder is skipped (the timeout's
            # transaction marks it), time runs out
            if remind_due and now < d.timeout_at:
                reminder = self.reminder(table, d)  # its mark (and notice) is all it stores
                if self.timers.mark_fired(d.game_id, d.seat, "reminded"):
                    events.append(replace(reminder, notice=(d.game_id, d.seat, "reminder")))
            timeout_due = not d.timed_out and d.timeout_at <= now
            if timeout_due:
                event = self.timeout(table, d, settings, now)
                if event is not None:
                    events.append(event)
                # the game may have moved on (the AI played): the other deadlines are judged
                # again on the next tick, against the decisions open then
                break
        self.sync(table, now)
        return events

    def reminder(self, table: Table, d: Deadline) -> TimerEvent:
        assert table.state is not None
        name = table.state.players[d.seat]
        left = duration_text(d.timeout_at - (d.remind_at or d.opened_at))
        text = "⏰ " + _("{name}, it is your decision — {duration} left.", name=name, duration=left)
        return TimerEvent(
            table.channel_id,
            "reminder",
            Outcome(True, public=(PublicUpdate(text),), decision=decision_info(table, table.state)),
            d.user_id,
            d.seat,
            name,
            d.timeout_at,
        )

    def timeout(
        self, table: Table, d: Deadline, settings: TimerSettings, now: float
    ) -> TimerEvent | None:
        """The seat's time ran out: the game pauses, or an AI takes the seat (``None``: the
        timeout had fired already)."""
        assert table.state is not None and table.record is not None
        name = table.state.players[d.seat]
        others = [
            p for i, p in enumerate(table.players) if not p.is_ai and i != d.seat and p.user_id
        ]
        if settings.on_timeout == "pause" or (self.keep_a_human and not others):
            if not self.timers.pause_seat(table.record.id, d.seat):
                return None
            return self._pause_event(table, d, settings)
        lv = self._timeout_level(table, settings)
        header = self._takeover_header(name, lv, d.seat)
        reclaim = self._reclaim(table, d.seat, "timeout")
        out = self.handover.to_ai(table, d.seat, lv, header, now, reclaim=reclaim, timed_out=True)
        if out is None:
            return None
        key = (d.game_id, d.seat, "takeover")
        return TimerEvent(table.channel_id, "takeover", out, d.user_id, d.seat, name, notice=key)

    def _pause_event(self, table: Table, d: Deadline, settings: TimerSettings) -> TimerEvent:
        """The announcement of a game paused at ``d``'s timeout."""
        assert table.state is not None
        name = table.state.players[d.seat]
        if settings.on_timeout == "pause":
            paused = _(
                "{name} ran out of time; the game is paused until {name} decides.", name=name
            )
        else:
            paused = _(
                "{name} ran out of time; the game is paused until {name} decides "
                "(no other human would be left).",
                name=name,
            )
        pause = self.presenter.announce(table, f"⌛ {paused}")
        key = (d.game_id, d.seat, "pause")
        return TimerEvent(table.channel_id, "pause", pause, d.user_id, d.seat, name, notice=key)

    @staticmethod
    def _takeover_header(name: str, level: AiLevel, seat: int) -> str:
        return "⌛ " + _(
            "{name} ran out of time: an AI ({level}) plays seat {seat} for now. "
            "{name} takes it back with /resume.",
            name=name,
            level=level.name,
            seat=seat + 1,
        )

    @staticmethod
    def _timeout_level(table: Table, settings: TimerSettings) -> AiLevel:
        """The AI level that takes a timed-out seat: the table's, if the game has it (else
        the default level)."""
        assert table.record is not None
        level: str | None = settings.ai_level
        try:
            check_level(table.record.game_type, level, _("the timeout AI"))
        except Refused:
            level = None
        return ai_level(level)

    @staticmethod
    def _reclaim(table: Table, seat: int, kind: str) -> Reclaim | None:
        """Who may get ``seat`` back after an AI took it (``kind``: how, see :class:`Reclaim`)."""
        old = table.players[seat]
        return None if old.user_id is None else Reclaim(old.user_id, old.name, kind)

    # -- resume, kick, replace, archive ---------------------------------------------------------

    def resume(self, table: Table, user_id: str, now: float) -> Outcome:
        """The player takes back his seat from the AI that took it over at a timeout."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        t = self.timers.open_takeover(table.record.id, user_id)
        d = self.paused(table)
        if t is None and d is not None and d.user_id == user_id:
            # back during the pause: the vote is over, his decision is timed afresh
            self.timers.clear_timeout_votes(table.record.id, d.seat)
            self.timers.drop_deadline(table.record.id, d.seat)
            name = table.state.players[d.seat]
            return self.presenter.announce(
                table, _("{name} is back: the game goes on, {name} decides.", name=name)
            )
        if t is None:
            if table.seat_of(user_id) is not None:
                raise Refused(Code.NOT_ALLOWED, _("your seat is yours already: just play"))
            raise Refused(Code.NOT_SEATED, _("no seat of yours was taken over in this game"))
        if t.kind == "kick":
            raise Refused(
                Code.NOT_ALLOWED,
                _("you were moved out of this game by the host; ask them to /replace the seat"),
            )
        players = list(table.players)
        players[t.seat] = PlayerInfo(t.name, user_id, False, None)
        self.games.update_players(table.record.id, players)
        self.timers.end_takeover(table.record.id, t.seat, now)
        table.reseat(t.seat, players)
        name = table.state.players[t.seat]
        back = _("{name} is back and plays seat {seat} again.", name=name, seat=t.seat + 1)
        return self.presenter.announce(table, back)

    def _check_manager(self, table: Table, user_id: str, can_manage: bool, what: str) -> None:
        host = table.host()
        if not can_manage and (host is None or host.user_id != user_id):
            raise Refused(
                Code.NOT_ALLOWED,
                _(
                    "only the host ({name}) or a channel manager can {what}",
                    name=host.name if host else _("nobody"),
                    what=what,
                ),
            )

    def _seat(self, table: Table, seat: int) -> int:
        if not 1 <= seat <= len(table.players):
            raise Refused(Code.MALFORMED, _("seat must be 1 to {last}", last=len(table.players)))
        return seat - 1

    def kick(
        self,
        table: Table,
        user_id: str,
        seat: int,
        level: str | None,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """The host or a channel manager hands a human's seat (1-based) to an AI."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        # Translators: completes "only the host (…) or a channel manager can …"
        self._check_manager(table, user_id, can_manage, _("kick a seat to the AI"))
        s = self._seat(table, seat)
        if table.players[s].is_ai:
            raise Refused(Code.NOT_ALLOWED, _("seat {seat} is an AI already", seat=seat))
        if not any(not p.is_ai for i, p in enumerate(table.players) if i != s):
            raise Refused(Code.NOT_ALLOWED, _("no human would be left: /abort the game instead"))
        level = level or self.timers.get_timer_settings(table.channel_id).ai_level
        check_level(table.record.game_type, level, _("the new AI"))
        name = table.state.players[s]
        header = _(
            "{name} was moved to the AI: an AI ({level}) plays seat {seat}.",
            name=name,
            level=ai_level(level).name,
            seat=seat,
        )
        out = self.handover.to_ai(
            table, s, ai_level(level), header, now, reclaim=self._reclaim(table, s, "kick")
        )
        assert out is not None  # only a timeout's handover can find it done already
        return out

    def replace_seat(
        self,
        table: Table,
        user_id: str,
        seat: int,
        new_user_id: str,
        new_name: str,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """The host or a channel manager seats a waiting person (``new_user_id``) at a seat
        (1-based; a human's or an AI's) of the running game."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        # Translators: completes "only the host (…) or a channel manager can …"
        self._check_manager(table, user_id, can_manage, _("replace a player"))
        s = self._seat(table, seat)
        if table.seat_of(new_user_id) is not None:
            raise Refused(
                Code.ALREADY_SEATED, _("{name} plays in this game already", name=new_name)
            )
        old = table.players[s]
        self.timers.end_takeover(table.record.id, s, now)  # an AI's: nobody resumes it now
        if old.user_id is not None and not old.is_ai:
            self.timers.add_takeover(table.record.id, s, old.user_id, old.name, "kick", now)
        players = list(table.players)
        players[s] = PlayerInfo(old.name, new_user_id, False, None)
        self.games.update_players(table.record.id, players)
        table.reseat(s, players)
        seat_name = table.state.players[s]
        taken = _(
            "{name} takes over seat {seat} ({player}).", name=new_name, seat=seat, player=seat_name
        )
        return self.presenter.announce(table, taken)

    def replace_seat_of(
        self,
        table: Table,
        user_id: str,
        target_user_id: str,
        new_user_id: str,
        new_name: str,
        can_manage: bool,
        now: float,
    ) -> Outcome:
        """:meth:`replace_seat` with the seat named by its player (or by the user the AI
        took it over from)."""
        self.restore.ensure_loaded(table)
        if table.state is None or table.record is None:
            raise Refused(Code.NO_GAME, _("no game is running here"))
        seat = table.seat_of(target_user_id)
        if seat is None:
            t = self.timers.open_takeover(table.record.id, target_user_id)
            if t is None:
                raise Refused(Code.NOT_SEATED, _("that user is not playing in this game"))
            seat = t.seat
        return self.replace_seat(table, user_id, seat + 1, new_user_id, new_name, can_manage, now)

    def archive(self, table: Table, game_id: int, now: float) -> list[TimerEvent]:
        """Archive an untouched game: aborted with a message, its record kept."""
        self.restore.ensure_loaded(table)
        if table.record is None or table.record.id != game_id:
            return []
        days = self.timers.get_timer_settings(table.channel_id).archive_days
        self.games.abort_game(game_id)
        self.lobby.clear_seats(table.channel_id)
        self.timers.clear_deadlines(game_id)
        table.reset_game()
        text = _n(
            "Nobody touched this game for {n} day: it is archived (its record is kept, "
            "see /history). /join to start a new one.",
            "Nobody touched this game for {n} days: it is archived (its record is kept, "
            "see /history). /join to start a new one.",
            days,
        )
        out = Outcome(True, public=(PublicUpdate(text),), game_id=game_id)
        return [TimerEvent(table.channel_id, "archive", out)]
