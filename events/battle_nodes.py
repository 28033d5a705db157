"""Which Citus worker holds a battle, so that a server whose `DATABASE_URL` names the workers
sends each battle's statements to that worker itself (ops/SCALING.md, "Servers on the
workers": appending on the battle's own worker).

A worker that receives a statement for a battle held by another worker forwards it: one more
planning and one more round trip on the way, paid by the workers on (N-1)/N of the appends
when a server's connections land on the workers at random. A server that knows the battle's
node instead keeps a pool per worker and borrows from the battle's: nothing is forwarded.

Where a battle is: its shard of `event_log` (`get_shard_id_for_distribution_column`, Citus's
hash of the battle id), and that shard's active placement (`pg_dist_placement`, which every
node holds since Citus 11): a node group, which each worker names for itself
(`pg_dist_local_group`), so the server needs no host names from Citus's catalogue, only those
of its own `DATABASE_URL`. A battle's shard changes only when shards are split, and is kept;
the shards' placements move with the rebalancer, so they are read again, all in one query,
every `refresh` seconds. Until then an append of a moved battle goes to its former worker,
which forwards it as it forwarded any append before: correct, only slower, never refused.

This is routing only: every guarantee of the append (events/store_async.py) stays the
statement's, whichever node receives it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

HAS_CITUS = "SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL"
IS_WORKER = (
    "SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'event_log'::regclass)"
    " AND (SELECT groupid FROM pg_dist_local_group) > 0"
)
"""Whether a node with Citus is a worker of a cluster whose log is distributed."""
LOCAL_GROUP = "SELECT groupid FROM pg_dist_local_group"
SHARD_OF = "SELECT get_shard_id_for_distribution_column('event_log', %s::text)"
PLACEMENTS = (
    "SELECT p.shardid, p.groupid FROM pg_dist_placement AS p JOIN pg_dist_shard AS s"
    " USING (shardid) WHERE s.logicalrelid = 'event_log'::regclass AND p.shardstate = 1"
)


def node_conninfos(conninfo: str) -> list[str]:
    """One conninfo per host of a libpq host list (`host=w1,w2&port=5432,5433`), each naming
    its host alone; empty when `conninfo` names one host (a single node, or a balancer: then
    the server cannot choose the node and does not try)."""
    params = conninfo_to_dict(conninfo)
    hosts = str(params.get("host") or "").split(",")
    if len(hosts) < 2 or params.get("hostaddr"):
        return []
    ports = str(params.get("port") or "").split(",")
    if len(ports) == 1:
        ports = ports * len(hosts)
    if len(ports) != len(hosts):
        return []
    params.pop("load_balance_hosts", None)
    return [
        make_conninfo("", **{**params, "host": host, "port": port or "5432"})
        for host, port in zip(hosts, ports, strict=True)
    ]


class BattleNodes:
    """The node group of each battle's worker, from Citus's metadata, cached (module doc)."""

    def __init__(
        self,
        *,
        refresh: float = 30.0,
        max_battles: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._refresh = refresh
        self._max_battles = max_battles
        self._clock = clock
        self._shard_of: dict[str, int] = {}
        self._group_of_shard: dict[int, int] = {}
        self._read_at: float | None = None

    def group_of(self, battle_id: str) -> int | None:
        """The battle's node group if known and fresh, else None (then `look_up`)."""
        if self._stale():
            return None
        shard = self._shard_of.get(battle_id)
        return None if shard is None else self._group_of_shard.get(shard)

    async def look_up(self, conn: psycopg.AsyncConnection[Any], battle_id: str) -> int | None:
        """Ask any node (through `conn`) for the battle's shard and, when stale, where every
        shard of the log is placed; the battle's node group, or None if it has no active
        placement (mid-move: the statement then goes wherever `conn`'s pool sends it)."""
        if battle_id not in self._shard_of:
            cur = await conn.execute(SHARD_OF, (battle_id,), prepare=True)
            found = await cur.fetchone()
            if found is None:
                return None
            if len(self._shard_of) >= self._max_battles:
                self._shard_of.clear()  # bounded: forgotten battles are asked again
            self._shard_of[battle_id] = int(found[0])
        shard = self._shard_of[battle_id]
        if self._stale() or shard not in self._group_of_shard:
            cur = await conn.execute(PLACEMENTS)
            self._group_of_shard = {int(s): int(g) for s, g in await cur.fetchall()}
            self._read_at = self._clock()
        return self._group_of_shard.get(shard)

    def forget(self, battle_id: str) -> None:
        """A node refused the battle as not its own: ask again next time."""
        self._shard_of.pop(battle_id, None)
        self._read_at = None

    def _stale(self) -> bool:
        return self._read_at is None or self._clock() - self._read_at > self._refresh
