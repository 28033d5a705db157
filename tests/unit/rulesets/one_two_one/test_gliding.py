"""Reclaim the Wild, Gliding: descending each turn, updrafts, no maximum altitude."""

from engine import reach
from tests.unit.battle_map import moved, ok, pos, refused
from tests.unit.rulesets.one_two_one.test_movement import game, move

END = {"type": "end_turn", "creature": "A"}
GLIDER = {"stats": {"natural_glider": 1}}
SKY = "!....\nA...."
"""An updraft 6 high at [0, 0]; the glider is placed in the air (`at`) where the test says."""
SKY2 = ".!...\nA...."


def test_a_glider_that_hangs_in_the_air_still_descends_each_turn() -> None:
    # "you descend at least one square per turn, regardless of horizontal movement"
    state = game(".....\nA....", creatures={"A": {**GLIDER, "at": [0, 1, 3]}})
    assert refused(state, END).rule == "one-two-one/glide-must-descend"
    _, down = ok(state, move(path=[[0, 1, 2]], mode="glide"))
    ok(down, END)
    # a glider that can't move at all (prone in the air) isn't held there by the rule
    _, prone = ok(state, {"type": "fall_prone", "creature": "A"})
    ok(prone, END)


def test_sprinting_gliders_descend_three() -> None:
    state = game(".....\nA....", creatures={"A": {**GLIDER, "at": [0, 1, 5]}})
    _, after = ok(state, move(path=[[1, 1, 4], [2, 1, 3]], mode="glide", action="sprint"))
    assert refused(after, END).rule == "one-two-one/glide-must-descend"
    _, after = ok(after, move(path=[[3, 1, 2]], mode="glide"))
    ok(after, END)


def test_in_an_updraft_a_glider_ascends_up_to_its_height_and_it_costs_movement() -> None:
    # "When in an updraft, you ascend during your turn, up to the maximum height of the
    # updraft. This ascent still counts as your Movement."
    state = game(SKY, creatures={"A": {**GLIDER, "at": [0, 0, 2]}})
    up = [[0, 0, z] for z in range(3, 7)]
    decision, after = ok(state, move(path=up, mode="glide"))
    assert pos(after, "A") == (0, 0, 6)
    assert moved(decision).cost == 4
    assert refused(after, move(path=[[0, 0, 7]], mode="glide")).rule == (
        "one-two-one/glide-cannot-climb"
    )


def test_outside_an_updraft_a_glider_never_climbs() -> None:
    state = game(SKY, creatures={"A": {**GLIDER, "at": [1, 0, 2]}})
    assert refused(state, move(path=[[1, 0, 3]], mode="glide")).rule == (
        "one-two-one/glide-cannot-climb"
    )
    # nor rises out of the updraft's column into open air
    lifted = game(SKY, creatures={"A": {**GLIDER, "at": [0, 0, 2]}})
    assert refused(lifted, move(path=[[1, 0, 3]], mode="glide")).rule == (
        "one-two-one/glide-cannot-climb"
    )


def test_a_turn_spent_ascending_in_an_updraft_need_not_descend() -> None:
    state = game(SKY, creatures={"A": {**GLIDER, "at": [0, 0, 2]}})
    _, after = ok(state, move(path=[[0, 0, 3], [0, 0, 4]], mode="glide"))
    ok(after, END)
    # and gliding out of it the same turn is still that turn
    _, out = ok(after, move(path=[[1, 0, 4]], mode="glide"))
    ok(out, END)


def test_no_sprint_in_an_updraft() -> None:
    # "You cannot Sprint in an updraft." With turns or without.
    for options in ({}, {"turns": False}):
        state = game(SKY, creatures={"A": {**GLIDER, "at": [0, 0, 2]}}, options=options)
        body = move(path=[[0, 0, 3]], mode="glide", action="sprint")
        assert refused(state, body).rule == "one-two-one/no-sprint-in-updraft", options
        ok(state, {**body, "action": "move"})
        outside = game(SKY2, creatures={"A": {**GLIDER, "at": [0, 0, 4]}}, options=options)
        body = move(path=[[1, 0, 3]], mode="glide", action="sprint")
        assert refused(outside, body).rule == "one-two-one/no-sprint-in-updraft", options


def test_gliding_has_no_maximum_altitude_with_an_updraft() -> None:
    # a non-Natural Flier flies at most 4 up, but rides an updraft as high as it goes
    flier = {"speeds": {"walk": 12}, "stats": {"can_fly": 1}}
    tall = game(SKY, creatures={"A": {**flier, "at": [0, 0, 0]}})
    up = [[0, 0, z] for z in range(1, 7)]
    _, after = ok(tall, move(path=up, mode="glide"))
    assert pos(after, "A") == (0, 0, 6)
    assert refused(tall, move(path=up, mode="fly")).rule == "one-two-one/above-max-altitude"


def test_the_reach_and_the_path_search_ride_the_updraft() -> None:
    state = game(SKY, creatures={"A": {**GLIDER, "at": [0, 0, 2]}})
    squares = reach(state, "A", mode="glide")
    assert squares[(0, 0, 6)] == 4
    decision, after = ok(state, move([0, 0, 6], mode="glide"))
    assert pos(after, "A") == (0, 0, 6) and moved(decision).cost == 4
    free = game(SKY, options={"turns": False}, creatures={"A": {**GLIDER, "at": [0, 0, 2]}})
    assert (0, 0, 6) in reach(free, "A", mode="glide")
    ok(free, move([0, 0, 6], mode="glide"))
