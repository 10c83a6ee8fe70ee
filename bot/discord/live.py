"""The table's current message as the database remembers it (:class:`LiveMessage`), and the
small text and picture helpers the table's messages share."""

from __future__ import annotations

import json
import zlib
from dataclasses import asdict, dataclass, field

from bot.discord.layout import SUMMARY_MAX, clip_end, escape, user_mention
from bot.table.grammar import texts_of
from bot.table.outputs import DecisionInfo, PublicUpdate
from engine.i18n import say
from engine.i18n.shared import _, _p, awaited

__all__ = [
    "LiveMessage",
    "board_name",
    "crc_of",
    "decision_line",
    "event_lines",
    "picture_crc",
    "table_scope",
    "turn_summary",
]


def table_scope(channel: str) -> str:
    return f"table:{channel}"


@dataclass(slots=True)
class LiveMessage:
    """The table's current message, as remembered in the database."""

    id: int
    kind: str  # "lobby", "turn", "chain" (AI turns) or "end"
    game: int | None = None
    turn: int | None = None
    title: str = ""
    lines: list[str] = field(default_factory=list)
    image: str | None = None  # the attachment's name (None: no picture of its own yet)
    crc: int | None = None  # of the newest board picture of the table (this one or above)
    pinged: list[str] = field(default_factory=list)
    ping_id: int | None = None  # an extra ping message, deleted once answered
    controls: bool = True  # live: has controls (a chain: is still being updated)
    partial: list[str] = field(default_factory=list)  # a chain's running AI turn

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> LiveMessage | None:
        try:
            data = json.loads(text)
            return cls(**data)
        except (ValueError, TypeError):
            return None


def event_lines(text: str) -> list[str]:
    """Event lines of a public update, escaped; the service's "next decision" line is left
    out (the card has its own decision line with the controls)."""
    return [escape(x) for x in text.splitlines() if x.strip() and not x.startswith("➡")]


def join_events(lines: list[str]) -> str:
    """Event lines as one text: "; " between them, a plain space after a line that ends its
    own sentence (a start message's "… Options: variant=base." read ".;" before)."""
    out = ""
    for line in lines:
        if not out:
            out = line
        elif out.endswith((".", "!", "?", "。", "！", "？")):
            # Translators: an event line that ends its sentence, then the next one
            # (Japanese needs no space after "。")
            out = _p("after a sentence", "{first} {second}", first=out, second=line)
        else:
            # Translators: two sentences of a move's log line, joined
            out = _("{first}; {second}", first=out, second=line)
    return out


def turn_summary(lines: list[str]) -> str:
    return clip_end(join_events(lines), SUMMARY_MAX)


def picture_crc(image: bytes | None) -> int | None:
    return None if image is None else zlib.crc32(image)


def waiting_text(d: DecisionInfo) -> str:
    """Whom the table waits for and his task, as anybody but the decider reads it (#25: the
    decision's prompt is an imperative addressed to the decider alone)."""
    return awaited(escape(d.name), texts_of(d.game).task(d.kind))


def decision_line(d: DecisionInfo) -> str:
    prompt = escape(say(d.prompt))
    if d.user_id:
        who = user_mention(d.user_id)
        return _("{mention}, your decision: **{prompt}**", mention=who, prompt=prompt)
    return waiting_text(d)


def crc_of(live: LiveMessage | None) -> int | None:
    return None if live is None else live.crc


def board_name(u: PublicUpdate) -> str:
    return f"board-{(u.seq or 0) + 1}.png"
