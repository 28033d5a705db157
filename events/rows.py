"""How the log's rows are selected and turned back into envelopes (shared by every reader)."""

from __future__ import annotations

from typing import Any

import orjson

from events.envelope import Envelope

COLUMNS = (
    "battle_id, version, global_position, type, schema_version, data, intent_id, causation_id,"
    " correlation_id, actor, rules_version, recorded_at, prev_hash, hash"
)


def envelope_from_row(row: Any) -> Envelope:
    data = row.data if isinstance(row.data, dict) else orjson.loads(row.data)
    return Envelope(
        battle_id=row.battle_id,
        version=row.version,
        global_position=row.global_position,
        type=row.type,
        schema_version=row.schema_version,
        data=data,
        intent_id=row.intent_id,
        causation_id=row.causation_id,
        correlation_id=row.correlation_id,
        actor=row.actor,
        rules_version=row.rules_version,
        recorded_at=row.recorded_at,
        prev_hash=bytes(row.prev_hash),
        hash=bytes(row.hash),
    )
