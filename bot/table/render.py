"""Renderers: the real one (imported lazily), a placeholder for tests, the process-pool call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from bot.table.outputs import ImageKind
from engine.core import JSON, view_game
from engine.registry import IMAGE_KINDS, registration, registrations, view_header


class Renderer(Protocol):
    """Turns views into PNG bytes: the board and the end screen (public), a hand (private)."""

    def board(self, public_view: JSON) -> bytes: ...

    def hand(self, player_view: JSON) -> bytes: ...

    def end(self, public_view: JSON) -> bytes: ...


class RendererUnavailable(RuntimeError):
    """The ``render`` package (or one of its modules) is not there yet."""


KINDS: tuple[ImageKind, ...] = IMAGE_KINDS


class ModuleRenderer:
    """The real renderer: each game's image functions from its registration's ``renderers()``
    (the view's ``game`` says which game), imported on first use.

    With a ``fallback`` renderer, a kind whose module is not there yet is drawn by the
    fallback instead of failing (``missing()`` tells which kinds that are).
    """

    def __init__(self, fallback: Renderer | None = None) -> None:
        self.fallback = fallback
        self._funcs: dict[tuple[str, str], Callable[[JSON], bytes]] = {}

    @staticmethod
    def _import(game: str, kind: str) -> Callable[[JSON], bytes]:
        reg = registration(game)
        try:
            return reg.renderers().of(kind)
        except Exception as exc:  # missing, or broken while someone edits it
            raise RendererUnavailable(
                f"the renderer is not available: {reg.title}'s {kind} image cannot be imported "
                f"({exc}); inject a Renderer (e.g. PlaceholderRenderer) until it lands"
            ) from exc

    def _func(self, kind: str, view: JSON) -> Callable[[JSON], bytes]:
        game = view_game(view)
        func = self._funcs.get((game, kind))
        if func is None:
            try:
                func = self._import(game, kind)
            except RendererUnavailable:
                if self.fallback is None:
                    raise
                fallback = self.fallback
                func = {"board": fallback.board, "hand": fallback.hand, "end": fallback.end}[kind]
            self._funcs[(game, kind)] = func
        return func

    def missing(self, game: str) -> list[str]:
        """The kinds of ``game`` whose render function cannot be imported (now)."""
        name = registration(game).name
        out: list[str] = []
        for kind in KINDS:
            try:
                self._import(name, kind)
            except RendererUnavailable:
                out.append(kind)
        return out

    def check(self) -> ModuleRenderer:
        """Import every registered game's functions now, raising :class:`RendererUnavailable`
        if one is missing and there is no fallback (so a bot fails at start-up, not at the
        first move)."""
        for reg in registrations():
            for kind in KINDS:
                self._func(kind, {"game": reg.name})
        return self

    def board(self, public_view: JSON) -> bytes:
        return self._func("board", public_view)(public_view)

    def hand(self, player_view: JSON) -> bytes:
        return self._func("hand", player_view)(player_view)

    def end(self, public_view: JSON) -> bytes:
        return self._func("end", public_view)(public_view)

    def __getstate__(self) -> dict[str, Renderer | None]:
        """Picklable for a render process: only the fallback travels; the child looks each
        game's functions up through the registration again (by game name and kind)."""
        return {"fallback": self.fallback}

    def __setstate__(self, state: dict[str, Renderer | None]) -> None:
        self.fallback = state.get("fallback")
        self._funcs = {}


def default_renderer() -> Renderer:
    """The real renderer; raises :class:`RendererUnavailable` with a clear message if the
    ``render`` modules are not there yet."""
    return ModuleRenderer().check()


class PlaceholderRenderer:
    """A tiny deterministic PNG per view (Pillow), for tests and benchmarks without ``render``.

    The colour is derived from a cheap fingerprint of the view (its typed header, phase,
    pending decision, the players' public parts and the own private part, options aside), so
    equal views give equal bytes, and a view that changed elsewhere only (a log, a count)
    keeps its picture. It reads no game's fields by name.
    """

    def __init__(self, size: tuple[int, int] = (8, 8)) -> None:
        self.size = size
        self.calls: dict[str, int] = {"board": 0, "hand": 0, "end": 0}

    def _png(self, kind: str, view: JSON) -> bytes:
        import hashlib
        import io

        from PIL import Image

        self.calls[kind] += 1
        me = view.get("me") or {}
        own = sorted((k, repr(v)) for k, v in me.items() if k != "options")
        header = view_header(view) if "game" in view else None
        fingerprint = repr(
            (
                kind,
                header,
                view.get("phase"),
                view.get("pending"),
                view.get("players"),
                own,
            )
        )
        digest = hashlib.sha256(fingerprint.encode()).digest()
        image = Image.new("RGB", self.size, (digest[0], digest[1], digest[2]))
        buf = io.BytesIO()
        image.save(buf, format="PNG")
        return buf.getvalue()

    def board(self, public_view: JSON) -> bytes:
        return self._png("board", public_view)

    def hand(self, player_view: JSON) -> bytes:
        return self._png("hand", player_view)

    def end(self, public_view: JSON) -> bytes:
        return self._png("end", public_view)


def render_call(renderer: Renderer, kind: ImageKind, view: JSON) -> bytes:
    """Module-level so a process pool can run it."""
    if kind == "board":
        return renderer.board(view)
    if kind == "hand":
        return renderer.hand(view)
    return renderer.end(view)
