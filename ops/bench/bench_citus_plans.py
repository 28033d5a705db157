"""What Citus's planning costs the worker per append, and what two rewrites of the append's
statements would save (ops/SCALING.md, "What one statement per append would take").

    python -m ops.bench bench_citus_plans

A throwaway Citus cluster of one worker (durable settings), one database per variant, the
append function of the migrations' head in each, then rewritten in all but the first:

- `as migrated`: the function as the migrations make it;
- `creature rows by VALUES`: `turnledger_write_view` writes each changed creature's row with
  INSERT ... VALUES in a loop, instead of one INSERT ... SELECT FROM jsonb_each (which Citus runs
  through an intermediate result and a local COPY);
- `+ fence and position first`: also `turnledger_append` takes `pg_current_xact_id()` and
  `nextval()` into variables (in that order) before each INSERT, so the INSERT holds no
  volatile function and Citus caches its local plan (`IsLocalPlanCachingSupported`).

One writer on the worker (so every append is local to it, as delegated appends are), and for
reference one on a throwaway single PostgreSQL, appends 2 events with the read model written as
the HTTP path writes it (a creature changed per append), BENCH_APPENDS times per variant, the
variants alternated over BENCH_ROUNDS rounds; reported: the node's CPU per append (from /proc)
and appends/s. The rewrites are made here only: the migrations are unchanged, and the
benchmark fails loudly when the function no longer has the text a rewrite replaces.
"""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime

import psycopg

from events.migrate import upgrade
from events.store import ProjectionWrite
from events.store_postgres import PostgresEventStore
from ops.bench.bench_cluster import load, postmaster_of, tree_cpu
from ops.bench.bench_http import postgres_pids
from ops.bench.bench_store import bench_registry, sample_event
from ops.bench.common import console, print_table, throwaway_postgres
from ops.citus.cluster import CitusCluster
from server.database import make_engine
from server.embedded_postgres import to_sqlalchemy_url

