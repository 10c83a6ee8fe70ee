"""The table service's Prometheus metrics (#27 operators): the one module that owns them.

Counted where every part's work passes, nowhere else: each lobby or game action in the
channel runner (:meth:`bot.table.runner.ChannelRunner.guarded`: kind, outcome, latency), the
timers each tick fired (:meth:`bot.table.timers.Timers.tick`). Read when scraped, from what the
service keeps anyway: the live tables, the images drawn per kind (the render dispatch's
counts) and the database's connections (SQLite: its one connection; PostgreSQL: the pool's
figures). Each service has its own registry (tests run several services in one process).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

__all__ = ["CONTENT_TYPE", "Metrics"]

#: The text exposition format's content type (``prometheus_client.CONTENT_TYPE_LATEST``).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"  # not for players

#: Latency buckets (seconds): a move takes milliseconds, an AI chain or a cold load longer.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _Read(Collector):
    """The figures read when scraped (see the module docstring)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        m = self.metrics
        live = GaugeMetricFamily(
            "canalside_live_tables",
            "Tables in memory with a game running",  # not for players
        )
        live.add_metric([], float(m.live_tables()))
        yield live
        renders = CounterMetricFamily(
            "canalside_renders",
            "Images drawn, by kind",  # not for players
            labels=["kind"],
        )
        for kind, count in sorted(m.renders().items()):
            renders.add_metric([kind], float(count))
        yield renders
        pool = GaugeMetricFamily(
            "canalside_db_pool",
            "Database connections (SQLite: 1; PostgreSQL: the pool's figures)",  # not for players
            labels=["stat"],
        )
        for stat, value in sorted(m.pool().items()):
            pool.add_metric([stat], float(value))
        yield pool


def _nothing() -> Mapping[str, int]:
    return {}


class Metrics:
    """The service's metrics. ``live_tables``, ``renders`` and ``pool`` are read at scrape time
    (:meth:`watch`); commands and timers are counted as they happen."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.commands = Counter(
            "canalside_commands",
            "Lobby and game actions, by kind and outcome",  # not for players
            ["kind", "outcome"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "canalside_command_seconds",
            "Time an action took in the table service (lock wait included)",  # not for players
            ["kind"],
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.timers = Counter(
            "canalside_timers_fired",
            "Turn-timer events fired (reminders, timeouts, archiving), by kind",  # not for players
            ["kind"],
            registry=self.registry,
        )
        self.live_tables: Callable[[], int] = lambda: 0
        self.renders: Callable[[], Mapping[str, int]] = _nothing
        self.pool: Callable[[], Mapping[str, int]] = _nothing
        self.registry.register(_Read(self))

    def watch(
        self,
        *,
        live_tables: Callable[[], int],
        renders: Callable[[], Mapping[str, int]],
        pool: Callable[[], Mapping[str, int]],
    ) -> None:
        """Where the scrape-time figures come from."""
        self.live_tables, self.renders, self.pool = live_tables, renders, pool

    def command(self, kind: str, outcome: str, seconds: float) -> None:
        """One action of ``kind`` ended with ``outcome`` (``ok`` or a refusal's code)."""
        self.commands.labels(kind, outcome).inc()
        self.latency.labels(kind).observe(seconds)

    def timers_fired(self, kinds: Iterable[str]) -> None:
        for kind in kinds:
            self.timers.labels(kind).inc()

    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format (what ``/metrics`` serves)."""
        return generate_latest(self.registry)
