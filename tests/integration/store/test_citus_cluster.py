"""What only a real Citus cluster can show: where appends go, how the feed holds across nodes,
and that the log cannot be altered on the coordinator or on any shard."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import Engine, text

from events.append_statement import append_params, append_sql
from events.chain import build_rows
from events.envelope import GENESIS_HASH, ActionMeta
from events.notifier import Listener
from events.store import Cursor, ProjectionWrite, origin_of
from events.store_postgres import PostgresEventStore
from ops.citus.cluster import CitusCluster, Node
from tests.event_fixtures import moved, test_registry

StoreMaker = Callable[..., PostgresEventStore]


def database_of(uri: str) -> str:
    return uri.rsplit("/", 1)[1]


def port_of_battle(engine: Engine, battle_id: str) -> int:
    """The port of the worker that holds the battle's shard of the log, as Citus says."""
    with engine.connect() as conn:
        return int(
            conn.execute(
                text(
                    "SELECT nodeport FROM citus_shards WHERE table_name = 'event_log'::regclass"
                    " AND shardid = get_shard_id_for_distribution_column('event_log', CAST(:b AS text))"
                ),
                {"b": battle_id},
            ).scalar_one()
        )


def battles_on(engine: Engine, worker: Node, count: int, prefix: str = "b") -> list[str]:
    found: list[str] = []
    n = 0
    while len(found) < count:
        candidate = f"{prefix}{n}"
        if port_of_battle(engine, candidate) == worker.port:
            found.append(candidate)
        n += 1
    return found


@pytest.fixture
def workers(citus_cluster: CitusCluster) -> list[Node]:
    return citus_cluster.workers


@pytest.fixture
def worker_uris(citus_cluster: CitusCluster, citus_database_uri: str) -> list[str]:
    return [w.uri(database_of(citus_database_uri)) for w in citus_cluster.workers]


def pending_append(worker_uri: str, battle_id: str) -> tuple[psycopg.Connection, int]:
    """An append run on the worker that holds the battle, left uncommitted: a late commit."""
    conn = psycopg.connect(worker_uri)
    rows = build_rows(
        battle_id, 0, [moved(x=1)], ActionMeta(), datetime.now(UTC), GENESIS_HASH, test_registry
    )
    params = append_params(rows, None, b"", None)
    position = conn.execute(append_sql(1, False, False), params).fetchall()[0][1]
    return conn, int(position)


def drain(store: PostgresEventStore, cursor: Cursor) -> tuple[list[int], Cursor]:
    seen: list[int] = []
    while True:
        page = store.read_all(cursor, limit=100)
        seen += [e.global_position for e in page.events]
        if not page.events:
            return seen, page.cursor
        cursor = page.cursor


def test_an_append_is_one_statement_routed_to_the_worker_that_holds_the_battle(
    citus_database_uri: str, citus_engine: Engine, make_citus_store: StoreMaker, workers: list[Node]
) -> None:
    store = make_citus_store()
    store.append("b1", 0, [moved()])
    rows = build_rows(
        "b1", 1, [moved(), moved()], ActionMeta(), datetime.now(UTC), b"\0" * 32, test_registry
    )
    params = append_params(rows, "key", b"fp", "{}", ProjectionWrite(1, {"v": 1}, {"m": 1}, {}))
    statement = append_sql(2, True, False, True, True)

    with psycopg.connect(citus_database_uri, autocommit=True) as conn:  # as the store's writer
        plan = [row[0] for row in conn.execute("EXPLAIN " + statement, params)]

    holder = port_of_battle(citus_engine, "b1")
    assert "Task Count: 1" in "\n".join(plan)
    nodes = [line.strip() for line in plan if line.strip().startswith("Node:")]
    assert nodes == [f"Node: host=127.0.0.1 port={holder} dbname={database_of(citus_database_uri)}"]
    assert holder in {w.port for w in workers}
    assert any("Function Scan on turnledger_append" in line for line in plan)


def test_battles_land_on_both_workers(
    citus_engine: Engine, make_citus_store: StoreMaker, worker_uris: list[str]
) -> None:
    store = make_citus_store()
    battles = [f"battle-{n}" for n in range(12)]
    for battle in battles:
        store.append(battle, 0, [moved()], projection=ProjectionWrite(1, {"n": 1}, {}))

    stored_per_worker = []
    for uri in worker_uris:  # ask each worker what its own shards hold
        with psycopg.connect(uri) as conn:
            conn.execute("SET citus.override_table_visibility = off")
            shards = [
                r[0]
                for r in conn.execute(
                    "SELECT relname FROM pg_class WHERE relkind = 'r'"
                    " AND relname ~ '^event_log_[0-9]+$'"
                )
            ]
            stored_per_worker.append(
                {b for s in shards for (b,) in conn.execute(f"SELECT battle_id FROM {s}")}
            )

    assert all(stored_per_worker)  # each worker holds some battles ...
    assert set().union(*stored_per_worker) == set(battles)  # ... together all of them ...
    assert not set.intersection(*stored_per_worker)  # ... each battle on exactly one
    ports = {port_of_battle(citus_engine, b) for b in battles}
    assert len(ports) == 2


