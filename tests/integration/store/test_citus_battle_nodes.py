"""A server whose DATABASE_URL lists the Citus workers sends each battle's statements to the
worker that holds it (events/battle_nodes.py): nothing forwarded, and a shard move followed."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import psycopg

from events.battle_nodes import LOCAL_GROUP, PLACEMENTS, SHARD_OF
from events.store_async import AsyncPostgresLog
from ops.citus.cluster import CitusCluster
from ops.citus.stack import spread_over
from server.trust.roles import APP_ROLE
from tests.event_fixtures import moved, test_registry

PLACEMENT = (
    "SELECT p.groupid, n.nodename, n.nodeport, p.shardid FROM pg_dist_placement AS p"
    " JOIN pg_dist_node AS n USING (groupid)"
    " WHERE p.shardid = get_shard_id_for_distribution_column('event_log', %s::text)"
)
BATTLES = [f"b{n}" for n in range(12)]


def placement(uri: str, battle: str) -> tuple[int, str, int, int]:
    with psycopg.connect(uri) as conn:
        found = conn.execute(PLACEMENT, (battle,)).fetchone()
    assert found is not None
    return found


async def node_reached(log: AsyncPostgresLog, battle: str) -> int:
    async with log._connection_for(battle) as conn:
        cur = await conn.execute("SELECT groupid FROM pg_dist_local_group")
        found = await cur.fetchone()
    assert found is not None
    return int(found[0])


def log_over_workers(cluster: CitusCluster, uri: str, refresh: float) -> AsyncPostgresLog:
    name = uri.rsplit("/", 1)[1]
    workers = spread_over([w.uri(name) for w in cluster.workers])
    return AsyncPostgresLog(
        workers, lambda: datetime.now(UTC), registry=test_registry, node_refresh=refresh
    )


def test_each_battle_goes_to_its_own_worker(
    citus_cluster: CitusCluster, citus_database_uri: str
) -> None:
    async def play() -> tuple[dict[str, int], dict[str, int]]:
        log = log_over_workers(citus_cluster, citus_database_uri, 30)
        await log.open()
        try:
            for battle in BATTLES:
                await log.append(battle, 0, [moved(x=1)])
                await log.append(battle, 1, [moved(x=2), moved(x=3)])
            heads = {b: await log.head_version(b) for b in BATTLES}
            return heads, {b: await node_reached(log, b) for b in BATTLES}
        finally:
            await log.close()

    heads, reached = asyncio.run(play())
    assert heads == dict.fromkeys(BATTLES, 3)
    held = {b: placement(citus_database_uri, b)[0] for b in BATTLES}
    assert reached == held
    assert len(set(held.values())) == 2  # the battles are on both workers


def test_a_moved_battle_is_followed_to_its_new_worker(
    citus_cluster: CitusCluster, citus_database_uri: str
) -> None:
    battle = BATTLES[0]
    group, host, port, shard = placement(citus_database_uri, battle)
    other = next(w for w in citus_cluster.workers if w.port != port)

    async def play() -> tuple[int, int, int]:
        log = log_over_workers(citus_cluster, citus_database_uri, 0.5)
        await log.open()
        try:
            await log.append(battle, 0, [moved(x=1)])
            before = await node_reached(log, battle)
            with psycopg.connect(citus_database_uri, autocommit=True) as conn:
                conn.execute(
                    "SELECT citus_move_shard_placement(%s, %s, %s, %s, %s,"
                    " shard_transfer_mode => 'block_writes')",
                    (shard, host, port, host, other.port),
                )
            await log.append(battle, 1, [moved(x=2)])  # at once: forwarded by its old worker
            await asyncio.sleep(0.6)
            await log.append(battle, 2, [moved(x=3)])
            return before, await node_reached(log, battle), await log.head_version(battle)
        finally:
            await log.close()

    before, after, head = asyncio.run(play())
    moved_to = placement(citus_database_uri, battle)[0]
    assert before == group and moved_to != group
    assert after == moved_to and head == 3


def test_a_host_list_of_plain_postgresql_is_not_routed(database_uri: str) -> None:
    params = psycopg.conninfo.conninfo_to_dict(database_uri)
    twice = psycopg.conninfo.make_conninfo(
        database_uri,
        host=f"{params['host']},{params['host']}",
        port=f"{params.get('port', 5432)},{params.get('port', 5432)}",
    )

    async def play() -> int:
        log = AsyncPostgresLog(twice, lambda: datetime.now(UTC), registry=test_registry)
        await log.open()
        try:
            await log.append("b1", 0, [moved(x=1)])
            await log.append("b1", 1, [moved(x=2)])
            assert log._nodes is None and log._node_pools == {}
            return await log.head_version("b1")
        finally:
            await log.close()

    assert asyncio.run(play()) == 2


def test_the_application_role_may_ask_where_a_battle_is(
    citus_cluster: CitusCluster, citus_database_uri: str
) -> None:
    worker = citus_cluster.workers[0].uri(citus_database_uri.rsplit("/", 1)[1])
    with psycopg.connect(worker) as conn:
        conn.execute(f"SET ROLE {APP_ROLE}")  # what the servers connect as
        shard = conn.execute(SHARD_OF, ("b1",)).fetchone()
        placements = dict(conn.execute(PLACEMENTS).fetchall())
        group = conn.execute(LOCAL_GROUP).fetchone()
    assert shard is not None and shard[0] in placements
    assert group is not None and group[0] > 0
