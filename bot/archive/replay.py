"""``venezia replay FILE --out DIR``: the animated replay (one frame per turn, APNG) and the
final board (PNG) of a portable game file, drawn with the game's own board renderer."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.table.history import ImportRefused, build_replay, replay_portable
from bot.table.render import default_renderer


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="venezia replay", description=__doc__)
    parser.add_argument("file", help="a file written by 'venezia export'")
    parser.add_argument("--out", required=True, help="the folder for replay.png and board.png")
    args = parser.parse_args(argv)
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
        stored, _ = replay_portable(data)
    except (OSError, ValueError) as exc:
        kind = "refused" if isinstance(exc, ImportRefused) else "cannot read"
        print(f"{kind} {args.file}: {exc}", file=sys.stderr)
        return 1
    replay = build_replay(stored, default_renderer().board)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"replay.{replay.extension}").write_bytes(replay.data)
    (out / "board.png").write_bytes(replay.final_board)
    print(
        f"wrote {out / f'replay.{replay.extension}'} ({replay.frames} frames, "
        f"{len(replay.data)} bytes, {replay.seconds:.1f} s) and {out / 'board.png'}"
    )
    return 0
