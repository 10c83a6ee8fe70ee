"""Racing candidate moves over shared imagined worlds: what every game's search AI shares."""

from __future__ import annotations

import math


def race(alive: list[str], results: dict[str, list[float]]) -> list[str]:
    """Drop candidates clearly worse than the leader (paired over shared worlds): a candidate
    stays while the leader's advantage is within two standard errors of the paired mean."""
    k = min(len(results[c]) for c in alive)
    means = {c: sum(results[c][:k]) / k for c in alive}
    leader = max(alive, key=lambda c: means[c])
    keep = []
    for c in alive:
        if c == leader:
            keep.append(c)
            continue
        diffs = [a - b for a, b in zip(results[c][:k], results[leader][:k], strict=True)]
        mean = sum(diffs) / k
        var = sum((x - mean) ** 2 for x in diffs) / max(k - 1, 1)
        if mean + 2.0 * math.sqrt(var / k) + 1e-6 >= 0:
            keep.append(c)
    return keep
