"""View fields that turn-based games build alike from their one open decision: who must decide
(public), the options when they reveal nothing hidden, and the seat's own decision (private)."""

from __future__ import annotations

from collections.abc import Callable, Collection

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


def own_decision(d: Decision | None, seat: int) -> JSON | None:
    """A player view's ``decision``: the open decision's kind and prompt if ``seat`` decides."""
    return {"kind": d.kind, "prompt": d.prompt} if d is not None and d.seat == seat else None
