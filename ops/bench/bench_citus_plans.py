"""What Citus's planning costs the worker per append, with the append function as migrated
and as 0007_i25b was first written (ops/SCALING.md, "The append function rewritten for
Citus").

    python -m ops.bench bench_citus_plans

A throwaway Citus cluster of one worker (durable settings) and a throwaway single PostgreSQL,
each with one database per variant, migrated to the head:

- `as migrated`: the function as the migrations make it, writing row by row (migration
  0007_i25b's module doc, "Citus"): the changed creatures' read-model rows, each event with
  its fence id and position taken into variables first, and the log questions' rows, each by
  INSERT ... VALUES;
- `before the rewrites`: the same function made again with 0007_i25b's first text: one
  INSERT ... SELECT FROM jsonb_each for the creature rows (`turnledger_write_view` as 0005_i25
  made it), `pg_current_xact_id()` and `nextval()` inside each event's INSERT, and one
  INSERT ... SELECT FROM jsonb_array_elements per kind of question row (`log_index`,
  `log_creatures` twice). Citus runs those INSERT ... SELECTs through an intermediate result
  and a local COPY, and re-plans an INSERT holding a volatile function at every call.

One writer on the worker (so every append is local to it, as delegated appends are), and one
on the single PostgreSQL (where the loops must cost no more than the set INSERTs), appends 2
events through the server's async append path, with the read model (a creature changed per
append) and the log questions' rows (each event indexed, about one creature, one movement
fact) in the statement, BENCH_APPENDS times per variant, the variants alternated over
BENCH_ROUNDS rounds; reported: the node's CPU per append (from /proc), appends/s, and the rows
each variant wrote (which must agree). The earlier text is made here only, in throwaway
databases; the benchmark fails loudly when the function no longer has the text it replaces.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from urllib.parse import urlsplit, urlunsplit

import orjson
import psycopg

from events.append_statement import QuestionRows
from events.migrate import upgrade
from events.migrations.append_0007_i25b import (
    CREATURE_ROWS_0005,
    CREATURE_ROWS_0007,
    EACH_EVENT,
    NUMBERED_0005,
    NUMBERED_0007,
    QUESTION_ROWS_0007,
    TAKEN_0007,
)
from events.store import ProjectionWrite
from events.store_async import AsyncPostgresLog
from ops.bench.bench_cluster import load, postmaster_of, tree_cpu
from ops.bench.bench_http import postgres_pids
from ops.bench.bench_store import bench_registry, sample_event
from ops.bench.common import console, print_table, throwaway_postgres
from ops.citus.cluster import CitusCluster
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url

APPENDS = int(os.environ.get("BENCH_APPENDS", "500"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
WARM_UP = 40
BATTLES = 8

QUESTION_ROWS_BY_SELECT = """\
                    INSERT INTO log_index (battle_id, version, type, round, turn, intent_id)
                    SELECT p_battle_id, p_first_version + x.o::integer - 1, p_types[x.o],
                           (x.e->>0)::integer, (x.e->>1)::integer, p_intent_ids[x.o]
                    FROM jsonb_array_elements(p_questions->'events') WITH ORDINALITY
                         AS x(e, o);
                    IF jsonb_array_length(p_questions->'about') > 0 THEN
                        INSERT INTO log_creatures (battle_id, creature, version, type, round,
                                                   turn)
                        SELECT p_battle_id, a.c, a.v, p_types[a.v - p_first_version + 1],
                               (p_questions->'events'->(a.v - p_first_version)->>0)::integer,
                               (p_questions->'events'->(a.v - p_first_version)->>1)::integer
                        FROM (SELECT e->>0 AS c, (e->>1)::integer AS v
                              FROM jsonb_array_elements(p_questions->'about') AS e) AS a
                        ON CONFLICT DO NOTHING;
                    END IF;
                    IF jsonb_array_length(p_questions->'facts') > 0 THEN
                        INSERT INTO log_creatures AS l (battle_id, creature, version, type,
                            round, turn, kind, distance, squares, detail)
                        SELECT p_battle_id, f.c, f.v, p_types[f.v - p_first_version + 1],
                               (p_questions->'events'->(f.v - p_first_version)->>0)::integer,
                               (p_questions->'events'->(f.v - p_first_version)->>1)::integer,
                               f.k, f.d, f.s, f.x
                        FROM (SELECT e->>0 AS c, (e->>1)::integer AS v, e->>2 AS k,
                                     (e->>3)::double precision AS d, e->4 AS s, e->5 AS x
                              FROM jsonb_array_elements(p_questions->'facts') AS e) AS f
                        ON CONFLICT (battle_id, creature, version) DO UPDATE SET
                            kind = EXCLUDED.kind, distance = EXCLUDED.distance,
                            squares = EXCLUDED.squares, detail = EXCLUDED.detail;
                    END IF;
