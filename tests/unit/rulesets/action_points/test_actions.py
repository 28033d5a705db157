"""The action-point game's moves that are actions: Dodge, Moving Silently, and climbing's
"Both hands must be free of items"."""

from typing import Any

from engine import Refused, create_battle
from tests.unit.battle_map import ok, pos, refused, setup_for, types
from tests.unit.rulesets.action_points.test_movement import game, move


def test_a_dodge_passes_through_a_hostile_space_for_an_action_point() -> None:
    state = game("Ab...")
    decision, after = ok(state, move(path=[[1, 0], [2, 0]], action="dodge"))
    assert pos(after, "A") == (2, 0, 0)
    assert after.creatures["A"].tally("ap") == 1
    assert "Moved" in types(decision)


def test_a_dodge_never_ends_in_an_occupied_space() -> None:
    state = game("Ab...")
    assert refused(state, move(path=[[1, 0]], action="dodge")).rule == "action-points/occupied"


def test_a_dodge_needs_an_action_point() -> None:
    state = game("Ab...", creatures={"A": {"stats": {"ap": 0}}})
    rule = refused(state, move(path=[[1, 0], [2, 0]], action="dodge")).rule
    assert rule == "action-points/not-enough-action-points"


def test_a_table_may_play_without_the_dodge_or_price_it_otherwise() -> None:
    off = game("Ab...", options={"dodge_cost": None})
    assert refused(off, move(path=[[1, 0], [2, 0]], action="dodge")).rule == (
        "action-points/no-dodge"
    )
    dear = game("Ab...", options={"dodge_cost": 2})
    _, after = ok(dear, move(path=[[1, 0], [2, 0]], action="dodge"))
    assert after.creatures["A"].tally("ap") == 2


def test_moving_silently_is_an_action_of_one_action_point() -> None:
    state = game("A....")
    _, after = ok(state, move([3, 0], action="move_silently"))
    assert pos(after, "A") == (3, 0, 0)
    assert after.creatures["A"].tally("ap") == 1


def test_a_runner_may_not_move_silently_after_spending_its_action_point() -> None:
    state = game("A.........")
    _, ran = ok(state, move([2, 0], action="run", action_points=1))
    rule = refused(ran, move([4, 0], action="move_silently")).rule
    assert rule == "action-points/run-limits-action-points"


def test_climbing_needs_both_hands_free_of_items() -> None:
    rows, rise = "A.o..", [{"cells": [[2, 0]], "height": 0}]
    busy = {"A": {"stats": {"hands_busy": 1}}}
    state = game(rows, elevation=rise, creatures=busy)
    assert refused(state, move(path=[[1, 0], [2, 0]], mode="climb")).rule == (
        "action-points/climb-needs-free-hands"
    )
    waived = game(rows, elevation=rise, creatures=busy, options={"climb_needs_free_hands": False})
    ok(waived, move(path=[[1, 0], [2, 0]], mode="climb"))
    ok(game(rows, elevation=rise), move(path=[[1, 0], [2, 0]], mode="climb"))


def test_a_swimming_creature_performs_no_actions_unless_the_table_allows() -> None:
    rows, wet = "A==..", {"A": {"at": [1, 0]}}
    state = game(rows, creatures=wet)
    for name in ("dodge", "move_silently"):
        assert refused(state, move([2, 0], action=name)).rule == (
            "action-points/no-actions-while-swimming"
        )
    ok(state, move([2, 0]))  # swimming itself is movement
    allowed = game(rows, creatures=wet, options={"actions_while_swimming": True})
    _, after = ok(allowed, move([2, 0], action="move_silently"))
    assert after.creatures["A"].tally("ap") == 1


def test_action_points_a_creature_does_not_have_are_refused() -> None:
    state = game("A.........", creatures={"A": {"stats": {"ap": 2}}})
    assert refused(state, move([7, 0], action_points=3)).rule == (
        "action-points/not-enough-action-points"
    )
    _, after = ok(state, move([7, 0], action_points=2))
    assert after.creatures["A"].tally("ap_mp") == 2


def test_a_creature_is_not_placed_with_negative_action_points_or_a_speed_but_move() -> None:
    spec = setup_for("A..", creatures={"A": {"stats": {"ap": -1}}})
    spec["ruleset"] = "action-points"
    assert refused_setup(spec) == "action-points/invalid-action-points"
    for speeds in ({"walk": 5, "fly": 30}, {"swim": 15}):
        spec = setup_for("A..", creatures={"A": {"speeds": speeds}})
        spec["ruleset"] = "action-points"
        assert refused_setup(spec) == "action-points/move-in-spaces", speeds


def refused_setup(spec: dict[str, Any]) -> str:
    decision = create_battle(spec)
    assert isinstance(decision, Refused), decision
    return decision.rule