APPENDS = int(os.environ.get("BENCH_APPENDS", "500"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
WARM_UP = 40
BATTLES = 8

NUMBERED_INLINE = "VALUES (pg_current_xact_id(), nextval('event_log_global_position_seq'),"
EACH_EVENT = "FOR n IN 1 .. cardinality(p_types) LOOP"
CREATURES_BY_SELECT = """INSERT INTO creature_views AS c (battle_id, creature_id, version, view)
            SELECT p_battle_id, e.key, p_last_version, e.value FROM jsonb_each(changes) AS e
            ON CONFLICT (battle_id, creature_id) DO UPDATE
                SET version = EXCLUDED.version, view = EXCLUDED.view;"""
CREATURES_BY_VALUES = """FOR v_key, v_value IN SELECT e.key, e.value FROM jsonb_each(changes) AS e
            LOOP
                INSERT INTO creature_views AS c (battle_id, creature_id, version, view)
                VALUES (p_battle_id, v_key, p_last_version, v_value)
                ON CONFLICT (battle_id, creature_id) DO UPDATE
                    SET version = EXCLUDED.version, view = EXCLUDED.view;
            END LOOP;"""


def _definition(conn: psycopg.Connection[tuple[str]], function: str) -> str:
    found = conn.execute(f"SELECT pg_get_functiondef('{function}'::regproc)").fetchone()
    assert found is not None
    return found[0]


def _replace(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"the function no longer holds the text this rewrite replaces: {old!r}")
    return text.replace(old, new)


def creatures_by_values(conn: psycopg.Connection[tuple[str]]) -> None:
    text = _replace(
        _definition(conn, "turnledger_write_view"), CREATURES_BY_SELECT, CREATURES_BY_VALUES
    )
    conn.execute(_replace(text, "DECLARE", "DECLARE\n        v_key text;\n        v_value jsonb;"))


def fence_and_position_first(conn: psycopg.Connection[tuple[str]]) -> None:
    text = _definition(conn, "turnledger_append")
    text = _replace(text, NUMBERED_INLINE, "VALUES (v_xid, v_pos,")
    taken = "\n                v_xid := pg_current_xact_id();"
    taken += "\n                v_pos := nextval('event_log_global_position_seq');"
    text = _replace(text, EACH_EVENT, EACH_EVENT + taken)
    conn.execute(_replace(text, "DECLARE", "DECLARE\n        v_xid xid8;\n        v_pos bigint;"))


SINGLE = "one PostgreSQL (reference)"
VARIANTS = {
    "as migrated": (),
    "creature rows by VALUES": (creatures_by_values,),
    "+ fence and position first": (creatures_by_values, fence_and_position_first),
}


def projection(version: int, n: int) -> ProjectionWrite:
    if version == 0:
        creatures = {"c1": {"at": [n, 0]}, "c2": {"at": [0, 0]}}
        return ProjectionWrite(
            1, {"round": 1}, map_view={"w": 1}, creatures=creatures, complete=True
        )
    return ProjectionWrite(1, {"round": n}, creatures={"c1": {"at": [n, 1]}})


def measure(uri: str, postmasters: list[int], tag: str) -> tuple[float, float]:
    """(the node's ms per append, appends/s) of one writer on the node of `uri`."""
    engine = make_engine(to_sqlalchemy_url(uri), pool_size=2)
    store = PostgresEventStore(engine, lambda: datetime.now(UTC), registry=bench_registry)
    heads: dict[str, int] = {}

    def append(n: int) -> None:
        battle = f"{tag}-{n % BATTLES}"
        version = heads.get(battle, 0)
        events = [sample_event(n), sample_event(n + 1)]
        written = store.append(battle, version, events, projection=projection(version, n))
        heads[battle] = written.version

    try:
        for n in range(WARM_UP):  # each session's plans, and the battles' first views
            append(n)
        before = tree_cpu(postmasters)
        began = time.perf_counter()
        for n in range(APPENDS):
            append(n)
        elapsed = time.perf_counter() - began
        return 1000 * (tree_cpu(postmasters) - before) / APPENDS, APPENDS / elapsed
    finally:
        store.close()
        engine.dispose()


def main() -> None:
    results: dict[str, list[tuple[float, float]]] = {SINGLE: [], **{name: [] for name in VARIANTS}}
    loads = [load()]
    with (
        throwaway_postgres() as single,
        CitusCluster(workers=1, shard_count=8) as cluster,
    ):
        engine = make_engine(to_sqlalchemy_url(single))
        upgrade(engine)
        engine.dispose()
        databases = {}
        for n, (name, rewrites) in enumerate(VARIANTS.items()):
            databases[name] = f"variant_{n}"
            uri = cluster.create_database(databases[name])
            engine = make_engine(to_sqlalchemy_url(uri))
            upgrade(engine)
            engine.dispose()
            # on the coordinator: Citus passes the new definition on to the worker
            with psycopg.connect(uri, autocommit=True) as conn:
                for rewrite in rewrites:
                    rewrite(conn)
        worker = cluster.workers[0]
        for round_ in range(ROUNDS):
            tag = f"r{round_}"
            results[SINGLE].append(measure(single, postgres_pids(single)[:1], tag))
            for name in VARIANTS:
                uri = worker.uri(databases[name])
                results[name].append(measure(uri, [postmaster_of(worker.pgdata)], tag))
    loads.append(load())
    rows = [
        (
            name,
            " / ".join(f"{ms:.2f}" for ms, _ in runs),
            min(ms for ms, _ in runs),
            " / ".join(f"{rate:.0f}" for _, rate in runs),
        )
        for name, runs in results.items()
    ]
    print_table(
        f"One writer on a Citus worker (or one PostgreSQL), {APPENDS} appends of 2 events"
        f" with the read model, per variant and round (load average {loads[0]} before,"
        f" {loads[1]} after)",
        ("append function", "node cpu ms per append, by round", "lowest", "appends/s by round"),
        rows,
    )
    console.print(
        "node cpu = CPU time of the PostgreSQL the writer is on (the single node, or the"
        " worker) per append, from /proc; the rewrites exist only in this benchmark's"
        " databases (ops/SCALING.md)"
    )


if __name__ == "__main__":
    main()
