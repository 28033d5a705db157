"""The replay account (`turnledger replay`) tells Warcry's events in inches, in the words the
viewer and the API use, under a heading per action that names who acted."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from events.gridless_events import FellInches, ImpactRolled, LegRecord, MovedInches, TakenDown
from events.history_events import IntentAccepted
from events.vocabulary import Event
from server.queries.account import account


def envelope(version: int, event: Event, actor: str = "director") -> Any:
    from events.envelope import Envelope

    data = event.model_dump(mode="json")
    data.pop("type")
    return Envelope(
        battle_id="b",
        version=version,
        global_position=version,
        type=event.type,
        schema_version=1,
        data=data,
        intent_id=f"i{version}",
        causation_id=None,
        correlation_id=None,
        actor=actor,
        rules_version=None,
        recorded_at=datetime(2026, 1, 1, tzinfo=UTC),
        prev_hash=b"",
        hash=b"",
    )


def test_a_move_action_reads_as_its_inches_legs_and_end_under_its_player_s_name() -> None:
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
    asked = IntentAccepted(intent={"type": "move", "creature": "f1"})
    lines = list(account([envelope(1, asked, "seat:s1"), envelope(2, moved)], {"seat:s1": "Ana"}))
    assert lines == [
        "v1 [cyan]Ana: move f1[/cyan]",
        '  v2 F1 moved 3.5" (2 legs: move, climb) to (4.5, 5, up 2), still climbing',
    ]


def test_a_fall_its_impact_roll_and_a_take_down_read_plainly() -> None:
    fell = FellInches(
        creature="f1", origin=(4.5, 5, 3), landing=(3.5, 5, 0), height=3, chosen_by="opponent"
    )
    rolled = ImpactRolled(creature="f1", height=3, roll=6, damage=3)
    down = TakenDown(creature="f1", cause="no legal landing point")
    lines = list(account([envelope(1, fell), envelope(2, rolled), envelope(3, down)]))
    assert lines == [
        '  v1 F1 fell 3" to (3.5, 5), the opposing player chose where',
        '  v2 F1 rolled 6 for impact after dropping 3": 3 damage',
        "  v3 F1 was taken down (no legal landing point)",
    ]
