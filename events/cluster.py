"""What the store asks of a Citus cluster: is the log distributed, which origins exist, and each
node's transaction fences (see events/store_postgres.py for why fences are per node).

Everything goes through the coordinator the store is connected to: the nodes' own fences are
read with Citus's `run_command_on_all_nodes`, so a server needs no address of any worker.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, text

_HAS_CITUS = text("SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL")
_LOG_DISTRIBUTED = text(
    "SELECT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'event_log'::regclass)"
)
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


def highest_origin(conn: Connection) -> int:
    """The highest node group the cluster has; every group numbers positions from its range."""
    return int(conn.execute(_HIGHEST_GROUP).scalar_one())


def on_every_node(conn: Connection, command: str) -> Mapping[int, int | None]:
    """{node group: the integer `command` answered there, or None where it failed}."""
    answers: dict[int, int | None] = {}
    for group, success, result in conn.execute(_ON_EVERY_NODE, {"command": command}):
        answers[int(group)] = int(result) if success else None
    return answers
