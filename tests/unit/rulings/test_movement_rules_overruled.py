"""Rulings over the movement rules outside the path judges: Epic Path's teleport, Reclaim the
Wild's jump and lost grip, Draw Steel's landing off a climbed creature, Warcry's falling test.
Each is refused by the text and, overruled, recorded as a `RuleOverruled` and gone on with."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.engine.test_climbing_creatures import CLIMB, arena
from tests.unit.rulesets.epic_path.test_movement import game as epic
from tests.unit.rulesets.maps import move
from tests.unit.rulesets.one_two_one.test_movement import game as wild
from tests.unit.rulesets.warcry import table
from tests.unit.rulesets.warcry.test_falling_after_an_attack import HIGH

RULING = {"reason": "the table agreed"}


def ruled(intent: dict[str, Any]) -> dict[str, Any]:
    return {**intent, "overrule": RULING}


def overruled(decision: Any) -> list[tuple[str, str]]:
    return [(e.rule, e.reason) for e in decision.events if e.type == "RuleOverruled"]


def tp(to: list[int], **kw: Any) -> dict[str, Any]:
    return {"type": "teleport", "creature": "A", "to": to, **kw}


def test_epic_path_a_teleport_without_a_teleport_speed_by_ruling() -> None:
    state = epic("A...")
    assert refused(state, tp([2, 0])).rule == "epic-path/cannot-teleport"
    decision, after = ok(state, ruled(tp([2, 0])))
    assert [r for r, _ in overruled(decision)] == [
        "epic-path/cannot-teleport",
        "epic-path/exceeds-speed",
    ]
    assert types(decision)[-1] == "Teleported" and pos(after, "A") == (2, 0, 0)


@pytest.mark.parametrize(
    ("rows", "intent", "rule"),
    [
        ("A.......", tp([7, 0], distance=30), "epic-path/exceeds-speed"),
        ("A#..\n....", tp([2, 0], distance=10), "epic-path/no-line-of-effect"),
        ("A..b", tp([3, 0], distance=15), "epic-path/teleport-occupied"),
    ],
)
def test_epic_path_a_teleport_the_text_refuses_is_made_by_ruling(
    rows: str, intent: dict[str, Any], rule: str
) -> None:
    state = epic(rows)
    assert refused(state, intent).rule == rule
    decision, after = ok(state, ruled(intent))
    assert overruled(decision) == [(rule, "the table agreed")]
    assert pos(after, "A")[:2] == tuple(intent["to"])


def test_epic_path_no_ruling_teleports_off_the_map() -> None:
    assert refused(epic("A..."), ruled(tp([9, 0], distance=45))).rule == "map/off-map"


def test_reclaim_the_wild_a_jump_too_long_or_bent_by_ruling() -> None:
    state = wild("A__...", creatures={"A": {"stats": {"horizontal_jump": 2}}})
    far = move(path=[[1, 0], [2, 0], [3, 0]], jumps=[0, 1, 2])
    assert refused(state, far).rule == "one-two-one/jump-too-long"
    decision, after = ok(state, ruled(far))
    assert [r for r, _ in overruled(decision)] == ["one-two-one/jump-too-long"]
    assert "Fell" not in types(decision) and pos(after, "A") == (3, 0, 0)
    bent = move(path=[[1, 0], [2, 1]], jumps=[0, 1])
    state = wild("A~~..\n.....")
    assert refused(state, bent).rule == "one-two-one/jump-straight"
    decision, after = ok(state, ruled(bent))
    assert [r for r, _ in overruled(decision)] == ["one-two-one/jump-straight"]
    assert pos(after, "A")[:2] == (2, 1)


def test_reclaim_the_wild_losing_a_grip_the_text_does_not_see_by_ruling() -> None:
    # 3 squares up on a pillar, beside no face: the text sees no climb, the table does
    state = wild("A...", creatures={"A": {"at": [0, 0, 3]}}, options={"turns": False})
    grip = {"type": "lose_grip", "creature": "A"}
    assert refused(state, grip).rule == "one-two-one/not-climbing"
    decision, after = ok(state, ruled(grip))
    assert [r for r, _ in overruled(decision)] == ["one-two-one/not-climbing"]
    assert "Fell" in types(decision) and pos(after, "A") == (0, 0, 0)


def test_draw_steel_a_landing_the_text_refuses_by_ruling() -> None:
    _, state = ok(arena(), {**CLIMB, "willing": True})
    knock = {"type": "knock_off", "creature": "x", "target": "A", "rolls": [5, 5]}
    far = {**knock, "landing": [4, 0]}
    assert refused(state, far).rule == "draw-steel/landing-not-adjacent"
    decision, after = ok(state, ruled(far))
    assert [r for r, _ in overruled(decision)] == ["draw-steel/landing-not-adjacent"]
    assert pos(after, "A") == (4, 0, 0)


def test_warcry_a_falling_test_away_from_an_open_edge_by_ruling() -> None:
    middle = table.battle(table.fighter("f1", [6, 3, 3]), terrain=[HIGH])
    ask = {"type": "falling_test", "creature": "f1", "critical": True, "rolls": [1, 6]}
    assert table.refused(table.decide(ask, middle)) == "warcry/not-near-an-edge"
    decision = table.accepted(table.decide(ruled(ask), middle))
    assert table.types(decision)[:3] == ["RuleOverruled", "DiceRolled", "FellInches"]
    assert decision.events[0].rule == "warcry/not-near-an-edge"


def test_epic_path_a_five_foot_step_the_text_refuses_by_ruling() -> None:
    shift = {"type": "shift", "creature": "A", "to": [1, 0]}
    slow = epic("A...", walk=5)
    assert refused(slow, shift).rule == "epic-path/too-slow-to-step"
    decision, after = ok(slow, ruled(shift))
    assert [r for r, _ in overruled(decision)] == ["epic-path/too-slow-to-step"]
    assert pos(after, "A")[:2] == (1, 0)
    _, moved = ok(epic("A...\n...."), move([0, 1]))
    again = {**shift, "to": [1, 1]}
    assert refused(moved, again).rule == "epic-path/five-foot-step-after-moving"
    decision, after = ok(moved, ruled(again))
    assert [r for r, _ in overruled(decision)] == ["epic-path/five-foot-step-after-moving"]
    assert pos(after, "A")[:2] == (1, 1)


def test_epic_path_a_charge_too_short_by_ruling() -> None:
    state = epic("A.b")
    charge = move([1, 0], action="charge", primary="b")
    assert refused(state, charge).rule == "epic-path/charge-too-short"
    decision, after = ok(state, ruled(charge))
    assert [r for r, _ in overruled(decision)] == ["epic-path/charge-too-short"]
    assert pos(after, "A")[:2] == (1, 0)
