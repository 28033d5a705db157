"""Reclaim the Wild, a tall face: "It takes one Movement to enter a square"; "While moving in a
way you find Unnatural, each square you enter costs an additional Movement"; "If entering a
new square would consume more Movement than you have left, you can still enter that new
square." A face several squares high is entered square by square, so the overspend rule lets
a climber into one more square of it, not up the whole face. Climbing: "To stay in place, you
must keep at least one hand gripped to the surface you're scaling": it holds on there."""

from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game, move

TOWER = [{"cells": [[2, 0], [3, 0]], "height": 3}]
"""A face three squares high east of [1, 0]."""


def test_each_square_of_the_face_is_entered_and_paid_on_its_own() -> None:
    state = game("A...", elevation=TOWER, walk=8)
    decision, after = ok(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert moved(decision).path == [(1, 0, 0), (1, 0, 1), (1, 0, 2), (2, 0, 3)]
    assert [s.cost for s in decision.trace if s.kind == "step"] == [1, 2, 2, 2]
    assert pos(after, "A") == (2, 0, 3) and not after.creatures["A"].has("climbing")


def test_the_overspend_rule_lets_a_climber_into_one_more_square_of_the_face_not_up_it() -> None:
    state = game("A...", elevation=TOWER, walk=4)
    refusal = refused(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert (refusal.rule, refusal.step) == ("one-two-one/no-movement-left", 1)
    decision, after = ok(state, move(path=[[1, 0], [1, 0, 2]], mode="climb"))
    event = moved(decision)
    assert event.path == [(1, 0, 0), (1, 0, 1), (1, 0, 2)]
    assert (event.cost, event.last_square_cost, event.last_square_paid) == (4, 2, 1)
    assert pos(after, "A") == (1, 0, 2)


def test_a_climber_short_of_the_top_holds_on_and_climbs_on_next_turn() -> None:
    state = game("A...", elevation=TOWER, walk=4)
    decision, after = ok(state, move(path=[[1, 0], [1, 0, 2]], mode="climb"))
    assert types(decision)[-1] == "ConditionSet" and after.creatures["A"].has("climbing")
    _, after = ok(after, {"type": "end_turn", "creature": "A"})
    _, after = ok(after, {"type": "start_turn", "creature": "A"})
    assert pos(after, "A") == (1, 0, 2)  # still holding on: no fall between turns
    _, top = ok(after, move(path=[[2, 0]], mode="climb"))
    assert pos(top, "A") == (2, 0, 3) and not top.creatures["A"].has("climbing")


def test_a_natural_climber_pays_one_a_square_of_face() -> None:
    climber = {"A": {"speeds": {"walk": 4, "climb": 4}}}
    state = game("A...", elevation=TOWER, creatures=climber)
    decision, after = ok(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert moved(decision).cost == 4 and pos(after, "A") == (2, 0, 3)


def test_a_climb_into_the_air_with_no_face_beside_it_is_refused() -> None:
    state = game("A...\n....", elevation=TOWER, walk=8)
    # [0, 1, 1] has no face within a step: nothing to keep a hand gripped to
    assert refused(state, move(path=[[0, 1, 1]], mode="climb")).rule == (
        "one-two-one/nothing-to-grip"
    )


def test_a_search_for_a_spot_on_the_face_climbs_to_it() -> None:
    state = game("A...", elevation=TOWER, walk=4)
    _, after = ok(state, move([1, 0, 2], mode="climb"))
    assert pos(after, "A") == (1, 0, 2) and after.creatures["A"].has("climbing")
