"""The Citus cluster beside one PostgreSQL, under the same HTTP load, in one run.

    python -m ops.bench bench_cluster          (or `make bench` for every benchmark)

Two `turnledger serve` processes behind HAProxy (ops/citus/stack.py, each battle's requests
to one server: `BY_BATTLE`, as ops/SCALING.md recommends), first on a throwaway
embedded PostgreSQL, then on a throwaway Citus cluster (a coordinator and two workers, durable
settings, on this same machine): 8 clients, each on its own battle, submit move intents back
and forth for BENCH_SECONDS, from the minimal keep-alive client of bench_http. Reported per
row: intents/s, p50/p99, and the CPU time per intent of the servers, HAProxy, the coordinator
(or the single PostgreSQL) and the workers, read from /proc.

A second table isolates the store: one writer appending 2-event actions directly (no HTTP),
to show what the distributed path adds to one append (the coordinator's routing hop and the
worker's share). On one machine the cluster cannot be faster (its three PostgreSQL servers
share the same two cores); the point is the cost per intent of each part, which is what
adding machines divides.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from events.migrate import upgrade
from events.store_postgres import PostgresEventStore
from ops.bench.bench_http import (
    SECONDS,
    cpu_seconds,
    http_workload,
    make_battles,
    postgres_pids,
    run_loop,
)
from ops.bench.bench_store import bench_registry, sample_event
from ops.bench.common import Measurement, console, print_table, throwaway_postgres
from ops.citus.cluster import CitusCluster
from ops.citus.stack import BY_BATTLE, balancer, servers
from server.database import make_engine
from server.embedded_postgres import to_sqlalchemy_url

CLIENTS = 8
APPENDS = int(os.environ.get("BENCH_APPENDS", "400"))


def postmaster_of(pgdata: Path) -> int:
    return int((pgdata / "postmaster.pid").read_text().split()[0])


def tree_cpu(postmasters: list[int]) -> float:
    """CPU seconds of PostgreSQL servers so far: each postmaster, the backends it has reaped
    (its children's time, which the kernel adds to it) and the backends still running."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry), int(fields[1])
        if pid in postmasters:
            total += sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
        elif parent in postmasters:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


@contextmanager
def migrated(uri: str) -> Iterator[str]:
    engine = make_engine(to_sqlalchemy_url(uri))
    upgrade(engine)
    engine.dispose()
    yield to_sqlalchemy_url(uri)


def http_row(label: str, url: str, databases: dict[str, list[int]]) -> tuple[object, ...]:
    """The HTTP load through the balancer; CPU ms per intent of every part.

    `databases` names groups of postmasters ("database", or "coordinator" and "workers")."""
    env = {"TURNLEDGER_POOL_SIZE": "40"}
    backends = servers(url, 2, env)
    with backends as running, balancer([u for u, _ in running], BY_BATTLE) as (front, proxy):
        processes = {"servers": [p.pid for _, p in running], "haproxy": [proxy.pid]}

        def readings() -> dict[str, float]:
            return {
                **{name: cpu_seconds(pids) for name, pids in processes.items()},
                **{name: tree_cpu(pids) for name, pids in databases.items()},
            }

        # battles made through the balancer before the clock starts, one per client; no
        # Idempotency-Key on the intents, as this table has always measured
        battles = run_loop(make_battles(front, CLIENTS))
        before = readings()
        http, errors = run_loop(http_workload(front, label, battles, CLIENTS, keyed=False))
        spent = {name: seconds - before[name] for name, seconds in readings().items()}
    per = {name: 1000 * seconds / max(1, http.operations) for name, seconds in spent.items()}
    return (
        label,
        http.rate,
        http.p50_ms,
        http.p99_ms,
        errors,
        per["servers"],
        per["haproxy"],
        per.get("database", float("nan")),
        per.get("coordinator", float("nan")),
        per.get("workers", float("nan")),
    )


def store_row(label: str, url: str, databases: dict[str, list[int]]) -> tuple[object, ...]:
    """One writer appending 2-event actions through the store itself."""
    engine = make_engine(url, pool_size=2)
    store = PostgresEventStore(engine, lambda: datetime.now(UTC), registry=bench_registry)
    heads: dict[str, int] = {}
    latencies: list[float] = []
    before = {name: tree_cpu(pids) for name, pids in databases.items()}
    began = time.perf_counter()
    for n in range(APPENDS):
        battle = f"store-{n % 16}"
        start = time.perf_counter()
        result = store.append(battle, heads.get(battle, 0), [sample_event(n), sample_event(n + 1)])
        latencies.append(time.perf_counter() - start)
        heads[battle] = result.version
    elapsed = time.perf_counter() - began
    spent = {name: tree_cpu(pids) - before[name] for name, pids in databases.items()}
    store.close()
    engine.dispose()
    measured = Measurement(label, APPENDS, APPENDS, elapsed, latencies)
    per = {name: 1000 * seconds / APPENDS for name, seconds in spent.items()}
    return (
        label,
        measured.rate,
        measured.p50_ms,
        measured.p99_ms,
        per.get("database", float("nan")),
        per.get("coordinator", float("nan")),
        per.get("workers", float("nan")),
    )


def main() -> None:
    http_rows: list[tuple[object, ...]] = []
    store_rows: list[tuple[object, ...]] = []
    with throwaway_postgres() as single, migrated(single) as url:
        pids = {"database": postgres_pids(single)[:1]}
        http_rows.append(http_row("one PostgreSQL", url, pids))
        store_rows.append(store_row("one PostgreSQL", url, pids))
    with CitusCluster(workers=2, shard_count=32) as cluster:
        uri = cluster.create_database("bench")
        with migrated(uri) as url:
            pids = {
                "coordinator": [postmaster_of(cluster.coordinator.pgdata)],
                "workers": [postmaster_of(w.pgdata) for w in cluster.workers],
            }
            http_rows.append(http_row("Citus, 2 workers", url, pids))
            store_rows.append(store_row("Citus, 2 workers", url, pids))
    load = Path("/proc/loadavg").read_text().split()[:3]
    print_table(
        f"{CLIENTS} clients on their own battles through HAProxy to 2 servers"
        f" ({SECONDS:.0f} s each; load average after the run {' '.join(load)})",
        (
            "database",
            "intents/s",
            "p50 ms",
            "p99 ms",
            "errors",
            "servers cpu ms",
            "haproxy cpu ms",
            "postgres cpu ms",
            "coordinator cpu ms",
            "workers cpu ms",
        ),
        http_rows,
    )
    print_table(
        f"The store alone: one writer, {APPENDS} appends of 2 events (cpu in ms per append)",
        (
            "database",
            "appends/s",
            "p50 ms",
            "p99 ms",
            "postgres cpu ms",
            "coord. cpu ms",
            "workers cpu ms",
        ),
        store_rows,
    )
    console.print(
        "cpu ms = CPU time per intent (or per append) of each part, from /proc: servers = both"
        " `turnledger serve` processes; workers = both Citus workers together; on one machine"
        " every part shares the same cores, so the cluster's rate shows its cost, not its reach"
    )


if __name__ == "__main__":
    main()
