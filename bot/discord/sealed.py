"""Discord's side of stages where several players decide at once, in secret (sealed answers).

The table message names and pings every decider once when the stage opens; its button ("Reveal
a card…", from the game's controls) opens each clicker's *own* options in an ephemeral select
(never public options), and the service keeps every answer sealed until the last one arrives.
After answering, a player is told privately whom the table waits for; the public message only
says "X has chosen" (the service's event text). Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.discord.layout import escape
from bot.table.outputs import DecisionInfo, Outcome
from bot.table.service import TableService
from bot.table.stages import names_text
from engine.i18n import say
from engine.i18n.shared import _

__all__ = [
    "already_chosen_text",
    "is_stage",
    "own_decision",
    "ping_ids",
    "private_only",
    "stage_prompt",
    "waiting_note",
]


def private_only(d: DecisionInfo) -> DecisionInfo:
    """A sealed decision's controls never list options publicly: one button opens the
    clicker's own options in an ephemeral select (whatever the decision's public options)."""
    if not d.sealed or (d.options is None and d.multi is None):
        return d
    return replace(d, options=None, multi=None)


def is_stage(ds: Sequence[DecisionInfo]) -> bool:
    """Several seats decide now, or the one left decides in secret (a sealed stage)."""
    return len(ds) > 1 or any(d.sealed for d in ds)


def ping_ids(d: DecisionInfo | None, ds: Sequence[DecisionInfo]) -> list[str]:
    """Who the table message pings: every human decider of a stage (else the one decider)."""
    if is_stage(ds):
        return [x.user_id for x in ds if x.user_id and not x.is_ai]
    return [d.user_id] if d is not None and d.user_id else []


def stage_prompt(ds: Sequence[DecisionInfo]) -> str:
    """The decision line of a stage: every decider mentioned, the prompt, how to answer."""
    people = [f"<@{d.user_id}>" if d.user_id else escape(d.name) for d in ds]
    prompt = escape(say(ds[0].prompt)) if ds else ""
    secret = any(d.sealed for d in ds)
    if len(people) == 1:
        line = _("{mention}, your decision: **{prompt}**", mention=people[0], prompt=prompt)
    else:
        line = _(
            "{mentions}, each of you decides: **{prompt}**",
            mentions=names_text(people),
            prompt=prompt,
        )
    if secret:
        return _("{line} — press the button: only you see your choices", line=line)
    return line


async def own_decision(service: TableService, channel: str, user: str) -> DecisionInfo | None:
    """The clicker's own open decision (several may be open at once), else the first one."""
    ds = await service.play.decisions(channel)
    return next((d for d in ds if d.user_id == user), ds[0] if ds else None)


async def already_chosen_text(service: TableService, channel: str) -> str:
    """The answer to a player who has chosen and clicks again (the service's refusal text)."""
    names = [escape(d.name) for d in await service.play.decisions(channel)]
    return _("You have already chosen; waiting for {names}.", names=names_text(names))


def waiting_note(outcome: Outcome, user: str) -> str | None:
    """After ``user``'s accepted answer in a stage that is still open: whom it waits for."""
    if not outcome.accepted or outcome.seq is None:
        return None
    left = [d for d in outcome.decisions if d.seq <= outcome.seq]
    if not left or not is_stage(left) or any(d.user_id == user for d in left):
        return None
    return _(
        "You have chosen; waiting for {names}.", names=names_text([escape(d.name) for d in left])
    )
