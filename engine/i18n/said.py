"""Tables a registration holds from import on, said when they are read.

A game's registration is built once, before anybody's language is known, yet the table reads
its help tables and its controls' labels in the reader's language: :class:`SaidMapping` says
each value at lookup (a single fixed text is a :class:`engine.i18n.text.Later`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class SaidMapping(Mapping[K, V]):
    """A table read in the language in force: ``say(key, value)`` makes each value at lookup
    (the keys, and which there are, never depend on the language)."""

    def __init__(self, source: Mapping[K, Any], say: Callable[[K, Any], V]) -> None:
        self._source = dict(source)
        self._say = say

    def __getitem__(self, key: K) -> V:
        return self._say(key, self._source[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self._source)

    def __len__(self) -> int:
        return len(self._source)

    def __repr__(self) -> str:
        return f"SaidMapping({self._source!r})"
