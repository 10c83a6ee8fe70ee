"""View fields that turn-based games build alike from their one open decision: who must decide
(public), the options when they reveal nothing hidden, and the seat's own decision (private)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TypedDict

from engine.core import JSON, Decision


def pending_part(
    d: Decision | None, name: Callable[[int], str], public_kinds: Collection[str]
) -> JSON:
    """The public view's ``pending`` (seat, kind, prompt, the decider's ``name``) and
    ``public_options`` (the options of a decision whose kind is in ``public_kinds``)."""
    return {
        "pending": (
            None
            if d is None
            else {"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "name": name(d.seat)}
        ),
        "public_options": list(d.options) if d is not None and d.kind in public_kinds else None,
    }


class OwnDecision(TypedDict):
    """A player view's ``me.decision``: the decision the viewer must answer now."""

    kind: str
    prompt: str


def own_decision(d: Decision | None, seat: int) -> OwnDecision | None:
    """A player view's ``decision``: the open decision's kind and prompt if ``seat`` decides."""
    return {"kind": d.kind, "prompt": d.prompt} if d is not None and d.seat == seat else None


def own_decision_of(view: JSON) -> OwnDecision | None:
    """The viewer's own open decision as a player view states it (``me.decision``, made by
    :func:`own_decision`; ``None``: none, or a game whose views do not state it), typed for
    the layers above the engine."""
    me = view.get("me")
    found = me.get("decision") if isinstance(me, dict) else None
    if not isinstance(found, dict):
        return None
    kind, prompt = found.get("kind"), found.get("prompt")
    if not isinstance(kind, str) or not isinstance(prompt, str):
        return None
    return {"kind": kind, "prompt": prompt}
