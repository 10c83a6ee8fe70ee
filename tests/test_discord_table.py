"""Pure parts of the table message: clipping, pacing, the remembered current message."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.discord.layout import clip_end, clip_start, escape
from bot.discord.pace import Pace
from bot.discord.table import LiveMessage, TableMessages
from bot.table.outputs import DecisionInfo, Outcome, PublicUpdate, Reply


def test_clip_start_keeps_the_newest_lines() -> None:
    lines = [f"move {i} " + "x" * 90 for i in range(100)]
    kept = clip_start(lines, 2000)
    assert kept[0] == "…" and kept[-1] == lines[-1]
    assert len("\n".join(kept)) <= 2000
    assert clip_start(["a", "b"], 2000) == ["a", "b"]


def test_clip_end_and_escape() -> None:
    assert clip_end("x" * 3000, 2000) == "x" * 1999 + "…"
    shown = escape("**Boss** @everyone <@123456789012345678> _x_")
    assert "**" not in shown.replace("\\*", "")
    assert "@everyone" not in shown and "<@123456789012345678>" not in shown


def test_live_message_round_trips_and_survives_garbage() -> None:
    live = LiveMessage(42, "turn", game=3, turn=7, title="t", lines=["a"], pinged=["9"])
    assert LiveMessage.from_json(live.to_json()) == live
    assert LiveMessage.from_json("not json") is None
    assert LiveMessage.from_json('{"unknown": 1}') is None


async def test_pace_waits_once_the_channel_had_five_messages_in_five_seconds() -> None:
    sleeps: list[float] = []

    async def fake_sleep(delay: float) -> None:
        sleeps.append(delay)

    pace = Pace(limit=5, window=5.0, sleep=fake_sleep)
    loop = asyncio.get_running_loop()
    start = loop.time()
    for _ in range(5):
        await pace.wait("c")
    assert sleeps == []
    await pace.wait("c")
    assert len(sleeps) == 1 and 4.0 < sleeps[0] <= 5.0 + (loop.time() - start)
    await pace.wait("other")  # another channel has its own budget
    assert len(sleeps) == 1


def test_optional_edits_leave_room_for_what_must_follow() -> None:
    """A running AI chain's edits go only while the 5-second window keeps 3 requests free
    (the chain's final edit, the next turn's message, a ping): posts and edits together stay
    within Discord's 5 per 5 seconds."""
    now = [100.0]
    pace = Pace(limit=5, window=5.0, clock=lambda: now[0])
    pace.note("c")  # e.g. the finished turn's edit
    assert pace.try_take("c")  # 2 in the window
    assert not pace.try_take("c")  # a third would leave only 2 free
    pace.note("c")
    pace.note("c")
    pace.note("c")  # what must follow still fits: 5
    now[0] += 5.0  # the window moved on
    assert pace.try_take("c")
    assert pace.try_take("other")


# --------------------------------------------------------------------------------------------
# TableMessages.publish on synthetic outcomes
# --------------------------------------------------------------------------------------------


class FakeService:
    """What TableMessages asks the service: adapter state, options, a board picture."""

    def __init__(self) -> None:
        self.state: dict[tuple[str, str], str] = {}
        # the parts the table messages call (#26: adapters call the service's parts)
        self.play = self.adapter_state = self

    async def get(self, scope: str, key: str) -> str | None:
        return self.state.get((scope, key))

    async def set(self, scope: str, key: str, value: str | None) -> None:
        if value is None:
            self.state.pop((scope, key), None)
        else:
            self.state[(scope, key)] = value

    async def options_for(self, *args: object) -> list[str]:
        return []

    async def board(self, channel: str) -> Reply:
        return Reply("board", image=b"now")


class FakeDest:
    """A channel: posts, edits and deletes by message id."""

    def __init__(self) -> None:
        self.messages: dict[int, dict[str, Any]] = {}
        self.posts: list[dict[str, Any]] = []
        self.edits = 0
        self.deleted: list[int] = []
        self._next = 100

    async def send(self, **kwargs: Any) -> SimpleNamespace:
        self._next += 1
        self.messages[self._next] = kwargs
        self.posts.append(kwargs)
        return SimpleNamespace(id=self._next)

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(**kwargs: Any) -> None:
            self.messages[message_id] = {**self.messages[message_id], **kwargs}
            self.edits += 1

        async def delete() -> None:
            self.deleted.append(message_id)
            del self.messages[message_id]

        return SimpleNamespace(edit=edit, delete=delete)

    def ids_with_controls(self) -> list[int]:
        out = []
        for mid, kwargs in self.messages.items():
            view = kwargs.get("view")
            if view is not None and any(getattr(i, "custom_id", None) for i in walk(view)):
                out.append(mid)
        return out


def walk(view: Any) -> list[Any]:
    out: list[Any] = []
    for item in getattr(view, "children", []):
        out += [item, *walk(item)]
    return out


