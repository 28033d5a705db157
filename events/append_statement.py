"""The single SQL statement an append is, in psycopg's parameter style, per batch shape."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import orjson

from events.chain import PendingRow
from events.notifier import CHANNEL
from events.store import ProjectionWrite

VALUE_COLUMNS = (
    "battle_id, version, type, schema_version, data, intent_id, causation_id, correlation_id,"
    " actor, rules_version, recorded_at, prev_hash, hash"
)


def _values_row(i: int) -> str:
    return (
        f"(%(b{i})s::varchar, %(v{i})s::integer, %(t{i})s::varchar, %(s{i})s::integer,"
        f" %(d{i})s::jsonb, %(i{i})s::varchar, %(c{i})s::varchar, %(r{i})s::varchar,"
        f" %(a{i})s::varchar, %(rv{i})s::varchar, %(at{i})s::timestamptz, %(p{i})s::bytea,"
        f" %(h{i})s::bytea)"
    )


_VIEW = (
    "view_w AS (INSERT INTO battle_views (battle_id, version, reducer_version, view, map,"
    " updated_at) SELECT %(b0)s, (SELECT max(version) FROM ins), %(reducer)s, %(view)s::jsonb,"
    " coalesce(%(map)s::jsonb, '{}'::jsonb), %(at0)s WHERE EXISTS (SELECT 1 FROM ins)"
    " ON CONFLICT (battle_id) DO UPDATE SET version = EXCLUDED.version,"
    " reducer_version = EXCLUDED.reducer_version, view = EXCLUDED.view,"
    " map = CASE WHEN %(map)s::jsonb IS NULL THEN battle_views.map ELSE EXCLUDED.map END,"
    " updated_at = EXCLUDED.updated_at WHERE battle_views.version < EXCLUDED.version)"
)
_SNAPSHOT = (
    "snap_w AS (INSERT INTO snapshots (battle_id, version, reducer_version, state, created_at)"
    " SELECT %(b0)s, (SELECT max(version) FROM ins), %(reducer)s, %(snapshot)s::jsonb, %(at0)s"
    " WHERE EXISTS (SELECT 1 FROM ins) ON CONFLICT DO NOTHING)"
)


@lru_cache(maxsize=256)
def append_sql(
    n: int, keyed: bool, notify: bool, projected: bool = False, snapshot: bool = False
) -> str:
    """INSERT n rows (claiming an idempotency key first when `keyed`); RETURNING positions.

    pg_current_xact_id() precedes nextval() in each row on purpose: a transaction must own
    an xid before it owns a position (see events/store_postgres.py). Expressions of a row
    are evaluated left to right, and rows in the order given. The read model and snapshot
    writes are data-modifying CTEs of the same statement, hence of the same transaction.
    """
    sequence = "nextval('event_log_global_position_seq')"
    returning = "RETURNING version, global_position"
    if not (keyed or notify or projected):  # the common case, kept as plain as a raw INSERT
        rows = ", ".join(
            f"(pg_current_xact_id(), {sequence}, {_values_row(i)[1:]}" for i in range(n)
        )
        columns = f"tx_id, global_position, {VALUE_COLUMNS}"
        return f"INSERT INTO event_log ({columns}) VALUES {rows} {returning}"
    values = ", ".join(_values_row(i) for i in range(n))
    ctes = []
    if keyed:
        ctes.append(
            "claim AS (INSERT INTO idempotency_keys (battle_id, key, request_hash, first_version,"
            " last_version, response, recorded_at) VALUES (%(b0)s, %(key)s, %(request_hash)s,"
            f" %(v0)s, %(v{n - 1})s, %(response)s, %(at0)s) ON CONFLICT DO NOTHING RETURNING 1)"
        )
    only_if_claimed = " WHERE EXISTS (SELECT 1 FROM claim)" if keyed else ""
    ctes.append(
        f"ins AS (INSERT INTO event_log (tx_id, global_position, {VALUE_COLUMNS}) "
        f"SELECT pg_current_xact_id(), {sequence}, v.* "
        f"FROM (VALUES {values}) AS v({VALUE_COLUMNS}){only_if_claimed} {returning})"
    )
    if projected:
        ctes.append(_VIEW)
    if snapshot:
        ctes.append(_SNAPSHOT)
    announce = (
        f", (SELECT pg_notify('{CHANNEL}', max(global_position)::text) FROM ins) AS notified"
        if notify
        else ""
    )
    return f"WITH {', '.join(ctes)} SELECT version, global_position{announce} FROM ins"


def append_params(
    rows: list[PendingRow],
    idempotency_key: str | None,
    fingerprint: bytes,
    response: str | None,
    projection: ProjectionWrite | None = None,
) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for i, row in enumerate(rows):
        params[f"b{i}"] = row.battle_id
        params[f"v{i}"] = row.version
        params[f"t{i}"] = row.type
        params[f"s{i}"] = row.schema_version
        params[f"d{i}"] = row.data_json or orjson.dumps(row.data).decode()
        params[f"i{i}"] = row.meta.intent_id
        params[f"c{i}"] = row.meta.causation_id
        params[f"r{i}"] = row.meta.correlation_id
        params[f"a{i}"] = row.meta.actor
        params[f"rv{i}"] = row.meta.rules_version
        params[f"at{i}"] = row.recorded_at
        params[f"p{i}"] = row.prev_hash
        params[f"h{i}"] = row.hash
    if idempotency_key is not None:
        params["key"] = idempotency_key
        params["request_hash"] = fingerprint
        params["response"] = response
    if projection is not None:
        params["reducer"] = projection.reducer_version
        params["view"] = orjson.dumps(projection.view).decode()
        params["map"] = (
            None if projection.map_view is None else orjson.dumps(projection.map_view).decode()
        )
        if projection.snapshot is not None:
            params["snapshot"] = orjson.dumps(projection.snapshot).decode()
    return params
