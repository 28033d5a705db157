"""What the benchmarks share: a throwaway embedded PostgreSQL, timing, and a table printer."""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

console = Console(width=None if sys.stdout.isatty() else 160)
"""Piped or captured (make bench > file), rich would wrap tables at 80 columns."""


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A fresh embedded PostgreSQL in a temporary folder; yields its libpq URI."""
    with throwaway_postgres_server() as server:
        yield server.get_uri()


@contextmanager
def throwaway_postgres_server() -> Iterator[Any]:
    """A fresh embedded PostgreSQL in a temporary folder; yields pgserver's handle of it (its
    `pgdata`, for a benchmark that stops and starts it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
    with tempfile.TemporaryDirectory(prefix="turnledger-bench-") as folder:
        server = pgserver.get_server(Path(folder) / "pgdata", cleanup_mode="delete")
        try:
            yield server
        finally:
            server.cleanup()


def percentile(samples: Sequence[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


@dataclass
class Measurement:
    name: str
    operations: int
    units: int  # events (or other unit) processed
    seconds: float
    latencies: list[float]  # seconds per operation

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds else float("nan")

    @property
    def p50_ms(self) -> float:
        return percentile(self.latencies, 50) * 1000

    @property
    def p99_ms(self) -> float:
        return percentile(self.latencies, 99) * 1000

    @property
    def mean_ms(self) -> float:
        return statistics.fmean(self.latencies) * 1000 if self.latencies else float("nan")


def timed(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - start


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, justify="right" if column != columns[0] else "left")
    for row in rows:
        table.add_row(*(fmt(v) for v in row))
    console.print(table)


def fmt(value: object) -> str:
    if isinstance(value, float):
        if value != value:
            return "-"
        return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"
    return str(value)
