"""Every public call of the table service ends here: refusals become ``Outcome``/``Reply``/
``Answer`` data (logged), unexpected errors an internal-error answer; adapters never see an
exception."""

from __future__ import annotations

import logging
import sys
from collections.abc import Coroutine
from typing import TypeVar

from bot.storage.errors import StorageUnavailable
from bot.table.input_guard import id_problem
from bot.table.outputs import Answer, Code, Outcome, Reply
from bot.table.records import Refused
from engine.i18n.shared import _

log = logging.getLogger("bot.service")


def unavailable() -> str:
    """The answer while the database cannot be reached (#27)."""
    return _(
        "The database cannot be reached right now: nothing was changed. Try again in a moment."
    )


def busy() -> str:
    """The answer when a lock the command needs stayed taken too long (#27: another
    process's long change, or a hung one whose lease has not run out)."""
    return _(
        "Another change is still being saved here: nothing was changed. Try again in a moment."
    )


V = TypeVar("V")


def failure(what: str, channel_id: str | int) -> Code:
    """Log the exception a read or a background job of the channel is handling: the database
    away for a moment is expected (a warning, ``UNAVAILABLE``: the next call works once it is
    back, #27), anything else an internal error (logged with its traceback, ``INTERNAL``)."""
    if isinstance(sys.exc_info()[1], StorageUnavailable):
        log.warning("%s in channel %s: the database is unavailable", what, channel_id)
        return Code.UNAVAILABLE
    log.exception("%s failed in channel %s", what, channel_id)
    return Code.INTERNAL


async def guarded(
    what: str,
    channel_id: str | int,
    user_id: str | int | None,
    call: Coroutine[object, object, Outcome],
) -> Outcome:
    problem = None if user_id is None else id_problem(user_id, "user id")  # not for players
    if problem is not None:
        call.close()  # never started: nothing ran, nothing changed
        return Outcome.refuse(Code.MALFORMED, problem)
    try:
        outcome: Outcome = await call
    except Refused as refused:
        log.info(
            "refused %s channel=%s user=%s code=%s: %s",
            what,
            channel_id,
            user_id,
            refused.code,
            refused.message,
        )
        return Outcome(False, error=refused.message, code=refused.code)
    except StorageUnavailable as exc:
        log.warning("%s in channel %s: the database is unavailable", what, channel_id)
        return Outcome(False, error=_unavailable(exc), code=Code.UNAVAILABLE)
    except Exception:
        log.exception("%s failed in channel %s (user %s)", what, channel_id, user_id)
        return Outcome(
            False,
            error=_("internal error: nothing was changed; please try again"),
            code=Code.INTERNAL,
        )
    if not outcome.accepted:
        log.info(
            "refused %s channel=%s user=%s code=%s: %s",
            what,
            channel_id,
            user_id,
            outcome.code,
            outcome.error,
        )
    return outcome


async def guarded_reply(
    what: str,
    channel_id: str | int,
    call: Coroutine[object, object, Reply],
    private: bool = False,
) -> Reply:
    try:
        reply: Reply = await call
        return reply
    except Refused as refused:
        log.info("refused %s channel=%s code=%s", what, channel_id, refused.code)
        return Reply.refuse(refused.code, refused.message, private=private)
    except StorageUnavailable as exc:
        log.warning("%s in channel %s: the database is unavailable", what, channel_id)
        return Reply.refuse(Code.UNAVAILABLE, _unavailable(exc), private=private)
    except Exception:
        log.exception("%s failed in channel %s", what, channel_id)
        error = _("internal error; please try again")
        return Reply.refuse(Code.INTERNAL, error, private=private)


async def guarded_answer(
    what: str, channel_id: str | int, call: Coroutine[object, object, V]
) -> Answer[V]:
    """A read with a value (not text): its value, or its refusal or failure as data."""
    try:
        value: V = await call
    except Refused as refused:
        log.info("refused %s channel=%s code=%s", what, channel_id, refused.code)
        return Answer.refuse(refused.code, refused.message)
    except StorageUnavailable as exc:
        log.warning("%s in channel %s: the database is unavailable", what, channel_id)
        return Answer.refuse(Code.UNAVAILABLE, _unavailable(exc))
    except Exception:
        log.exception("%s failed in channel %s", what, channel_id)
        return Answer.refuse(Code.INTERNAL, _("internal error; please try again"))
    return Answer(value)


async def neutral(
    what: str, channel_id: str | int, call: Coroutine[object, object, V], default: V
) -> V:
    """A read whose answer an adapter may take at face value: its value, or - refused (an
    unusable channel) or failed (logged) - the neutral ``default`` its docstring names."""
    try:
        value: V = await call
    except Refused as refused:
        log.info("refused %s channel=%s code=%s", what, channel_id, refused.code)
        return default
    except Exception:
        failure(what, channel_id)
        return default
    return value


def _unavailable(exc: StorageUnavailable) -> str:
    return busy() if exc.busy else unavailable()
