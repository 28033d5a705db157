"""The cluster grows: a third worker joins and the shards are rebalanced while battles are
being played and the feed is being read. Nothing written is lost, the feed delivers every
event once (moved battles continue from the new worker's origin), chains still verify."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import Engine, text

from events.migrate import upgrade
from events.store import Cursor, origin_of
from events.store_postgres import PostgresEventStore
from ops.citus.cluster import CitusCluster
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from tests.event_fixtures import moved, test_registry

BATTLES = [f"battle-{n}" for n in range(16)]


def holders(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT b.id, s.nodeport FROM unnest(CAST(:b AS text[])) AS b(id)"
                " JOIN citus_shards AS s ON s.table_name = 'event_log'::regclass"
                " AND s.shardid = get_shard_id_for_distribution_column('event_log', b.id)"
            ),
            {"b": BATTLES},
        )
        return {battle: port for battle, port in rows}


@pytest.fixture
def growing(citus_cluster: CitusCluster) -> Iterator[tuple[str, Engine, PostgresEventStore]]:
    """A database made from scratch (a clone of the template cannot take a new node)."""
    name = f"g_{uuid.uuid4().hex[:16]}"
    uri = citus_cluster.create_database(name)
    engine = make_engine(to_sqlalchemy_url(uri), pool_size=10)
    upgrade(engine)
    store = PostgresEventStore(
        engine, lambda: datetime.now(UTC), registry=test_registry, notify="off"
    )
    yield uri, engine, store
    store.close()
    engine.dispose()
    citus_cluster.drop_database(name)


def test_a_worker_joins_and_shards_move_while_battles_are_played_and_read(
    citus_cluster: CitusCluster, growing: tuple[str, Engine, PostgresEventStore]
) -> None:
    citus_database_uri, citus_engine, store = growing
    for battle in BATTLES:
        store.append(battle, 0, [moved(x=1)])
    before = holders(citus_engine)
    seen: list[int] = []
    writing = threading.Event()
    writing.set()
    heads = dict.fromkeys(BATTLES, 1)

    def write() -> None:  # keeps appending to every battle while the shards move
        n = 0
        while writing.is_set():
            battle = BATTLES[n % len(BATTLES)]
            heads[battle] = store.append(battle, heads[battle], [moved(x=n)]).version
            n += 1

    def read(stop: threading.Event) -> None:
        cursor = Cursor()
        while True:
            finished = stop.is_set()
            page = store.read_all(cursor, limit=50)
            seen.extend(e.global_position for e in page.events)
            cursor = page.cursor
            if finished and not page.events and not cursor.gaps:
                return

    done_reading = threading.Event()
    writer = threading.Thread(target=write)
    reader = threading.Thread(target=read, args=(done_reading,))
    writer.start()
    reader.start()
    extra = citus_cluster.add_worker()
    name = citus_database_uri.rsplit("/", 1)[1]
    citus_cluster.add_worker_to(name, extra)
    with psycopg.connect(citus_database_uri, autocommit=True) as conn:
        conn.execute("SELECT rebalance_table_shards(shard_transfer_mode => 'block_writes')")
    writing.clear()
    writer.join(timeout=60)
    for battle in BATTLES:  # one more action each, after the move
        heads[battle] = store.append(battle, heads[battle], [moved()]).version
    done_reading.set()
    reader.join(timeout=120)

    after = holders(citus_engine)
    moved_battles = [b for b in BATTLES if after[b] == extra.port]
    assert moved_battles and all(before[b] != extra.port for b in BATTLES)
    in_log = sorted(e.global_position for b in BATTLES for e in store.read_stream(b))
    assert len(in_log) == sum(heads.values())  # nothing acknowledged was lost
    assert sorted(seen) == in_log  # the reader saw every event exactly once
    assert all(store.verify(b).ok for b in BATTLES)
    last = {b: store.read_stream(b)[-1] for b in BATTLES}
    new_origins = {origin_of(last[b].global_position) for b in moved_battles}
    assert len(new_origins) == 1 and new_origins.isdisjoint({0, 1, 2})  # numbered by the new worker
