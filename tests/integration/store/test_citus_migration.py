"""The documented path (ops/SCALING.md) from one PostgreSQL to a cluster, on a real cluster:
a database migrated and used without Citus gets the extension and workers, runs the
migrations again, and is distributed with its history intact; and the way back."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import Engine, text

from events.migrate import current, downgrade, upgrade
from events.seal import map_ref_of
from events.store import ProjectionWrite, origin_of
from events.store_postgres import PostgresEventStore
from ops.citus.cluster import CitusCluster
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.event_fixtures import moved, test_registry
from tests.integration.store.conftest import TEST_CHAIN_KEY

BATTLES = [f"old-{n}" for n in range(10)]


@pytest.fixture
def plain_database(citus_cluster: CitusCluster) -> Iterator[tuple[str, Engine]]:
    """A database on the coordinator's PostgreSQL with no Citus in it (nor on the workers)."""
    name = f"p_{uuid.uuid4().hex[:16]}"
    uri = citus_cluster.create_database(name, citus=False)
    engine = make_engine(to_sqlalchemy_url(uri), pool_size=5)
    yield name, engine
    engine.dispose()
    citus_cluster.drop_database(name)


def store_on(engine: Engine) -> PostgresEventStore:
    # With the chain key: views and snapshots are sealed with it, and a store without it uses
    # none of them (events/seal.py), so the history's derived rows could not be checked.
    return PostgresEventStore(
        engine,
        lambda: datetime.now(UTC),
        registry=test_registry,
        notify="off",
        chain_key=TEST_CHAIN_KEY,
    )


def use_it(store: PostgresEventStore, engine: Engine) -> None:
    for n, battle in enumerate(BATTLES):
        whole = {"n": n, "creatures": {"a": {"hp": n}, "b": {"hp": 1}}}
        store.append(battle, 0, [moved(x=n)], projection=ProjectionWrite(1, whole, {"m": n}))
        store.append(
            battle,
            1,
            [moved(x=n + 1), moved(x=n + 2)],
            idempotency_key="second",
            projection=ProjectionWrite(
                1, {"n": n + 1}, None, {"state": n}, creatures={"b": {"hp": 2}}
            ),
        )
    with engine.begin() as conn:
        for battle in BATTLES:
            conn.execute(
                text("INSERT INTO battles VALUES (:b, 'draw-steel', 'hash', now())"), {"b": battle}
            )


def test_a_database_used_on_one_node_becomes_distributed_with_its_history(
    citus_cluster: CitusCluster, plain_database: tuple[str, Engine]
) -> None:
    name, engine = plain_database
    upgrade(engine)
    assert current(engine) == "0011_i36"
    before = store_on(engine)
    assert not before.distributed
    use_it(before, engine)
    streams = {b: before.read_stream(b) for b in BATTLES}
    feed = before.read_all(0, limit=1000).events
    before.close()

    citus_cluster.make_cluster_of(name)  # CREATE EXTENSION citus, the workers join
    upgrade(engine)  # what `turnledger migrate` runs

    assert current(engine) == "c008_i36"
    after = store_on(engine)
    assert after.distributed
    assert {b: after.read_stream(b) for b in BATTLES} == streams
    assert all(after.verify(b).ok for b in BATTLES)
    assert after.read_all(0, limit=1000).events == feed  # origin 0: the single node's order
    with engine.connect() as conn:
        nodes = conn.execute(
            text(
                "SELECT DISTINCT nodeport FROM citus_shards s JOIN pg_dist_shard d USING (shardid)"
                " WHERE s.table_name = 'event_log'::regclass"
                " AND get_shard_id_for_distribution_column('event_log', CAST(:b AS text))"
                " = s.shardid"
            ).bindparams(b=BATTLES[0])
        ).all()
        directory = conn.execute(text("SELECT count(*) FROM battles")).scalar_one()
    assert len(nodes) == 1 and directory == len(BATTLES)
    with psycopg.connect(citus_cluster.coordinator.uri(name)) as conn:
        # The coordinator's local copies were emptied once the shards held the rows.
        local = conn.execute(
            "SELECT sum(pg_relation_size(t)) FROM unnest(%s::regclass[]) AS t",
            (["event_log", "battles", "battle_views", "snapshots", "idempotency_keys"],),
        ).fetchone()
        assert local == (0,)

    replay = after.append(BATTLES[0], 1, [moved(x=1), moved(x=2)], idempotency_key="second")
    assert replay.replayed and [e.version for e in replay.envelopes] == [2, 3]
    view = after.read_view(BATTLES[3])
    assert view is not None and view.map_view == {"m": 3}
    assert view.view == {"n": 4, "creatures": {"a": {"hp": 3}, "b": {"hp": 2}}}
    snapshot = after.latest_snapshot(BATTLES[3], 1)
    assert snapshot is not None and snapshot.state == {"state": 3}
    # on the cluster, an append writes what changed, and a snapshot names a map stored once.
    # A change is sealed only from the digests its writer holds (events/seal.py): this new
    # store first writes the view whole, as the server does with a view it cannot extend.
    after.restore_view(BATTLES[3], 3, ProjectionWrite(1, view.view, view.map_view))
    grid = {"width": 1}
    snap = {"state": 4, "map_ref": map_ref_of(grid), "map": grid}
    change = ProjectionWrite(1, {"n": 5}, None, snap, creatures={"a": {"hp": 9}}, removed=("b",))
    after.append(BATTLES[3], 3, [moved()], projection=change)
    view = after.read_view(BATTLES[3])
    assert view is not None and view.view == {"n": 5, "creatures": {"a": {"hp": 9}}}
    snapshot = after.latest_snapshot(BATTLES[3], 1)
    assert snapshot is not None and snapshot.state == {"state": 4, "grid": {"width": 1}}
    grown = {
        b: after.append(b, 4 if b == BATTLES[3] else 3, [moved()]).envelopes[0] for b in BATTLES
    }
    assert all(e.version == (5 if b == BATTLES[3] else 4) for b, e in grown.items())
    assert {origin_of(e.global_position) for e in grown.values()} == {1, 2}  # both workers
    assert all(after.verify(b).ok for b in BATTLES)
    tail = after.read_all(after.read_all(0, limit=1000).cursor, limit=1000)
    assert sorted(e.global_position for e in tail.events) == []  # read_all(0) saw them all
    everything = after.read_all(0, limit=1000).events
    assert len(everything) == len(feed) + len(BATTLES) + 1
    after.close()

    downgrade(engine, "citus@base")  # and the way back: the tables return to the coordinator
    assert current(engine) == "0011_i36"
    back = store_on(engine)
    assert not back.distributed
    assert [len(back.read_stream(b)) for b in BATTLES] == [
        5 if b == BATTLES[3] else 4 for b in BATTLES
    ]
    assert all(back.verify(b).ok for b in BATTLES)
    view = back.read_view(BATTLES[3])
    assert view is not None and view.view == {"n": 5, "creatures": {"a": {"hp": 9}}}
    back.append(BATTLES[0], 4, [moved()])
    assert back.head_version(BATTLES[0]) == 5
    back.close()
