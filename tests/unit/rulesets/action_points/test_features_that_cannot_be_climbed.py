"""The action-point game, Climbing Up / Down: "Standing adjacent to an object or terrain feature
that is 6 ft (one square) tall or more and deemed climbable by Zaldar, spend 3 Move Points to
CLIMB 6 ft up or down that feature." With option `climb_marked_only` a table says which
features Zaldar deems climbable by marking them (`H`, `climbable`); the others are not climbed."""

from tests.unit.battle_map import ok, pos, refused
from tests.unit.rulesets.action_points.test_movement import game, move

RAISED = [{"cells": [[2, 0], [2, 1]], "height": 1}]
MARKED = {"climb_marked_only": True}


def test_a_feature_not_deemed_climbable_is_not_climbed() -> None:
    state = game("A.H.\n....", elevation=RAISED, options=MARKED, walk=8)
    bare = refused(state, move(path=[[1, 1], [2, 1]], mode="climb"))
    assert (bare.rule, bare.step) == ("action-points/not-climbable", 1)
    _, up = ok(state, move(path=[[1, 0], [2, 0]], mode="climb"))
    assert pos(up, "A") == (2, 0, 1)


def test_climbing_down_off_a_feature_needs_it_deemed_climbable_too() -> None:
    state = game("..H.\n..A.", elevation=RAISED, options=MARKED, walk=8)
    assert pos(state, "A") == (2, 1, 1)
    assert refused(state, move(path=[[3, 1]], mode="climb")).rule == ("action-points/not-climbable")
    _, down = ok(state, move(path=[[2, 0], [3, 0]], mode="climb"))
    assert pos(down, "A") == (3, 0, 0)


def test_without_the_option_every_raised_feature_may_be_climbed() -> None:
    state = game("A...\n....", elevation=RAISED, walk=8)
    _, up = ok(state, move(path=[[1, 1], [2, 1]], mode="climb"))
    assert pos(up, "A") == (2, 1, 1)
