"""The log's question rows: rounds and turns, who an event is about, and movement facts."""

from __future__ import annotations

from typing import Any

from projections.log_questions import Cursor, Logged, project


def log(*events: tuple[str, dict[str, Any]]) -> list[Logged]:
    return [Logged(v, t, d, f"i{v}") for v, (t, d) in enumerate(events, start=1)]


def test_turns_are_numbered_as_they_start_and_rounds_follow_the_turn_starts() -> None:
    cursor, rows = project(
        Cursor(),
        log(
            ("BattleCreated", {"ruleset": "epic-path", "creatures": []}),
            ("TurnStarted", {"creature": "A", "round": 1}),
            ("Moved", {"creature": "A", "path": [[1, 0, 0], [2, 0, 0]], "cost": 10}),
            ("TurnStarted", {"creature": "b", "round": 1}),
            (
                "ForceMoved",
                {"source": "b", "target": "A", "kind": "push", "path": [[3, 0, 0]], "distance": 5},
            ),
            ("TurnStarted", {"creature": "A", "round": 2}),
        ),
    )
    assert [(r.round, r.turn) for r in rows.indexed] == [
        (1, None),
        (1, 1),
        (1, 1),
        (1, 2),
        (1, 2),
        (2, 3),
    ]
    assert rows.indexed[4].creatures == ("A", "b")
    willing, forced = rows.facts
    assert (willing.kind, willing.distance, willing.turn) == ("willing", 10, 1)
    assert (forced.kind, forced.creature, forced.distance) == ("forced", "A", 5)  # 1 square, feet
    assert (cursor.version, cursor.round, cursor.turn, cursor.ruleset) == (6, 2, 3, "epic-path")


def test_a_taken_reaction_counts_for_its_reactor_even_across_batches() -> None:
    cursor, first = project(
        Cursor(),
        log(
            (
                "OpportunityAttackTriggered",
                {"reaction": "r-1", "reactor": "g", "target": "A", "at": [1, 1, 0]},
            )
        ),
    )
    again = Cursor.from_json(cursor.version, cursor.to_json())
    _, second = project(
        again, [Logged(2, "ReactionResolved", {"reaction": "r-1", "decision": "take", "damage": 4})]
    )
    assert [(f.creature, f.kind) for f in first.facts] == [("A", "provoked")]
    assert [(f.creature, f.kind, f.detail["damage"]) for f in second.facts] == [("g", "reacted", 4)]


def test_undo_and_redo_become_reversals_of_their_versions() -> None:
    _, rows = project(
        Cursor(version=4),
        [
            Logged(5, "ActionUndone", {"target": "x", "first_version": 2, "last_version": 4}),
            Logged(6, "ActionRedone", {"target": "x", "first_version": 2, "last_version": 4}),
        ],
    )
    assert [(r.first, r.last, r.undone) for r in rows.reversals] == [(2, 4, True), (2, 4, False)]
