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
  volatile function and Citus caches its local plan (`IsLocalPlanCachingSupported`);
- `+ question rows by VALUES`: also the log questions' rows (migration 0007_i25b: `log_index`,
  `log_creatures` twice) are written by loops of INSERT ... VALUES instead of INSERT ...
  SELECT FROM jsonb_array_elements.

One writer on the worker (so every append is local to it, as delegated appends are), and for
reference one on a throwaway single PostgreSQL, appends 2 events through the server's async
append path, with the read model (a creature changed per append) and the log questions' rows
(each event indexed, about one creature, one movement fact) in the statement, BENCH_APPENDS
times per variant, the variants alternated over BENCH_ROUNDS rounds; reported: the node's CPU
per append (from /proc), appends/s, and the rows each variant wrote (which must agree). The
rewrites are made here only: the migrations are unchanged, and the benchmark fails loudly
when the function no longer has the text a rewrite replaces.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from datetime import UTC, datetime

import orjson
import psycopg

from events.append_statement import QuestionRows
from events.chain import PendingRow
from events.migrate import upgrade
from events.store import ProjectionWrite
from events.store_async import AsyncPostgresLog
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
INDEX_BY_SELECT = """INSERT INTO log_index (battle_id, version, type, round, turn, intent_id)
                    SELECT p_battle_id, p_first_version + x.o::integer - 1, p_types[x.o],
                           (x.e->>0)::integer, (x.e->>1)::integer, p_intent_ids[x.o]
                    FROM jsonb_array_elements(p_questions->'events') WITH ORDINALITY
                         AS x(e, o);"""
INDEX_BY_VALUES = """FOR v_e, v_o IN SELECT x.e, x.o
                        FROM jsonb_array_elements(p_questions->'events') WITH ORDINALITY
                             AS x(e, o) LOOP
                        INSERT INTO log_index (battle_id, version, type, round, turn,
                                               intent_id)
                        VALUES (p_battle_id, p_first_version + v_o::integer - 1, p_types[v_o],
                                (v_e->>0)::integer, (v_e->>1)::integer, p_intent_ids[v_o]);
                    END LOOP;"""
ABOUT_BY_SELECT = """INSERT INTO log_creatures (battle_id, creature, version, type, round,
                                                   turn)
                        SELECT p_battle_id, a.c, a.v, p_types[a.v - p_first_version + 1],
                               (p_questions->'events'->(a.v - p_first_version)->>0)::integer,
                               (p_questions->'events'->(a.v - p_first_version)->>1)::integer
                        FROM (SELECT e->>0 AS c, (e->>1)::integer AS v
                              FROM jsonb_array_elements(p_questions->'about') AS e) AS a
                        ON CONFLICT DO NOTHING;"""
ABOUT_BY_VALUES = """FOR v_e IN SELECT jsonb_array_elements(p_questions->'about') LOOP
                            INSERT INTO log_creatures (battle_id, creature, version, type,
                                                       round, turn)
                            VALUES (p_battle_id, v_e->>0, (v_e->>1)::integer,
                                p_types[(v_e->>1)::integer - p_first_version + 1],
                                (p_questions->'events'->((v_e->>1)::integer
                                    - p_first_version)->>0)::integer,
                                (p_questions->'events'->((v_e->>1)::integer
                                    - p_first_version)->>1)::integer)
                            ON CONFLICT DO NOTHING;
                        END LOOP;"""
FACTS_BY_SELECT = """INSERT INTO log_creatures AS l (battle_id, creature, version, type,
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
                            squares = EXCLUDED.squares, detail = EXCLUDED.detail;"""
FACTS_BY_VALUES = """FOR v_e IN SELECT jsonb_array_elements(p_questions->'facts') LOOP
                        INSERT INTO log_creatures AS l (battle_id, creature, version, type,
                            round, turn, kind, distance, squares, detail)
                        VALUES (p_battle_id, v_e->>0, (v_e->>1)::integer,
                            p_types[(v_e->>1)::integer - p_first_version + 1],
                            (p_questions->'events'->((v_e->>1)::integer
                                - p_first_version)->>0)::integer,
                            (p_questions->'events'->((v_e->>1)::integer
                                - p_first_version)->>1)::integer,
                            v_e->>2, (v_e->>3)::double precision, v_e->4, v_e->5)
                        ON CONFLICT (battle_id, creature, version) DO UPDATE SET
                            kind = EXCLUDED.kind, distance = EXCLUDED.distance,
                            squares = EXCLUDED.squares, detail = EXCLUDED.detail;
                        END LOOP;"""


def question_rows_by_values(conn: psycopg.Connection[tuple[str]]) -> None:
    text = _definition(conn, "turnledger_append")
    text = _replace(text, INDEX_BY_SELECT, INDEX_BY_VALUES)
    text = _replace(text, ABOUT_BY_SELECT, ABOUT_BY_VALUES)
    text = _replace(text, FACTS_BY_SELECT, FACTS_BY_VALUES)
    conn.execute(_replace(text, "DECLARE", "DECLARE\n        v_e jsonb;\n        v_o bigint;"))


VARIANTS = {
    "as migrated": (),
    "creature rows by VALUES": (creatures_by_values,),
    "+ fence and position first": (creatures_by_values, fence_and_position_first),
    "+ question rows by VALUES": (
        creatures_by_values,
        fence_and_position_first,
        question_rows_by_values,
    ),
}


def projection(version: int, n: int) -> ProjectionWrite:
    if version == 0:
        creatures = {"c1": {"at": [n, 0]}, "c2": {"at": [0, 0]}}
        return ProjectionWrite(
            1, {"round": 1}, map_view={"w": 1}, creatures=creatures, complete=True
        )
    return ProjectionWrite(1, {"round": n}, creatures={"c1": {"at": [n, 1]}})


def question_rows(rows: Sequence[PendingRow]) -> QuestionRows:
    """What the log questions' projector would write for a move of `c1`: each event indexed,
    about `c1`, and one movement fact (server/log_questions_rows.py's document)."""
    last = rows[-1].version
    document = {
        "cursor": {},
        "events": [[1, None] for _ in rows],
        "about": [["c1", row.version] for row in rows],
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
            battle, version, events, projection=projection(version, n), questions=question_rows
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
        # every variant must have written the same rows, or its figure means nothing
        written = {SINGLE: rows_written(single)}
        for name in VARIANTS:
            written[name] = rows_written(cluster.coordinator.uri(databases[name]))
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
        " worker) per append, from /proc; the rewrites exist only in this benchmark's"
        " databases (ops/SCALING.md)"
    )


if __name__ == "__main__":
    main()
