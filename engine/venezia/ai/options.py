"""What Venezia's AI levels share about the options a seat may answer and what it remembers:
a seat may hand in gold (``exchange …``) only on its own turn, and the token values it handed
in have left the game (determinization must know that)."""

from __future__ import annotations

from engine.core import JSON, Decision


def legal_options(view: JSON, decision: Decision) -> list[str]:
    """What the deciding seat may answer: its options, exchanges only when it is the active
    player (a seat placing on someone else's turn may not exchange gold)."""
    me = view.get("me") or {}
    if int(me.get("seat", -1)) != decision.seat:
        seats = (me.get("seat"), decision.seat)
        raise ValueError(
            "the view is seat {}'s but the decision is seat {}'s".format(*seats)  # not for players
        )
    options: list[str] = list(me.get("options") or decision.options)
    if decision.seat != view.get("active"):
        options = [o for o in options if not o.startswith("exchange")]
    if not options:
        raise ValueError(
            f"no legal command for seat {decision.seat} ({decision.prompt})"  # not for players
        )
    return options


def split_options(options: list[str]) -> tuple[list[str], list[str]]:
    """(decision options, gold exchanges)."""
    if "exchange " not in "\n".join(options):  # most decisions offer none: no test per option
        return list(options), []
    exchanges = [o for o in options if o.startswith("exchange ")]
    others = [o for o in options if not o.startswith("exchange ")]
    return others, exchanges


def exchange_values(command: str) -> list[int]:
    """Token values handed in by a canonical ``exchange …`` command."""
    return [int(w) for w in command.split()[1:] if w.isdigit()]


class GameMemory:
    """What an AI remembers of its own past moves within one game (public to itself only).

    It records the token values it handed in, so determinization knows those swamp tokens left
    the game. A new game (the turn counter or the move count going back) clears the memory.
    """

    def __init__(self) -> None:
        self.spent: list[int] = []
        self._last: tuple[int, int] = (0, 0)

    def observe(self, view: JSON) -> None:
        eng = view.get("engine") or {}
        now = (int(view.get("turn", 0)), int(eng.get("history_length", 0)))
        if now < self._last:
            self.spent = []
        self._last = now

    def record(self, command: str) -> None:
        if command.startswith("exchange "):
            self.spent.extend(exchange_values(command))
