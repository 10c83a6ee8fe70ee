"""The table's live message: one channel message per turn, edited in place.

A channel sees a game as a table, not a flood:

* **one message per turn**: when a human's turn starts, one message with the board, what just
  happened, the controls for the pending decision and a mention of the player to act (the
  turn's only ping, unless another player must decide inside it: he gets one short ping that
  is deleted once he has decided). Every decision of the turn edits that message's text;
  when the turn ends it is edited to its final form - no controls, the turn in one line, the
  board as the turn left it;
* **one picture per board**: the picture shows the board only (:mod:`bot.discord.board`:
  the pending decision is the message's text), and it is uploaded only when the board
  differs from the newest picture of the table. A turn message whose start board is the
  picture right above it (the turn before, as it left the board) shows no picture of its own
  until the board changes. A decision inside the turn that looks at the board (the game's
  ``image_decisions``: a placement, the choice of an offer) replaces the picture when the
  board changed since it: nobody decides under a stale board;
* **AI turns** that follow each other are one message, kept up to date while they play
  (:mod:`bot.discord.chain`), with the board after them;
* **the lobby** is one message edited as people join, leave or add AIs;
* **only the current message has controls**: whenever a new current message is posted, the
  previous one is edited to its final form. The current message of every table (its id, the
  game and turn it shows, its lines) is kept in the database (``adapter_state``), so this
  holds across restarts.

Bursts stay within Discord's 5 messages per 5 seconds per channel: posts and edits of the
table's messages share one budget per channel (:class:`Pace`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager

import discord

from bot.discord.chain import CHAIN_EDIT_INTERVAL, chain_lines, chain_title
from bot.discord.controls import decision_components, lobby_components
from bot.discord.kinds import Postable
from bot.discord.layout import (
    Card,
    card_edit_kwargs,
    card_send_kwargs,
    escape,
    mentions,
)
from bot.discord.live import (
    LiveMessage,
    board_name,
    crc_of,
    decision_line,
    event_lines,
    picture_crc,
    table_scope,
    turn_summary,
)
from bot.discord.lobby import lobby_controls
from bot.discord.pace import Pace
from bot.discord.sealed import is_stage, ping_ids, private_only, stage_prompt
from bot.discord.specs import COLORS, Component
from bot.discord.speech import speaking_to_table
from bot.table.outputs import DecisionInfo, Outcome, PublicUpdate
from bot.table.service import TableService
from engine.core import counter_text
from engine.i18n import listed, say
from engine.i18n.shared import _, _n
from engine.registry import first_registered, registration

__all__ = ["LiveMessage", "Pace", "TableMessages"]

log = logging.getLogger("bot.discord.table")

LIVE_KEY = "live"


class TableMessages:
    """Posts and edits the table messages of every channel from the service's outcomes."""

    def __init__(self, service: TableService, game_title: str | None = None) -> None:
        self.service = service
        #: a fixed title for every card (``None``: the channel's game's registration title)
        self.game_title = game_title
        self.pace = Pace()
        #: seconds between two edits of a running AI chain's message, and when each channel's
        #: was edited last (:mod:`bot.discord.chain`)
        self.chain_interval = CHAIN_EDIT_INTERVAL
        self.chain_edited: dict[str, float] = {}

    # -- persistence --------------------------------------------------------------------------

    async def live(self, channel: str) -> LiveMessage | None:
        text = await self.service.adapter_state.get(table_scope(channel), LIVE_KEY)
        return None if text is None else LiveMessage.from_json(text)

    async def _save(self, channel: str, live: LiveMessage | None) -> None:
        value = None if live is None else live.to_json()
        await self.service.adapter_state.set(table_scope(channel), LIVE_KEY, value)

    # -- Discord calls ------------------------------------------------------------------------

    async def _post(
        self, dest: Postable, channel: str, card: Card, image: bytes | None
    ) -> discord.Message:
        await self.pace.wait(channel)
        message: discord.Message = await dest.send(**card_send_kwargs(card, image))
        return message

    async def _edit(
        self,
        dest: Postable,
        message_id: int,
        card: Card,
        image: bytes | None,
        *,
        paced: bool = True,
    ) -> bool:
        if paced:
            self.pace.note(str(getattr(dest, "id", "")))
        try:
            await dest.get_partial_message(message_id).edit(**card_edit_kwargs(card, image))
        except discord.NotFound:
            log.info("table message %s is gone; not edited", message_id)
            return False
        return True

    async def _unping(self, dest: Postable, live: LiveMessage) -> None:
        if live.ping_id is None:
            return
        ping_id, live.ping_id = live.ping_id, None
        try:
            await dest.get_partial_message(ping_id).delete()
        except discord.HTTPException:
            log.debug("could not delete ping message %s", ping_id)

    # -- cards --------------------------------------------------------------------------------

    async def title(self, channel: str) -> str:
        """The title of the channel's game: the running one, else the lobby's choice."""
        if self.game_title is not None:
            return self.game_title
        game = await self.service.play.game_of(channel)
        # no table yet: the game a fresh lobby offers (nobody has chosen one)
        return registration(game or first_registered()).title

    def _turn_title(self, d: DecisionInfo) -> str:
        title = registration(d.game).title
        if d.turn is not None:
            who = escape(d.active_name or d.name)
            # Translators: {turn} is the game's counter with its number ("turn 3",
            # "round 2", already said in the language), {who} the player whose turn it is
            return _(
                "{game} — {turn} · {who}",
                game=title,
                turn=counter_text(d.counter or "turn", d.turn),
                who=who,
            )
        return str(title)  # said now, in the table's language (a stored title stays so)

    def _final_card(self, live: LiveMessage) -> Card:
        if live.kind == "turn":
            lines = [turn_summary(live.lines)] if live.lines else []
        else:
            lines = list(live.lines)
        color = COLORS["board"] if live.kind in ("turn", "chain") else COLORS.get(live.kind)
        return Card(live.title, lines, live.image, color=color)

    async def finish(
        self,
        dest: Postable,
        live: LiveMessage,
        image: bytes | None = None,
        image_name: str | None = None,
    ) -> None:
        """Edit ``live`` to its final form: no controls, the turn in one line, and (if given
        and changed, or the message has no picture of its own) the board as the turn left
        it."""
        await self._unping(dest, live)
        upload = None
        if image is not None and (picture_crc(image) != live.crc or live.image is None):
            upload, live.crc = image, picture_crc(image)
            live.image = image_name or live.image or "board.png"  # not for players
        live.controls = False
        await self._edit(dest, live.id, self._final_card(live), upload)

    # -- the lobby ----------------------------------------------------------------------------

    async def lobby(
        self, dest: Postable, channel: str, text: str, live: LiveMessage | None
    ) -> LiveMessage:
        """The lobby message: edited in place while it is the table's current message."""
        lines = event_lines(text)
        card = Card(
            _("{game} — table", game=await self.title(channel)),
            lines,
            color=COLORS["lobby"],
            components=lobby_controls(
                channel,
                *await self.service.lobby.choice(channel),
                await self.service.settings.preset(channel),
            ),
        )
        if live is not None and live.kind == "lobby" and live.controls:
            if await self._edit(dest, live.id, card, None):
                # its title too: the table's language may have changed since it was posted
                # (/settings language), and its last form at the start shows the stored one
                live.lines, live.title = lines, card.title
                return live
        elif live is not None and live.controls:
            await self.finish(dest, live)
        message = await self._post(dest, channel, card, None)
        return LiveMessage(message.id, "lobby", title=card.title, lines=lines)

    # -- a game's outcome ---------------------------------------------------------------------

    def speaking(self, channel: str) -> AbstractContextManager[str]:
        """The table's language in force: its messages are public."""
        return speaking_to_table(self.service, channel)

    async def publish(self, dest: Postable, channel: str, outcome: Outcome) -> None:
        """Show an outcome's public updates: edits of the current message, at most one
        message for completed AI turns, a new current message when a turn starts, one end
        message. Call it under the channel's lock, in the order of the outcomes. Said in the
        table's language (whoever's action it answers)."""
        with self.speaking(channel):
            await self._publish(dest, channel, outcome)

    async def _publish(self, dest: Postable, channel: str, outcome: Outcome) -> None:
        live = await self.live(channel)
        updates = list(outcome.public)
        d = outcome.decision
        ds = outcome.decisions  # several when seats decide at once (bot.discord.sealed)
        if not updates and d is None:
            return
        if outcome.started and updates and live is not None and live.kind == "lobby":
            # The lobby's last word: who started which game with which options (not "/start
            # when ready", nor options the start replaced); it is finished below.
            live.lines = event_lines(updates[0].text)[:1]
        if d is None and not outcome.game_over and all(u.seq is None for u in updates):
            if updates:
                live = await self.lobby(dest, channel, updates[-1].text, live)
                await self._save(channel, live)
            return
        if live is not None:
            await self._unping(dest, live)
        game = outcome.game_id if outcome.game_id is not None else (d.game_id if d else None)
        open_turn = (
            live
            if live is not None and live.kind == "turn" and live.controls and live.game == game
            else None
        )
        chain = (
            live
            if live is not None and live.kind == "chain" and live.controls and live.game == game
            else None
        )
        rest: list[PublicUpdate] = []  # updates outside an open human turn
        done: list[PublicUpdate] = []
        fresh: list[str] = []
        fresh_image: bytes | None = None
        open_image: bytes | None = None
        board: bytes | None = None  # the newest board picture of this outcome
        for n, u in enumerate(updates):
            if outcome.game_over and n == len(updates) - 1 and open_turn is None:
                break  # the end message reports it
            lines = event_lines(u.text)
            image = u.image if u.image_kind == "board" else None
            board = image or board
            if open_turn is not None:
                open_turn.lines += lines
                open_image = image or open_image
                if u.turn_over:
                    if open_image is None:
                        # The finished turn shows the board as it left it (at the game's end
                        # the update shows the ranking, not the board).
                        reply = await self.service.play.board(channel)
                        open_image = reply.image if reply.ok else None
                    await self.finish(dest, open_turn, open_image, board_name(u))
                    open_turn = None
                continue
            rest.append(u)
            if u.turn_over:
                done.append(u)
            else:
                fresh += lines
                fresh_image = image or fresh_image
        posted_crc: int | None = None
        ai_next = d is not None and d.is_ai and not outcome.game_over
        if rest and open_turn is None and (chain is not None or ai_next):
            # AI turns being played: the chain's message, kept up to date.
            chain = await show_chain(self, dest, channel, chain, live, rest, d, game)
            live, done, fresh, fresh_image = chain, [], [], None
        if chain is not None and not ai_next:
            posted_crc = await close_chain(self, dest, channel, chain, board)
            live = chain
        elif done:
            last_turn = d.turn - 1 if d is not None and d.turn is not None else None
            posted_crc = await self._post_done(dest, channel, done, live, open_turn, last_turn)
            if live is not None and live.controls and live is not open_turn:
                live = None  # finished by _post_done
        if outcome.game_over:
            live = await self._end(dest, channel, updates, open_turn or live)
        elif d is not None and not d.is_ai:
            if open_turn is not None:
                live = await self._continue(dest, channel, open_turn, d, open_image, ds)
            else:
                if live is not None and live.controls:
                    await self.finish(dest, live)
                above = None if live is None else live.crc
                if done or posted_crc is not None:
                    above = posted_crc
                live = await self._start_turn(
                    dest, channel, d, fresh, fresh_image or board, ds, above=above
                )
        elif open_turn is not None:
            # An AI decides inside the turn (it will go on when it is asked to): no controls.
            open_turn.controls = True
            await self._edit(dest, open_turn.id, self._live_card(open_turn, None), None)
            live = open_turn
        await self._save(channel, live)

    async def _post_done(
        self,
        dest: Postable,
        channel: str,
        done: list[PublicUpdate],
        live: LiveMessage | None,
        open_turn: LiveMessage | None,
        last_turn: int | None = None,
    ) -> int | None:
        """Completed turns (AI turns in a row) as one message in final form; ``last_turn``
        numbers the last of them when known. Returns the crc of its board picture."""
        if live is not None and live.controls and live is not open_turn:
            await self.finish(dest, live)
        lines = [turn_summary(event_lines(u.text)) for u in done]
        image = next((u.image for u in reversed(done) if u.image_kind == "board"), None)
        name = board_name(done[-1]) if image is not None else None
        game_title = await self.title(channel)
        if last_turn is None:
            title = _n("{game} — a turn", "{game} — {n} turns", len(done), game=game_title)
        elif len(done) == 1:
            title = _("{game} — turn {turn}", game=game_title, turn=last_turn)
        else:
            title = _(
                "{game} — turns {first}–{last}",
                game=game_title,
                first=last_turn - len(done) + 1,
                last=last_turn,
            )
        card = Card(title, lines, name, color=COLORS["board"])
        await self._post(dest, channel, card, image)
        return picture_crc(image)

    def _live_card(
        self,
        live: LiveMessage,
        d: DecisionInfo | None,
        components: tuple[Component, ...] = (),
        ds: Sequence[DecisionInfo] = (),
    ) -> Card:
        prompt = decision_line(d) if d is not None else None
        if d is not None and is_stage(ds):
            prompt = stage_prompt(ds)
        return Card(
            live.title,
            list(live.lines),
            live.image,
            prompt=prompt,
            color=COLORS["board"],
            components=() if d is None else components,
        )

    @staticmethod
    def decision_controls(d: DecisionInfo) -> tuple[Component, ...]:
        """The buttons and menus of the pending decision on the table's public message: from
        the decision alone (public information), never from the decider's own options."""
        return decision_components(private_only(d))

    async def _start_turn(
        self,
        dest: Postable,
        channel: str,
        d: DecisionInfo,
        lines: list[str],
        image: bytes | None,
        ds: Sequence[DecisionInfo] = (),
        above: int | None = None,
    ) -> LiveMessage:
        """Post the message of a turn that starts; ``above``: the crc of the board picture
        right above it (the finished turn before): the same board is not uploaded again."""
        if image is None:
            reply = await self.service.play.board(channel)
            image = reply.image if reply.ok else None
        crc = picture_crc(image)
        if image is not None and crc is not None and crc == above:
            image = None  # the board is the picture right above
        name = f"board-{d.seq}.png" if image is not None else None
        live = LiveMessage(
            0,
            "turn",
            game=d.game_id,
            turn=d.turn,
            title=self._turn_title(d),
            lines=lines,
            image=name,
            crc=crc,
            pinged=ping_ids(d, ds),
        )
        card = self._live_card(live, d, self.decision_controls(d), ds)
        card.ping = tuple(live.pinged)
        message = await self._post(dest, channel, card, image)
        live.id = message.id
        return live

    async def _continue(
        self,
        dest: Postable,
        channel: str,
        live: LiveMessage,
        d: DecisionInfo,
        image: bytes | None,
        ds: Sequence[DecisionInfo] = (),
    ) -> LiveMessage:
        """The next decision inside the same turn: edit the message (what happened, the
        decision line, its controls, and the picture when ``image`` - the board the decider
        looks at - differs from it: never a stale board under a decision); ping a player who
        must decide inside someone else's turn (once)."""
        live.controls = True
        upload = None
        if image is not None and picture_crc(image) != live.crc:
            upload, live.crc = image, picture_crc(image)
            live.image = f"board-{d.seq}.png"
        card = self._live_card(live, d, self.decision_controls(d), ds)
        if not await self._edit(dest, live.id, card, upload):
            return await self._start_turn(dest, channel, d, live.lines, image, ds)
        due = [u for u in ping_ids(d, ds) if u not in live.pinged]
        if due:
            live.pinged += due
            await self.pace.wait(channel)
            who = listed(f"<@{u}>" for u in due)
            ping = await dest.send(
                content=_(
                    "{who}, your decision on the table above: **{prompt}**",
                    who=who,
                    prompt=escape(say(d.prompt)),
                ),
                allowed_mentions=mentions(due),
            )
            live.ping_id = ping.id
        return live

    async def _end(
        self,
        dest: Postable,
        channel: str,
        updates: list[PublicUpdate],
        live: LiveMessage | None,
    ) -> LiveMessage:
        """The game's end: the last turn's message finished, one message with the ranking."""
        if live is not None and live.controls:
            await self.finish(dest, live)
        last = updates[-1] if updates else PublicUpdate(_("The game is over."))
        image = last.image if last.image_kind == "end" else None
        lines = event_lines(last.text)[-12:]
        name = "ranking.png" if image is not None else None  # not for players
        card = Card(
            _("{game} — game over", game=await self.title(channel)),
            lines,
            name,
            color=COLORS["end"],
            components=lobby_components(channel, rematch=True),
        )
        message = await self._post(dest, channel, card, image)
        return LiveMessage(message.id, "end", title=card.title, lines=lines, image=name)

    # -- start-up -----------------------------------------------------------------------------

    async def refresh(self, dest: Postable, channel: str) -> None:
        """Bring the table's current message up to date with the game (after a restart, or a
        crash between a commit and the edit): the pending decision's controls on the message
        of its turn, or a new turn message if the remembered one belongs to an earlier turn."""
        with self.speaking(channel):
            await self._refresh(dest, channel)

    async def _refresh(self, dest: Postable, channel: str) -> None:
        live = await self.live(channel)
        ds = await self.service.play.decisions(channel)
        d = next((x for x in ds if not x.is_ai), None)
        if d is None:
            return
        if (
            live is not None
            and live.kind == "turn"
            and (live.game, live.turn)
            == (
                d.game_id,
                d.turn,
            )
        ):
            live.controls = True
            card = self._live_card(live, d, self.decision_controls(d), ds)
            if await self._edit(dest, live.id, card, None):
                await self._save(channel, live)
                return
        if live is not None and live.kind == "chain" and live.controls:
            await close_chain(self, dest, channel, live, None)
        elif live is not None and live.controls:
            await self.finish(dest, live)
        live = await self._start_turn(dest, channel, d, [], None, ds, above=crc_of(live))
        await self._save(channel, live)