def every_shard_has_rows(uri: str) -> list[str]:
    with psycopg.connect(uri) as conn:
        conn.execute("SET citus.override_table_visibility = off")
        shards = [
            r[0]
            for r in conn.execute(
                "SELECT relname FROM pg_class WHERE relkind = 'r'"
                " AND relname ~ '^event_log_[0-9]+$' ORDER BY relname"
            )
        ]
        for shard in shards:
            assert conn.execute(f"SELECT count(*) FROM {shard}").fetchone() != (0,), shard
    return shards


def test_the_log_refuses_update_delete_and_truncate_on_the_coordinator_and_every_shard(
    citus_database_uri: str, make_citus_store: StoreMaker, worker_uris: list[str]
) -> None:
    store = make_citus_store()
    for n in range(40):  # enough battles that every shard holds rows for the triggers to see
        store.append(f"battle-{n}", 0, [moved()])
    statements = ("UPDATE {t} SET type = 'X'", "DELETE FROM {t}", "TRUNCATE {t}")

    with psycopg.connect(citus_database_uri, autocommit=True) as conn:
        for statement in statements:
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
                conn.execute(statement.format(t="event_log"))
        conn.execute("SET ROLE turnledger_app")
        for statement in statements:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement.format(t="event_log"))

    tried = 0
    for uri in worker_uris:
        shards = every_shard_has_rows(uri)
        with psycopg.connect(uri, autocommit=True) as conn:
            # Past Citus's own guard on shards, to show that the trigger itself refuses.
            conn.execute("SET citus.enable_manual_changes_to_shards = on")
            for shard in [*shards, "event_log"]:
                for statement in statements:
                    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
                        conn.execute(statement.format(t=shard))
                    tried += 1
    assert tried == 3 * (8 + 2)  # every shard of both workers, and each worker's shell table
    assert store.read_all(0, limit=100).events and len(store.battle_ids()) == 40


def test_a_late_commit_on_a_worker_is_delivered_in_order_not_skipped(
    citus_engine: Engine, make_citus_store: StoreMaker, workers: list[Node], worker_uris: list[str]
) -> None:
    store = make_citus_store()
    slow_battle, fast_battle = battles_on(citus_engine, workers[0], 2)
    slow, early = pending_append(worker_uris[0], slow_battle)  # position p, not committed

    later = store.append(fast_battle, 0, [moved()])  # p+1 on the same worker, committed first
    assert later.envelopes[0].global_position == early + 1

    page = store.read_all(Cursor(), limit=10)
    again = store.read_all(page.cursor, limit=10)
    assert origin_of(early) not in {
        origin_of(e.global_position) for e in page.events + again.events
    }
    gap = again.cursor.of(origin_of(early)).gap
    assert gap is not None and gap.position == early

    slow.commit()
    slow.close()
    seen, _ = drain(store, again.cursor)
    assert seen == [early, early + 1]


def test_a_rolled_back_append_on_a_worker_does_not_stall_readers(
    citus_engine: Engine, make_citus_store: StoreMaker, workers: list[Node], worker_uris: list[str]
) -> None:
    store = make_citus_store()
    gone, kept = battles_on(citus_engine, workers[1], 2)
    aborted, hole = pending_append(worker_uris[1], gone)
    store.append(kept, 0, [moved()])
    waiting = store.read_all(Cursor(), limit=10)
    assert waiting.events == () and waiting.cursor.gaps

    aborted.rollback()
    aborted.close()
    seen, cursor = drain(store, waiting.cursor)
    assert seen == [hole + 1]
    assert not cursor.gaps


def test_a_hole_on_one_worker_does_not_hold_back_the_other(
    citus_engine: Engine, make_citus_store: StoreMaker, workers: list[Node], worker_uris: list[str]
) -> None:
    store = make_citus_store()
    stalled, after = battles_on(citus_engine, workers[0], 2)
    (elsewhere,) = battles_on(citus_engine, workers[1], 1)
    slow, hole = pending_append(worker_uris[0], stalled)
    store.append(after, 0, [moved()])
    other = store.append(elsewhere, 0, [moved()])

    page = store.read_all(Cursor(), limit=10)

    assert [e.battle_id for e in page.events] == [elsewhere]
    assert page.events[0].global_position == other.envelopes[0].global_position
    slow.rollback()
    slow.close()
    assert hole not in drain(store, page.cursor)[0]


def test_an_append_that_citus_does_not_delegate_is_refused(
    citus_database_uri: str, make_citus_store: StoreMaker
) -> None:
    """Inside a transaction block Citus runs the function on the coordinator, which would number
    rows it does not commit: the guard of migration 0003 refuses, and nothing is written."""
    store = make_citus_store()
    rows = build_rows(
        "b1", 0, [moved()], ActionMeta(), datetime.now(UTC), GENESIS_HASH, test_registry
    )
    with psycopg.connect(citus_database_uri) as conn:  # a transaction block
        with pytest.raises(psycopg.errors.ObjectNotInPrerequisiteState, match="not stored"):
            conn.execute(append_sql(1, False, False), append_params(rows, None, b"", None))
        conn.rollback()
    assert store.read_stream("b1") == []


