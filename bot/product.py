"""The product's name, which is no single game's: the command ``canalside`` and its settings'
environment variables ``CANALSIDE_*``.

The product was first named after one of its games (``venezia``, ``VENEZIA_*``). Those names
stay as aliases so existing installs keep working: the ``venezia`` console script runs the same
entry point, and every ``VENEZIA_X`` variable is read when ``CANALSIDE_X`` is not set (the new
name wins when both are). The default database file keeps its name (``venezia.sqlite3``), so an
existing install finds its saves.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["COMMAND", "OLD_COMMAND", "OLD_PREFIX", "PREFIX", "env_value", "with_old_names"]

#: The console script (``uv run canalside play``).
COMMAND = "canalside"  # not for players
#: The old name of the console script, still installed as an alias.
OLD_COMMAND = "venezia"  # not for players
#: The prefix of the product's environment variables.
PREFIX = "CANALSIDE_"  # not for players
#: The old prefix, read when the new name is not set.
OLD_PREFIX = "VENEZIA_"  # not for players


def _old_name(name: str) -> str | None:
    if name.startswith(PREFIX):
        return OLD_PREFIX + name[len(PREFIX) :]
    return None


def env_value(environ: Mapping[str, str], name: str, default: str = "") -> str:
    """``environ[name]`` for a ``CANALSIDE_X`` name, else its old ``VENEZIA_X``, else
    ``default``; an empty value counts as not set."""
    value = environ.get(name, "")
    if value == "":
        old = _old_name(name)
        value = environ.get(old, "") if old is not None else ""
    return value if value != "" else default


def with_old_names(values: Mapping[str, str]) -> dict[str, str]:
    """``values`` with each old ``VENEZIA_X`` also given as ``CANALSIDE_X`` unless that is set
    (and not empty): read one source (the environment, the ``.env`` file) this way before
    merging, so the environment's old name still beats the file's new one."""
    merged = {k: v for k, v in values.items() if v != ""}
    for key, value in list(merged.items()):
        if key.startswith(OLD_PREFIX):
            merged.setdefault(PREFIX + key[len(OLD_PREFIX) :], value)
    return merged
