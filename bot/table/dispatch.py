"""Render dispatch: which process draws a channel's image, the per-table image cache, stats."""

from __future__ import annotations

import logging
import threading
import time
import zlib
from enum import StrEnum

from bot.table.outputs import ImageKind
from bot.table.records import Table
from bot.table.render import Renderer, render_call
from bot.table.render_procs import RenderProcess
from engine.core import JSON, GameState
from engine.i18n import current_language, speaking

log = logging.getLogger("bot.service")


class HandImages(StrEnum):
    """When a player's hand image is drawn: at every change of his hand (``always``), once his
    own run of decisions about his cards is over (``settled``; the texts still go out at every
    change), or never (``off``)."""

    SETTLED = "settled"
    ALWAYS = "always"
    OFF = "off"


def hand_mode(mode: bool | str) -> HandImages:
    """The mode named by ``mode`` (``True``: always, ``False``: off); ValueError names the
    modes for any other text."""
    if mode is True:
        return HandImages.ALWAYS
    if mode is False:
        return HandImages.OFF
    try:
        return HandImages(mode)
    except ValueError:
        modes = "always, settled or off"  # not for players
        raise ValueError(f"hand_images must be {modes}, not {mode!r}") from None  # not for players


class RenderDispatch:
    """Draws the images of every table: in this process with ``renderer``, or in one of
    ``render_processes`` processes (each channel in its own, so its caches hold that
    channel's last images). Counts images per kind and the seconds spent."""

    def __init__(
        self, renderer: Renderer, *, render_processes: int, images: bool, hand_images: HandImages
    ) -> None:
        self.renderer = renderer
        self.images = images
        self._hand_images = hand_mode(hand_images)
        self.procs: list[RenderProcess] = [
            RenderProcess(renderer, name=f"canalside-render-{i}")  # not for players
            for i in range(render_processes)
        ]
        #: Images rendered per kind, and the seconds spent (wall, including a process hop).
        self.stats: dict[str, int] = {}
        self.seconds: dict[str, float] = {}
        self._stats_lock = threading.Lock()
        self.closed = False

    @property
    def hand_images(self) -> HandImages:
        """When hands are drawn as images; set from a mode or its name, checked like the
        constructor's (a wrong name is refused, the mode unchanged)."""
        return self._hand_images

    @hand_images.setter
    def hand_images(self, mode: HandImages | bool | str) -> None:
        self._hand_images = hand_mode(mode)

    def close(self) -> None:
        self.closed = True
        for proc in self.procs:
            proc.close()

    def counts(self) -> dict[str, int]:
        """Images drawn so far, per kind (a copy)."""
        with self._stats_lock:
            return dict(self.stats)

    def alive(self) -> bool:
        """Whether images can be drawn: not closed, and every render process that was
        started still runs (a dead one would be started again by the next image, but a
        process dying is worth an operator's look: ``/readyz``, #27)."""
        return not self.closed and all(p.alive() for p in self.procs)

    def cpu_seconds(self) -> float:
        """CPU seconds the render processes have used so far (0.0 without any)."""
        return sum(proc.cpu_seconds() for proc in self.procs)

    def cached_image(
        self, table: Table, state: GameState, kind: ImageKind, seat: int, view: JSON
    ) -> bytes | None:
        game_id = (
            table.record.id
            if table.record is not None and state is table.state
            else table.finished.game_id
            if table.finished is not None
            else -1
        )
        stamp = (game_id, len(state.history))
        lang = current_language()  # an image is drawn in one language: cached per language
        hit = table.images.get((kind, seat, lang))
        if hit is not None and hit[:2] == stamp:
            return hit[2]
        image = self.render(kind, view, table.channel_id, lang)
        if image is not None:
            table.images[(kind, seat, lang)] = (*stamp, image)
        return image

    def render(
        self, kind: ImageKind, view: JSON, channel_id: str = "", lang: str | None = None
    ) -> bytes | None:
        """PNG bytes drawn in ``lang`` (default: the language in force), or ``None`` if images
        are off or the renderer failed (logged): a move that is committed stays committed,
        and goes out without its picture."""
        if not self.images or (kind == "hand" and self.hand_images is HandImages.OFF):
            return None
        lang = lang or current_language()
        t0 = time.perf_counter()
        try:
            proc = self.render_proc(channel_id)
            if proc is not None:
                return proc.render(kind, view, lang=lang)
            with speaking(lang):
                return render_call(self.renderer, kind, view)
        except Exception:
            log.exception("rendering a %s image failed", kind)
            return None
        finally:
            elapsed = time.perf_counter() - t0
            with self._stats_lock:
                self.stats[kind] = self.stats.get(kind, 0) + 1
                self.seconds[kind] = self.seconds.get(kind, 0.0) + elapsed

    def render_proc(self, channel_id: str) -> RenderProcess | None:
        """The channel's own render process (its caches hold the channel's last images),
        unless that one is busy and another is idle: then the idle one (a cache miss costs
        less than waiting)."""
        if not self.procs:
            return None
        home = self.procs[zlib.crc32(channel_id.encode()) % len(self.procs)]
        if home.busy:
            idle = next((p for p in self.procs if not p.busy), None)
            if idle is not None:
                return idle
        return home
