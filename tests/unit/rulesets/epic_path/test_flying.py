"""Epic Path, three-dimensional movement: a flier counts 5 ft a square up, down and across,
spends its fly allowance, and never passes through rock."""

from tests.unit.battle_map import ok, pos, refused
from tests.unit.rulesets.epic_path.test_movement import game, move

WINGS = {"A": {"speeds": {"walk": 30, "fly": 30}}}
TOWER = [{"cells": [[2, 0]], "height": 3}]


def test_a_flier_rises_over_a_wall_five_feet_a_square() -> None:
    state = game("A....\n.....", creatures=WINGS, elevation=TOWER)
    path = [[1, 0, 1], [1, 0, 2], [1, 0, 3], [2, 0, 4], [3, 0, 4]]
    decision, after = ok(state, move(path=path, mode="fly"))
    assert pos(after, "A") == (3, 0, 4)
    assert decision.events[-2].cost == 25


def test_a_flier_cannot_pass_through_a_cliff() -> None:
    state = game("A....\n.....", creatures=WINGS, elevation=TOWER)
    path = [[1, 0, 1], [2, 0, 2]]
    assert refused(state, move(path=path, mode="fly")).rule == "epic-path/blocked"


def test_a_flight_spends_the_fly_allowance() -> None:
    short = {"A": {"speeds": {"walk": 30, "fly": 10}}}
    state = game("A....", creatures=short)
    ok(state, move(path=[[1, 0, 1], [2, 0, 1]], mode="fly"))
    rule = refused(state, move(path=[[1, 0, 1], [2, 0, 1], [3, 0, 1]], mode="fly")).rule
    assert rule == "epic-path/mode-allowance-spent"


def test_a_walker_cannot_fly() -> None:
    state = game("A....")
    assert refused(state, move(path=[[1, 0, 1]], mode="fly")).rule == "epic-path/no-speed-for-mode"


def test_the_referee_enforces_an_altitude_ceiling() -> None:
    state = game("A....", creatures=WINGS, options={"altitude_ceiling": 10})
    ok(state, move(path=[[0, 0, 1], [0, 0, 2]], mode="fly"))
    rule = refused(state, move(path=[[0, 0, 1], [0, 0, 2], [0, 0, 3]], mode="fly")).rule
    assert rule == "epic-path/altitude-ceiling"