def decision(seq: int, seat: int, user: str, turn: int, active: int) -> DecisionInfo:
    names = ["Alice", "Bob", "Robo"]
    return DecisionInfo(
        "7",
        1,
        seq,
        seat,
        user,
        names[seat],
        "place",
        "place the casa",
        ("place C1", "place C2"),
        turn=turn,
        counter="turn",
        active=active,
        active_name=names[active],
        game="venezia",
    )


def pinged(kwargs: dict[str, Any]) -> list[int]:
    return [u.id for u in kwargs["allowed_mentions"].users]


async def test_a_turn_is_one_message_and_an_architect_is_pinged_once() -> None:
    table = TableMessages(FakeService(), "Venezia")  # type: ignore[arg-type]
    dest = FakeDest()
    start = Outcome(
        True,
        public=(PublicUpdate("Alice starts", b"b0", "board", -1),),
        decision=decision(0, 0, "11", 1, 0),
        game_id=1,
    )
    await table.publish(dest, "7", start)
    assert len(dest.posts) == 1 and pinged(dest.posts[0]) == [11]
    first = next(iter(dest.messages))
    # Alice plays; Bob (an architect) must place inside her turn: the message is edited, and
    # Bob gets one short ping.
    await table.publish(
        dest,
        "7",
        Outcome(
            True,
            public=(PublicUpdate("Alice plays casa", None, None, 0),),
            decision=decision(1, 1, "22", 1, 0),
            game_id=1,
        ),
    )
    assert len(dest.posts) == 2 and pinged(dest.posts[1]) == [22]
    assert "your decision on the table above" in dest.posts[1]["content"]
    assert dest.ids_with_controls() == [first]
    # Bob placed; Alice decides again: the ping note goes, nobody is pinged again.
    await table.publish(
        dest,
        "7",
        Outcome(
            True,
            public=(PublicUpdate("Bob places the casa", b"b1", "board", 1),),
            decision=decision(2, 0, "11", 1, 0),
            game_id=1,
        ),
    )
    assert len(dest.posts) == 2 and len(dest.deleted) == 1
    # Alice ends her turn; Robo (AI) plays a whole turn; Bob's turn starts.
    await table.publish(
        dest,
        "7",
        Outcome(
            True,
            public=(
                PublicUpdate("Alice draws; Robo's turn", b"b2", "board", 2, turn_over=True),
                PublicUpdate("Robo plays; Bob's turn", b"b3", "board", 6, turn_over=True),
            ),
            decision=decision(7, 1, "22", 3, 1),
            game_id=1,
        ),
    )
    assert len(dest.posts) == 4, "one message for the AI turn, one for Bob's turn"
    assert pinged(dest.posts[3]) == [22] and pinged(dest.posts[2]) == []
    assert dest.ids_with_controls() == [max(dest.messages)]
    final = dest.messages[first]
    assert "attachments" in final  # the board as the turn left it came with the final edit
    text = "\n".join(i.content for i in walk(final["view"]) if hasattr(i, "content"))
    assert "Alice plays casa; Bob places the casa; Alice draws" in text


def test_missing_permissions_name_what_to_grant() -> None:
    import discord

    from bot.discord.perms import missing_permissions, permissions_refusal

    def interaction(kind: discord.ChannelType, perms: discord.Permissions) -> Any:
        return SimpleNamespace(
            guild_id=1, channel=SimpleNamespace(type=kind), app_permissions=perms
        )

    everything = discord.Permissions(view_channel=True, send_messages=True, attach_files=True)
    assert missing_permissions(interaction(discord.ChannelType.text, everything)) == []
    in_thread = missing_permissions(interaction(discord.ChannelType.public_thread, everything))
    assert in_thread == ["Send Messages in Threads"]
    bare = missing_permissions(
        interaction(discord.ChannelType.text, discord.Permissions(view_channel=True))
    )
    assert bare == ["Send Messages", "Attach Files"]
    text = permissions_refusal(bare)
    assert "**Send Messages** and **Attach Files**" in text and "nothing was changed" in text


def test_board_pictures_do_not_depend_on_the_pending_decision() -> None:
    """The channel's board picture shows the board only: the same board with another decision
    pending is the same picture (no upload), a changed board is another one."""
    from bot.discord.board import BoardOnlyRenderer
    from bot.table.render import PlaceholderRenderer
    from engine.games import get_game

    renderer = BoardOnlyRenderer(PlaceholderRenderer((8, 8)))
    state = get_game("venezia").new_state(["a", "b", "c"], seed=3)
    view = state.public_view()
    other = dict(view, pending={"seat": 2, "kind": "place", "prompt": "x", "name": "c"})
    other["public_options"] = ["place C3"]
    assert renderer.board(view) == renderer.board(other)
    d = state.pending()
    assert d is not None
    state.apply(d.seat, state.legal_commands(d.seat)[0])
    assert renderer.board(state.public_view()) != renderer.board(view)
    assert PlaceholderRenderer((8, 8)).board(view) != PlaceholderRenderer((8, 8)).board(other)
