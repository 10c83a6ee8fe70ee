"""Gold exchange arithmetic (V-G1): which tokens to hand in so that the least gold is wasted."""

from __future__ import annotations


def best_exchange(tokens: list[int], steps: int) -> list[int] | None:
    """Tokens worth at least ``5 * steps`` gold with the smallest total (least waste).

    Among equally wasteful choices, the one that keeps the most tokens of high value is taken
    (low tokens are spent first), so the answer is deterministic. None if the gold is short.
    """
    target = 5 * steps
    if steps < 1 or sum(tokens) < target:
        return None
    counts = [0] * 7
    for v in tokens:
        counts[v] += 1
    # reach[i]: bitset of sums reachable with values 1..i (worthless 0 tokens are kept).
    reach = [1]
    for v in range(1, 7):
        r = reach[-1]
        acc = r
        for _ in range(counts[v]):
            r = r << v
            acc |= r
        reach.append(acc)
    full = reach[6]
    total = full.bit_length() - 1
    best = next(s for s in range(target, total + 1) if full >> s & 1)
    # Walk back from the highest value: use as few high tokens as possible.
    chosen: list[int] = []
    remaining = best
    for v in range(6, 0, -1):
        below = reach[v - 1]
        for k in range(counts[v] + 1):
            rest = remaining - k * v
            if rest >= 0 and below >> rest & 1:
                chosen.extend([v] * k)
                remaining = rest
                break
    assert remaining == 0
    return sorted(chosen, reverse=True)


def exchange_options(tokens: list[int]) -> list[str]:
    """The least wasteful exchange for every reachable number of steps, as commands."""
    total = sum(tokens)
    options: list[str] = []
    seen: set[int] = set()
    for steps in range(1, total // 5 + 1):
        values = best_exchange(tokens, steps)
        if values is None:
            break
        got = sum(values) // 5
        if got in seen:
            continue
        seen.add(got)
        options.append("exchange " + " ".join(str(v) for v in values))
    return options
