"""Export and import battles as JSON Lines of envelopes (hashes in hex), chain verified.

An import writes the rows exactly as exported (same versions, times and hashes), so the
chain still verifies; only `global_position` is fresh, which the chain leaves out on purpose.
Each battle goes in with one call of the store's append statement, after its chain was
checked: all of a battle or none of it, numbered where it is stored (on a Citus cluster, by the
worker that holds the battle, as every append is; events/feed.py says why that matters).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime

import orjson
from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError

from events.append_statement import append_params, append_sql
from events.chain import PendingRow, verify_chain
from events.chain_key import ChainKey
from events.envelope import ActionMeta, Envelope
from server.api.wire import envelope_json


class ImportRefused(ValueError):
    pass


def export_lines(envelopes: Iterable[Envelope]) -> Iterator[bytes]:
    for envelope in envelopes:
        yield orjson.dumps(envelope_json(envelope)) + b"\n"


def parse_lines(lines: Iterable[str | bytes]) -> list[Envelope]:
    envelopes = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = orjson.loads(line)
            row["prev_hash"] = bytes.fromhex(row["prev_hash"])
            row["hash"] = bytes.fromhex(row["hash"])
            envelopes.append(Envelope.model_validate(row))
        except (ValueError, KeyError, TypeError) as exc:
            raise ImportRefused(f"line {number} is not an envelope: {exc}") from None
    return envelopes


def import_envelopes(
    engine: Engine, envelopes: Sequence[Envelope], chain_key: ChainKey | None = None
) -> dict[str, int]:
    """Insert each battle's envelopes as they are, after its chain verified; {battle: count}.

    A keyed chain verifies only under the key that made it: a battle exported from a server
    with another chain key is refused (the two servers must share the key store to move it).
    """
    by_battle: dict[str, list[Envelope]] = {}
    for envelope in envelopes:
        by_battle.setdefault(envelope.battle_id, []).append(envelope)
    for battle_id, group in by_battle.items():
        group.sort(key=lambda e: e.version)
        result = verify_chain(battle_id, group, chain_key)
        if not result.ok:
            raise ImportRefused(
                f"battle {battle_id}: the chain breaks at version"
                f" {result.first_broken_version}: {result.reason}"
            )
    with engine.connect() as conn:
        for battle_id in by_battle:
            found = conn.execute(
                text("SELECT 1 FROM event_log WHERE battle_id = :b LIMIT 1"), {"b": battle_id}
            ).first()
            if found is not None:
                raise ImportRefused(f"battle {battle_id} is already in this log")
    for group in by_battle.values():
        append_battle(engine, [_row(e) for e in group], chain_key)
    return {battle_id: len(group) for battle_id, group in by_battle.items()}


def append_battle(
    engine: Engine, rows: list[PendingRow], chain_key: ChainKey | None = None
) -> None:
    """Write a whole battle's rows, chained already, with one call of the append statement:
    all of them or none (`ImportRefused` when the battle is already in this log); with the
    chain key, the battle's head is recorded as every append records it."""
    # Autocommit: on a cluster a call inside a transaction block would not be delegated.
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        try:
            conn.exec_driver_sql(
                append_sql(len(rows), False, False),
                append_params(rows, None, b"", None, chain_key=chain_key),
            )
        except IntegrityError:
            raise ImportRefused(f"battle {rows[0].battle_id} is already in this log") from None


def _row(e: Envelope) -> PendingRow:
    meta = ActionMeta(
        intent_id=e.intent_id,
        causation_id=e.causation_id,
        correlation_id=e.correlation_id,
        actor=e.actor,
        rules_version=e.rules_version,
    )
    recorded_at = e.recorded_at.astimezone(UTC) if e.recorded_at.tzinfo else e.recorded_at
    return PendingRow(
        e.battle_id,
        e.version,
        e.type,
        e.schema_version,
        e.data,
        meta,
        recorded_at,
        e.prev_hash,
        e.hash,
    )


def now() -> datetime:
    return datetime.now(UTC)
