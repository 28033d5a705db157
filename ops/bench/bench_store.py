"""Event store throughput and latency beside plain psycopg INSERTs, in one run.

    python -m ops.bench bench_store          (or `make bench` for every benchmark)

Against a throwaway embedded PostgreSQL 16: single-event and 10-event appends from 1 and 8
concurrent writers (each on its own battles), and the same rows inserted by plain psycopg
INSERT statements (one autocommit statement per append) into a table of the same shape.
The ratio store/raw shows what the store's bookkeeping costs (hash chain, xid fence,
conflict check, envelope building). The 8-writer single-event case is also run with the
notification modes, to show why the store coalesces NOTIFY.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

import orjson
import psycopg

from events.battle_events import Moved
from events.envelope import ActionMeta
from events.migrate import upgrade
from events.store_postgres import NotifyMode, PostgresEventStore
from events.vocabulary import registry
from ops.bench.common import Measurement, print_table, throwaway_postgres
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

SECONDS = float(os.environ.get("BENCH_SECONDS", "4"))
ROUNDS = 4

bench_registry = registry
"""The server's own vocabulary: what the benchmarks append is shaped as the server writes it,
so that whatever reads it back (a stream, a replay) decodes it."""


def sample_event(n: int) -> Moved:
    """A move as the server logs one: a Draw Steel walk of 4 squares out of 5, the move action
    spent (fields as `events.battle_events.Moved` has them)."""
    return Moved(
        creature=f"goblin-{n % 7}",
        path=[(n % 50 + i, 3, 0) for i in range(4)],
        cost=4,
        mode="walk",
        action="move",
        movement_left=1,
        starts_action=True,
    )


META = ActionMeta(intent_id="0" * 26, actor="director", rules_version="draw-steel/1")


def run_threads(
    name: str,
    writers: int,
    batch: int,
    work: Callable[[int, int], None],
    seconds: float = SECONDS,
) -> Measurement:
    """Each writer calls work(writer, n) repeatedly for `seconds`; latencies per call."""
    latencies: list[list[float]] = [[] for _ in range(writers)]
    barrier = threading.Barrier(writers + 1)
    stop = threading.Event()

    def loop(w: int) -> None:
        barrier.wait()
        n = 0
        while not stop.is_set():
            start = time.perf_counter()
            work(w, n)
            latencies[w].append(time.perf_counter() - start)
            n += 1

    threads = [threading.Thread(target=loop, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    barrier.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    flat = [x for per in latencies for x in per]
    return Measurement(name, len(flat), len(flat) * batch, elapsed, flat)


def store_workload(
    uri: str, writers: int, batch: int, notify: NotifyMode, tag: str, seconds: float = SECONDS
) -> Measurement:
    engine = make_engine(to_sqlalchemy_url(uri), pool_size=writers)
    store = PostgresEventStore(
        engine, lambda: datetime.now(UTC), registry=bench_registry, notify=notify
    )
    versions = [0] * writers
    events = [[sample_event(n + i) for i in range(batch)] for n in range(16)]

    def work(w: int, n: int) -> None:
        battle = f"{tag}-w{w}-b{n // 500}"  # a new battle every 500 appends
        expected = versions[w] if n % 500 else 0
        store.append(battle, expected, events[n % 16], META)
        versions[w] = expected + batch

    try:
        result = run_threads(f"store {writers}w x{batch} ({notify})", writers, batch, work, seconds)
    finally:
        store.close()
        engine.dispose()
    return result


RAW_COLUMNS = (
    "battle_id, version, type, schema_version, data, intent_id, causation_id, correlation_id,"
    " actor, rules_version, recorded_at, prev_hash, hash"
)


def raw_workload(
    uri: str, writers: int, batch: int, tag: str, seconds: float = SECONDS
) -> Measurement:
    connections = [psycopg.connect(uri, autocommit=True) for _ in range(writers)]
    row = "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
    sql = f"INSERT INTO bench_raw ({RAW_COLUMNS}) VALUES " + ", ".join([row] * batch)
    payloads = [
        [orjson.dumps(sample_event(n + i).model_dump(mode="json")).decode() for i in range(batch)]
        for n in range(16)
    ]
    digest = hashlib.sha256(b"x").digest()

    def work(w: int, n: int) -> None:
        params: list[object] = []
        for i, data in enumerate(payloads[n % 16]):
            params += [
                f"{tag}-w{w}",
                n * batch + i + 1,
                "Moved",
                1,
                psycopg.types.json.Jsonb(orjson.loads(data)),
                META.intent_id,
                None,
                None,
                META.actor,
                META.rules_version,
                datetime.now(UTC),
                digest,
                digest,
            ]
        connections[w].execute(sql, params)

    try:
        return run_threads(f"raw INSERT {writers}w x{batch}", writers, batch, work, seconds)
    finally:
        for conn in connections:
            conn.close()


def merged(parts: list[Measurement]) -> Measurement:
    return Measurement(
        parts[0].name,
        sum(p.operations for p in parts),
        sum(p.units for p in parts),
        sum(p.seconds for p in parts),
        [x for p in parts for x in p.latencies],
    )


def main() -> None:
    with throwaway_postgres() as uri:
        engine = make_engine(to_sqlalchemy_url(uri))
        upgrade(engine)
        engine.dispose()
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute(
                "CREATE TABLE bench_raw (LIKE event_log INCLUDING DEFAULTS INCLUDING"
                " CONSTRAINTS INCLUDING INDEXES)"
            )
        rows = []
        for writers, batch in ((1, 1), (8, 1), (1, 10), (8, 10)):
            # Store and raw alternate in short slices, so that load from anything else on
            # the machine falls on both alike instead of on whichever ran second.
            slices = []
            for r in range(ROUNDS):
                tag = f"{writers}x{batch}-r{r}"
                slices.append(
                    (
                        store_workload(uri, writers, batch, "coalesced", tag, SECONDS / ROUNDS),
                        raw_workload(uri, writers, batch, tag, SECONDS / ROUNDS),
                    )
                )
            store = merged([s for s, _ in slices])
            raw = merged([r for _, r in slices])
            rows.append(
                (
                    f"{writers} writer(s), {batch}-event appends",
                    store.rate,
                    store.p50_ms,
                    store.p99_ms,
                    raw.rate,
                    raw.p50_ms,
                    raw.p99_ms,
                    store.rate / raw.rate,
                )
            )
        print_table(
            f"Event store vs plain psycopg INSERT ({SECONDS:.0f} s each in {ROUNDS} alternating"
            " slices, embedded PostgreSQL)",
            (
                "workload",
                "store ev/s",
                "store p50 ms",
                "store p99 ms",
                "raw ev/s",
                "raw p50 ms",
                "raw p99 ms",
                "ratio",
            ),
            rows,
        )
        notify_rows = []
        for mode in ("off", "coalesced", "per_commit"):
            m = store_workload(uri, 8, 1, mode, f"notify-{mode}")  # type: ignore[arg-type]
            notify_rows.append((mode, m.rate, m.p50_ms, m.p99_ms))
        print_table(
            "Notification cost: 8 writers, single-event appends",
            ("notify mode", "ev/s", "p50 ms", "p99 ms"),
            notify_rows,
        )


if __name__ == "__main__":
    main()