"""
"""The log questions' rows as 0007_i25b was first written: one INSERT ... SELECT per kind."""


def _definition(conn: psycopg.Connection[tuple[str]], function: str) -> str:
    """The function's definition; of several with its name, the one with the most arguments
    (the append the statement calls: each revision that added parameters left the older)."""
    found = conn.execute(
        "SELECT pg_get_functiondef(oid) FROM pg_proc WHERE proname = %s"
        " ORDER BY pronargs DESC LIMIT 1",
        (function,),
    ).fetchone()
    assert found is not None
    return found[0]


def _replace(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"the function no longer holds the text this benchmark replaces: {old!r}")
    return text.replace(old, new)


def before_the_rewrites(conn: psycopg.Connection[tuple[str]]) -> None:
    """The append function made again as 0007_i25b was first written (module doc)."""
    view = _definition(conn, "turnledger_write_view")
    conn.execute(_replace(view, CREATURE_ROWS_0007, CREATURE_ROWS_0005))
    text = _definition(conn, "turnledger_append")
    text = _replace(text, EACH_EVENT + TAKEN_0007, EACH_EVENT)
    text = _replace(text, NUMBERED_0007, NUMBERED_0005)
    conn.execute(_replace(text, QUESTION_ROWS_0007, QUESTION_ROWS_BY_SELECT))


Rewrite = Callable[[psycopg.Connection[tuple[str]]], None]
VARIANTS: dict[str, tuple[Rewrite, ...]] = {
    "as migrated": (),
    "before the rewrites": (before_the_rewrites,),
}
SINGLE = "one PostgreSQL, "


def projection(version: int, n: int) -> ProjectionWrite:
    if version == 0:
        creatures = {"c1": {"at": [n, 0]}, "c2": {"at": [0, 0]}}
        return ProjectionWrite(
            1, {"round": 1}, map_view={"w": 1}, creatures=creatures, complete=True
        )
    return ProjectionWrite(1, {"round": n}, creatures={"c1": {"at": [n, 1]}})


def question_rows(version: int, events: Sequence[object]) -> QuestionRows:
    """What the log questions' projector would write for a move of `c1` appended after
    `version`: each event indexed, about `c1`, and one movement fact
    (server/questions/rows.py's document, computed before the append)."""
    versions = [version + offset for offset in range(1, len(events) + 1)]
    last = versions[-1]
    document = {
        "cursor": {},
        "events": [[1, None] for _ in versions],
        "about": [["c1", v] for v in versions],
        "facts": [["c1", last, "walk", 1.0, [[last % 9, 1]], {}]],
        "marks": [],
    }
    return QuestionRows(orjson.dumps(document).decode())


def measure(uri: str, postmasters: list[int], tag: str) -> tuple[float, float]:
    """(the node's ms per append, appends/s) of one writer on the node of `uri`, through the
    async append path the server uses (read model and question rows in the statement)."""
    return asyncio.run(_measure(uri, postmasters, tag))


