"""Input and output of the terminal table: the console (prompts, colours, tab completion,
clearing the screen) and the output folder for the images.

When stdin is not a TTY (a piped script of commands) there are no prompts, no colours and no
screen clearing; every consumed line is echoed so the transcript reads like a session.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.terminal.width import display_width, wrap_text
from engine.i18n.shared import _

__all__ = ["Console", "ImageFolder"]

_STYLES = {
    "bold": "\033[1m",
    "dim": "\033[2m",
    "red": "\033[31m",
    "green": "\033[32m",
    "yellow": "\033[33m",
    "cyan": "\033[36m",
}
_PROMPT = "bold green"  # not for players
_RESET = "\033[0m"
_CLEAR = "\033[2J\033[3J\033[H"


def _columns() -> int:
    try:
        return shutil.get_terminal_size().columns
    except (OSError, ValueError):
        return 80


def wrap(line: str, width: int) -> str:
    """``line`` broken at spaces to fit ``width`` columns (a terminal would cut it mid-word),
    and between Japanese characters (two columns each, no spaces between words); the
    continuation lines are indented two more than the line. A word longer than the width is
    broken (nothing is lost)."""
    if display_width(line) < width:
        return line
    indent = line[: len(line) - len(line.lstrip(" "))]
    return "\n".join(wrap_text(line, max(width - 1, 20), indent + "  "))


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


class Console:
    """Writes lines, reads commands. ``interactive`` (stdin is a TTY) turns on prompts,
    readline tab completion and screen clearing; ``color`` additionally needs stdout to be a
    TTY and ``NO_COLOR`` unset."""

    def __init__(
        self,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        *,
        interactive: bool | None = None,
        color: bool | None = None,
    ) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.interactive = _isatty(self.stdin) if interactive is None else interactive
        if color is None:
            color = self.interactive and _isatty(self.stdout) and not os.environ.get("NO_COLOR", "")
        self.color = color
        self._completions: Callable[[], list[str]] = list
        self._readline = self._setup_readline() if self._uses_input() else False

    # -- output -------------------------------------------------------------------------------

    def style(self, text: str, style: str | None, *, invisible: bool = False) -> str:
        """``text`` in ``style`` (space-separated names) when colours are on. ``invisible``
        marks the codes for readline (so a coloured prompt does not confuse line editing)."""
        if not self.color or not style:
            return text
        codes = "".join(_STYLES.get(s, "") for s in style.split())
        if not codes:
            return text
        if invisible:
            return f"\001{codes}\002{text}\001{_RESET}\002"
        return f"{codes}{text}{_RESET}"

    def say(self, text: str = "", style: str | None = None) -> None:
        if text and _isatty(self.stdout):
            text = "\n".join(wrap(line, _columns()) for line in text.split("\n"))
        out = self.style(text, style) if text else text
        print(out, file=self.stdout, flush=True)

    def lines(self, lines: list[str] | tuple[str, ...], style: str | None = None) -> None:
        for line in lines:
            self.say(line, style)

    def progress(self, text: str) -> None:
        """A transient status line (overwritten by the next one; ``""`` erases it), shown only
        when stdout is a terminal. Safe to call from a worker thread."""
        if _isatty(self.stdout):
            self.stdout.write("\r\033[K" + (self.style(text, "dim") if text else ""))
            self.stdout.flush()

    def clear(self) -> None:
        """Clear the screen and the scrollback (only on a terminal)."""
        if self.interactive and _isatty(self.stdout):
            self.stdout.write(_CLEAR)
            self.stdout.flush()

    # -- input --------------------------------------------------------------------------------

    def _uses_input(self) -> bool:
        return self.interactive and self.stdin is sys.stdin

    def _setup_readline(self) -> bool:
        try:
            import readline
        except ImportError:  # pragma: no cover - Windows without pyreadline
            return False
        readline.set_completer_delims("")  # complete whole lines: 'place C3 C4', 'take A'
        readline.set_completer(self._complete)
        doc = getattr(readline, "__doc__", "") or ""
        if "libedit" in doc:  # pragma: no cover - macOS
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")  # not for players
        return True

    def _complete(self, text: str, state: int) -> str | None:
        key = text.casefold()
        matches = [c for c in self._completions() if c.casefold().startswith(key)]
        return matches[state] if state < len(matches) else None

    def read(
        self, prompt: str = "", completions: Callable[[], list[str]] | None = None
    ) -> str | None:
        """One line without its newline, or ``None`` at the end of input (Ctrl-D / end of the
        script). Interactive: shows ``prompt`` and completes over ``completions()`` on Tab.
        Piped: consumes a line and echoes it after the prompt."""
        self._completions = completions or list
        if self._uses_input():
            shown = self.style(prompt, _PROMPT, invisible=self._readline) if prompt else ""
            try:
                return input(shown)
            except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the prompt: leave
                self.say()
                return None
        return self._read_stream(prompt, None)

    def _read_stream(self, prompt: str, echo: str | None) -> str | None:
        """A line from ``stdin`` (no readline): the prompt shown on a terminal; a piped
        transcript echoes the line after it (``echo`` instead of the line, if given)."""
        if self.interactive and prompt:
            self.stdout.write(self.style(prompt, _PROMPT))
            self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        line = line.rstrip("\r\n")
        if not self.interactive:
            self.say(f"{prompt}{line if echo is None else echo}".rstrip(), "dim")
        return line

    def read_secret(self, prompt: str = "") -> str | None:
        """Like :meth:`read`, but what is typed is never shown: no echo on a terminal (a
        sealed choice at a hot seat), ``(hidden)`` in a piped transcript."""
        if self._uses_input():
            import getpass

            try:
                return getpass.getpass(self.style(prompt, _PROMPT), stream=self.stdout)
            except (EOFError, KeyboardInterrupt):
                self.say()
                return None
        return self._read_stream(prompt, _("(hidden)"))


class ImageFolder:
    """The output folder. Each game's pictures go to its own subfolder (``<out>/<game>/``, so
    two games never overwrite each other's files): ``board-NNNN.png`` (NNNN = moves so far),
    ``board.png`` (always the latest), ``hand-<name>.png``, ``end.png``. Files are replaced
    atomically. A finished game's files (``game-N-board.png`` …) and the log stay at the top."""

    def __init__(self, root: Path) -> None:
        self.root = root
        #: the followed game's registered name (its subfolder); ``None``: none yet
        self.game: str | None = None

    @property
    def folder(self) -> Path:
        """Where the followed game's pictures go."""
        return self.root / self.game if self.game else self.root

    def _write(self, name: str, data: bytes, folder: Path | None = None) -> Path:
        where = self.folder if folder is None else folder
        where.mkdir(parents=True, exist_ok=True)
        path = where / name
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        return path

    def board(self, moves: int, data: bytes) -> Path:
        path = self._write(f"board-{max(0, moves):04d}.png", data)
        self._write("board.png", data)  # not for players
        return path

    @property
    def latest(self) -> Path:
        """The followed game's newest board picture."""
        return self.folder / "board.png"  # not for players

    @property
    def end_path(self) -> Path:
        """The followed game's end screen."""
        return self.folder / "end.png"  # not for players

    def hand_path(self, name: str) -> Path:
        slug = "".join(c if c.isalnum() else "-" for c in name.strip().casefold()).strip("-")
        return self.folder / f"hand-{slug or 'player'}.png"

    def hand(self, name: str, data: bytes) -> Path:
        return self._write(self.hand_path(name).name, data)

    def remove_hand(self, name: str) -> None:
        """Delete ``name``'s hand image (at a hot seat, before the keyboard changes hands)."""
        self.hand_path(name).unlink(missing_ok=True)

    def end(self, data: bytes) -> Path:
        return self._write(self.end_path.name, data)

    def save(self, name: str, data: bytes) -> Path:
        """Any other file of the folder (a finished game's board, score graph or replay),
        at its top."""
        return self._write(name, data, self.root)

    def show(self, path: Path) -> str:
        """``path`` relative to the working directory when it is inside it."""
        try:
            return str(path.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(path)
