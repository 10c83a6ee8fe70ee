"""The nearest-rank percentile the benchmarks print (p50, p99): one definition, so the one-
process and several-process figures are comparable."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]