def _add(
    live: LiveMessage, updates: list[PublicUpdate], lines_of: Callable[[str], list[str]]
) -> None:
    for u in updates:
        live.partial += lines_of(u.text)
        if u.turn_over:
            live.lines.append(turn_summary(live.partial))
            live.partial = []


async def show_chain(
    tm: TableMessages,
    dest: Postable,
    channel: str,
    chain: LiveMessage | None,
    previous: LiveMessage | None,
    updates: list[PublicUpdate],
    d: DecisionInfo | None,
    game: int | None,
) -> LiveMessage:
    """Add AI moves to the chain's message: post it when the chain starts (finishing the
    previous current message), else edit it (throttled; see the module's docstring)."""
    title = await tm.title(channel)
    if chain is None:
        if previous is not None and previous.controls:
            await tm.finish(dest, previous)
        turn = d.turn if d is not None else None
        if turn is not None and updates and updates[0].turn_over:
            turn -= 1
        chain = LiveMessage(0, "chain", game=game, turn=turn)
        _add(chain, updates, event_lines)
        chain.title = chain_title(title, chain, final=False)
        card = Card(chain.title, chain_lines(chain), color=COLORS["board"])
        message = await tm._post(dest, channel, card, None)
        chain.id = message.id
        tm.chain_edited[channel] = tm.pace.clock()
        return chain
    _add(chain, updates, event_lines)
    now = tm.pace.clock()
    due = now - tm.chain_edited.get(channel, float("-inf")) >= tm.chain_interval
    if due and tm.pace.try_take(channel):
        chain.title = chain_title(title, chain, final=False)
        card = Card(chain.title, chain_lines(chain), color=COLORS["board"])
        await tm._edit(dest, chain.id, card, None, paced=False)
        tm.chain_edited[channel] = now
    return chain


async def close_chain(
    tm: TableMessages, dest: Postable, channel: str, chain: LiveMessage, image: bytes | None
) -> int | None:
    """The chain's final form: a line per AI turn and the board after them. Returns the crc
    of the picture it shows."""
    if image is None:
        reply = await tm.service.play.board(channel)
        image = reply.image if reply.ok else None
    chain.lines = chain_lines(chain)
    chain.partial = []
    chain.title = chain_title(await tm.title(channel), chain, final=True)
    await tm.finish(dest, chain, image, "board-chain.png")  # not for players
    tm.chain_edited.pop(channel, None)
    return chain.crc
