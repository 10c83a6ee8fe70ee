"""What every game's scenario hook shares: the result of one scenario, the error for a broken
file (as opposed to a rule that does not hold), and the step loop that plays a scenario's
commands and checks its expectations (each game supplies its seats and its checks)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.core import Decision, Event, IllegalMove

Card = TypeVar("Card")


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not a rule failure)."""


@dataclass
class ScenarioResult:
    name: str
    failures: list[str] = field(default_factory=list)
    steps_run: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


class SteppableState(Protocol):
    """What the step loop needs of a game state."""

    def apply(self, seat: int, command: str) -> list[Event]: ...

    def to_json(self) -> str: ...


def refuse_unknown(given: Iterable[str], allowed: set[str], what: str) -> None:
    """A :class:`ScenarioError` ``"<what> [the unknown keys]"`` if ``given`` has keys the
    format does not know (top-level, setup or expectation keys)."""
    unknown = set(given) - allowed
    if unknown:
        raise ScenarioError(f"{what} {sorted(unknown)}")


def player_seat(players: Sequence[str], who: Any, where: str, any_number: bool = False) -> int:
    """The seat a scenario names by player name or seat number (any number with
    ``any_number``, for seats beyond the players such as an imaginary one)."""
    if isinstance(who, int) and (any_number or 0 <= who < len(players)):
        return who
    if who in players:
        return players.index(who)
    raise ScenarioError(f"{where}: unknown player {who!r}; players: {players}")


def piles_with_rest(
    setup: dict[str, Any], discard: list[Card], rest: list[Card], deck_top: list[Card]
) -> tuple[list[Card], list[Card]]:
    """The discard pile and the deck (its top last; ``deck_top`` lists the top down) with the
    cards the set-up does not name, ``rest``, under the deck, or on the discard pile with
    ``rest = "discard"``."""
    if setup.get("rest", "deck") == "discard":
        return discard + rest, list(reversed(deck_top))
    return discard, rest + list(reversed(deck_top))


class Expectations:
    """Collects the expectations that do not hold, in words (``fails``); the checks every
    game's scenarios share are methods."""

    def __init__(self, expect: dict[str, Any], allowed: set[str]) -> None:
        refuse_unknown(expect, allowed, "unknown expectation keys")
        self.expect = expect
        self.fails: list[str] = []

    def check(self, what: str, got: Any, want: Any) -> None:
        if got != want:
            self.fails.append(f"{what}: expected {want!r}, got {got!r}")

    def pending(self, d: Decision | None, players: Sequence[str]) -> None:
        """``pending = {player, kind}``: who must decide what (the first open decision)."""
        if "pending" not in self.expect:
            return
        want = self.expect["pending"]
        if d is None:
            self.fails.append(f"pending: expected {want!r}, but nobody must decide")
            return
        if "player" in want:
            self.check("pending player", players[d.seat], want["player"])
        if "kind" in want:
            self.check("pending kind", d.kind, want["kind"])

    def options(self, options: list[str], shown: int | None = None) -> None:
        """``options`` (exactly these), ``options_count``, ``options_include`` (a miss lists
        the first ``shown`` options), ``options_exclude``."""
        expect = self.expect
        if "options" in expect:
            self.check("options", sorted(options), sorted(expect["options"]))
        if "options_count" in expect:
            self.check("number of options", len(options), int(expect["options_count"]))
        for opt in expect.get("options_include", []):
            if opt not in options:
                self.fails.append(f"option {opt!r} missing; options: {options[:shown]}")
        for opt in expect.get("options_exclude", []):
            if opt in options:
                self.fails.append(f"option {opt!r} should not be offered")

    def game_over(self, over: bool) -> None:
        if "game_over" in self.expect:
            self.check("game over", over, bool(self.expect["game_over"]))

    def ranking(self, ranking: Callable[[], list[list[int]]], players: Sequence[str]) -> None:
        """``ranking``: the places as lists of player names, best first (``ranking()`` is
        asked only when the scenario expects one)."""
        if "ranking" in self.expect:
            names = [[players[s] for s in group] for group in ranking()]
            self.check("ranking", names, [list(g) for g in self.expect["ranking"]])


def play_steps(
    state: SteppableState,
    spec: dict[str, Any],
    name: str,
    seat_of: Callable[[Any, str], int],
    check: Callable[[dict[str, Any]], list[str]],
    texts: list[str] | None = None,
) -> ScenarioResult:
    """Play ``spec["steps"]`` on ``state``, then check ``spec["expect"]``: the result of the
    scenario (named by its ``name``, else ``name``).

    A step's ``expect`` is ``"ok"`` (the default) or a rejection, which must leave the state
    unchanged (and mention ``reject_contains``); an unexpected outcome ends the scenario there.
    ``seat_of(who, where)`` names the seat of a step's player (a :class:`ScenarioError` if
    unknown); ``check(expect)`` lists the expectations that do not hold. The texts of the
    events are appended to ``texts`` (for the game's event checks).
    """
    result = ScenarioResult(str(spec.get("name", name)))
    for i, step in enumerate(spec.get("steps", []), start=1):
        where = f"step {i} ({step.get('player')}: {step.get('command')!r})"
        seat = seat_of(step.get("player"), f"{name} {where}")
        expect_ok = step.get("expect", "ok") == "ok"
        before = state.to_json()
        try:
            events = state.apply(seat, str(step.get("command", "")))
            if texts is not None:
                texts.extend(e.text for e in events)
            if not expect_ok:
                result.failures.append(f"{where}: was accepted, expected a rejection")
                return result
        except IllegalMove as exc:
            if expect_ok:
                result.failures.append(f"{where}: rejected: {exc}")
                return result
            if state.to_json() != before:
                result.failures.append(f"{where}: the rejection changed the state")
            needle = step.get("reject_contains")
            if needle and str(needle).casefold() not in str(exc).casefold():
                result.failures.append(f"{where}: rejection {str(exc)!r} lacks {needle!r}")
        result.steps_run = i
        if "then" in step:
            result.failures.extend(f"{where}: {f}" for f in check(step["then"]))
    result.failures.extend(check(spec.get("expect", {})))
    return result
