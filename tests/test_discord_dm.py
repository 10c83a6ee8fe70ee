"""HandMail's rules on plain data (no Discord): when held hand updates go out, what a DM
shows. The games' turns are only seen through the outcome's ``turn_over``/``started`` marks."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.discord.dm import HandMail
from bot.table.outputs import DecisionInfo, Outcome, PrivateUpdate, PublicUpdate, Reply

ALICE, BOB = "101", "102"


class FakeService:
    def __init__(self) -> None:
        self.state: dict[tuple[str, str], str] = {}
        self.draw = SimpleNamespace(hand_images="off")
        self.asked: list[tuple[str, str]] = []
        # the parts the DM sender calls (#26: adapters call the service's parts)
        self.play = self.adapter_state = self

    async def hand(self, channel: str, user: str) -> Reply:
        self.asked.append((channel, user))
        return Reply("your hand", image=b"\x89PNG now", image_kind="hand", private=True)

    async def get(self, scope: str, key: str) -> str | None:
        return self.state.get((scope, key))

    async def set(self, scope: str, key: str, value: str | None) -> None:
        if value is None:
            self.state.pop((scope, key), None)
        else:
            self.state[(scope, key)] = value


class FakeDM:
    def __init__(self, sent: list[dict[str, Any]]) -> None:
        self.sent = sent

    async def send(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)


class FakeClient:
    def __init__(self) -> None:
        self.dms: dict[str, list[dict[str, Any]]] = {}

    async def create_dm(self, user: discord.Object) -> FakeDM:
        return FakeDM(self.dms.setdefault(str(user.id), []))


def mail() -> tuple[HandMail, FakeClient, FakeService]:
    client, service = FakeClient(), FakeService()
    return HandMail(client, service), client, service  # type: ignore[arg-type]


def deciding(user: str, *, sealed: bool = False) -> DecisionInfo:
    return DecisionInfo("1", 1, 5, 0, user, user, "play", "play", sealed=sealed, game="venezia")


def hand(user: str, event: str, image: bytes | None = None) -> PrivateUpdate:
    """An event's private line and the hand's summary after it."""
    summary = f"hand after {event}"
    return PrivateUpdate(
        user, 0, f"{event}\n{summary}", image, "hand" if image else None, summary=summary
    )


def move(*private: PrivateUpdate, turn_over: bool = False, **kw: Any) -> Outcome:
    public = (PublicUpdate("a move", seq=1, turn_over=turn_over),)
    return Outcome(True, public=public, private=private, game_id=1, **kw)


async def test_news_waits_for_the_turns_end_and_the_next_decider_waits_longer() -> None:
    m, client, _ = mail()
    await m.deliver(None, "1", move(hand(ALICE, "a1"), hand(BOB, "b1"), decision=deciding(BOB)))
    await m.deliver(None, "1", move(hand(ALICE, "a2"), decision=deciding(ALICE)))
    assert client.dms == {}, "the decision passing to another person is no boundary"
    # the turn ends; Bob opens the next one: he is pinged and sees his hand, his DM waits
    await m.deliver(None, "1", move(turn_over=True, decision=deciding(BOB)))
    assert list(client.dms) == [ALICE] and len(client.dms[ALICE]) == 1
    text = client.dms[ALICE][0]["content"]
    assert "a1" in text and "a2" in text and "hand after a1" not in text  # the newest hand
    await m.deliver(None, "1", move(turn_over=True, decision=deciding(ALICE)))
    assert len(client.dms[BOB]) == 1 and "b1" in client.dms[BOB][0]["content"]
    assert await m.held("1") == {}


async def test_who_decides_in_a_sealed_stage_reads_his_hand_in_its_select() -> None:
    m, client, _ = mail()
    both = (deciding(ALICE, sealed=True), deciding(BOB, sealed=True))
    start = Outcome(
        True,
        public=(PublicUpdate("go"),),
        private=(hand(ALICE, "a0"), hand(BOB, "b0")),
        decisions=both,
        decision=both[0],
        game_id=1,
        started=True,
    )
    await m.deliver(None, "1", start)
    assert client.dms == {}, "who decides at the start sees his hand in his controls"
    await m.deliver(None, "1", move(hand(ALICE, "a1"), turn_over=True, decisions=both))
    assert client.dms == {}, "pinged to choose from his hand: no DM besides the ping"
    only_bob = (deciding(BOB, sealed=True),)  # Alice is not asked this time (e.g. cannot buy)
    await m.deliver(None, "1", move(turn_over=True, decisions=only_bob))
    assert list(client.dms) == [ALICE] and "a1" in client.dms[ALICE][0]["content"]
    await m.deliver(None, "1", move(game_over=True))
    assert len(client.dms[BOB]) == 1 and "b0" in client.dms[BOB][0]["content"]


async def test_a_dm_shows_no_older_picture_than_its_hand() -> None:
    m, client, _ = mail()
    await m.deliver(None, "1", move(hand(ALICE, "first", b"\x89PNG old")))
    await m.deliver(None, "1", move(hand(ALICE, "second"), game_over=True))
    (dm,) = client.dms[ALICE]
    assert "second" in dm["content"] and "file" not in dm
    await m.deliver(None, "1", move(hand(ALICE, "third", b"\x89PNG new"), game_over=True))
    assert client.dms[ALICE][1]["file"].fp.getvalue() == b"\x89PNG new"


async def test_a_start_drops_what_an_aborted_game_left_held() -> None:
    m, client, service = mail()
    await m.deliver(None, "1", move(hand(BOB, "old game"), decision=deciding(ALICE)))
    assert service.state  # held in the database
    start = Outcome(
        True,
        public=(PublicUpdate("go"),),
        private=(hand(BOB, "new game"),),
        decision=deciding(ALICE),
        game_id=2,
        started=True,
    )
    await m.deliver(None, "1", start)
    (dm,) = client.dms[BOB]
    assert "new game" in dm["content"] and "old game" not in dm["content"]
    assert await m.held("1") == {} and not service.state


async def test_a_picture_drawn_earlier_in_the_turn_is_drawn_anew() -> None:
    """The held picture shows the table as it was (e.g. whose decision it was): the DM at the
    turn's end asks for the hand as it is now; a picture drawn for the ending move is used."""
    m, client, service = mail()
    service.draw.hand_images = "settled"
    await m.deliver(None, "1", move(hand(ALICE, "early", b"\x89PNG early")))
    await m.deliver(None, "1", move(turn_over=True, decision=deciding(BOB)))
    assert client.dms[ALICE][0]["file"].fp.getvalue() == b"\x89PNG now"
    assert service.asked == [("1", ALICE)]
    await m.deliver(None, "1", move(hand(ALICE, "late", b"\x89PNG late"), turn_over=True))
    assert client.dms[ALICE][1]["file"].fp.getvalue() == b"\x89PNG late"
    assert service.asked == [("1", ALICE)]