def test_listeners_on_the_coordinator_hear_appends_made_by_another_server(
    citus_database_uri: str, make_citus_store: StoreMaker
) -> None:
    listener = Listener(citus_database_uri)
    writer = make_citus_store(notify="coalesced")  # as another server process would
    result = writer.append("b1", 0, [moved()])
    announced = [p for p in listener.wait(timeout=5) if p is not None]
    listener.close()
    assert announced and announced[-1] >= result.envelopes[-1].global_position


def test_a_server_keeps_announcing_when_its_appends_move_to_a_lower_numbered_worker(
    citus_database_uri: str,
    citus_engine: Engine,
    workers: list[Node],
    make_citus_store: StoreMaker,
) -> None:
    """Positions of different nodes are not ordered (each numbers from its own range): an
    append on worker 1 after one on worker 2 has a lower position and is news all the same."""
    [high] = battles_on(citus_engine, workers[1], 1, prefix="high")
    [low] = battles_on(citus_engine, workers[0], 1, prefix="low")
    listener = Listener(citus_database_uri)
    writer = make_citus_store(notify="coalesced")
    heard = []
    try:
        for battle in (high, low):
            written = writer.append(battle, 0, [moved()])
            heard.append(([p for p in listener.wait(timeout=5) if p is not None], written))
    finally:
        listener.close()
    assert origin_of(heard[0][1].envelopes[-1].global_position) == 2
    assert origin_of(heard[1][1].envelopes[-1].global_position) == 1
    for announced, written in heard:
        assert announced == [written.envelopes[-1].global_position]


def test_a_notify_inside_the_append_is_refused_on_a_cluster(make_citus_store: StoreMaker) -> None:
    store = make_citus_store(notify="per_commit")
    with pytest.raises(ValueError, match="per_commit"):
        store.append("b1", 0, [moved()])
    assert store.read_stream("b1") == []


@pytest.fixture
def tailing(make_citus_store: StoreMaker) -> Iterator[PostgresEventStore]:
    yield make_citus_store()


def test_tailing_readers_see_every_event_once_under_many_writers(
    tailing: PostgresEventStore,
) -> None:
    store = tailing
    writers, appends_each, readers = 4, 15, 2
    done = threading.Event()
    delivered: list[list[int]] = [[] for _ in range(readers)]

    def write(w: int) -> None:
        version = 0
        for n in range(appends_each):
            size = 1 + n % 3
            store.append(f"battle-{w}", version, [moved(x=n)] * size)
            version += size

    def tail(r: int) -> None:
        cursor = Cursor()
        while True:
            finished = done.is_set()
            page = store.read_all(cursor, limit=7)
            delivered[r] += [e.global_position for e in page.events]
            cursor = page.cursor
            if finished and not page.events and not cursor.gaps:
                return

    tails = [threading.Thread(target=tail, args=(r,)) for r in range(readers)]
    writes = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    for t in tails + writes:
        t.start()
    for t in writes:
        t.join()
    done.set()
    for t in tails:
        t.join(timeout=120)

    in_log = [e.global_position for b in store.battle_ids() for e in store.read_stream(b)]
    assert len(in_log) == writers * sum(1 + n % 3 for n in range(appends_each))
    assert len({origin_of(p) for p in in_log}) >= 1
    for seen in delivered:
        assert sorted(seen) == sorted(in_log)  # every event, once
        for origin in {origin_of(p) for p in seen}:
            mine = [p for p in seen if origin_of(p) == origin]
            assert mine == sorted(mine)  # in order within each node


def test_an_imported_battle_is_numbered_by_the_worker_that_stores_it(
    citus_engine: Engine, make_citus_store: StoreMaker, workers: list[Node]
) -> None:
    from events.store_memory import InMemoryEventStore
    from server.trust.transfer import import_envelopes
    from tests.integration.store.conftest import TEST_CHAIN_KEY

    # another server of the same deployment: it shares the key store, so its chain verifies
    elsewhere = InMemoryEventStore(
        lambda: datetime.now(UTC), registry=test_registry, chain_key=TEST_CHAIN_KEY
    )
    elsewhere.append("exported", 0, [moved(x=1), moved(x=2)], ActionMeta(intent_id="a"))
    elsewhere.append("exported", 2, [moved(x=3)], ActionMeta(intent_id="b", actor="director"))
    exported = elsewhere.read_stream("exported")

    assert import_envelopes(citus_engine, exported, TEST_CHAIN_KEY) == {"exported": 3}

    store = make_citus_store()
    imported = store.read_stream("exported")
    strip = [e.model_copy(update={"global_position": 0}) for e in imported]
    assert strip == [e.model_copy(update={"global_position": 0}) for e in exported]
    assert store.verify("exported").ok
    holder = port_of_battle(citus_engine, "exported")
    group = 1 + [w.port for w in workers].index(holder)
    assert {origin_of(e.global_position) for e in imported} == {group}
    assert [e.version for e in store.read_all(0).events] == [1, 2, 3]
