"""A table's settings: the ``/settings`` words (presets, turn timer, reminder, what a timeout
does, the AI level, archiving, the table's language) read and described, and the command
that shows or changes them.

:func:`parse_settings` reads the typed words (the units and words of every language the
table speaks are understood at any table); :func:`describe_settings` says them in one line;
:class:`TableSettings` is the ``/settings`` command (who may change what, when). Generic:
nothing here knows a game.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from bot.storage.repositories import Database
from bot.storage.store import TimerSettings
from bot.table import guard
from bot.table.ai_driving import check_level
from bot.table.ai_seat import UnknownAiLevel, ai_level
from bot.table.handover import takeover_level, timeout_level
from bot.table.languages import Languages, parse_language
from bot.table.lobby import lobby_game
from bot.table.lobby_texts import lobby_text
from bot.table.outputs import Code, Outcome, PublicUpdate
from bot.table.records import Refused, Table, why
from bot.table.restore import Restore
from bot.table.runner import ChannelRunner
from engine.i18n import NATIVE_NAMES, either, negotiate, speaking
from engine.i18n.shared import N_, _, _n
from engine.text import excerpt

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


def describe_settings(s: TimerSettings, level: str | None = None) -> str:
    """One line for the lobby and /status; ``level``: the AI level that would take a seat at
    the table (:func:`bot.table.handover.timeout_level`), else the settings' own."""
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
            "then an AI ({level}) takes the seat until /resume",
            level=level or ai_level(s.ai_level).name,
        )
    return _(
        "Turn timer: {timer} per decision; {reminder}; {then}.",
        timer=timer,
        reminder=reminder,
        then=then,
    )


class TableSettings:
    """The ``/settings`` command over the stored settings (``storage``) and the table's
    language (``languages``). Adapters call :meth:`change`, :meth:`line` and :meth:`preset`
    (run by the channel ``runner``)."""

    def __init__(
        self, storage: Database, restore: Restore, languages: Languages, runner: ChannelRunner
    ) -> None:
        self.storage = storage
        self.restore = restore
        #: The table's language is one of its settings (``/settings language ...``).
        self.languages = languages
        self.runner = runner

    async def change(
        self, channel_id: str | int, user_id: str | int, text: str = "", can_manage: bool = False
    ) -> Outcome:
        """Show (``text`` empty) or change the table's settings (see :func:`parse_settings`:
        a preset ``live``, ``evening``, ``correspondence`` or ``off``, or ``timer 10m remind
        5m timeout ai greedy`` ..., and ``language ja`` / ``language Magyar``: the table's
        language, in which the answer and everything public after it are said)."""
        apply = self.apply
        uid = str(user_id)
        return await self.runner.guarded(
            "settings", channel_id, user_id, apply, uid, text, can_manage
        )

    async def line(self, channel_id: str | int) -> str:
        """The table's timer settings and its language in one line, said in the table's
        language (the lobby message shows it)."""
        with speaking(self.languages.table(channel_id)):
            return await self.runner.run(self.settings_line, str(channel_id))

    async def preset(self, channel_id: str | int) -> str | None:
        """The preset (``off``, ``live``, ...) the table's turn timer matches, if any."""
        settings = await self.runner.run(
            self.storage.timer_settings.get_timer_settings, str(channel_id)
        )
        return preset_name(settings.turn_seconds)

    async def timer(self, channel_id: str | int) -> TimerSettings:
        """The table's stored turn-timer settings (no timer if they cannot be read, logged)."""
        read = self.runner.run(self.storage.timer_settings.get_timer_settings, str(channel_id))
        return await guard.neutral("timer", channel_id, read, TimerSettings())

    async def default_level(self, channel_id: str | int, level: str, replace_named: bool) -> None:
        """The AI that takes a seat at a timeout plays at ``level`` (an adapter's table level:
        its AI seats'), unless ``replace_named`` is false and a level is already set. Nothing
        changes unless the timer hands a seat to an AI (nor if the storage fails, logged)."""
        write = self.runner.run(self._default_level, str(channel_id), level, replace_named)
        await guard.neutral("default_level", channel_id, write, None)

    def _default_level(self, channel_id: str, level: str, replace_named: bool) -> None:
        s = self.storage.timer_settings.get_timer_settings(channel_id)
        if s.on_timeout == "ai" and s.ai_level != level and (replace_named or s.ai_level is None):
            self.storage.timer_settings.set_timer_settings(channel_id, replace(s, ai_level=level))

    def apply(self, table: Table, user_id: str, text: str, can_manage: bool) -> Outcome:
        """Show (``text`` empty) or change the table's timer settings: a seated player in the
        lobby, the host or a channel manager may change them."""
        current = self.storage.timer_settings.get_timer_settings(table.channel_id)
        if not text.strip():
            return Outcome(
                True,
                public=(PublicUpdate(self.settings_line(table.channel_id, current, table)),),
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
            elif not any(
                s.user_id == user_id for s in self.storage.lobby.list_seats(table.channel_id)
            ):
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
            self.storage.timer_settings.set_timer_settings(table.channel_id, new)
            if table.record is not None:
                # new times apply to decisions opened from now on; open ones are re-timed
                self.storage.deadlines.clear_deadlines(table.record.id)
        with speaking(lang):  # the answer in the table's new language
            return self._settings_changed(table, new)

    def _settings_changed(self, table: Table, new: TimerSettings) -> Outcome:
        text: str = _(
            "Settings: {settings}", settings=self.settings_line(table.channel_id, new, table)
        )
        seats = self.storage.lobby.list_seats(table.channel_id)
        if table.state is None and seats:  # the lobby message keeps its seat list
            text += "\n" + lobby_text(lobby_game(table, seats), seats, table)
        return Outcome(True, public=(PublicUpdate(text),))

    def settings_line(
        self, channel_id: str, settings: TimerSettings | None = None, table: Table | None = None
    ) -> str:
        """The table's settings in one line: its turn timer and its language."""
        s = settings or self.storage.timer_settings.get_timer_settings(channel_id)
        lang = self.languages.table(channel_id)
        # Translators: {language} is a language's name in itself (English, 日本語, ...)
        said = _("Table language: {language}.", language=NATIVE_NAMES[lang])
        level = None if s.on_timeout == "pause" else self.takeover_level(channel_id, s, table)
        return f"{describe_settings(s, level)} {said}"

    def takeover_level(
        self, channel_id: str, settings: TimerSettings, table: Table | None = None
    ) -> str:
        """The AI level that would take a seat at the table now (#28 item): the running
        game's (:func:`timeout_level`), else the one its lobby's AI seats would give."""
        if table is not None:
            self.restore.ensure_loaded(table)
            if table.record is not None:
                return timeout_level(table, settings).name
        seats = self.storage.lobby.list_seats(channel_id)
        codes = [x.ai_level for x in seats if x.is_ai and x.ai_level is not None]
        game = lobby_game(table, seats).name if table is not None else None
        return takeover_level(game, settings, codes).name
