"""The Citus cluster beside one PostgreSQL, under the same HTTP load, in one run.

    python -m ops.bench bench_cluster          (or `make bench` for every benchmark)

Two `turnledger serve` processes behind HAProxy (ops/citus/stack.py, each battle's requests
to one server: `BY_BATTLE`, as ops/SCALING.md recommends), first on a throwaway embedded
PostgreSQL, then on throwaway Citus clusters of one and of two workers (durable settings, on
this same machine), each in two shapes: the servers connected to the coordinator, and the
servers connected to the workers (ops/SCALING.md, "Servers on the workers": a libpq host list
over the workers, `load_balance_hosts=random`, each battle's appends sent to its own worker,
migrations and wake-ups on the coordinator).
8 clients, each on its own battle, submit move intents back and forth for BENCH_SECONDS, from
the minimal keep-alive client of bench_http. Reported per row: intents/s, p50/p99, and the CPU
time per intent of the servers, HAProxy, the coordinator (or the single PostgreSQL) and each
worker, read from /proc, with the load average before and after.

A second table isolates the store: one writer appending 2-event actions directly (no HTTP),
to show what the distributed path adds to one append (the coordinator's routing hop, or the
delegation from the worker the writer reached, and the worker's share). On one machine the
cluster cannot be faster (its PostgreSQL servers share the same two cores); the point is the
cost per intent of each node, which is what adding machines divides.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import psycopg

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
from ops.citus.stack import BY_BATTLE, balancer, servers, spread_over
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.trust.roles import APP_ROLE

CLIENTS = 8
APPENDS = int(os.environ.get("BENCH_APPENDS", "400"))
WORKERS = tuple(int(n) for n in os.environ.get("BENCH_CLUSTER_WORKERS", "1,2").split(","))
"""The cluster sizes measured (`BENCH_CLUSTER_WORKERS=1,2,3` adds a third worker)."""


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


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def http_row(
    label: str,
    url: str,
    databases: dict[str, list[int]],
    env: dict[str, str] | None = None,
    placement: Callable[[list[str]], str] | None = None,
) -> dict[str, object]:
    """The HTTP load through the balancer; CPU ms per intent of every part.

    `databases` names groups of postmasters ("single node", or "coordinator", "worker 1",
    ...); `env` adds to the servers' environment (the shape of their database connections);
    `placement` says how the battles fell on the workers."""
    before_load = load()
    environment = {"TURNLEDGER_POOL_SIZE": "40", **(env or {})}
    backends = servers(url, 2, environment)
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
    postgres = sum(v for k, v in per.items() if k not in processes)
    return {
        "setup": label,
        "battles per worker": placement([b for b, _ in battles]) if placement else "-",
        "intents/s": http.rate,
        "p50 ms": http.p50_ms,
        "p99 ms": http.p99_ms,
        "errors": errors,
        **per,
        "postgres total": postgres,
        "load before/after": f"{before_load} / {load()}",
    }


def store_row(label: str, url: str, databases: dict[str, list[int]]) -> dict[str, object]:
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
    return {
        "setup": label,
        "appends/s": measured.rate,
        "p50 ms": measured.p50_ms,
        "p99 ms": measured.p99_ms,
        **per,
        "postgres total": sum(per.values()),
    }


def postmasters(cluster: CitusCluster) -> dict[str, list[int]]:
    return {
        "coordinator": [postmaster_of(cluster.coordinator.pgdata)],
        **{f"worker {n + 1}": [postmaster_of(w.pgdata)] for n, w in enumerate(cluster.workers)},
    }


def placement_of(cluster: CitusCluster, database: str) -> Callable[[list[str]], str]:
    """How many of the battles each worker holds ("5/3"), in the workers' order."""

    def count(battles: list[str]) -> str:
        with psycopg.connect(cluster.coordinator.uri(database)) as conn:
            ports = [
                row[0]
                for row in conn.execute(
                    "SELECT s.nodeport FROM unnest(%s::text[]) AS b(id)"
                    " JOIN citus_shards AS s ON s.table_name = 'event_log'::regclass"
                    " AND s.shardid = get_shard_id_for_distribution_column('event_log', b.id)",
                    (battles,),
                )
            ]
        return "/".join(str(ports.count(w.port)) for w in cluster.workers)

    return count


def on_workers(cluster: CitusCluster, database: str) -> tuple[str, dict[str, str]]:
    """The servers' database URL and environment for serving from the workers: the
    application's role on every worker (a libpq host list), the owner migrating on the
    coordinator, and wake-ups meeting there (ops/SCALING.md)."""
    with psycopg.connect(cluster.coordinator.uri(database), autocommit=True) as conn:
        conn.execute(f"ALTER ROLE {APP_ROLE} LOGIN")  # Citus passes it on to the workers
    workers = spread_over([w.uri(database) for w in cluster.workers], user=APP_ROLE)
    coordinator = cluster.coordinator.uri(database)
    env = {
        "MIGRATION_DATABASE_URL": coordinator,
        "TURNLEDGER_NOTIFY_DATABASE_URL": coordinator.replace("postgres@", f"{APP_ROLE}@", 1),
    }
    return workers, env


def main() -> None:
    http_rows: list[dict[str, object]] = []
    store_rows: list[dict[str, object]] = []
    with throwaway_postgres() as single, migrated(single) as url:
        pids = {"single node": postgres_pids(single)[:1]}
        http_rows.append(http_row("one PostgreSQL", url, pids))
        store_rows.append(store_row("one PostgreSQL", url, pids))
    for count in WORKERS:
        with CitusCluster(workers=count, shard_count=32) as cluster:
            pids = postmasters(cluster)
            name = f"Citus, {count} worker{'s' if count > 1 else ''}"
            # the two shapes alternate on one cluster, each on its own database
            with migrated(cluster.create_database("through_coordinator")) as url:
                where = placement_of(cluster, "through_coordinator")
                label = f"{name}, servers on the coordinator"
                http_rows.append(http_row(label, url, pids, placement=where))
                store_rows.append(store_row(f"{name}, writer on the coordinator", url, pids))
            with migrated(cluster.create_database("on_workers")) as url:
                workers, env = on_workers(cluster, "on_workers")
                where = placement_of(cluster, "on_workers")
                label = f"{name}, servers on the workers"
                http_rows.append(http_row(label, workers, pids, env, where))
                writer = to_sqlalchemy_url(cluster.workers[0].uri("on_workers"))
                store_rows.append(store_row(f"{name}, writer on worker 1", writer, pids))
    print_rows(
        f"{CLIENTS} clients on their own battles through HAProxy to 2 servers"
        f" ({SECONDS:.0f} s each; cpu in ms per intent)",
        http_rows,
    )
    print_rows(
        f"The store alone: one writer, {APPENDS} appends of 2 events (cpu in ms per append)",
        store_rows,
    )
    console.print(
        "cpu ms = CPU time per intent (or per append) of each part, from /proc: servers = both"
        " `turnledger serve` processes; each PostgreSQL node apart; on one machine every part"
        " shares the same cores, so the cluster's rate shows its cost, not its reach"
    )


def print_rows(title: str, rows: list[dict[str, object]]) -> None:
    columns: list[str] = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    # every node's own column, then their total, then the load average
    columns.sort(key=lambda c: (c == "postgres total") + 2 * c.startswith("load"))
    print_table(title, columns, [[row.get(c, float("nan")) for c in columns] for row in rows])


if __name__ == "__main__":
    main()
