"""The replay account says what Warcry's events did, in inches."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from events.gridless_events import FellInches, ImpactRolled, LegRecord, MovedInches, TakenDown
from events.vocabulary import Event
from server.account import describe


def envelope(event: Event) -> Any:
    from events.envelope import Envelope

    return Envelope(
        battle_id="b",
        version=2,
        global_position=2,
        type=event.type,
        schema_version=1,
        data=event.model_dump(mode="json"),
        intent_id="i",
        causation_id=None,
        correlation_id=None,
        actor="director",
        rules_version=None,
        recorded_at=datetime(2026, 1, 1, tzinfo=UTC),
        prev_hash=b"",
        hash=b"",
    )


def test_a_move_action_reads_as_its_inches_legs_and_end() -> None:
    legs = [
        LegRecord(kind="normal", to=(4.49, 5.0, 0.0), counted=1.49),
        LegRecord(kind="climb", to=(4.49, 5.0, 2.0), counted=2.0),
    ]
    moved = MovedInches(
        creature="f1",
        path=[(3.0, 5.0, 0.0), *(leg.to for leg in legs)],
        legs=legs,
        cost=3.49,
        climbing=True,
    )
    assert describe(envelope(moved)) == (
        'f1 moves 3.49" (normal, climb) to [4.49, 5, 2], still climbing'
    )


def test_a_fall_its_impact_roll_and_a_take_down_read_plainly() -> None:
    fell = FellInches(
        creature="f1", origin=(4.5, 5, 3), landing=(3.5, 5, 0), height=3, chosen_by="opponent"
    )
    rolled = ImpactRolled(creature="f1", height=3, roll=6, damage=3)
    down = TakenDown(creature="f1", cause="no legal landing point")
    assert describe(envelope(fell)) == 'f1 falls 3" to [3.5, 5, 0] (the opposing player chose)'
    assert describe(envelope(rolled)) == 'f1 rolls 6 for impact after 3": 3 damage'
    assert describe(envelope(down)) == "f1 is taken down (no legal landing point)"
