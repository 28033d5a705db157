"""Rulings in the other rulesets: each one's step rule, set aside by the director's ruling."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.maps import game, move
from tests.unit.rulesets.warcry import table

RULING = {"reason": "the table agreed"}


def ruled(intent: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {**intent, "overrule": {**RULING, **more}}


@pytest.mark.parametrize(
    ("ruleset", "unit"), [("epic-path", 5), ("one-two-one", 1), ("action-points", 1)]
)
def test_a_wall_the_text_forbids_is_crossed_by_ruling_at_a_plain_squares_cost(
    ruleset: str, unit: int
) -> None:
    state = game(ruleset, "A#..", walk=30 if ruleset == "epic-path" else 6)
    through = move(path=[[1, 0], [2, 0]])
    rule = refused(state, through).rule
    decision, after = ok(state, ruled(through))
    ruling = decision.events[0]
    assert (ruling.type, ruling.rule, ruling.step, ruling.reason) == (
        "RuleOverruled",
        rule,
        0,
        "the table agreed",
    )
    assert "RuleOverruled" not in types(decision)[1:]
    moved = next(e for e in decision.events if e.type == "Moved")
    assert moved.cost == 2 * unit  # the ruled square a plain one, the next as the text counts
    assert pos(after, "A")[:2] == (2, 0)


@pytest.mark.parametrize("ruleset", ["epic-path", "one-two-one", "action-points"])
def test_the_directors_cost_counts_a_step_the_text_cannot(ruleset: str) -> None:
    state = game(ruleset, "A#..", walk=30 if ruleset == "epic-path" else 6)
    decision, _ = ok(state, ruled(move(path=[[1, 0]]), cost=2))
    moved = next(e for e in decision.events if e.type == "Moved")
    assert moved.cost == 2


def test_epic_path_a_move_past_its_speed_is_ruled_and_spends_what_was_left() -> None:
    state = game("epic-path", "A.......", walk=15)
    far = move(path=[[x, 0] for x in range(1, 5)])
    rule = refused(state, far).rule
    decision, after = ok(state, ruled(far))
    assert next(e.rule for e in decision.events if e.type == "RuleOverruled") == rule
    assert pos(after, "A")[:2] == (4, 0)
    assert after.creatures["A"].movement_left >= 0


def test_warcry_a_leg_beyond_move_by_ruling() -> None:
    s = table.battle(table.fighter("f1", [5, 5]))
    legs = [{"kind": "normal", "to": [8, 5, 0]}, {"kind": "normal", "to": [8, 7.5, 0]}]
    intent = {"type": "move", "creature": "f1", "legs": legs}
    assert table.refused(table.decide(intent, s)) == "warcry/beyond-move"
    decision = table.accepted(table.decide(ruled(intent), s))
    assert table.types(decision) == ["RuleOverruled", "MovedInches"]
    assert decision.events[0].rule == "warcry/beyond-move"
    assert decision.events[0].step == 1
    assert table.at(table.after(s, decision), "f1") == pytest.approx((8, 7.5, 0))


def test_warcry_a_leg_through_an_obstacle_is_taken_straight_by_ruling() -> None:
    s = table.battle(table.fighter("f1", [5, 5]), terrain=[table.obstacle(6, 4, 2, 3)])
    intent = {"type": "move", "creature": "f1", "legs": [{"kind": "normal", "to": [9, 5, 0]}]}
    rule = table.refused(table.decide(intent, s))
    decision = table.accepted(table.decide(ruled(intent), s))
    assert decision.events[0].rule == rule
    assert decision.events[1].cost == pytest.approx(4)
    assert table.at(table.after(s, decision), "f1") == pytest.approx((9, 5, 0))


def test_no_ruling_walks_off_the_map_even_where_a_rule_speaks_first() -> None:
    # after the drop into the pit the step rule answers `fall-ends-move` before it looks at
    # the map: the ruling sets that aside, never the edge of the map (found by the property)
    state = game("epic-path", ".o|A_.\n..~_~~\n^bc..~", walk=30)
    off = ruled(move(path=[[4, 0], [4, 1], [5, 1], [6, 1]]))
    assert refused(state, off).rule == "map/off-map"
    jump = ruled(move(path=[[4, 0], [4, 1], [2, 1]]))
    assert refused(state, jump).rule == "path/not-contiguous"


def test_epic_path_a_ruled_move_paused_by_a_reaction_resumes_under_its_ruling() -> None:
    # the shared square rules (squares.walking) pause it; Draw Steel's own: its rulings file
    state = game("epic-path", "#....\n.Ab..\n.....", walk=30)
    first, paused = ok(state, ruled(move(path=[[0, 1], [0, 0]])))
    assert types(first)[0] == "RuleOverruled" and paused.pending, types(first)
    window = paused.pending[0]
    for p in paused.pending[1:]:
        paused = ok(paused, {"type": "resolve_reaction", "reaction": p.id, "decision": "decline"})[
            1
        ]
    answer = {"type": "resolve_reaction", "reaction": window.id, "decision": "decline"}
    resumed, after = ok(paused, answer)
    overruled = [e for e in resumed.events if e.type == "RuleOverruled"]
    assert [(e.rule, e.reason) for e in overruled] == [(first.events[0].rule, "the table agreed")]
    assert pos(after, "A")[:2] == (0, 0)