async def _measure(uri: str, postmasters: list[int], tag: str) -> tuple[float, float]:
    log = AsyncPostgresLog(uri, lambda: datetime.now(UTC), registry=bench_registry, pool_size=2)
    await log.open()
    heads: dict[str, int] = {}

    async def append(n: int) -> None:
        battle = f"{tag}-{n % BATTLES}"
        version = heads.get(battle, 0)
        events = [sample_event(n), sample_event(n + 1)]
        written = await log.append(
            battle,
            version,
            events,
            projection=projection(version, n),
            questions=question_rows(version, events),
        )
        heads[battle] = written.envelopes[-1].version

    try:
        for n in range(WARM_UP):  # each session's plans, and the battles' first views
            await append(n)
        before = tree_cpu(postmasters)
        began = time.perf_counter()
        for n in range(APPENDS):
            await append(n)
        elapsed = time.perf_counter() - began
        return 1000 * (tree_cpu(postmasters) - before) / APPENDS, APPENDS / elapsed
    finally:
        await log.close()


def rows_written(uri: str) -> str:
    with psycopg.connect(uri) as conn:
        found = conn.execute(
            "SELECT (SELECT count(*) FROM event_log), (SELECT count(*) FROM creature_views),"
            " (SELECT count(*) FROM log_index) + (SELECT count(*) FROM log_creatures)"
        ).fetchone()
    assert found is not None
    return " / ".join(str(n) for n in found)


def _migrated(uri: str, rewrites: Sequence[Rewrite]) -> None:
    engine = make_engine(to_sqlalchemy_url(uri))
    upgrade(engine)
    engine.dispose()
    # on a coordinator, Citus passes the new definitions on to the worker
    with psycopg.connect(uri, autocommit=True) as conn:
        for rewrite in rewrites:
            rewrite(conn)


def main() -> None:
    names = [SINGLE + name for name in VARIANTS] + [f"Citus, {name}" for name in VARIANTS]
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    written: dict[str, str] = {}
    loads = [load()]
    with (
        throwaway_postgres() as single,
        CitusCluster(workers=1, shard_count=8) as cluster,
    ):
        singles, databases = {}, {}
        with psycopg.connect(single, autocommit=True) as conn:
            for n, (name, rewrites) in enumerate(VARIANTS.items()):
                conn.execute(f"CREATE DATABASE variant_{n}")
                singles[name] = urlunsplit(urlsplit(single)._replace(path=f"/variant_{n}"))
                _migrated(singles[name], rewrites)
                databases[name] = f"variant_{n}"
                _migrated(cluster.create_database(databases[name]), rewrites)
        postmaster = postgres_pids(single)[:1]
        worker = cluster.workers[0]
        for round_ in range(ROUNDS):
            tag = f"r{round_}"
            for name in VARIANTS:
                results[SINGLE + name].append(measure(singles[name], postmaster, tag))
                uri = worker.uri(databases[name])
                results[f"Citus, {name}"].append(measure(uri, [postmaster_of(worker.pgdata)], tag))
        # every variant must have written the same rows, or its figure means nothing
        for name in VARIANTS:
            written[SINGLE + name] = rows_written(singles[name])
            written[f"Citus, {name}"] = rows_written(cluster.coordinator.uri(databases[name]))
    loads.append(load())
    rows = [
        (
            name,
            " / ".join(f"{ms:.2f}" for ms, _ in runs),
            min(ms for ms, _ in runs),
            " / ".join(f"{rate:.0f}" for _, rate in runs),
            written[name],
        )
        for name, runs in results.items()
    ]
    print_table(
        f"One writer on a Citus worker (or one PostgreSQL), {APPENDS} appends of 2 events"
        f" with the read model, per variant and round (load average {loads[0]} before,"
        f" {loads[1]} after)",
        (
            "append function",
            "node cpu ms per append, by round",
            "lowest",
            "appends/s by round",
            "events / views / question rows written",
        ),
        rows,
    )
    console.print(
        "node cpu = CPU time of the PostgreSQL the writer is on (the single node, or the"
        " worker) per append, from /proc; 'before the rewrites' exists only in this"
        " benchmark's databases (ops/SCALING.md)"
    )


if __name__ == "__main__":
    main()
