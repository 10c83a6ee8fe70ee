"""Render dispatch: which process draws a channel's image, the per-table image cache, stats."""

from __future__ import annotations

import logging
import time
import zlib
from typing import TYPE_CHECKING

from bot.table.outputs import ImageKind
from bot.table.records import Table
from bot.table.render import render_call
from bot.table.render_procs import RenderProcess
from engine.core import JSON, GameState

if TYPE_CHECKING:
    from bot.table.service import TableService

log = logging.getLogger("bot.service")


def cached_image(
    svc: TableService, table: Table, state: GameState, kind: ImageKind, seat: int, view: JSON
) -> bytes | None:
    game_id = (
        table.record.id
        if table.record is not None and state is table.state
        else table.finished.game_id
        if table.finished is not None
        else -1
    )
    stamp = (game_id, len(state.history))
    hit = table.images.get((kind, seat))
    if hit is not None and hit[:2] == stamp:
        return hit[2]
    image = render(svc, kind, view, table.channel_id)
    if image is not None:
        table.images[(kind, seat)] = (*stamp, image)
    return image


def render(svc: TableService, kind: ImageKind, view: JSON, channel_id: str = "") -> bytes | None:
    """PNG bytes, or ``None`` if images are off or the renderer failed (logged): a move
    that is committed stays committed, and goes out without its picture."""
    if not svc.images or (kind == "hand" and svc.hand_images == "off"):
        return None
    t0 = time.perf_counter()
    try:
        proc = render_proc(svc, channel_id)
        if proc is not None:
            return proc.render(kind, view)
        return render_call(svc.renderer, kind, view)
    except Exception:
        log.exception("rendering a %s image failed", kind)
        return None
    finally:
        elapsed = time.perf_counter() - t0
        with svc._stats_lock:
            svc.render_stats[kind] = svc.render_stats.get(kind, 0) + 1
            svc.render_seconds[kind] = svc.render_seconds.get(kind, 0.0) + elapsed


def render_proc(svc: TableService, channel_id: str) -> RenderProcess | None:
    """The channel's own render process (its caches hold the channel's last images),
    unless that one is busy and another is idle: then the idle one (a cache miss costs
    less than waiting)."""
    if not svc._render_procs:
        return None
    home = svc._render_procs[zlib.crc32(channel_id.encode()) % len(svc._render_procs)]
    if home.busy:
        idle = next((p for p in svc._render_procs if not p.busy), None)
        if idle is not None:
            return idle
    return home
