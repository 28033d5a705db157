"""What the store asks of a Citus cluster: is the log distributed, which origins exist, and each
node's transaction fences (see events/store_postgres.py for why fences are per node).

Everything goes through the node the store is connected to, the coordinator or any worker:
Citus (11 and later) keeps its metadata on every node, so any of them plans a query of the
distributed tables, delegates the append function to the battle's node and runs
`run_command_on_all_nodes`, which reads the nodes' own fences; a server needs no address of
any other node. Only schema changes (migrations) must run on the coordinator: `is_worker`
tells them apart.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, text

_HAS_CITUS = text("SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL")
_LOG_DISTRIBUTED = text(
    "SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'event_log'::regclass)"
)
_LOCAL_GROUP = text("SELECT groupid FROM pg_dist_local_group")
_HIGHEST_GROUP = text("SELECT coalesce(max(groupid), 0) FROM pg_dist_node")
_ON_EVERY_NODE = text(
    "SELECT n.groupid, r.success, r.result FROM run_command_on_all_nodes(:command) AS r"
    " JOIN pg_dist_node AS n USING (nodeid) WHERE n.noderole = 'primary'"
)
NEXT_XID = "SELECT pg_current_xact_id()::text::bigint"
"""A transaction id assigned now: greater than every id the node had handed out before."""
OLDEST_RUNNING = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint"
"""Every transaction id below this one has finished on the node."""


def log_is_distributed(conn: Connection) -> bool:
    if not conn.execute(_HAS_CITUS).scalar_one():
        return False
    return bool(conn.execute(_LOG_DISTRIBUTED).scalar_one())


def is_worker(conn: Connection) -> bool:
    """Whether this is a Citus worker (node group above 0; the coordinator's group is 0, as is
    a node with Citus that no coordinator has added)."""
    if not conn.execute(_HAS_CITUS).scalar_one():
        return False
    return int(conn.execute(_LOCAL_GROUP).scalar_one()) > 0


def highest_origin(conn: Connection) -> int:
    """The highest node group the cluster has; every group numbers positions from its range."""
    return int(conn.execute(_HIGHEST_GROUP).scalar_one())


def on_every_node(conn: Connection, command: str) -> Mapping[int, int | None]:
    """{node group: the integer `command` answered there, or None where it failed}."""
    answers: dict[int, int | None] = {}
    for group, success, result in conn.execute(_ON_EVERY_NODE, {"command": command}):
        answers[int(group)] = int(result) if success else None
    return answers
