"""Reclaim the Wild, Climbing: up and down faces of more than one square, both hands."""

from tests.unit.battle_map import moved, ok, pos, refused, types
from tests.unit.rulesets.one_two_one.test_movement import game, move

CLIFF = [{"cells": [[2, 0], [3, 0]], "height": 2}]


def test_walking_stops_at_a_rise_of_more_than_one_square() -> None:
    state = game("A...", elevation=CLIFF)
    assert refused(state, move(path=[[1, 0], [2, 0]])).rule == "one-two-one/ledge"


def test_a_climber_scales_a_face_entering_each_square_of_it() -> None:
    state = game("A...", elevation=CLIFF)
    decision, after = ok(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert pos(after, "A") == (2, 0, 2)
    # 1, then the step up (1 + unnatural climb 1) and one more square of face at 2
    assert moved(decision).cost == 1 + 2 + 2


def test_a_natural_climber_pays_one_a_square_of_face() -> None:
    state = game("A...", elevation=CLIFF, creatures={"A": {"speeds": {"walk": 6, "climb": 6}}})
    decision, _ = ok(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert moved(decision).cost == 1 + 1 + 1


def test_a_climber_climbs_down_instead_of_falling() -> None:
    state = game("..A.", elevation=CLIFF, creatures={"A": {"speeds": {"walk": 6, "climb": 6}}})
    decision, after = ok(state, move(path=[[1, 0]], mode="climb"))
    assert "Moved" in types(decision) and "Fell" not in types(decision)
    assert pos(after, "A") == (1, 0, 0)
    walker, _ = ok(state, move(path=[[1, 0]]))
    assert "Fell" in types(walker)


def test_climbing_needs_both_hands() -> None:
    busy = {"A": {"stats": {"hands_busy": 1}}}
    state = game("A...", elevation=CLIFF, creatures=busy)
    rule = refused(state, move(path=[[1, 0], [2, 0]], mode="climb")).rule
    assert rule == "one-two-one/climb-needs-hands"
    waived = game(
        "A...", elevation=CLIFF, creatures=busy, options={"climb_needs_free_hands": False}
    )
    ok(waived, move(path=[[1, 0], [2, 0]], mode="climb"))
