"""The world-racing search every game's strong level shares (engine/ai/racing.py)."""

from __future__ import annotations

from engine.ai.racing import race


def test_race_keeps_the_leader_and_close_ones_only() -> None:
    results = {
        "lead": [1.0, 1.1, 0.9, 1.0, 1.05, 0.95],
        "close": [0.98, 1.12, 0.85, 1.02, 1.0, 0.97],
        "bad": [0.1, 0.0, 0.2, 0.1, 0.15, 0.05],
    }
    assert race(["lead", "close", "bad"], results) == ["lead", "close"]
