"""A judgement compares today's events with the recorded ones field by field; a field added
to the vocabulary after an event was recorded is new information, not a change of ruling."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from events.battle_events import Moved
from events.envelope import Envelope
from server.queries.recorded import as_recorded as _as_recorded
from server.queries.recorded import differences as _differences
from server.queries.recorded import encoded as _encoded


def recorded_envelope(data: dict[str, Any]) -> Envelope:
    return Envelope(
        battle_id="b",
        version=3,
        global_position=3,
        type="Moved",
        schema_version=1,
        data=data,
        intent_id="i",
        causation_id=None,
        correlation_id=None,
        actor="director",
        rules_version="old",
        recorded_at=datetime(2026, 11, 1, tzinfo=UTC),
        prev_hash=bytes(32),
        hash=bytes(32),
    )


OLD = {
    "creature": "scout",
    "path": [[1, 2, 0], [2, 3, 0]],
    "cost": 3,
    "mode": "walk",
    "action": "move",
    "movement_left": 0,
}


def judged(**changes: Any) -> list[dict[str, Any]]:
    return _encoded([Moved(**{**OLD, **changes})])


def test_a_field_the_recorded_event_lacks_is_not_a_difference() -> None:
    recorded = _as_recorded([recorded_envelope(OLD)])
    assert _differences(recorded, judged(last_square_cost=2, last_square_paid=1)) == []


def test_a_recorded_field_that_changed_is_a_difference() -> None:
    recorded = _as_recorded([recorded_envelope(OLD)])
    assert _differences(recorded, judged(cost=4)) == ["event 1 (Moved): cost recorded 3, now 4"]


def test_a_field_recorded_with_a_value_is_compared_even_if_it_is_new() -> None:
    recorded = _as_recorded([recorded_envelope({**OLD, "last_square_cost": 2})])
    assert _differences(recorded, judged(last_square_cost=3)) == [
        "event 1 (Moved): last_square_cost recorded 2, now 3"
    ]
