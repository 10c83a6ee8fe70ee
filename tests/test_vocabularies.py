"""Fixed vocabularies of the table are enums (#26, "types at the edges"): refusal codes, the
hand-image modes and the timer events' kinds are closed sets a type checker sees, each
member equal to the text it stood for (stored and compared texts keep working)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest

from bot.table.dispatch import HandImages
from bot.table.outputs import Code
from bot.table.timers import TimerKind
from tests.test_service_support import open_service, uid
from tests.test_timers import FakeClock, two_humans


def test_refusal_codes_are_an_enum_equal_to_their_texts() -> None:
    assert issubclass(Code, StrEnum)
    assert Code("stale") is Code.STALE and Code.STALE == "stale"
    assert f"{Code.NO_GAME}" == "no_game"
    with pytest.raises(ValueError):
        Code("no such code")


async def test_a_refusal_carries_a_code_member(tmp_path: Path) -> None:
    svc = open_service(tmp_path / "t.db")
    out = await svc.play.command("c", uid(0), "take A")
    assert not out.accepted and out.code is Code.NO_GAME
    svc.close()


def test_hand_image_modes_are_an_enum_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    """Setting the mode on a running service is checked like the constructor's (before, any
    text was taken and then silently meant "settled")."""
    svc = open_service(tmp_path / "t.db", hand_images="settled")
    assert svc.draw.hand_images is HandImages.SETTLED
    svc.draw.hand_images = "always"
    assert svc.draw.hand_images is HandImages.ALWAYS
    with pytest.raises(ValueError, match="always, settled or off, not 'sometimes'"):
        svc.draw.hand_images = "sometimes"
    assert svc.draw.hand_images is HandImages.ALWAYS
    with pytest.raises(ValueError, match="always, settled or off"):
        open_service(tmp_path / "u.db", hand_images="sometimes")
    svc.close()


async def test_timer_events_carry_a_kind_member(tmp_path: Path) -> None:
    clock = FakeClock()
    svc = open_service(tmp_path / "t.db", clock=clock)
    await two_humans(svc)
    clock.advance(61)
    (event,) = await svc.timers.tick()
    assert event.kind is TimerKind.REMINDER and event.kind == "reminder"
    clock.advance(60)
    (event,) = await svc.timers.tick()
    assert event.kind is TimerKind.TAKEOVER
    svc.close()


def test_the_viewers_own_decision_is_read_typed_from_a_player_view() -> None:
    """The one view field the table reads besides the typed header (``me.decision``, for
    /hand's "your decision" line) comes as an :class:`~engine.view_parts.OwnDecision`."""
    from engine.registry import registration
    from engine.view_parts import own_decision_of

    state = registration("venezia").parts().game.new_state(["A", "B", "C"], 5)
    d = state.pending()
    assert d is not None
    mine = own_decision_of(state.player_view(d.seat))
    assert mine == {"kind": d.kind, "prompt": d.prompt}
    other = (d.seat + 1) % 3
    assert own_decision_of(state.player_view(other)) is None
    assert own_decision_of({"me": {"decision": {"kind": 1}}}) is None
    assert own_decision_of({"me": "nothing"}) is None
