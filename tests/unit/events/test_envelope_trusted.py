"""`Envelope.trusted` makes exactly what `model_construct` makes (events/envelope.py)."""

from __future__ import annotations

import copy
import pickle
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from events.chain import PendingRow
from events.envelope import ActionMeta, Envelope


def _row() -> PendingRow:
    meta = ActionMeta(intent_id="i1", correlation_id="r1", actor="director", rules_version="v")
    at = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    return PendingRow("b1", 3, "moved", 1, {"to": [1, 2, 0]}, meta, at, b"\x01" * 32, b"\x02" * 32)


def test_a_trusted_envelope_is_the_constructed_one() -> None:
    row = _row()
    made = row.envelope(42)
    constructed = Envelope.model_construct(
        battle_id=row.battle_id,
        version=row.version,
        global_position=42,
        type=row.type,
        schema_version=row.schema_version,
        data=row.data,
        intent_id="i1",
        causation_id=None,
        correlation_id="r1",
        actor="director",
        rules_version="v",
        recorded_at=row.recorded_at,
        prev_hash=row.prev_hash,
        hash=row.hash,
    )
    assert type(made) is Envelope
    assert made == constructed
    assert made.model_fields_set == constructed.model_fields_set == set(Envelope.model_fields)
    assert made.model_dump() == constructed.model_dump()
    assert made.model_dump_json() == constructed.model_dump_json()
    assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None
    assert Envelope.model_validate(made.model_dump()) == made


def test_a_trusted_envelope_stays_frozen_and_copies() -> None:
    made = _row().envelope(7)
    with pytest.raises(ValidationError):
        made.version = 9  # type: ignore[misc]
    assert made.version == 3
    assert made.model_copy(update={"global_position": 8}).global_position == 8
    assert made.model_fields_set is not _row().envelope(7).model_fields_set
    assert copy.deepcopy(made) == made
    assert pickle.loads(pickle.dumps(made)) == made
