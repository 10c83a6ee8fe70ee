"""Structured logs (#27 operators): one JSON object a line, or plain text, by setting.

Every record carries ``time``, ``level``, ``logger`` and ``message``; the fields known where it
was logged follow: ``channel``, ``game``, ``move``, ``latency_ms``, ``kind``, ``outcome``.
They come from the record's ``extra`` or from :data:`LOG_FIELDS`, a context variable the channel
runner (:mod:`bot.table.runner`) sets around a table's work, so a line logged anywhere under a
command (storage, rendering, a refusal) names its channel and game without passing them on.
"""

from __future__ import annotations

import contextvars
import json
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime

__all__ = ["FIELDS", "LOG_FIELDS", "JsonFormatter", "TextFormatter", "configure", "log_fields"]

#: The fields a record may carry besides its message (in the order they are written).
FIELDS = ("channel", "game", "move", "kind", "outcome", "latency_ms", "user")

#: The fields known in the current context (set by :func:`log_fields`).
LOG_FIELDS: contextvars.ContextVar[Mapping[str, object] | None] = contextvars.ContextVar(
    "canalside_log_fields", default=None
)


@contextmanager
def log_fields(**fields: object) -> Iterator[None]:
    """Add ``fields`` (``None`` values left out) to every record logged in the block (and in
    the worker threads it runs work in: they run in a copy of this context)."""
    known = {**(LOG_FIELDS.get() or {}), **{k: v for k, v in fields.items() if v is not None}}
    token = LOG_FIELDS.set(known)
    try:
        yield
    finally:
        LOG_FIELDS.reset(token)


def fields_of(record: logging.LogRecord) -> dict[str, object]:
    """The known fields of ``record``: its context's, then its ``extra`` (which wins)."""
    out = dict(LOG_FIELDS.get() or {})
    for name in FIELDS:
        value = record.__dict__.get(name)
        if value is not None:
            out[name] = value
    return {name: out[name] for name in FIELDS if name in out}


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, the known fields,
    and ``exception`` (the traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(fields_of(record))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """discord.py's plain layout, the known fields appended as ``name=value``."""

    def __init__(self) -> None:
        super().__init__(
            "%(asctime)s %(levelname)-8s %(name)s %(message)s",  # not for players
            "%Y-%m-%d %H:%M:%S",
        )

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        known = fields_of(record)
        if not known:
            return text
        first, sep, rest = text.partition("\n")
        tail = " ".join(f"{k}={v}" for k, v in known.items())
        return f"{first} [{tail}]{sep}{rest}"


def configure(level: str, fmt: str, stream: object | None = None) -> logging.Handler:
    """Log to ``stream`` (default stderr) at ``level`` in ``fmt`` (``json`` or ``text``): one
    handler on the root logger, replacing any this function installed before."""
    handler = logging.StreamHandler(stream)  # type: ignore[arg-type]
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    handler.set_name("canalside")
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == "canalside"]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(getattr(logging, level.upper(), logging.INFO))
    return handler
